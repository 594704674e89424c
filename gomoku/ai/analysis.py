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

After each completed iteration ``on_update`` gets the
:class:`~gomoku.ai.result.SearchResult` so far (the best lines in its
``lines``), so a screen can show it as it deepens; the search ends at
``max_depth``, when a forced result is found at the root, when the budget
runs out, or when ``stop`` is set (from another thread), and returns the
last complete analysis.  The board given is never changed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace

from gomoku.ai.budget import Budget, OutOfBudget
from gomoku.ai.parameters import MAX_DEPTH, ROOT_WIDTH, VCT_DEPTH
from gomoku.ai.result import SearchResult
from gomoku.ai.search import AlphaBeta, win_distance
from gomoku.ai.searchboard import SearchBoard
from gomoku.ai.threats import ThreatSearch
from gomoku.board import Board
from gomoku.point import Point

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


#: Where each deeper answer goes: the best lines so far (:attr:`SearchResult.lines`), ``final`` at the end.
Update = Callable[[SearchResult], None]


def analyse(
    board: Board,
    count: int = LINES,
    stop: threading.Event | None = None,
    on_update: Update | None = None,
    max_depth: int = MAX_DEPTH,
    seconds: float = ANALYSIS_TIME,
    threat_nodes: int = THREAT_NODES,
) -> SearchResult | None:
    """The best ``count`` moves for the side to move on ``board`` (left unchanged); see the module's text.

    The answer's :attr:`~SearchResult.lines` are the best moves, best first;
    its own move, value and line are the best one's.  ``None`` when there is
    no move to suggest (the game is over, or the search was stopped before it
    found one).
    """
    started = time.perf_counter()
    if board.is_game_over():
        return None
    if not board.moves and board.stone_count == 0:  # every opening book, and ``hard``, starts in the centre
        centre = Point(board.size // 2, board.size // 2)
        only = SearchResult(centre, reason="centre", score=0, pv=(centre,))
        return _report(replace(only, lines=(only,)), on_update)

    search_board = SearchBoard.from_board(board)
    deadline = started + seconds

    def summary(lines: list[SearchResult], depth: int, nodes: int, final: bool) -> SearchResult:
        best = tuple(lines[:count])
        return replace(
            best[0], depth=depth, nodes=nodes, seconds=time.perf_counter() - started, lines=best, final=final
        )

    forced = _forced_win(board, search_board, Budget(min(deadline, started + THREAT_TIME), threat_nodes, stop))
    if forced is not None:
        if count == 1:
            return _report(summary([forced], 0, 0, True), on_update)
        _report(summary([forced], 0, 0, False), on_update)
    budget = Budget(deadline, None, stop)
    searcher = AlphaBeta(search_board, budget)
    order = searcher.candidates(ROOT_WIDTH)
    if forced is not None:
        order = [cell for cell in order if board.point_of(cell) != forced.move]
    last: SearchResult | None = None
    for depth in range(1, max_depth + 1):
        try:
            values = searcher.root_values(order, depth, count - (forced is not None))
        except OutOfBudget:
            break
        order.sort(key=lambda cell: values[cell][0], reverse=True)
        lines = [_line(searcher, board, cell, *values[cell]) for cell in order]
        if forced is not None:
            lines.append(forced)
        lines.sort(key=SearchResult.rank, reverse=True)
        ended = depth == max_depth or not order or win_distance(values[order[0]][0]) is not None or len(order) == 1
        last = _report(summary(lines, depth, searcher.nodes, ended), on_update)
        if ended:
            return last
    if last is None and forced is None:
        return None
    lines = list(last.lines) if last is not None else [forced]  # type: ignore[list-item]  # one of them is set
    return _report(summary(lines, last.depth if last is not None else 0, searcher.nodes, True), on_update)


def _report(result: SearchResult, on_update: Update | None) -> SearchResult:
    if on_update is not None:
        on_update(result)
    return result


def _line(searcher: AlphaBeta, board: Board, cell: int, value: int, exact: bool) -> SearchResult:
    pv = tuple(board.point_of(q) for q in searcher.principal_variation(cell))
    move = board.point_of(cell)
    plies = win_distance(value)
    if plies is not None:
        return SearchResult(move, reason="alpha-beta", win_in=plies, pv=pv, exact=exact)
    return SearchResult(move, reason="alpha-beta", score=value, pv=pv, exact=exact)


def _forced_win(board: Board, search_board: SearchBoard, budget: Budget) -> SearchResult | None:
    """The side to move's five, else shortest VCF, else shortest VCT (``None``: none found)."""
    me = search_board.side
    fives = search_board.fives(me)
    if fives:
        point = board.point_of(fives[0])
        return SearchResult(point, reason="five", win_in=1, pv=(point,))
    for threes, reason in ((False, "vcf"), (True, "vct")):
        solver = ThreatSearch(search_board, Budget(budget.deadline, budget.max_nodes, budget.stop))
        try:
            move = solver.vct(depth=VCT_DEPTH, shortest=True) if threes else solver.vcf(shortest=True)
        except OutOfBudget:
            return None
        if move is not None and search_board.legal(me, move):
            line = tuple(board.point_of(q) for q in solver.line(threes=threes)) or (board.point_of(move),)
            plies = solver.win_within() or len(line)
            return SearchResult(board.point_of(move), reason=reason, win_in=plies, pv=line)
    return None


__all__ = ["ANALYSIS_TIME", "LINES", "Update", "analyse"]
