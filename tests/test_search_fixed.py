"""The search plays exactly as recorded: the same moves and node counts at a fixed depth and node budget.

A guard for work on the search's speed (its board, its horizon, its inner
loop): a faster representation must search the very same trees.  The values
were recorded from commit 6a85ce5 (before the speed work of 2026-12-02).  Any
change meant to alter the search's behaviour (a new evaluation, other move
ordering, other pruning) must update them on purpose, saying so in its commit;
a change meant only to make it faster must leave them as they are.
"""

from __future__ import annotations

import time

import pytest

from gomoku import Board, Rule, parse_point
from gomoku.ai import make_player
from gomoku.ai.budget import Budget
from gomoku.ai.search import ROOT_WIDTH, AlphaBeta
from gomoku.ai.searchboard import SearchBoard

#: The alpha-beta depth of the fixed-depth searches.
DEPTH = 5
#: The node budget of the whole ``hard`` move (threat searches, alpha-beta, the check of its choice).
NODES = 4000

#: (rule, moves played, alpha-beta's move at DEPTH, its value, nodes, seldepth,
#:  hard's move on NODES nodes, the nodes it reports, its reason, its expected line)
CASES = [
    (Rule.FREESTYLE, "h8 i8 j9 i9 h11 i10 i7", "g9", -892, 6575, 10, "g9", 4001, "alpha-beta", "g9 i11 j11 h9 h10"),
    (
        Rule.FREESTYLE,
        "h8 j10 i7 i11 j8 k9 l8 j6",
        "h7",
        15642,
        5356,
        13,
        "h7",
        5001,
        "alpha-beta",
        "h7 k7 i8 k8 g8 f8 k10 j9",
    ),
    (Rule.RENJU, "h8 i9 j8 i8 i7 j6", "h6", 3080, 3836, 8, "h6", 4240, "alpha-beta", "h6 k9 j9 h9 g5 f4"),
    (Rule.RENJU, "h8 h6 i6 i8 i7 j6 j7 h7 k8", "l9", -1958, 2172, 10, "l9", 4870, "stop vcf", "l9 j9 l7 l8 m8 h5 g4"),
    (Rule.STANDARD, "h8 j6 i8 j8 i9 i7 h9", "h6", -1092, 2133, 13, "h6", 4882, "alpha-beta", "h6 k9 j9 j7 k6 i6"),
    (Rule.STANDARD, "h8 i6 g8 f8 g9 g7 i7 f10", "h6", 4170, 3814, 8, "h6", 4882, "alpha-beta", "h6 h5 j8 g5 j6 k5"),
]


def position(rule: Rule, moves: str) -> Board:
    board = Board(15, rule)
    for name in moves.split():
        board.play(parse_point(name, 15))
    return board


@pytest.mark.parametrize(("rule", "moves", "move", "value", "nodes", "seldepth"), [case[:6] for case in CASES])
def test_alpha_beta_at_fixed_depth_searches_the_recorded_tree(
    rule: Rule, moves: str, move: str, value: int, nodes: int, seldepth: int
) -> None:
    board = position(rule, moves)
    searcher = AlphaBeta(SearchBoard.from_board(board), Budget(time.perf_counter() + 3600))
    root = searcher.candidates(ROOT_WIDTH)
    best, found, reached = searcher.search(root, time.perf_counter() + 3600, max_depth=DEPTH)
    assert reached == DEPTH
    assert (board.notation(board.point_of(best)), found, searcher.nodes, searcher.seldepth) == (
        move,
        value,
        nodes,
        seldepth,
    )


@pytest.mark.parametrize(("rule", "moves", "move", "nodes", "reason", "line"), [case[:2] + case[6:] for case in CASES])
def test_hard_on_a_node_budget_plays_the_recorded_move(
    rule: Rule, moves: str, move: str, nodes: int, reason: str, line: str
) -> None:
    board = position(rule, moves)
    result = make_player("hard", max_nodes=NODES).choose_move(board)
    assert (board.notation(result.move), result.nodes, result.reason) == (move, nodes, reason)
    assert " ".join(board.notation(point) for point in result.pv) == line
