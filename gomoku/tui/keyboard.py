"""Key decoding: curses key codes and clicks become the events the screens read (:mod:`gomoku.tui.events`).

The names are the ones :mod:`gomoku.tui.keys` and the bindings use: ``"up"``,
``"enter"``, ``"f1"``, or the character typed.
"""

from __future__ import annotations

import curses
import re
import sys
from typing import Any

from gomoku.tui.events import Event, Key, Mouse

KEY_NAMES = {
    curses.KEY_UP: "up",
    curses.KEY_DOWN: "down",
    curses.KEY_LEFT: "left",
    curses.KEY_RIGHT: "right",
    curses.KEY_ENTER: "enter",
    curses.KEY_F1: "f1",
    curses.KEY_HOME: "home",
    curses.KEY_END: "end",
    curses.KEY_PPAGE: "pageup",
    curses.KEY_NPAGE: "pagedown",
    curses.KEY_BACKSPACE: "backspace",
    127: "backspace",
    8: "backspace",
    4: "ctrl-d",
    21: "ctrl-u",
    10: "enter",
    13: "enter",
    32: "space",
    27: "escape",
}
#: Ctrl-L, which paints every cell again.
REPAINT = 12


def key_name(code: int) -> str | None:
    """The state machine's name for a curses key code, or ``None`` for keys it does not know."""
    if code in KEY_NAMES:
        return KEY_NAMES[code]
    if 33 <= code < 127:
        return chr(code)
    if curses.KEY_F0 < code <= curses.KEY_F0 + 12:
        return f"f{code - curses.KEY_F0}"
    return None


def read_key(screen: Any) -> int | str:
    """The next key: a curses key code, a typed character (``"é"`` for non-ASCII text), or -1 for none."""
    try:
        key = screen.get_wch()
    except curses.error:  # nothing typed
        return -1
    if isinstance(key, str) and len(key) == 1 and ord(key) < 128:
        return ord(key)  # ASCII goes through the key names
    return key


def without_reports(codes: list[int | str]) -> list[int | str]:
    """The keys read, with any cursor position report (``ESC [ row ; col R``) taken out.

    A terminal asked where its cursor is (:mod:`gomoku.tui.probe`) may answer
    after the game stopped waiting (a slow ssh link): its answer is not keys.
    """
    kept: list[int | str] = []
    index = 0
    while index < len(codes):
        end = _report_end(codes, index)
        if end is None:
            kept.append(codes[index])
            index += 1
        else:
            index = end
    return kept


def _report_end(codes: list[int | str], start: int) -> int | None:
    """Where a cursor position report starting at ``start`` ends (just after its ``R``), or ``None`` if none does."""
    if codes[start] != 27:
        return None
    text = "".join(
        chr(code) if isinstance(code, int) and 0 <= code < 128 else "\0" for code in codes[start : start + 14]
    )
    match = _REPORT.match(text)
    return start + match.end() if match else None


_REPORT = re.compile(r"\x1b\[\d{1,5};\d{1,5}R")


def key_event(screen: Any, code: int | str) -> Event | None:
    """The event for a key code (``None`` for a resize or a repaint, which only redraw)."""
    if isinstance(code, str):  # a character beyond ASCII: text for the file-name prompt
        return Key(code) if code.isprintable() else Key("unknown")
    if code == curses.KEY_RESIZE:
        if sys.platform == "win32":
            curses.resize_term(0, 0)  # PDCurses learns the new size only when asked
        curses.update_lines_cols()
        screen.clear()
        return None
    if code == curses.KEY_MOUSE:
        return mouse_event(screen)
    if code == REPAINT:
        screen.clear()
        return None
    name = key_name(code)
    return Key(name if name is not None else "unknown")


def mouse_event(screen: Any) -> Event | None:
    """A left click as a :class:`~gomoku.tui.events.Mouse` (with the terminal's size); ``None`` for anything else."""
    try:
        _, col, row, _, buttons = curses.getmouse()
    except curses.error:
        return None
    if not buttons & (curses.BUTTON1_CLICKED | curses.BUTTON1_PRESSED):
        return None  # another button, or a release: nothing to do
    rows, cols = screen.getmaxyx()
    return Mouse(row, col, rows, cols)
