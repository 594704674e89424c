"""The computer's opening decisions, on positions where one choice is plainly better."""

from __future__ import annotations

import pytest

from gomoku import Board, Point, Rule, Stone
from gomoku.ai import make_player
from gomoku.ai.opening import CLEAR_ADVANTAGE, MIN_DECLARED, OpeningPlayer
from gomoku.openings import (
    Action,
    OpeningRule,
    OpeningState,
    Option,
    Seat,
    mirrored_offer,
    parse_move,
    position_symmetries,
    replay,
)
from gomoku.point import parse_point

#: The real reader: ``hard`` with a short think time (a forced result is found at once).
THINK = 0.6


@pytest.fixture(scope="module")
def reader() -> OpeningPlayer:
    return OpeningPlayer(make_player("hard"), think_time=THINK)


def test_offered_white_in_a_lost_position_the_computer_takes_black(reader) -> None:
    # h8 i8 j8 k8 for black with both ends open, white to move: white cannot stop five, whatever it reads.
    board = Board.from_diagram(
        """
        O . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X X X X . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . O
        """,
        turn=Stone.WHITE,
    )
    swap1 = OpeningState(OpeningRule.SWAP1, stage="colour")
    assert reader.decide(swap1, board) == parse_move("swap", 15)  # the second player (white) takes black
    swap2 = OpeningState(OpeningRule.SWAP2, stage="colour")
    assert reader.decide(swap2, board) == parse_move("swap", 15)  # not "place two": black is plainly better
    # The first player, holding black after Swap2's extra stones, keeps it.
    last = OpeningState(OpeningRule.SWAP2, stage="last colour")
    assert last.step is not None and last.step.colour is Stone.BLACK
    assert reader.decide(last, board) == parse_move("stay", 15)


#: White f8 g8 h8 open at both ends, white to move: white makes an open four and wins, whoever reads.
WHITE_AHEAD = """
    X . . . . . . . . . . . . . X
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . O O O . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    X . . . . . . . . . . . . . X
    """

#: Black h8 i8 j8 open at both ends with h9 i9 beside it, white's stones far away, black to move: black
#: makes an open four and wins.
BLACK_AHEAD = """
    O . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . X X . . . . . .
    . . . . . . . X X X . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    O . . . . . . . . . . . . O O
    """


@pytest.mark.parametrize("level", ["hard", "normal", "easy"])
def test_offered_white_in_a_won_position_the_computer_keeps_white_at_every_level(level) -> None:
    board = Board.from_diagram(WHITE_AHEAD, turn=Stone.WHITE)
    player = OpeningPlayer(make_player(level, seed=1), think_time=THINK)
    swap1 = OpeningState(OpeningRule.SWAP1, stage="colour")
    assert player.decide(swap1, board) == parse_move("stay", 15)  # the second player (white) keeps white
    swap2 = OpeningState(OpeningRule.SWAP2, stage="colour")
    assert player.decide(swap2, board) == parse_move("stay", 15)  # not "place two": white is plainly better


@pytest.mark.parametrize("level", ["normal", "easy"])
def test_a_level_without_a_search_still_takes_black_when_black_has_won(level) -> None:
    # Before: a greedy level's moves carry no judgement, every position read even and it always took white.
    board = Board.from_diagram(BLACK_AHEAD, turn=Stone.WHITE)
    player = OpeningPlayer(make_player(level, seed=1), think_time=THINK)
    assert player.decide(OpeningState(OpeningRule.SWAP1, stage="colour"), board) == parse_move("swap", 15)


def test_in_soosorv8_white_declares_two_fifth_moves_when_black_stands_clearly_better(reader) -> None:
    # One 5th move would leave white no pick: black would offer its best 5th and play it.
    board = Board.from_diagram(BLACK_AHEAD.replace("O O\n", ". .\n"), turn=Stone.BLACK)
    declaring = OpeningState(OpeningRule.SOOSORV8, stage="declare")
    assert reader.decide(declaring, board) == parse_move(f"declare {MIN_DECLARED}", 15)
    assert MIN_DECLARED == 2


