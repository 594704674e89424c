"""Asking the terminal how wide it draws an East Asian *ambiguous* character: what the board style ``auto`` is.

``●``, ``○``, ``┼`` and the other line characters are *ambiguous*: one
column in most terminals, two in those set up for Chinese, Japanese or
Korean (and Windows consoles with CJK fonts).  No setting says which, so
before curses starts the terminal is asked, on ``/dev/tty`` in raw mode: on
the alternate screen that curses is about to take (where the terminal has
one), the cursor's position is asked (``ESC [ 6 n``) at the start of the
second line, one ``●`` is written, and the position asked again.  The
terminal answers each with ``ESC [ row ; col R``; the two columns are one
apart on a terminal that draws the character narrow, two apart on one that
draws it wide.  The line is then erased and the alternate screen left, so
nothing is left on the screen.

A terminal that does not answer costs at most :data:`TIMEOUT`; then (and
wherever there is no terminal to ask) the answer is "unknown", and ``auto``
is the Unicode board when the encoding is UTF-8.  Keys typed while the
terminal is asked are dropped with a partial answer.  An answer that comes
after the wait is dropped from the game's keys
(:func:`gomoku.tui.keyboard.without_reports`); it is asked on the second
line because a report from the first, ``ESC [ 1 ; 2 R``, is also how some
terminals send shift-F3, which curses would decode as that key.

The answer is read as data (:func:`columns`, :func:`read_answers`, with
the clock and the reading passed in), so parsing, timeouts and garbage are
tested without a terminal; only :func:`ask` does input and output.
"""

from __future__ import annotations

import os
import re
import select
import sys
import time
from collections.abc import Callable

from gomoku.tui.settings import BoardStyle

#: The ambiguous character written to see how wide it is drawn.
PROBE = "●"
#: Ask the cursor's position (device status report 6).
QUERY = b"\x1b[6n"
#: To the second line's start, ask, write the character, ask again; then erase that line.
QUESTION = b"\x1b[2;1H" + QUERY + PROBE.encode("utf-8") + QUERY
ERASE = b"\x1b[2;1H\x1b[K"
#: The longest wait for a terminal's answer, in seconds: a terminal that never answers costs this much once.
TIMEOUT = 0.2
#: A cursor position report: ``ESC [ row ; col R``.
ANSWER = re.compile(rb"\x1b\[(\d{1,5});(\d{1,5})R")
#: More bytes than two answers and a few keys: a terminal that sends this much is not answering us.
MAX_BYTES = 256


def positions(data: bytes) -> list[tuple[int, int]]:
    """The ``(row, column)`` of every cursor position report in ``data`` (keys typed around them are skipped)."""
    return [(int(row), int(col)) for row, col in ANSWER.findall(data)]


def columns(data: bytes) -> int | None:
    """The columns the probe character took, from the terminal's bytes: 1, 2, or ``None`` if they do not say.

    Two reports are needed, on the same row, one or two columns apart;
    anything else (one report, garbage, a character drawn three columns
    wide by a terminal that is not UTF-8) is no answer.
    """
    found = positions(data)
    if len(found) < 2:
        return None
    (row1, col1), (row2, col2) = found[:2]
    taken = col2 - col1
    return taken if row1 == row2 and taken in (1, 2) else None


def read_answers(
    read: Callable[[float], bytes], clock: Callable[[], float] = time.monotonic, timeout: float = TIMEOUT
) -> bytes:
    """What the terminal sends until both answers are in, or ``timeout`` seconds have passed.

    ``read(seconds)`` returns the bytes that came within ``seconds`` (``b""``
    if none did; it may return early).  Stops early too when more came than
    any answer is long.
    """
    deadline = clock() + timeout
    data = b""
    while len(positions(data)) < 2 and len(data) <= MAX_BYTES:
        left = deadline - clock()
        if left <= 0:
            break
        data += read(left)
    return data


def style_for(taken: int | None, unicode: bool) -> BoardStyle:
    """The board style ``auto`` is: wide where the probe took two columns, else Unicode (ASCII without UTF-8)."""
    if not unicode:
        return BoardStyle.ASCII
    return BoardStyle.WIDE if taken == 2 else BoardStyle.UNICODE


def ask(path: str = "/dev/tty", timeout: float = TIMEOUT, screen: tuple[bytes, bytes] = (b"", b"")) -> int | None:
    """Ask the terminal at ``path`` how many columns :data:`PROBE` takes: 1, 2, or ``None`` (no answer, no terminal).

    ``screen`` is what enters and leaves the alternate screen (terminfo's
    ``smcup`` and ``rmcup``: :func:`alternate_screen`), where the question is
    asked.  The terminal is put in raw mode for it and restored after; what
    was written is erased.  Never raises.
    """
    if sys.platform == "win32":
        return None
    import termios

    try:
        fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
    except OSError:
        return None
    try:
        saved = termios.tcgetattr(fd)
    except termios.error:
        os.close(fd)
        return None
    data = b""
    try:
        raw = list(saved)
        raw[3] &= ~(termios.ICANON | termios.ECHO | termios.IEXTEN)  # lflag: no line editing, no echo
        raw[6] = list(saved[6])
        raw[6][termios.VMIN], raw[6][termios.VTIME] = 0, 0
        termios.tcsetattr(fd, termios.TCSANOW, raw)
        enter, leave = screen
        os.write(fd, enter + QUESTION)
        data = read_answers(lambda seconds: _read(fd, seconds), timeout=timeout)
        os.write(fd, ERASE + leave)
    except OSError:
        pass
    finally:
        # an answer cut short (or keys typed meanwhile) is dropped with the rest of the input
        when = termios.TCSANOW if columns(data) is not None else termios.TCSAFLUSH
        try:
            termios.tcsetattr(fd, when, saved)
        except termios.error:
            pass
        os.close(fd)
    return columns(data)


def alternate_screen() -> tuple[bytes, bytes]:
    """What enters and leaves this terminal's alternate screen (``b""`` where it has none or is unknown).

    Call after ``curses.setupterm`` (:func:`gomoku.tui.console.terminal_problem` does).
    """
    try:
        import curses

        return curses.tigetstr("smcup") or b"", curses.tigetstr("rmcup") or b""
    except Exception:  # no curses, no terminfo read yet: ask on the main screen (curses clears it next)
        return b"", b""


def _read(fd: int, seconds: float) -> bytes:
    ready, _, _ = select.select([fd], [], [], max(0.0, seconds))
    return os.read(fd, MAX_BYTES) if ready else b""
