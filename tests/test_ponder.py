"""Thinking on the opponent's time: a ponder stops when told, a right guess helps, a wrong one changes nothing.

Every test runs on node budgets (the same search on any machine) and counts
nodes or depths, never seconds.
"""

from __future__ import annotations

import threading
from dataclasses import replace

from gomoku import Board, Rule, Stone
from gomoku.ai.parameters import PONDER_LAST_STAGE, TIME_CHECK_INTERVAL
from gomoku.ai.ponder import Overlay, guess_reply, stages
from gomoku.ai.result import SearchResult
from gomoku.ai.search import SearchPlayer, hard
from gomoku.point import Point, parse_point

#: hard's node budget a move in these tests: a few alpha-beta plies, quick
NODES = 3_000


def board_of(*moves: str, rule: Rule = Rule.FREESTYLE) -> Board:
    board = Board(15, rule)
    for text in moves:
        board.play(parse_point(text, 15))
    return board


def same(first: SearchResult, second: SearchResult) -> bool:
    """The same decision, but for the wall-clock seconds it took (and whether it was pondered)."""
    return replace(first, seconds=0.0, pondered=False) == replace(second, seconds=0.0, pondered=False)


def twins(board: Board) -> tuple[SearchPlayer, SearchPlayer, SearchResult]:
    """Two hard players with the same past: both chose their move on ``board``, which is played."""
    pondering, plain = hard(max_nodes=NODES), hard(max_nodes=NODES)
    mine, theirs = pondering.choose_move(board), plain.choose_move(board)
    assert same(mine, theirs)
    board.play(mine.move)
    return pondering, plain, mine


class StopAfter(threading.Event):
    """A stop event that turns itself on after it was asked ``checks`` times (as another thread would set it)."""

    def __init__(self, checks: int) -> None:
        super().__init__()
        self.left = checks

    def is_set(self) -> bool:
        self.left -= 1
        if self.left < 0:
            self.set()
        return super().is_set()


def test_a_right_guess_makes_the_search_reach_deeper_on_the_same_nodes() -> None:
    board = board_of("h8", "i7", "g7")
    pondering, plain, _ = twins(board)
    pondered = pondering.ponder(board, max_nodes=NODES)
    assert pondered is not None and pondered.stages == 1 and pondered.decision is not None
    board.play(pondered.guess)
    with_ponder, without = pondering.choose_move(board), plain.choose_move(board)
    assert with_ponder.pondered and not without.pondered
    assert with_ponder.reason == without.reason == "alpha-beta"
    assert with_ponder.depth > without.depth and with_ponder.nodes <= without.nodes + NODES // 4
    assert pondered.resume is not None and with_ponder.depth > pondered.resume[0]  # it went on from the ponder


def test_a_wrong_guess_plays_exactly_as_without_pondering() -> None:
    board = board_of("h8", "i7", "g7")
    pondering, plain, _ = twins(board)
    kept = {key: dict(table) for key, table in pondering._tables.items()}
    pondered = pondering.ponder(board, max_nodes=NODES)
    assert pondered is not None and len(pondered.table) > 0
    assert pondering._tables == kept  # the ponder wrote only to its own table
    reply = next(p for p in (Point(9, 9), Point(10, 10), Point(11, 11)) if p != pondered.guess)
    board.play(reply)
    with_ponder, without = pondering.choose_move(board), plain.choose_move(board)
    assert not with_ponder.pondered and same(with_ponder, without)


def test_the_ponder_guesses_the_second_move_of_its_own_line() -> None:
    board = board_of("h8", "i7", "g7")
    player = hard(max_nodes=NODES)
    decision = player.choose_move(board)
    board.play(decision.move)
    before = (list(board.moves), list(board.cells))
    pondered = player.ponder(board, max_nodes=NODES)
    assert pondered is not None and len(decision.pv) >= 2 and pondered.guess == decision.pv[1]
    assert (list(board.moves), list(board.cells)) == before  # the game's board is only read
    board.play(pondered.guess)
    assert pondered.matches(board)


def test_a_ponder_told_to_stop_before_it_starts_searches_nothing() -> None:
    board = board_of("h8", "i7", "g7")
    player, _, _ = twins(board)
    stop = threading.Event()
    stop.set()
    pondered = player.ponder(board, stop)
    assert pondered is not None and pondered.nodes == 0 and pondered.stages == 0 and pondered.decision is None


def test_a_ponder_stops_within_a_check_of_being_told() -> None:
    # on the wall clock with an hour a move: only the stop event can end it
    board = board_of("h8", "i7", "g7")
    player = hard(think_time=3600.0)
    player.choose_move(board, stop=StopAfter(5))
    board.play(Point(5, 5))
    stop = StopAfter(20)
    pondered = player.ponder(board, stop)
    assert pondered is not None and stop.is_set() and pondered.stages == 0
    assert pondered.nodes <= (20 + 2) * TIME_CHECK_INTERVAL


