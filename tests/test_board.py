"""The board and its rules on real positions."""

import random

import pytest

from gomoku import (
    Board,
    ForbiddenMoveError,
    GameOverError,
    GomokuError,
    HistoryError,
    OccupiedError,
    OffBoardError,
    Point,
    Rule,
    Stone,
    Termination,
    parse_point,
    to_notation,
)


def play_all(board: Board, *names: str) -> None:
    for name in names:
        board.play(parse_point(name, board.size))


def test_notation_round_trip_and_centre():
    assert to_notation(Point(7, 7), 15) == "h8"
    assert parse_point("h8", 15) == Point(7, 7)
    assert parse_point("A15", 15) == Point(0, 0)
    assert parse_point("o1", 15) == Point(14, 14)
    assert to_notation(Point(0, 24), 25) == "a1"
    for size in (5, 15, 25):
        for x in range(size):
            for y in range(size):
                assert parse_point(to_notation(Point(x, y), size), size) == Point(x, y)


@pytest.mark.parametrize("text", ["", "h", "8h", "p8", "h16", "h0", "zz", "h8x"])
def test_bad_notation_says_what_to_write(text):
    with pytest.raises(ValueError, match="like h8"):
        parse_point(text, 15)


def test_black_moves_first_and_turns_alternate():
    board = Board()
    assert board.turn is Stone.BLACK
    play_all(board, "h8")
    assert board.turn is Stone.WHITE
    assert board[Point(7, 7)] is Stone.BLACK
    assert board.moves == [Point(7, 7)]


def test_illegal_moves_raise_precise_errors_and_change_nothing():
    board = Board(size=9)
    play_all(board, "e5")
    with pytest.raises(OccupiedError, match="e5 is taken"):
        board.play(Point(4, 4))
    with pytest.raises(OffBoardError):
        board.play(Point(9, 0))
    with pytest.raises(OffBoardError):
        board.play(Point(-1, 3))
    assert board.moves == [Point(4, 4)] and board.turn is Stone.WHITE


def test_sizes_outside_5_to_25_are_refused():
    for size in (4, 26):
        with pytest.raises(ValueError, match="5 to 25"):
            Board(size)


FIVE_FOR_BLACK = ["a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2"]


def test_five_in_a_row_wins_with_its_line():
    board = Board(size=9)
    play_all(board, *FIVE_FOR_BLACK)
    assert board.outcome is None
    play_all(board, "e1")
    assert board.outcome.termination is Termination.FIVE
    assert board.outcome.winner is Stone.BLACK
    assert [board.notation(p) for p in board.outcome.line] == ["a1", "b1", "c1", "d1", "e1"]
    with pytest.raises(GameOverError):
        play_all(board, "i9")


def test_diagonal_five_for_white():
    board = Board(size=9)
    play_all(board, "a9", "a1", "b9", "b2", "c9", "c3", "d8", "d4", "a7", "e5")
    assert board.outcome.winner is Stone.WHITE
    assert len(board.outcome.line) == 5


