"""Thinking on the opponent's time (pondering), for the searching levels.

While the opponent thinks, :meth:`SearchPlayer.ponder
<gomoku.ai.search.SearchPlayer.ponder>` guesses its reply
(:func:`guess_reply`: the second move of our own expected line, else the
kept table's best move for the position, else the search's first candidate)
and searches the position after it until told to stop, in stages
(:func:`stages`: a whole move's steps each, on 1, 2, 4, ... think times,
each stage starting from what the one before learnt).  The search writes to
a table of its own, an :class:`Overlay` over the kept transposition table:
it reads what the kept table knows and writes only to itself.  What it
leaves (:class:`Pondered`) waits for the next move:

- a hit (the opponent played the guess): the overlay is merged into the kept
  table (:meth:`Overlay.merge`) and the move's alpha-beta goes on from the
  ponder: it starts one ply deeper than the ponder's last whole iteration,
  with the ponder's root moves in the ponder's order (:attr:`Pondered.resume`),
  so it reaches deeper in its own time (with the warm table alone, half as
  much deeper: measured in the commit that added the resumption);
- a miss: the overlay is dropped whole (no entry of the kept table was
  written), so the move is exactly the one the player would have chosen
  had it not pondered this time (under a node budget, node for node).

Pondering never holds up a move: the ponder's budgets carry the caller's
stop event, which every search checks every few hundred nodes, so it ends
as soon as it is told.  Its memory is bounded: the overlay holds at most
:data:`~gomoku.ai.parameters.PONDER_TABLE_SHARE` of the table limit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gomoku.ai.parameters import PONDER_LAST_STAGE
from gomoku.ai.result import SearchResult
from gomoku.board import Board
from gomoku.point import Point
from gomoku.rules import Rule

#: A transposition-table entry: (depth, bound kind, value, best move).
Entry = tuple[int, int, int, int]


class Overlay(dict[int, Entry]):
    """A transposition table over a ``base`` one: reads fall through to the base, writes stay here.

    The alpha-beta search uses it as it uses a plain table (``get``, item
    assignment, ``len``, ``clear`` when full: only the overlay's own entries
    count and go).  Dropping it leaves the base as it was.
    """

    __slots__ = ("base",)

    def __init__(self, base: dict[int, Entry]) -> None:
        super().__init__()
        self.base = base

    def get(self, key: int, default: Any = None) -> Any:
        """The overlay's entry for ``key``, else the base's, else ``default``."""
        entry = dict.get(self, key)
        if entry is None:
            return self.base.get(key, default)
        return entry

    def merge(self, limit: int) -> None:
        """Write the overlay's entries into the base, which keeps at most ``limit`` positions.

        When both would not fit, the base's older entries go (the overlay's
        are about the position now on the board), as a full table is emptied
        in the search.  The overlay is left empty.
        """
        base = self.base
        if len(base) + len(self) > limit:
            base.clear()
        base.update(self)
        self.clear()


@dataclass
class Pondered:
    """What one ponder left for the next move: the position it searched, its table and what it found."""

    #: the position searched: the game's moves, the guessed reply last, and its stones
    moves: tuple[Point, ...]
    cells: tuple[int, ...]
    size: int
    rule: Rule
    #: the opponent's reply it guessed
    guess: Point
    #: its transposition table, over the kept one
    table: Overlay
    #: the decision of its last whole stage (``None``: stopped before one was done)
    decision: SearchResult | None = None
    #: whole stages done, and nodes searched in all
    stages: int = 0
    nodes: int = 0
    #: the depth alpha-beta reached in the last whole stage and its root moves, best first: the next
    #: stage, or the move on a hit, goes on from there (``None``: alpha-beta did not run)
    resume: tuple[int, list[int]] | None = None

    @classmethod
    def of(cls, board: Board, guess: Point, table: Overlay) -> Pondered:
        """The ponder of ``board`` (the game after the guessed reply ``guess``), with its table."""
        return cls(tuple(board.moves), tuple(board.cells), board.size, board.rule, guess, table)

    def matches(self, board: Board) -> bool:
        """Whether ``board`` is the position this ponder searched (the guess was played)."""
        return (
            board.size == self.size
            and board.rule is self.rule
            and tuple(board.moves) == self.moves
            and tuple(board.cells) == self.cells
        )


def guess_reply(board: Board, line: Sequence[Point], others: Iterable[Point]) -> Point | None:
    """The opponent's most likely reply on ``board`` (the opponent to move), ``None`` if it has none.

    ``line`` is our last decision's expected line: if it starts with the
    move just played, its second move is the guess.  Otherwise (or if that
    point cannot be played) the first playable of ``others`` (the caller's
    guesses, best first; read lazily).
    """
    if len(line) >= 2 and board.last_move == line[0] and board.is_legal(line[1]):
        return line[1]
    for point in others:
        if board.is_legal(point):
            return point
    return None


def stages(think_time: float, last: int = PONDER_LAST_STAGE) -> list[float]:
    """The ponder's stages, in seconds each: 1, 2, 4, ... think times, up to ``last`` think times."""
    budgets = []
    share = 1
    while share <= last:
        budgets.append(share * think_time)
        share *= 2
    return budgets