def test_offered_the_five_at_once_white_picks_the_other_offer_and_black_offers_it_first(reader) -> None:
    # Black d8 e8 f8 g8 closed by white c8: h8 makes five.  As white, never pick h8; as black, offer it.
    board = Board.from_diagram(
        """
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . O X X X X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . O . . . . . . . . . . . . .
        O . . O . . . . . . . . . . .
        """,
        turn=Stone.BLACK,
    )
    picking = OpeningState(OpeningRule.SOOSORV8, stage="pick", offers=(Point(7, 7), Point(14, 0)))
    assert reader.decide(picking, board) == parse_move("pick o15", 15)
    offering = OpeningState(OpeningRule.SOOSORV8, stage="offer", declared=2)
    assert reader.decide(offering, board) == parse_move("offer h8", 15)


# -- the decision rules, with a reading given as data ------------------------------


def reading(values: dict[Point, float], default: float = 0.0):
    """A reader that judges a position by its last move only (from black's view), for logic tests."""

    def evaluate(board: Board, seconds: float) -> float:
        black = values.get(board.last_move, default) if board.last_move is not None else default
        return black if board.turn is Stone.BLACK else -black

    return evaluate


def test_a_placed_stone_leaves_the_position_closest_to_even() -> None:
    board = Board(15, Rule.RENJU)
    state = replay(OpeningRule.TARAGUCHI10, board, ["place h8", "stay"])
    # In the 3x3 square, white's stone at g7 reads even; every other point favours one side.
    values = {Point(x, y): 3000.0 + 100 * x for x in range(6, 9) for y in range(6, 9)}
    values[Point(6, 8)] = -20.0
    player = OpeningPlayer(player=make_player("easy"), evaluate=reading(values))
    move = player.decide(state, board)
    assert move == parse_move("place g7", 15)
    assert state.apply(board, move).step.action is Action.CHOOSE


@pytest.mark.parametrize(
    ("black_value", "declared"),
    [(CLEAR_ADVANTAGE * 2, MIN_DECLARED), (-CLEAR_ADVANTAGE * 2, 8), (0.0, 4), (CLEAR_ADVANTAGE / 2, 3)],
)
def test_white_declares_fewer_fifth_moves_the_better_black_stands(black_value, declared) -> None:
    board = Board(15, Rule.RENJU)
    state = replay(OpeningRule.SOOSORV8, board, ["place h8", "place h9", "place j10", "stay", "place d4"])
    player = OpeningPlayer(player=make_player("easy"), evaluate=reading({}, default=black_value))
    assert player.decide(state, board) == parse_move(f"declare {declared}", 15)


@pytest.mark.parametrize(
    ("black_value", "option"), [(CLEAR_ADVANTAGE * 2, Option.OFFER_TEN), (0.0, Option.FIFTH_IN_SQUARE)]
)
def test_taraguchi_black_offers_ten_only_when_clearly_better(black_value, option) -> None:
    board = Board(15, Rule.RENJU)
    state = replay(OpeningRule.TARAGUCHI10, board, ["place h8", "stay", "place h9", "stay", "place j10", "stay"])
    state = state.apply(board, parse_move("place k11", 15)).apply(board, parse_move("stay", 15))
    player = OpeningPlayer(player=make_player("easy"), evaluate=reading({}, default=black_value))
    assert player.decide(state, board).option is option


def test_even_swap2_openings_get_two_more_stones() -> None:
    board = Board(15)
    state = replay(OpeningRule.SWAP2, board, ["place h8", "place h9", "place j9"])
    player = OpeningPlayer(player=make_player("easy"), evaluate=reading({}, default=100.0))
    assert player.decide(state, board).option is Option.PLACE_TWO


def test_offers_are_never_symmetrical_and_a_whole_opening_plays_through() -> None:
    # A symmetrical position (mirror in the h column): the computer's offers must avoid mirrored pairs.
    board = Board(15, Rule.RENJU)
    state = replay(OpeningRule.SOOSORV8, board, ["place h8", "place h9", "place h10", "stay", "place h6"])
    state = state.apply(board, parse_move("declare 5", 15)).apply(board, parse_move("stay", 15))
    assert len(position_symmetries(board)) == 2
    values = {p: float(p.x) for p in board.empty_points()}  # black prefers the right: mirrors would tie
    player = OpeningPlayer(player=make_player("easy"), evaluate=reading(values))
    while state.step is not None and state.step.action is Action.OFFER:
        move = player.decide(state, board)
        assert move.point is not None and mirrored_offer(board, state.offers, move.point) is None
        state = state.apply(board, move)
    assert len(state.offers) == 5
    assert player.decide(state, board).action is Action.PICK
    state = state.apply(board, player.decide(state, board))
    assert state.done and state.black is Seat.FIRST and board.stone_count == 5


