"""The terminal itself: whether the game can run in it, what it can show, and setting it up for curses.

Everything here asks the terminal or the C library once, at start or after a
resize; nothing decides what is drawn (that is :mod:`gomoku.tui.view`).
"""

from __future__ import annotations

import curses
import locale
import os
import sys
from typing import Any

from gomoku.i18n import _


def terminal_problem() -> str:
    """Why the game cannot run in this terminal, or ``""`` if it can."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return _("the game needs a terminal (run it in one, not through a pipe)")
    if sys.platform == "win32":
        return ""  # the Windows console has no terminfo entry to check
    try:
        curses.setupterm(fd=sys.stdout.fileno())
    except curses.error:
        return _("this terminal (TERM={term!r}) cannot run the game; try TERM=xterm").format(
            term=os.environ.get("TERM", "")
        )
    return ""


def prepare_environment() -> None:
    """Before curses starts: a short Esc delay, and the user's locale (curses writes in its encoding)."""
    os.environ.setdefault("ESCDELAY", "25")
    try:
        locale.setlocale(locale.LC_ALL, "")
    except locale.Error:
        pass  # an unknown locale in the environment: keep "C", which draws plain ASCII


def use_unicode() -> bool:
    """Whether the terminal's encoding can show line characters and stones.

    Asks the C library (what curses writes with) after ``setlocale``, not
    Python's preferred encoding, which UTF-8 mode forces to UTF-8 even in
    the C locale.
    """
    try:
        encoding = locale.nl_langinfo(locale.CODESET)
    except (AttributeError, ValueError):  # Windows has no nl_langinfo
        encoding = locale.getpreferredencoding(False)
    encoding = (encoding or "").lower().replace("-", "")
    return encoding in ("utf8", "utf16", "utf32") and os.environ.get("GOMOKU_ASCII", "") == ""


def use_colour() -> bool:
    """Whether to use colour: the terminal has it and ``NO_COLOR`` is not set."""
    return curses.has_colors() and not os.environ.get("NO_COLOR")


def set_up(screen: Any) -> None:
    """No cursor, keys decoded by curses, left clicks reported, the terminal's own colours kept; keys never block."""
    try:
        curses.curs_set(0)
    except curses.error:
        pass
    screen.keypad(True)
    screen.nodelay(True)
    try:
        curses.mousemask(curses.BUTTON1_CLICKED | curses.BUTTON1_PRESSED)
        curses.mouseinterval(0)
    except curses.error:
        pass
    try:
        curses.use_default_colors()
    except curses.error:
        pass


def resized(screen: Any) -> None:
    """Tell curses the terminal's new size (our SIGWINCH handler took the signal from it)."""
    if sys.__stdout__ is None:  # no standard output to measure (pythonw)
        return
    try:
        cols, rows = os.get_terminal_size(sys.__stdout__.fileno())  # None: AttributeError
        curses.resizeterm(rows, cols)
    except (OSError, ValueError, curses.error, AttributeError):
        pass
    screen.clear()
