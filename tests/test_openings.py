"""Opening rules as data: every branch of each rule played through, and every refusal."""

from __future__ import annotations

import pytest

from gomoku import Board, Point, Rule, Stone
from gomoku.openings import (
    CANONICAL_OPENINGS,
    Action,
    OpeningError,
    OpeningRule,
    OpeningState,
    Option,
    Seat,
    canonical_openings,
    mirrored_offer,
    named_opening,
    parse_move,
    position_symmetries,
    replay,
)


def play(rule: OpeningRule, steps: list[str], size: int = 15, board_rule: Rule = Rule.FREESTYLE):
    board = Board(size, board_rule)
    return replay(rule, board, steps), board


#: Each branch of each rule: the steps, then who plays black, how many stones are down, and the swaps made.
BRANCHES = [
    (OpeningRule.SWAP1, "place h8,place h9,place j9,stay", Seat.FIRST, 3, 0),
    (OpeningRule.SWAP1, "place a1,place o15,place c3,swap", Seat.SECOND, 3, 1),
    (OpeningRule.SWAP2, "place h8,place h9,place j9,stay", Seat.FIRST, 3, 0),
    (OpeningRule.SWAP2, "place h8,place h9,place j9,swap", Seat.SECOND, 3, 1),
    (OpeningRule.SWAP2, "place h8,place h9,place j9,place-two,place g7,place j7,stay", Seat.FIRST, 5, 0),
    (OpeningRule.SWAP2, "place h8,place h9,place j9,place-two,place g7,place j7,swap", Seat.SECOND, 5, 1),
    (
        OpeningRule.TARAGUCHI10,
        "place h8,stay,place h9,swap,place j10,stay,place k11,stay,fifth-in-square,place l12,swap",
        Seat.FIRST,
        5,
        2,
    ),
    (
        OpeningRule.TARAGUCHI10,
        # a placed stone at a swap step means "stay": white places the 2nd at once
        "place h8,place h9,place j10,place k11,fifth-in-square,place l12,stay",
        Seat.FIRST,
        5,
        0,
    ),
    (
        OpeningRule.TARAGUCHI10,
        "place h8,swap,place h9,stay,place j10,swap,place k11,swap,offer-ten,"
        + ",".join(f"offer {p}" for p in ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1"])
        + ",pick c1",
        Seat.SECOND,
        5,
        3,
    ),
    (
        OpeningRule.SOOSORV8,
        "place h8,place h9,place j10,swap,place d4,declare 2,swap,offer g8,offer i8,pick g8",
        Seat.FIRST,
        5,
        2,
    ),
    (
        OpeningRule.SOOSORV8,
        "place h8,place i9,place g6,stay,place a15,declare 1,stay,offer b2,pick b2",
        Seat.FIRST,
        5,
        0,
    ),
    (OpeningRule.NONE, "", Seat.FIRST, 0, 0),
]


@pytest.mark.parametrize(("rule", "steps", "black", "stones", "swaps"), BRANCHES)
def test_every_branch_ends_with_the_right_player_on_black(rule, steps, black, stones, swaps) -> None:
    board_rule = Rule.RENJU if rule in (OpeningRule.TARAGUCHI10, OpeningRule.SOOSORV8) else Rule.FREESTYLE
    state, board = play(rule, [s for s in steps.split(",") if s], board_rule=board_rule)
    assert state.done and state.step is None
    assert state.black is black
    assert board.stone_count == stones
    assert len(state.swaps) == swaps
    assert board.turn is (Stone.WHITE if stones % 2 else Stone.BLACK)


def test_the_transcript_replays_to_the_same_state() -> None:
    state, board = play(
        OpeningRule.SWAP2, ["place h8", "place h9", "place j9", "place-two", "place g7", "place j7", "swap"]
    )
    again, board2 = play(OpeningRule.SWAP2, state.transcript(15))
    assert again == state and board2.moves == board.moves


#: Each refusal: the rule, the steps before, the wrong step, and words the message must hold.
REFUSALS = [
    (OpeningRule.TARAGUCHI10, [], "place h9", "h9 is outside the centre point: place the 1st stone inside it"),
    (OpeningRule.TARAGUCHI10, ["place h8"], "place h11", "h11 is outside the central 3x3 square"),
    (OpeningRule.TARAGUCHI10, ["place h8", "stay", "place h9", "stay"], "place k3", "k3 is outside the central 5x5"),
    (OpeningRule.TARAGUCHI10, ["place h8", "stay", "place h9", "stay", "place j10", "stay"], "place l8", "7x7"),
    (
        OpeningRule.TARAGUCHI10,
        ["place h8", "stay", "place h9", "stay", "place j10", "stay", "place k11", "stay", "fifth-in-square"],
        "place m8",
        "9x9",
    ),
    (OpeningRule.SOOSORV8, [], "place i8", "centre point"),
    (OpeningRule.SOOSORV8, ["place h8", "place h9"], "place k8", "5x5"),
    (OpeningRule.SWAP1, [], "swap", "swap colours is not an answer now: place a black stone anywhere"),
    (OpeningRule.SWAP1, ["place h8"], "declare 3", "no time to declare"),
    (OpeningRule.SWAP1, ["place h8", "place h9", "place j9"], "place-two", "place two more is not an answer here"),
    (OpeningRule.SWAP1, ["place h8", "place h9", "place j9"], "place k10", "choose to swap colours or keep colours"),
    (OpeningRule.SWAP2, ["place h8"], "place h8", "h8 is taken"),
    (OpeningRule.SWAP2, ["place h8", "place h9", "place j9", "stay"], "swap", "the opening is over"),
    (OpeningRule.SOOSORV8, ["place h8", "place h9", "place j10", "stay", "place d4"], "declare 9", "1 to 8"),
    (OpeningRule.SOOSORV8, ["place h8", "place h9", "place j10", "stay", "place d4"], "declare 0", "1 to 8"),
    (
        OpeningRule.SOOSORV8,
        ["place h8", "place h9", "place j10", "stay", "place d4", "declare 2", "stay", "offer a1"],
        "offer a1",
        "a1 is offered already",
    ),
    (
        OpeningRule.SOOSORV8,
        ["place h8", "place h9", "place j10", "stay", "place d4", "declare 2", "stay", "offer a1", "offer a2"],
        "pick b5",
        "b5 was not offered: pick one of a1 a2",
    ),
    (
        OpeningRule.SOOSORV8,
        ["place h8", "place h9", "place j10", "stay", "place d4", "declare 2", "stay"],
        "offer h9",
        "h9 cannot be a 5th move (h9 is taken)",
    ),
    (
        OpeningRule.SOOSORV8,
        ["place h8", "place h9", "place j10", "stay", "place d4", "declare 2", "stay"],
        "pick a1",
        "pick a1 is not this step: offer a 5th move",
    ),
]


@pytest.mark.parametrize(("rule", "before", "wrong", "words"), REFUSALS)
def test_a_wrong_step_is_refused_with_what_to_do_and_changes_nothing(rule, before, wrong, words) -> None:
    board_rule = Rule.RENJU if rule in (OpeningRule.TARAGUCHI10, OpeningRule.SOOSORV8) else Rule.FREESTYLE
    state, board = play(rule, before, board_rule=board_rule)
    stones = list(board.moves)
    with pytest.raises(OpeningError) as caught:
        state.apply(board, parse_move(wrong, 15))
    assert words in str(caught.value)
    assert board.moves == stones


def test_a_step_from_the_wrong_player_is_refused() -> None:
    state, board = play(OpeningRule.SWAP2, ["place h8", "place h9", "place j9"])
    assert state.step is not None and state.step.seat is Seat.SECOND
    with pytest.raises(OpeningError, match="second player's turn"):
        state.apply(board, parse_move("swap", 15), seat=Seat.FIRST)
    assert state.apply(board, parse_move("swap", 15), seat=Seat.SECOND).black is Seat.SECOND


def test_a_forbidden_point_cannot_be_offered_under_renju() -> None:
    # g8 i8 across and h7 h9 down: h8 would make two open threes for black, a forbidden double-three.
    board = Board.from_moves(
        [Point(6, 7), Point(0, 0), Point(8, 7), Point(14, 0), Point(7, 8), Point(0, 14), Point(7, 6)], 15, Rule.RENJU
    )
    board.play(Point(14, 14))
    assert Point(7, 7) in board.forbidden_points()
    state = OpeningState(OpeningRule.SOOSORV8, stage="offer", declared=3)
    with pytest.raises(OpeningError, match=r"h8 cannot be a 5th move \(h8 is forbidden for black"):
        state.apply(board, parse_move("offer h8", 15))


def test_prompts_name_who_decides_what_and_where() -> None:
    state = OpeningState.start(OpeningRule.TARAGUCHI10)
    board = Board(15, Rule.RENJU)
    assert state.step is not None
    assert state.step.prompt == "Black (player 1): place the 1st stone at the centre"
    state = state.apply(board, parse_move("place h8", 15))
    expected = "White (player 2): swap to black, or place the 2nd stone inside the 3x3 square"
    assert state.step.prompt == expected
    assert state.area is not None and state.area.side == 3  # staying leads to the 2nd stone: mark its square
    state = state.apply(board, parse_move("swap", 15))
    assert state.step.prompt == "White (player 1): place the 2nd stone inside the 3x3 square"
    assert len(state.step.area.points(15)) == 9
    swap1, _ = play(OpeningRule.SWAP1, ["place h8", "place h9", "place j9"])
    assert swap1.step.prompt == "White (player 2): swap to black or stay white" and swap1.area is None
    state, _ = play(OpeningRule.SWAP2, ["place h8", "place h9", "place j9"])
    assert state.step.options == (Option.SWAP, Option.STAY, Option.PLACE_TWO)
    assert state.step.prompt.endswith("swap to black, stay white or place two more")


# -- symmetry ---------------------------------------------------------------------


def test_offers_mirrored_by_a_symmetry_of_the_position_are_refused_naming_the_mirror() -> None:
    # h8 h9 (direct) with j10 mirrored... use a symmetrical position: black h8 j8, white h9 j9? keep 4 stones:
    # black h8, white h9, black h10? no: black g8 and j8, white h9 and h7 (mirror about the h column)
    board = Board.from_moves([Point(6, 7), Point(7, 6), Point(8, 7), Point(7, 8)], 15, Rule.RENJU)
    assert len(position_symmetries(board)) == 4  # identity, two mirrors, half turn
    state = OpeningState(OpeningRule.SOOSORV8, stage="offer", declared=3)
    state = state.apply(board, parse_move("offer c3", 15))
    with pytest.raises(OpeningError, match="m13 is symmetrical to the offer c3"):
        state.apply(board, parse_move("offer m13", 15))  # the half turn
    with pytest.raises(OpeningError, match="m3 is symmetrical to the offer c3"):
        state.apply(board, parse_move("offer m3", 15))  # the mirror about the h column
    state = state.apply(board, parse_move("offer c4", 15))  # not an image of c3
    assert len(state.offers) == 2


def test_near_the_edge_a_mirror_that_the_board_does_not_share_allows_both_offers() -> None:
    # The four stones are symmetrical about the column b (x=1), but the board is not: a1's image c1 is fine.
    board = Board.from_moves([Point(1, 7), Point(0, 6), Point(1, 9), Point(2, 6)], 15, Rule.FREESTYLE)
    assert len(position_symmetries(board)) == 1
    assert mirrored_offer(board, [Point(0, 14)], Point(2, 14)) is None
    # The same shape about the centre column (h) is symmetrical on the board: the mirror is refused.
    centred = Board.from_moves([Point(7, 7), Point(6, 6), Point(7, 9), Point(8, 6)], 15, Rule.FREESTYLE)
    assert mirrored_offer(centred, [Point(6, 14)], Point(8, 14)) == Point(6, 14)


def test_the_edge_breaks_a_diagonal_symmetry_off_the_main_diagonal() -> None:
    # Symmetrical about the line x = y + 2 (not a board axis) near the left edge: not a symmetry here.
    board = Board.from_moves([Point(3, 0), Point(2, 0), Point(2, 1), Point(4, 2)], 15, Rule.FREESTYLE)
    assert len(position_symmetries(board)) == 1
    assert mirrored_offer(board, [Point(7, 3)], Point(5, 5)) is None  # images in that line, not on this board
    # The same shape on the main diagonal x = y is symmetrical: offers mirrored in it are refused.
    main = Board.from_moves([Point(1, 0), Point(0, 0), Point(0, 1), Point(2, 2)], 15, Rule.FREESTYLE)
    assert mirrored_offer(main, [Point(5, 3)], Point(3, 5)) == Point(5, 3)


# -- the 26 canonical openings ------------------------------------------------------


def test_there_are_26_canonical_openings_none_an_image_of_another() -> None:
    assert len(CANONICAL_OPENINGS) == 26
    openings = canonical_openings(15)
    names = [named_opening(stones) for stones in openings]
    assert len(set(names)) == 26


def test_every_soosorv_start_is_one_of_the_26() -> None:
    centre = Point(7, 7)
    seen = set()
    for wx in range(6, 9):
        for wy in range(6, 9):
            for bx in range(5, 10):
                for by in range(5, 10):
                    white, third = Point(wx, wy), Point(bx, by)
                    if len({centre, white, third}) < 3:
                        continue
                    name = named_opening([centre, white, third])
                    assert name is not None, (white, third)
                    seen.add(name)
    assert len(seen) == 26


def test_steps_parse_and_print_back() -> None:
    for text in ["place h8", "swap", "stay", "place-two", "declare 5", "offer a1", "pick o15", "offer-ten"]:
        assert parse_move(text, 15).text(15) == text
    with pytest.raises(OpeningError, match="is not an opening step"):
        parse_move("jump h8", 15)
    with pytest.raises(OpeningError, match="off the 15x15 board"):
        parse_move("place p16", 15)
    assert parse_move("place h8", 15).action is Action.PLACE
