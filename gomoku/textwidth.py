"""A text's width in terminal columns: the one place that measures, cuts, pads and wraps text for a screen.

A terminal draws a wide (``W``) or fullwidth (``F``) character in two columns
(``中``, the fullwidth letters), a combining mark or a zero-width character in none (the
accent of ``é`` written as ``e`` and U+0301, U+200B), and anything else in
one.  East Asian *ambiguous* characters (``●``, ``○``, ``─``, Greek, Cyrillic
in some fonts) are one column in most terminals and two in those set up for
Chinese, Japanese or Korean: ``wide_ambiguous=True`` measures them so.  Left
out (``None``), every function here measures them as the terminal in use
draws them, once :func:`set_wide_ambiguous` has said how (the terminal game
asks the terminal at start: :mod:`gomoku.tui.probe`); until then, one column.

``len()`` counts characters, not columns: ``len("中文")`` is 2 and the text
takes 4 columns.  Everything the terminal front end lays out is measured here.
The standard library's :func:`unicodedata.east_asian_width` is the table (the
same Unicode data ``wcwidth`` ships), so this needs no dependency.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

__all__ = [
    "centre",
    "char_width",
    "fit",
    "fit_end",
    "ljust",
    "rjust",
    "set_wide_ambiguous",
    "terminal_wide_ambiguous",
    "width",
    "wrap",
]

#: Zero-width characters that are not combining marks (category ``Cf`` or ``Mn``).
_ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")

#: Whether the terminal in use draws ambiguous characters two columns wide (:func:`set_wide_ambiguous`).
_terminal_wide_ambiguous = False


def set_wide_ambiguous(wide: bool) -> bool:
    """Say how the terminal in use draws ambiguous characters (two columns: ``True``); returns what it was.

    One terminal per process: the terminal game says it once it knows, and
    every measure that is not told otherwise follows.
    """
    global _terminal_wide_ambiguous
    before, _terminal_wide_ambiguous = _terminal_wide_ambiguous, wide
    return before


def terminal_wide_ambiguous() -> bool:
    """Whether ambiguous characters are measured two columns wide when a function is not told."""
    return _terminal_wide_ambiguous


def char_width(char: str, wide_ambiguous: bool | None = None) -> int:
    """The columns one character takes: 0, 1 or 2 (ambiguous ones as the terminal draws them, unless told)."""
    return _char_width(char, _terminal_wide_ambiguous if wide_ambiguous is None else wide_ambiguous)


@lru_cache(maxsize=4096)
def _char_width(char: str, wide_ambiguous: bool) -> int:
    if char in _ZERO_WIDTH or unicodedata.combining(char):
        return 0
    category = unicodedata.category(char)
    if category in ("Mn", "Me", "Cf") or (category == "Cc" and char not in "\t"):
        return 0
    kind = unicodedata.east_asian_width(char)
    if kind in ("W", "F") or (wide_ambiguous and kind == "A"):
        return 2
    return 1


def width(text: str, wide_ambiguous: bool | None = None) -> int:
    """The columns ``text`` takes on one line of a terminal."""
    if wide_ambiguous is None:
        wide_ambiguous = _terminal_wide_ambiguous
    if text.isascii():
        if text.isprintable():
            return len(text)  # the usual case, measured on every draw: one column a character
        return sum(1 for char in text if char.isprintable())
    return sum(char_width(char, wide_ambiguous) for char in text)


def fit(text: str, columns: int, wide_ambiguous: bool | None = None) -> str:
    """``text`` cut to at most ``columns`` columns, never through a wide character (nor before its marks)."""
    if columns <= 0:
        return ""
    if text.isascii() and text.isprintable():
        return text[:columns]
    used = 0
    for index, char in enumerate(text):
        used += char_width(char, wide_ambiguous)
        if used > columns:
            return text[:index]
    return text


def fit_end(text: str, columns: int, wide_ambiguous: bool | None = None) -> str:
    """The end of ``text`` that takes at most ``columns`` columns (a line being typed shows its end)."""
    if columns <= 0:
        return ""
    used = 0
    for index in range(len(text) - 1, -1, -1):
        used += char_width(text[index], wide_ambiguous)
        if used > columns:
            start = index + 1
            while start < len(text) and char_width(text[start], wide_ambiguous) == 0:
                start += 1  # a mark without its letter is not shown alone
            return text[start:]
    return text


def ljust(text: str, columns: int, wide_ambiguous: bool | None = None) -> str:
    """``text`` padded with spaces on the right to ``columns`` columns (cut first if it is wider)."""
    text = fit(text, columns, wide_ambiguous)
    return text + " " * (columns - width(text, wide_ambiguous))


def rjust(text: str, columns: int, wide_ambiguous: bool | None = None) -> str:
    """``text`` padded with spaces on the left to ``columns`` columns (cut first if it is wider)."""
    text = fit(text, columns, wide_ambiguous)
    return " " * (columns - width(text, wide_ambiguous)) + text


def centre(text: str, columns: int, wide_ambiguous: bool | None = None) -> int:
    """The column where ``text`` starts when centred in ``columns`` (0 if it does not fit)."""
    return max(0, (columns - width(text, wide_ambiguous)) // 2)


def wrap(text: str, columns: int, wide_ambiguous: bool | None = None) -> list[str]:
    """``text`` broken into lines of at most ``columns`` columns at spaces; a word too long is cut.

    Chinese and Japanese put no spaces between words: a run of them is one
    long "word", cut between characters (never through one) as those
    languages break their lines, and it fills the line it starts on (a long
    word in Latin letters, a path, starts a line of its own).  A wide character on a line one column wide
    is shown alone: it cannot be cut.
    """
    columns = max(1, columns)  # a tiny terminal still gets lines, one column wide
    lines: list[str] = []
    line = ""
    used = 0
    for word in text.split():
        size = width(word, wide_ambiguous)
        while size > columns:
            if line:
                room = columns - used - 1
                if char_width(word[0], wide_ambiguous) == 2 and room >= 2:  # Chinese fills the line it starts on
                    piece = fit(word, room, wide_ambiguous)
                    lines.append(f"{line} {piece}")
                    line, used = "", 0
                    word = word[len(piece) :]
                    size = width(word, wide_ambiguous)
                    continue
                lines.append(line)
                line, used = "", 0
            piece = fit(word, columns, wide_ambiguous) or word[:1]
            lines.append(piece)
            word = word[len(piece) :]
            size = width(word, wide_ambiguous)
        if not word:
            continue
        if line and used + 1 + size > columns:
            lines.append(line)
            line, used = word, size
        elif line:
            line, used = f"{line} {word}", used + 1 + size
        else:
            line, used = word, size
    if line:
        lines.append(line)
    return lines