def test_the_next_move_after_a_stopped_ponder_still_answers() -> None:
    board = board_of("h8", "i7", "g7")
    player, plain, _ = twins(board)
    pondered = player.ponder(board, StopAfter(3))
    assert pondered is not None
    board.play(pondered.guess)
    decision = player.choose_move(board)
    assert decision.pondered and board.is_empty(decision.move)
    assert decision.depth >= plain.choose_move(board).depth


def test_a_ponder_cut_short_still_lets_the_move_go_on_from_its_last_whole_iteration() -> None:
    board = board_of("h8", "i7", "g7")
    player, plain, _ = twins(board)
    pondered = player.ponder(board, StopAfter(3 * NODES // 4))  # stopped three quarters into its first stage
    assert pondered is not None and pondered.stages == 0 and pondered.decision is None
    assert pondered.resume is not None and pondered.resume[0] >= 1
    board.play(pondered.guess)
    decision = player.choose_move(board)
    assert decision.pondered and decision.depth > pondered.resume[0]
    assert decision.depth > plain.choose_move(board).depth


def test_nothing_to_ponder_when_the_game_is_over_or_ends_with_the_guess() -> None:
    player = hard(max_nodes=NODES)
    won = board_of("a1", "h8", "b1", "h9", "c1", "h10", "d1", "h11", "e1")
    assert won.is_game_over() and player.ponder(won, max_nodes=NODES) is None
    four = board_of("a1", "h8", "b1", "h9", "c1", "h10", "d1")  # white to move; its only sane reply blocks at e1
    assert player.ponder(four, max_nodes=NODES) is not None


def test_a_forced_win_ends_the_ponder_after_one_stage() -> None:
    board = board_of("h8", "a1", "h9", "a3", "h10", "a5")  # black has an open three: white's reply, then black wins
    player = hard(max_nodes=NODES)
    pondered = player.ponder(board)
    assert pondered is not None and pondered.stages == 1
    assert pondered.decision is not None and pondered.decision.win_in is not None


def test_the_overlay_reads_through_and_writes_apart() -> None:
    base = {1: (3, 0, 10, 5), 2: (1, 1, -4, 6)}
    overlay = Overlay(base)
    assert overlay.get(1) == (3, 0, 10, 5) and overlay.get(9) is None and overlay.get(9, "none") == "none"
    overlay[1] = (5, 0, 12, 7)
    overlay[3] = (2, 2, 0, 8)
    assert overlay.get(1) == (5, 0, 12, 7) and base[1] == (3, 0, 10, 5) and 3 not in base
    overlay.merge(limit=10)
    assert base == {1: (5, 0, 12, 7), 2: (1, 1, -4, 6), 3: (2, 2, 0, 8)} and len(overlay) == 0


def test_a_merge_that_would_overflow_keeps_the_newer_entries() -> None:
    base = {key: (1, 0, 0, key) for key in range(8)}
    overlay = Overlay(base)
    for key in range(100, 104):
        overlay[key] = (2, 0, 0, key)
    overlay.merge(limit=10)
    assert sorted(base) == [100, 101, 102, 103]


def test_the_guess_is_the_line_else_the_first_playable_other() -> None:
    board = board_of("h8", "i7", "g7")
    g7, f6, e5, h8 = (parse_point(text, 15) for text in ("g7", "f6", "e5", "h8"))
    assert guess_reply(board, (g7, f6), [e5]) == f6
    assert guess_reply(board, (Point(0, 0), f6), [e5]) == e5  # a line about another move
    assert guess_reply(board, (g7, h8), [h8, e5]) == e5  # taken points are skipped


def test_the_guess_never_is_a_forbidden_point_for_black() -> None:
    # black to move; e8 would be a double three
    board = Board.from_diagram(
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . X X . . . . .
        . . . . . . . . .
        . . . . . . . . O
        . . . . . . . . O
        . . . . . . . . .
        """,
        Rule.RENJU,
        turn=Stone.BLACK,
    )
    forbidden = board.forbidden_points()
    assert forbidden
    other = next(p for p in board.empty_points() if p not in forbidden)
    assert guess_reply(board, (), [forbidden[0], other]) == other


def test_the_stages_double_up_to_the_last() -> None:
    assert stages(1.0) == [1.0, 2.0, 4.0, 8.0][: PONDER_LAST_STAGE.bit_length()]
    assert stages(0.5, last=2) == [0.5, 1.0]