# Black to play g8: X X X . X X with the gap at d.. makes six in a row.
SIX_SETUP = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O O O O O . . . .
X X X . X X . . .
"""


@pytest.mark.parametrize(
    ("rule", "wins"),
    [(Rule.FREESTYLE, True), (Rule.STANDARD, False)],
)
def test_six_in_a_row_wins_only_in_freestyle(rule, wins):
    board = Board.from_diagram(SIX_SETUP, rule=rule, turn=Stone.BLACK)
    board.play(parse_point("d1", 9))
    assert (board.outcome is not None) is wins
    if wins:
        assert len(board.outcome.line) == 6


def test_six_in_a_row_is_forbidden_for_black_in_renju():
    board = Board.from_diagram(SIX_SETUP, rule=Rule.RENJU, turn=Stone.BLACK)
    with pytest.raises(ForbiddenMoveError, match="d1 is forbidden for black \\(overline\\)"):
        board.play(parse_point("d1", 9))
    assert board.outcome is None and board.turn is Stone.BLACK
    assert board.forbidden_points() == [parse_point("d1", 9)]
    assert not board.is_legal(parse_point("d1", 9))  # the same answer without the reason
    assert board.is_legal(parse_point("a9", 9)) and not board.is_legal(parse_point("a1", 9))  # a1 holds a stone
    assert not board.is_legal(Point(9, 0))  # off the 9x9 board


def test_white_overline_wins_in_renju_but_not_in_standard():
    diagram = SIX_SETUP.replace("O O O O O . . . .", ". . . . . . . X X").replace(
        "X X X . X X . . .", "O O O . O O . X X"
    )
    renju = Board.from_diagram(diagram, rule=Rule.RENJU, turn=Stone.WHITE)
    renju.play(parse_point("d1", 9))
    assert renju.outcome is not None and renju.outcome.winner is Stone.WHITE
    standard = Board.from_diagram(diagram, rule=Rule.STANDARD, turn=Stone.WHITE)
    standard.play(parse_point("d1", 9))
    assert standard.outcome is None


def test_exactly_five_wins_in_standard():
    board = Board(size=9, rule=Rule.STANDARD)
    play_all(board, *FIVE_FOR_BLACK, "e1")
    assert board.outcome.winner is Stone.BLACK


def test_undo_and_redo_across_a_win():
    board = Board(size=9)
    play_all(board, *FIVE_FOR_BLACK, "e1")
    assert board.undo() == parse_point("e1", 9)
    assert board.outcome is None and board.turn is Stone.BLACK
    assert board.can_redo
    board.redo()
    assert board.outcome.winner is Stone.BLACK
    board.undo()
    play_all(board, "i9")  # a different move drops the redo line
    assert not board.can_redo
    with pytest.raises(HistoryError):
        board.redo()


def test_undo_everything_then_nothing_to_undo():
    board = Board(size=9)
    play_all(board, "e5", "f6")
    board.undo()
    board.undo()
    with pytest.raises(HistoryError, match="nothing to undo"):
        board.undo()
    assert board.cells == Board(size=9).cells


def test_diagram_round_trip():
    board = Board(size=9)
    play_all(board, "e5", "f6", "d4")
    text = str(board)
    assert text.splitlines()[-1].split() == list("abcdefghi")
    again = Board.from_diagram(text)
    assert again.cells == board.cells
    assert again.turn is Stone.WHITE


def test_copy_is_independent():
    board = Board(size=9)
    play_all(board, "e5")
    clone = board.copy()
    play_all(clone, "f6")
    assert board.moves == [Point(4, 4)]
    assert board.tables.snapshot() != clone.tables.snapshot()


def test_the_package_errors_share_one_base_and_keep_their_builtin_classes():
    board = Board(size=9)
    with pytest.raises(GomokuError):
        board.undo()
    with pytest.raises(IndexError):  # HistoryError is still an IndexError
        board.undo()
    play_all(board, "e5")
    for error in (GomokuError, ValueError):  # IllegalMoveError is still a ValueError
        with pytest.raises(error):
            play_all(board, "e5")


# Black to move on 9x9.  Row 1: X X X . X X (d1 makes six); row 3: X X X X . . (e3
# makes five); column i: four white stones i6-i9 (i5 makes five for white).
WIN_POINTS = """
. . . . . . . . O
. . . . . . . . O
. . . . . . . . O
. . . . . . . . O
. . . . . . . . .
. . . . . . . . .
X X X X . . . . .
. . . . . . . . .
X X X . X X . . .
"""


@pytest.mark.parametrize(
    ("rule", "black", "white"),
    [
        (Rule.FREESTYLE, ["e3", "d1"], ["i5"]),
        (Rule.STANDARD, ["e3"], ["i5"]),
        (Rule.RENJU, ["e3"], ["i5"]),
    ],
)
def test_winning_points_follow_the_rule(rule, black, white):
    board = Board.from_diagram(WIN_POINTS, rule=rule, turn=Stone.BLACK)
    by_cell = sorted((parse_point(name, 9) for name in black), key=board.index_of)
    assert board.winning_points() == by_cell  # the side to move: black
    assert board.winning_points(Stone.BLACK) == by_cell
    assert board.winning_points(Stone.WHITE) == [parse_point(name, 9) for name in white]
    assert board.wins_at(parse_point("d1", 9), Stone.BLACK) is (rule is Rule.FREESTYLE)
    assert not board.wins_at(parse_point("a3", 9), Stone.BLACK)  # taken: wins nothing
    with pytest.raises(OffBoardError):
        board.wins_at(Point(9, 0), Stone.BLACK)


def test_white_overline_point_wins_under_renju_only():
    diagram = WIN_POINTS.replace("X X X . X X . . .", "O O O . O O . . .")
    renju = Board.from_diagram(diagram, rule=Rule.RENJU, turn=Stone.WHITE)
    standard = Board.from_diagram(diagram, rule=Rule.STANDARD, turn=Stone.WHITE)
    assert parse_point("d1", 9) in renju.winning_points()
    assert parse_point("d1", 9) not in standard.winning_points()


@pytest.mark.parametrize("rule", list(Rule))
def test_winning_points_agree_with_trying_every_empty_point(rule):
    rng = random.Random(rule.value)
    for _ in range(40):
        size = rng.randint(5, 11)
        cells = rng.sample(range(size * size), rng.randint(0, size * size * 2 // 3))
        diagram = [["."] * size for _ in range(size)]
        for cell in cells:
            diagram[cell // size][cell % size] = "XO"[rng.random() < 0.5]
        board = Board.from_diagram("\n".join(" ".join(row) for row in diagram), rule=rule)
        for stone in Stone:
            expected = [p for p in board.empty_points() if board.wins_at(p, stone)]
            assert board.winning_points(stone) == expected
            for point in expected:  # the same test as the outcome of really playing there
                trial = Board.from_diagram(str(board), rule=rule, turn=stone)
                try:
                    outcome = trial.play(point)
                except ForbiddenMoveError:
                    pytest.fail(f"a winning point is forbidden: {trial.notation(point)}")
                assert outcome is not None and outcome.winner is stone
