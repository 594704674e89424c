"""Stones, rule variants and game outcomes: small value types shared by the whole core."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from gomoku.point import Point


class Stone(enum.IntEnum):
    """A player's colour; the integer is what the board's cells hold (0 is empty)."""

    BLACK = 1
    WHITE = 2

    @property
    def opponent(self) -> Stone:
        """The other colour."""
        return Stone.WHITE if self is Stone.BLACK else Stone.BLACK

    def __str__(self) -> str:
        return self.name.lower()


#: What a board cell holds, as plain integers for the hot loops: empty, or a stone's colour.
EMPTY = 0
BLACK = int(Stone.BLACK)
WHITE = int(Stone.WHITE)
#: ``OPPONENT[colour]`` is the other colour (and empty stays empty): the one place colours swap.
OPPONENT = (EMPTY, WHITE, BLACK)


class Rule(enum.Enum):
    """Which rows of stones win, and whether black is restricted.

    - ``FREESTYLE``: five or more in a row wins, for both sides.
    - ``STANDARD``: exactly five wins; six or more in a row does not.
    - ``RENJU``: black wins only with exactly five and may not play forbidden
      points (overline, double-four, double-three); white wins with five or more.
    """

    FREESTYLE = "freestyle"
    STANDARD = "standard"
    RENJU = "renju"

    def is_win(self, run_length: int, stone: Stone) -> bool:
        """Whether an unbroken row of ``run_length`` stones of ``stone`` wins."""
        if run_length < 5:
            return False
        if self is Rule.FREESTYLE:
            return True
        if self is Rule.STANDARD:
            return run_length == 5
        return run_length == 5 or stone is Stone.WHITE

    def restricts(self, stone: Stone) -> bool:
        """Whether ``stone`` is bound by forbidden moves under this rule."""
        return self is Rule.RENJU and stone is Stone.BLACK

    def __str__(self) -> str:
        return self.value


class Termination(enum.Enum):
    """How a game ended."""

    FIVE = "five in a row"
    DRAW = "board full"


@dataclass(frozen=True)
class Outcome:
    """The end of a game: who won (``None`` for a draw) and the winning row's points."""

    termination: Termination
    winner: Stone | None
    line: tuple[Point, ...] = ()

    def __str__(self) -> str:
        if self.winner is None:
            return "draw: the board is full"
        return f"{self.winner} wins with {self.termination.value}"
