"""A text's width in terminal columns: the one place that measures, cuts, pads and wraps text for a screen.

A terminal draws a wide (``W``) or fullwidth (``F``) character in two columns
(``中``, the fullwidth letters), a combining mark or a zero-width character in none (the
accent of ``é`` written as ``e`` and U+0301, U+200B), and anything else in
one.  East Asian *ambiguous* characters (``●``, ``○``, ``─``, Greek, Cyrillic
in some fonts) are one column in most terminals and two in those set up for
Chinese, Japanese or Korean: ``wide_ambiguous=True`` measures them so.

``len()`` counts characters, not columns: ``len("中文")`` is 2 and the text
takes 4 columns.  Everything the terminal front end lays out is measured here.
The standard library's :func:`unicodedata.east_asian_width` is the table (the
same Unicode data ``wcwidth`` ships), so this needs no dependency.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

__all__ = ["centre", "char_width", "fit", "fit_end", "ljust", "rjust", "width", "wrap"]

#: Zero-width characters that are not combining marks (category ``Cf`` or ``Mn``).
_ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")


@lru_cache(maxsize=4096)
def char_width(char: str, wide_ambiguous: bool = False) -> int:
    """The columns one character takes: 0, 1 or 2."""
    if char in _ZERO_WIDTH or unicodedata.combining(char):
        return 0
    category = unicodedata.category(char)
    if category in ("Mn", "Me", "Cf") or (category == "Cc" and char not in "\t"):
        return 0
    kind = unicodedata.east_asian_width(char)
    if kind in ("W", "F") or (wide_ambiguous and kind == "A"):
        return 2
    return 1


def width(text: str, wide_ambiguous: bool = False) -> int:
    """The columns ``text`` takes on one line of a terminal."""
    if text.isascii():
        if text.isprintable():
            return len(text)  # the usual case, measured on every draw: one column a character
        return sum(1 for char in text if char.isprintable())
    return sum(char_width(char, wide_ambiguous) for char in text)


def fit(text: str, columns: int, wide_ambiguous: bool = False) -> str:
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


def fit_end(text: str, columns: int, wide_ambiguous: bool = False) -> str:
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


def ljust(text: str, columns: int, wide_ambiguous: bool = False) -> str:
    """``text`` padded with spaces on the right to ``columns`` columns (cut first if it is wider)."""
    text = fit(text, columns, wide_ambiguous)
    return text + " " * (columns - width(text, wide_ambiguous))


def rjust(text: str, columns: int, wide_ambiguous: bool = False) -> str:
    """``text`` padded with spaces on the left to ``columns`` columns (cut first if it is wider)."""
    text = fit(text, columns, wide_ambiguous)
    return " " * (columns - width(text, wide_ambiguous)) + text


def centre(text: str, columns: int, wide_ambiguous: bool = False) -> int:
    """The column where ``text`` starts when centred in ``columns`` (0 if it does not fit)."""
    return max(0, (columns - width(text, wide_ambiguous)) // 2)


#: Characters a line of Chinese or Japanese never starts with (closing brackets and punctuation, the small kana
#: and the prolonged sound mark), by the line-breaking rules of those languages (kinsoku; Unicode UAX 14's
#: classes CL, CP, EX, IS, NS): a Chinese comma stays with the character before it, never opening a line.
NO_LINE_START = frozenset(
    "、。，．：；！？）〕］｝〉》」』】〙〗’”…‥ー々ゝゞぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ・,.:;!?)]}%"
)
#: Characters a line never ends with: opening brackets and quotation marks stay with what they open.
NO_LINE_END = frozenset("（〔［｛〈《「『【〘〖‘“([{")


def _breakable(before: str, after: str, wide_ambiguous: bool) -> bool:
    """Whether a line may break between ``before`` and ``after``, two characters of one word.

    Between two characters with no space, only where one of them is wide (Chinese, Japanese, Korean run their
    words together) and neither rule of :data:`NO_LINE_START` and :data:`NO_LINE_END` forbids it.
    """
    if after in NO_LINE_START or before in NO_LINE_END:
        return False
    return char_width(before, wide_ambiguous) == 2 or char_width(after, wide_ambiguous) == 2


def _units(word: str, wide_ambiguous: bool) -> list[str]:
    """``word`` cut where a line may break inside it (see :func:`_breakable`): ``你好。世界`` is 你 / 好。 / 世 / 界."""
    units = []
    start = 0
    for index in range(1, len(word)):
        if _breakable(word[index - 1], word[index], wide_ambiguous):
            units.append(word[start:index])
            start = index
    units.append(word[start:])
    return units


def wrap(text: str, columns: int, wide_ambiguous: bool = False) -> list[str]:
    """``text`` broken into lines of at most ``columns`` columns; a piece too long for a line is cut.

    Lines break at spaces, and inside a run of Chinese, Japanese or Korean
    between any two characters (those languages put no spaces between
    words), except before closing punctuation or after an opening bracket
    (:data:`NO_LINE_START`, :data:`NO_LINE_END`).  A piece wider than a line (a
    long path) is cut between characters, never through one; a wide character
    on a line one column wide is shown alone.
    """
    columns = max(1, columns)  # a tiny terminal still gets lines, one column wide
    lines: list[str] = []
    line = ""
    used = 0
    for word in text.split():
        for index, unit in enumerate(_units(word, wide_ambiguous)):
            gap = 1 if line and index == 0 else 0  # a space between words, none inside one
            size = width(unit, wide_ambiguous)
            if line and used + gap + size > columns:
                lines.append(line)
                line, used, gap = "", 0, 0
            while size > columns:  # too wide for any line: cut it
                piece = fit(unit, columns, wide_ambiguous) or unit[:1]
                lines.append(piece)
                unit = unit[len(piece) :]
                size = width(unit, wide_ambiguous)
            if unit:
                line, used = line + " " * gap + unit, used + gap + size
    if line:
        lines.append(line)
    return lines
