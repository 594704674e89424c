"""Analysis of a position: the best few moves, each with its evaluation and its line, deepening until stopped.

A :class:`~gomoku.ai.base.Player` answers with one move; a player studying
a position wants several, as strong boards show them ("multi-PV").  This is
that answer, from the same parts ``hard`` plays with:

1. the side to move's forced win, if the one threat searcher
   (:class:`~gomoku.ai.threats.ThreatSearch`) proves one: a five, a VCF, or
   a VCT, each the shortest it finds;
2. alpha-beta (:class:`~gomoku.ai.search.AlphaBeta`, with its move
   ordering, horizon and transposition table) deepening one ply at a time
   over the root candidates.  Each iteration searches the first moves with
   a full window and the rest against the ``count``-th best value so far
   (a null window, read again in full when a move beats it), so the best
   ``count`` values of an iteration are exact and the others are bounds.

After each completed iteration ``on_update`` gets the :class:`Analysis` so
far, so a screen can show it as it deepens; the search ends at
``max_depth``, when a forced result is found at the root, when the budget
runs out, or when ``stop`` is set (from another thread), and returns the
last complete analysis.  The board given is never changed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from gomoku.ai.budget import Budget, OutOfBudget
from gomoku.ai.parameters import MAX_DEPTH, ROOT_WIDTH, VCT_DEPTH
from gomoku.ai.search import AlphaBeta, win_distance
from gomoku.ai.searchboard import SearchBoard
from gomoku.ai.threats import ThreatSearch
from gomoku.board import Board
from gomoku.point import Point
from gomoku.rules import Stone

#: Lines an analysis shows by default (boards that show several show three to five).
LINES = 3
#: Nodes of each threat read (VCF, then VCT) before the alpha-beta: the review reads positions with 5,000
#: (gomoku.review.REVIEW_NODES); a standing position can afford four times that before its first lines.
THREAT_NODES = 20_000
#: Seconds the threat reads may take before the first alpha-beta lines: a standing position should show its
#: first lines at once (20,000 nodes took 1.1 s in a 10-move middlegame here; alpha-beta reached depth 5 in 0.3 s).
THREAT_TIME = 0.25
#: Seconds an analysis may run on one position when nobody stops it: the machine is shared (2 cores),
#: and past this ``hard`` rarely changes its mind (its own moves take 1 s).
ANALYSIS_TIME = 30.0


@dataclass(frozen=True)
class Line:
    """One candidate move: its value for the side to move, and the line expected after it.

    ``win_in`` is set when the result is forced: plies to the side to
    move's five (positive) or the opponent's (negative); else ``score`` is
    the search's value (larger is better for the side to move).  ``exact``
    is false when the value is only a bound (the move was not among the
    best).
    """

    move: Point
    score: int | None = None
    win_in: int | None = None
    pv: tuple[Point, ...] = ()
    exact: bool = True
    #: ``"vcf"``, ``"vct"``, ``"five"`` for a threat win, else ``"alpha-beta"``
    reason: str = "alpha-beta"


@dataclass(frozen=True)
class Analysis:
    """The best lines of a position (best first), the depth reached and the nodes searched so far."""

    turn: Stone
    lines: tuple[Line, ...] = ()
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    #: whether this is the last update (the search has ended)
    final: bool = False

    @property
    def best(self) -> Line | None:
        return self.lines[0] if self.lines else None


Update = Callable[[Analysis], None]


def analyse(
    board: Board,
    count: int = LINES,
    stop: threading.Event | None = None,
    on_update: Update | None = None,
    max_depth: int = MAX_DEPTH,
    seconds: float = ANALYSIS_TIME,
    threat_nodes: int = THREAT_NODES,
) -> Analysis:
    """The best ``count`` moves for the side to move on ``board`` (left unchanged); see the module's text."""
    started = time.perf_counter()
    turn = board.turn
    if board.is_game_over():
        return Analysis(turn, final=True)
    if not board.moves and board.stone_count == 0:  # every opening book, and ``hard``, starts in the centre
        centre = Point(board.size // 2, board.size // 2)
        return report_once(
            Analysis(turn, (Line(centre, score=0, pv=(centre,), reason="centre"),), final=True), on_update
        )
    search_board = SearchBoard.from_board(board)
    deadline = started + seconds

    def report(lines: list[Line], depth: int, nodes: int, final: bool = False) -> Analysis:
        analysis = Analysis(turn, tuple(lines[:count]), depth, nodes, time.perf_counter() - started, final)
        if on_update is not None:
            on_update(analysis)
        return analysis

    forced = _forced_win(board, search_board, Budget(min(deadline, started + THREAT_TIME), threat_nodes, stop))
    nodes = 0
    if forced is not None:
        if count == 1:
            return report([forced], 0, nodes, final=True)
        report([forced], 0, nodes)
    budget = Budget(deadline, None, stop)
    searcher = AlphaBeta(search_board, budget)
    order = searcher.candidates(ROOT_WIDTH)
    if forced is not None:
        order = [cell for cell in order if board.point_of(cell) != forced.move]
    last: Analysis | None = None
    for depth in range(1, max_depth + 1):
        try:
            values = searcher.root_values(order, depth, count - (forced is not None))
        except OutOfBudget:
            break
        order.sort(key=lambda cell: values[cell][0], reverse=True)
        lines = [_line(searcher, board, cell, *values[cell]) for cell in order]
        if forced is not None:
            lines.append(forced)
        lines.sort(key=_rank, reverse=True)
        ended = depth == max_depth or not order or win_distance(values[order[0]][0]) is not None or len(order) == 1
        last = report(lines, depth, searcher.nodes, final=ended)
        if ended:
            return last
    if last is None:
        lines = [forced] if forced is not None else []
        last = Analysis(turn, tuple(lines[:count]), 0, searcher.nodes)
    final = Analysis(last.turn, last.lines, last.depth, searcher.nodes, time.perf_counter() - started, True)
    if on_update is not None:
        on_update(final)
    return final


def report_once(analysis: Analysis, on_update: Update | None) -> Analysis:
    if on_update is not None:
        on_update(analysis)
    return analysis


def _rank(line: Line) -> tuple[int, int]:
    """How good a line is for the side to move: a shorter win, else a higher exact score, else a longer loss."""
    if line.win_in is not None:
        return (3, -line.win_in) if line.win_in > 0 else (0, -line.win_in)
    return (2 if line.exact else 1, line.score or 0)


def _line(searcher: AlphaBeta, board: Board, cell: int, value: int, exact: bool) -> Line:
    pv = tuple(board.point_of(q) for q in searcher.principal_variation(cell))
    move = board.point_of(cell)
    plies = win_distance(value)
    if plies is not None:
        return Line(move, win_in=plies, pv=pv, exact=exact)
    return Line(move, score=value, pv=pv, exact=exact)


def _forced_win(board: Board, search_board: SearchBoard, budget: Budget) -> Line | None:
    """The side to move's five, else shortest VCF, else shortest VCT, as a :class:`Line` (``None``: none found)."""
    me = search_board.side
    fives = search_board.fives(me)
    if fives:
        point = board.point_of(fives[0])
        return Line(point, win_in=1, pv=(point,), reason="five")
    for threes, reason in ((False, "vcf"), (True, "vct")):
        solver = ThreatSearch(search_board, Budget(budget.deadline, budget.max_nodes, budget.stop))
        try:
            move = solver.vct(depth=VCT_DEPTH, shortest=True) if threes else solver.vcf(shortest=True)
        except OutOfBudget:
            return None
        if move is not None and search_board.legal(me, move):
            line = tuple(board.point_of(q) for q in solver.line(threes=threes)) or (board.point_of(move),)
            plies = solver.win_within() or len(line)
            return Line(board.point_of(move), win_in=plies, pv=line, reason=reason)
    return None


def wins_in(line: Line) -> int | None:
    """The moves (the winner's own) to a forced five, from a line's plies; ``None`` when not forced."""
    if line.win_in is None:
        return None
    return (abs(line.win_in) + 1) // 2


__all__ = ["ANALYSIS_TIME", "LINES", "Analysis", "Line", "analyse", "wins_in"]
