"""Drive the real ``python -m gomoku`` in a pseudo-terminal and read its screen with pyte.

The program is started by :mod:`subprocess` on the far side of a new
pseudo-terminal (:class:`Child`), never by forking the test process: a fork
(``pty.fork``, as pexpect does it) copies whatever threads the tests have
running and may deadlock the child, and Python 3.12 warns of it.  A
launcher makes the pseudo-terminal the child's controlling terminal, so that
a resize reaches it as ``SIGWINCH``, then runs the game with ``exec``.
"""

from __future__ import annotations

import errno
import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pyte

from gomoku.textwidth import char_width

ROOT = Path(__file__).resolve().parents[2]
#: Run in the child before the game: take the pseudo-terminal (stdin) as the controlling terminal, then become the game.
#: The launcher runs without Python's coercion of the C locale (PEP 538), which would hand the game an
#: ``LC_CTYPE=C.UTF-8`` that the test's environment never set; the game starts with the environment given.
LAUNCHER = (
    "import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0);"
    " os.environ.pop('PYTHONCOERCECLOCALE', None);"
    " os.execv(sys.executable, [sys.executable, '-m', 'gomoku', *sys.argv[1:]])"
)
#: What the terminal's size is taken from; left in the environment, curses would believe it over the terminal.
SIZE_VARIABLES = ("LINES", "COLUMNS")


