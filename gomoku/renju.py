"""Renju forbidden moves for black: overline, double-four, double-three.

The board asks :func:`foul_at` before it places a black stone under the renju
rule.  The full checker (exact to the Renju International Federation rules) is
issue 3; until it lands this module recognises no foul.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence


class Foul(enum.Enum):
    """Why black may not play a point under the renju rule."""

    OVERLINE = "overline"
    DOUBLE_FOUR = "double-four"
    DOUBLE_THREE = "double-three"

    def __str__(self) -> str:
        return self.value


def foul_at(cells: Sequence[int], size: int, cell: int) -> Foul | None:
    """The foul black would commit by playing the empty ``cell``, or ``None`` if it may.

    ``cells`` is the board as a flat list (``y * size + x``; 0 empty, 1 black,
    2 white).  A move that makes exactly five is never a foul.
    """
    return None
