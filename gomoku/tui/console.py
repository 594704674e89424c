"""The terminal itself: whether the game can run in it, what it can show, and setting it up for curses.

Everything here asks the terminal or the C library once, at start or after a
resize; nothing decides what is drawn (that is :mod:`gomoku.tui.view`).
"""

from __future__ import annotations

import curses
import locale
import os
import re
import sys
from collections.abc import Mapping
from typing import Any

from gomoku.i18n import _

#: Locales tried, in order, when the one the environment names is not installed but names UTF-8:
#: C.UTF-8 is on nearly every system (containers too), en_US.UTF-8 on most others.
UTF8_LOCALES = ("C.UTF-8", "en_US.UTF-8")


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
    """Before curses starts: a short Esc delay, and the user's locale (curses writes in its encoding).

    A locale the system has not generated (``LANG=zh_CN.UTF-8`` where only
    ``C.UTF-8`` is installed, usual in containers and over ssh) cannot be
    set; when its name says UTF-8, the terminal is UTF-8 all the same, so
    ``C.UTF-8`` (else ``en_US.UTF-8``) is set instead, and the board keeps
    its lines and stones.  (The language of the texts is the environment's,
    whatever is set here.)  Anything else that cannot be set draws plain
    ASCII.  The C locale (no locale variables at all, usual in containers, or
    ``LANG=C``) is Python's to judge: it takes it for a misconfiguration and
    makes characters UTF-8 (PEP 538), and so the board keeps its lines there
    too; ``--board ascii`` is for a terminal that truly cannot show them.
    """
    os.environ.setdefault("ESCDELAY", "25")
    wanted = requested_locale(os.environ, started_in_c_locale())
    try:
        locale.setlocale(locale.LC_ALL, "")
    except locale.Error:
        fallback_locale(wanted)


def started_in_c_locale() -> bool:
    """Whether Python started in the C locale (or one it could not set) and made itself UTF-8 (PEP 538, PEP 540).

    Python then turns on its UTF-8 mode by itself and sets ``LC_CTYPE=C.UTF-8``
    (which the environment did not ask for); a UTF-8 mode asked for
    (``PYTHONUTF8``, ``-X utf8``) says nothing of the locale.
    """
    asked = os.environ.get("PYTHONUTF8", "") != "" or "utf8" in getattr(sys, "_xoptions", {})
    return bool(sys.flags.utf8_mode) and not asked


def requested_locale(environ: Mapping[str, str], coerced: bool = False) -> str:
    """The locale the environment names for characters: ``LC_ALL``, else ``LC_CTYPE``, else ``LANG`` (``""``: none).

    ``coerced``: Python set ``LC_CTYPE`` itself (:func:`started_in_c_locale`), so it is not the user's.
    """
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        if name == "LC_CTYPE" and coerced:
            continue
        value = environ.get(name, "")
        if value:
            return value
    return ""


def says_utf8(name: str) -> bool:
    """Whether a locale's name says its characters are UTF-8 (``zh_CN.UTF-8``, ``en_US.utf8``)."""
    return re.search(r"utf-?8", name, re.IGNORECASE) is not None


def fallback_locale(wanted: str, candidates: tuple[str, ...] = UTF8_LOCALES) -> str:
    """Set a locale in place of ``wanted``, which cannot be set; the one set.

    A UTF-8 one (``candidates`` in order) when ``wanted`` names UTF-8, else (or
    if none is installed) ``C``.
    """
    if says_utf8(wanted):
        for name in candidates:
            if _set(locale.LC_ALL, name):
                return name
    _set(locale.LC_ALL, "C")
    return "C"


def _set(category: int, name: str) -> bool:
    try:
        locale.setlocale(category, name)
    except locale.Error:
        return False
    return True


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
