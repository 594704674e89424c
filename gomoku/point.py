"""Points on the board and their renju notation.

Internally a point is ``(x, y)``, 0-based, ``x`` the column from the left and
``y`` the row from the top, as the Gomocup protocol has them.  People see renju
notation: columns ``a``, ``b``, ... from the left and rows ``1``, ``2``, ... from
the bottom, so the centre of a 15x15 board is ``h8``.  These two functions are
the only place that converts between the two.
"""

from __future__ import annotations

import string
from typing import NamedTuple

from gomoku.i18n import _

MIN_SIZE = 5
MAX_SIZE = 25
COLUMN_LETTERS = string.ascii_lowercase[:MAX_SIZE]
#: The four line directions as ``(dx, dy)``: across, down, down-right, up-right.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (1, 1), (1, -1))


class Point(NamedTuple):
    """A board point: ``x`` is the column from the left, ``y`` the row from the top."""

    x: int
    y: int


def to_notation(point: Point | tuple[int, int], size: int) -> str:
    """Renju notation of ``point`` on a ``size`` board: ``Point(7, 7)`` is ``h8`` on 15x15."""
    x, y = point
    if not (0 <= x < size and 0 <= y < size):
        raise ValueError(f"{tuple(point)} is off a {size}x{size} board")
    return f"{COLUMN_LETTERS[x]}{size - y}"


def parse_point(text: str, size: int) -> Point:
    """The point written ``text`` in renju notation (``"h8"``, ``"H8"``).

    Raises ``ValueError`` with a message a player can act on.
    """
    cleaned = text.strip().lower()
    last_column = COLUMN_LETTERS[size - 1]
    if len(cleaned) < 2 or cleaned[0] not in COLUMN_LETTERS or not cleaned[1:].isdigit():
        raise ValueError(
            _("{text} is not a point: write a column a-{last} then a row 1-{size}, like h8").format(
                text=repr(text.strip()), last=last_column, size=size
            )
        )
    x = COLUMN_LETTERS.index(cleaned[0])
    row = int(cleaned[1:])
    if x >= size or not 1 <= row <= size:
        raise ValueError(
            _("{point} is off the {size}x{size} board: write a column a-{last} then a row 1-{size}, like h8").format(
                point=cleaned, size=size, last=last_column
            )
        )
    return Point(x, size - row)