def set_size(fd: int, rows: int, cols: int) -> None:
    """Give the pseudo-terminal of ``fd`` ``rows`` x ``cols`` (the program is told by ``SIGWINCH``)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class Child:
    """``python -m gomoku args`` on a new pseudo-terminal of ``rows`` x ``cols``; this side reads and writes it."""

    def __init__(self, args: list[str], env: dict[str, str], cwd: Path, rows: int, cols: int) -> None:
        self.fd, terminal = os.openpty()
        try:
            set_size(terminal, rows, cols)
            self.process = subprocess.Popen(
                [sys.executable, "-c", LAUNCHER, *args],
                stdin=terminal,
                stdout=terminal,
                stderr=terminal,
                env=env,
                cwd=cwd,
                start_new_session=True,  # a session of its own, whose controlling terminal this one becomes
            )
        finally:
            os.close(terminal)
        self.closed = False

    def read(self, size: int, timeout: float) -> bytes | None:
        """Up to ``size`` bytes the program wrote, ``b""`` if none came within ``timeout``, ``None`` at its end."""
        if self.closed:
            return None
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.fd, size)
        except OSError as error:  # Linux says EIO once the program's side is closed
            if error.errno != errno.EIO:
                raise
            return None
        return data or None

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode("utf-8"))

    def setwinsize(self, rows: int, cols: int) -> None:
        set_size(self.fd, rows, cols)

    def isalive(self) -> bool:
        return self.process.poll() is None

    def kill(self, signal_number: int) -> None:
        if self.isalive():
            self.process.send_signal(signal_number)

    def wait(self, timeout: float | None = None) -> int:
        return self.process.wait(timeout)

    @property
    def exitstatus(self) -> int | None:
        """The exit status, once the program has ended by itself (``None`` if a signal ended it)."""
        code = self.process.returncode
        return code if code is not None and code >= 0 else None

    @property
    def signalstatus(self) -> int | None:
        """The signal that ended the program, if one did."""
        code = self.process.returncode
        return -code if code is not None and code < 0 else None

    def close(self) -> None:
        """End the program if it still runs, and let the pseudo-terminal go."""
        if self.isalive():
            self.process.kill()
        self.process.wait()
        if not self.closed:
            self.closed = True
            os.close(self.fd)


#: Box borders and board lines that a wrapped text runs between.
BORDERS = "│|╭╮╰╯"


def flatten(text: str) -> str:
    """``text`` with line breaks and box borders as spaces, runs of spaces squeezed to one (for reading)."""
    for border in BORDERS:
        text = text.replace(border, " ")
    return " ".join(text.split())


def compact(text: str) -> str:
    """``text`` with every space, line break and box border taken out: what it says, wherever it wraps.

    :func:`flatten` leaves a space where a line breaks; a word longer than the
    line (a temporary path) breaks inside itself, so texts that hold one are
    compared with this instead: nothing depends on the terminal's width or the
    path's length.
    """
    for border in BORDERS:
        text = text.replace(border, "")
    return "".join(text.split())


class AnsweringScreen(pyte.Screen):
    """A pyte screen that answers the program's questions (the cursor's position) as a terminal does."""

    answer: Callable[[str], None] = staticmethod(lambda text: None)

    def write_process_input(self, data: str) -> None:
        self.answer(data)


class Terminal:
    """A running game in a pseudo-terminal of ``rows`` x ``cols``, with the screen it shows.

    Like a real terminal, it answers the cursor position query (``ESC [ 6 n``) the game asks at start.
    """

    def __init__(self, args: list[str], home: Path, rows: int = 24, cols: int = 80, **env: str) -> None:
        # pytest-xdist's workers have LINES=24, COLUMNS=80; the game speaks English unless a test says otherwise.
        dropped = ("NO_COLOR", "GOMOKU_ASCII", "LANGUAGE", "LC_MESSAGES", *SIZE_VARIABLES)
        environment = {key: value for key, value in os.environ.items() if key not in dropped}
        environment.update(
            PYTHONPATH=str(ROOT), TERM="xterm-256color", GOMOKU_HOME=str(home), LANG="C.UTF-8", LC_ALL=""
        )
        environment["PYTHONCOERCECLOCALE"] = "0"  # for the launcher only (see LAUNCHER)
        environment.update(env)
        self.screen = AnsweringScreen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        self.child = Child(args, environment, home, rows, cols)
        self.screen.answer = self.child.send

    def pump(self, timeout: float = 0.05) -> bool:
        """Read whatever the program wrote and feed it to the screen; whether anything came."""
        data = self.child.read(1 << 16, timeout)
        if data:
            self.raw += data
            self.stream.feed(data)
        return bool(data)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.display())

    def display(self) -> list[str]:
        """The screen's rows as a terminal shows them, a wide character's second column taken by the character.

        pyte's own ``display`` fails on a row where the program wrote over one
        half of a wide character (curses does, redrawing after an overlay):
        the other half is left as an empty cell with no wide character before
        it.  A terminal shows a space there, and so does this; a wide character
        whose right half was written over is erased, as a terminal erases it.
        """
        rows = []
        for y in range(self.screen.lines):
            line = self.screen.buffer[y]
            cells, skip = [], False
            for x in range(self.screen.columns):
                data = line[x].data
                if skip:
                    skip = False
                    if data == "":
                        continue
                    cells[-1] = " "  # written over its right half: the terminal erases the wide character
                if data == "":
                    cells.append(" ")
                    continue
                cells.append(data)
                skip = char_width(data[0]) == 2
            rows.append("".join(cells))
        return rows

    def flat(self) -> str:
        """The screen's text with line breaks and box borders taken out and spaces squeezed, for reading."""
        return flatten(self.text())

    def compact(self) -> str:
        """The screen's text with every space, line break and border taken out (:func:`compact`)."""
        return compact(self.text())

    def wait_for(self, wanted: str | Callable[[str], bool], timeout: float = 10.0) -> str:
        """Read until the screen shows ``wanted`` (a text, or a test of the screen); fail after ``timeout``."""
        test = wanted if callable(wanted) else (lambda text: wanted in text or compact(wanted) in compact(text))
        deadline = time.monotonic() + timeout
        while True:
            self.pump()
            text = self.text()
            if test(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout}s for {wanted!r}; the screen shows:\n{text}")
            if not self.child.isalive():
                self.pump()
                if test(self.text()):
                    return self.text()
                raise AssertionError(f"the game exited waiting for {wanted!r}; the screen shows:\n{text}")

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def resize(self, rows: int, cols: int) -> None:
        self.child.setwinsize(rows, cols)
        self.screen.resize(rows, cols)

    def click(self, row: int, col: int) -> None:
        """A left click on a screen cell, as xterm reports it (SGR mouse mode)."""
        self.send(f"\x1b[<0;{col + 1};{row + 1}M\x1b[<0;{col + 1};{row + 1}m")

    def wait_exit(self, timeout: float = 10.0) -> int:
        """Wait for the program to end; its exit status."""
        deadline = time.monotonic() + timeout
        while self.child.isalive() and time.monotonic() < deadline:
            self.pump()
        if self.child.isalive():
            raise AssertionError(f"the game did not exit; the screen shows:\n{self.text()}")
        while self.pump(0):  # what it wrote last
            pass
        self.child.close()
        if self.child.exitstatus is not None:
            return self.child.exitstatus
        return 128 + (self.child.signalstatus or 0)

    def close(self) -> None:
        self.child.close()