# -- the ranked lists a player may ask for (the TUI's B) ---------------------------


def test_swap2_balanced_placements_are_ranked_by_distance_from_even_and_the_computer_places_the_first() -> None:
    # The first player has placed black h8 and white h9; the 3rd stone (black) is read at each candidate near them.
    board = Board.from_diagram(
        """
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        """,
        turn=Stone.BLACK,
    )
    state = OpeningState(OpeningRule.SWAP2, stage="3")
    # i8 reads nearly even (a little for white), i7 a little for black, g8 more for white, the rest clearly black's.
    values = {p: 4000.0 + 10 * p.x for p in board.empty_points()}
    values[parse_point("i8", 15)] = -150.0
    values[parse_point("i7", 15)] = 400.0
    values[parse_point("g8", 15)] = -900.0
    player = OpeningPlayer(player=make_player("easy"), evaluate=reading(values))
    ranked = player.ranked(state, board)
    assert [board.notation(p.point) for p in ranked[:3]] == ["i8", "i7", "g8"]
    distances = [abs(p.black or 0.0) for p in ranked]
    assert distances == sorted(distances)
    assert ranked[0].black == -150.0 and 0.49 < (ranked[0].black_rate() or 0) < 0.5  # "i8 49% for black"
    assert player.decide(state, board) == parse_move("place i8", 15)


def test_the_first_stone_is_not_read_and_the_centre_is_the_one_placement() -> None:
    board = Board(15)
    player = OpeningPlayer(player=make_player("easy"), evaluate=reading({}, default=5000.0))
    ranked = player.ranked(OpeningState.start(OpeningRule.SWAP2), board)
    assert [(board.notation(p.point), p.black, p.black_rate()) for p in ranked] == [("h8", None, None)]


def test_at_a_swap_step_before_a_placement_the_placement_after_keeping_is_ranked() -> None:
    # Taraguchi-10: white may swap, or keep and place the 2nd stone inside 3x3: that placement is what is read.
    board = Board(15, Rule.RENJU)
    state = replay(OpeningRule.TARAGUCHI10, board, ["place h8"])
    assert state.step is not None and state.step.action is Action.CHOOSE
    values = {Point(x, y): 3000.0 + 100 * x for x in range(6, 9) for y in range(6, 9)}
    values[Point(8, 6)] = 50.0
    player = OpeningPlayer(player=make_player("easy"), evaluate=reading(values))
    ranked = player.ranked(state, board)
    assert len(ranked) == 8 and all(abs(p.point.x - 7) <= 1 and abs(p.point.y - 7) <= 1 for p in ranked)
    assert board.notation(ranked[0].point) == "i9"
    # A step that takes no point (a number to declare) ranks nothing.
    placed = Board(15, Rule.RENJU)
    declaring = replay(OpeningRule.SOOSORV8, placed, ["place h8", "place h9", "place j10", "stay", "place d4"])
    assert declaring.step is not None and declaring.step.action is Action.DECLARE
    assert player.ranked(declaring, placed) == ()


def test_offers_are_ranked_best_for_black_first_and_the_computer_offers_the_first() -> None:
    board = Board(15, Rule.RENJU)
    state = replay(OpeningRule.SOOSORV8, board, ["place h8", "place h9", "place j10", "stay", "place d4"])
    state = state.apply(board, parse_move("declare 3", 15)).apply(board, parse_move("stay", 15))
    values = {p: float(p.x * 10 - p.y) for p in board.empty_points()}
    player = OpeningPlayer(player=make_player("easy"), evaluate=reading(values))
    ranked = player.ranked(state, board)
    blacks = [p.black for p in ranked]
    assert blacks == sorted(blacks, reverse=True)
    assert player.decide(state, board) == parse_move(f"offer {board.notation(ranked[0].point)}", 15)
