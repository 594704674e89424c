"""What a search found: one type for the players, the analysis, the Gomocup brain and the manager.

As python-chess's ``chess.engine`` has one ``InfoDict`` for every engine and
every question, a :class:`SearchResult` is what any search says: a player's
move (:meth:`gomoku.ai.base.Player.choose_move`), the best lines of an
analysis (:func:`gomoku.ai.analysis.analyse`, several best moves in
:attr:`SearchResult.lines`), what an outside engine printed while it
thought (:func:`gomoku.gomocup.protocol.parse_search_info`) and what our
engine prints (:func:`gomoku.gomocup.protocol.search_message`).

The value is from the side to move's view: ``score`` (larger is better) or,
for a proven result, ``win_in``, the plies to the side to move's own five
(positive) or to the opponent's (negative).

A score means little to a newcomer, so :func:`win_rate` (the one home of
that mapping) turns it into the side to move's chance of winning, 0..1, by a
logistic curve whose scale says which score is a clear edge: the review's
graph and marks, its text and JSON, and the live analysis all read it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gomoku.point import Point

#: The score our ``hard`` search gives a clear edge: :func:`win_rate` maps it to 88% (``tanh(1)`` on the
#: -1..1 scale).  Its scores ran about 2,000-3,000 in balanced middlegames (a 60-65% edge) and 8,000-15,000 when
#: one side was clearly ahead in a normal-vs-easy game (83-95%).
HARD_EVAL_SCALE = 10_000
#: The same for an outside engine's centi-units: Rapfi's evaluations ran 130-220 in an even opening (its MESSAGE
#: lines on 15x15, 1 s a move).  400 gives 0.005 a unit at the centre of the curve, near the 0.00368 a centipawn of
#: lichess's win-percentage curve (Stockfish's scale); other gomoku engines print similar centi-units.
ENGINE_EVAL_SCALE = 400


def win_rate(score: float, scale: float) -> float:
    """The side to move's chance of winning, 0..1, for a ``score`` on an analyst's ``scale``: a logistic curve.

    ``1 / (1 + exp(-2 score / scale))``: 50% at 0, 88% at ``scale``, and
    ``2 * win_rate - 1 == tanh(score / scale)``, the review's -1..1 value.
    """
    return 1.0 / (1.0 + math.exp(max(-700.0, min(700.0, -2.0 * score / scale))))


@dataclass(frozen=True)
class SearchResult:
    """A move and what the search knows of it; for several best moves, :attr:`lines`.

    ``score`` is the searcher's value of ``move`` for the side to move
    (``None`` when it did not evaluate); ``win_in`` is set instead when the
    result is forced: plies to the side to move's five (positive) or the
    opponent's (negative).  ``exact`` is false when the value is only a bound
    (a move that was not among the best).  ``depth`` is the full search
    depth reached, ``seldepth`` the deepest ply any line reached, ``nodes``
    the positions searched, ``seconds`` the time taken; ``pv`` the expected
    line, starting with ``move``.  ``reason`` names the step that decided
    (``"five"``, ``"vcf"``, ``"alpha-beta"``, ``"greedy"``, ``"engine"``...).
    ``pondered`` says the position was searched on the opponent's time (the
    reply was the one guessed).  ``lines`` are the best moves, best first,
    each a result of its own (multi-PV; empty when only ``move`` was
    searched); ``final`` is false while the search still deepens.
    """

    move: Point
    reason: str = ""
    score: int | None = None
    win_in: int | None = None
    depth: int = 0
    seldepth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    pv: tuple[Point, ...] = ()
    exact: bool = True
    pondered: bool = False
    lines: tuple[SearchResult, ...] = ()
    final: bool = True

    @property
    def line(self) -> tuple[Point, ...]:
        """The expected line: :attr:`pv`, or the move alone when the search gave none."""
        return self.pv or (self.move,)

    @property
    def best(self) -> tuple[SearchResult, ...]:
        """The best moves, best first: :attr:`lines`, or this result alone."""
        return self.lines or (self,)

    @property
    def forced_moves(self) -> int | None:
        """The moves (the winner's own) to a forced five; ``None`` when not forced."""
        if self.win_in is None:
            return None
        return (abs(self.win_in) + 1) // 2

    def win_rate(self, scale: float = HARD_EVAL_SCALE) -> float | None:
        """The side to move's chance of winning, 0..1 (:func:`win_rate`): 1 or 0 when forced, ``None`` unvalued."""
        if self.win_in is not None:
            return 1.0 if self.win_in > 0 else 0.0
        if self.score is None:
            return None
        return win_rate(self.score, scale)

    def rank(self) -> tuple[int, int]:
        """How good the move is for the side to move: a shorter win, else a higher exact score, else a longer loss."""
        if self.win_in is not None:
            return (3, -self.win_in) if self.win_in > 0 else (0, -self.win_in)
        return (2 if self.exact else 1, self.score or 0)

    def merged(self, later: SearchResult) -> SearchResult:
        """This result updated by a later report of the same search: the later one's fields where it has them."""
        valued = later.score is not None or later.win_in is not None
        return SearchResult(
            later.move,
            reason=later.reason or self.reason,
            score=later.score if valued else self.score,
            win_in=later.win_in if valued else self.win_in,
            depth=later.depth or self.depth,
            seldepth=later.seldepth or self.seldepth,
            nodes=later.nodes or self.nodes,
            seconds=later.seconds or self.seconds,
            pv=later.pv or self.pv,
            exact=later.exact,
            pondered=later.pondered or self.pondered,
            lines=later.lines or self.lines,
            final=later.final,
        )


__all__ = ["ENGINE_EVAL_SCALE", "HARD_EVAL_SCALE", "SearchResult", "win_rate"]
