"""How a game ends: a five, a full board, no five left for either side, black with no legal move."""

import pytest

from gomoku import Board, Outcome, Point, Rule, Stone, Termination, parse_point


def play_all(board: Board, *names: str) -> None:
    for name in names:
        board.play(parse_point(name, board.size))


# Black to move, 20 moves into a 5x5 game of pairs (a5 c5 b5 d5 e5 a4 ... e2).
# Every row, column and diagonal holds both colours except the empty row 1, the
# last combination alive for either side.
PAIRS = """
5 X X O O X
4 O O X X O
3 X X O O X
2 O O X X O
1 . . . . .
  a b c d e
"""


def test_no_five_left_ends_the_game_as_a_draw_at_the_move_that_kills_the_last_combination():
    board = Board.from_diagram(PAIRS)
    assert board.turn is Stone.BLACK
    assert board.tables.alive[Stone.BLACK] == 1 and board.tables.alive[Stone.WHITE] == 1
    play_all(board, "a1")  # row 1 is dead for white now, still alive for black
    assert board.outcome is None
    assert board.tables.alive[Stone.BLACK] == 1 and board.tables.alive[Stone.WHITE] == 0
    outcome = board.play(parse_point("c1", 5))  # white in row 1: nobody can make five
    assert outcome == Outcome(Termination.NO_FIVE_LEFT, None)
    assert board.outcome is outcome and board.is_game_over()
    assert str(outcome) == "draw: neither side can make five any more"
    assert len(list(board.empty_points())) == 3  # long before the board is full
    board.undo()
    assert board.outcome is None and board.turn is Stone.WHITE
    board.redo()
    assert board.outcome.termination is Termination.NO_FIVE_LEFT


def test_the_same_game_played_from_the_start_ends_at_its_22nd_move():
    size = 5
    black = [(x, y) for y in range(size) for x in range(size) if (x // 2 + y) % 2 == 0]
    white = [(x, y) for y in range(size) for x in range(size) if (x // 2 + y) % 2 == 1]
    order = [p for pair in zip(black, white) for p in pair] + black[len(white) :]
    board = Board(size)
    for point in order[:21]:
        assert board.play(point) is None
    assert board.play(order[21]).termination is Termination.NO_FIVE_LEFT
    assert [board.notation(p) for p in board.moves[-2:]] == ["a1", "c1"]


# Black to move on 6x6.  Column d (d6-d2, O O O . O) is white's last live
# combination, and d3 kills it.  Black's only others are the two of row 1,
# X X X X . X: under freestyle e1 makes six and wins, under standard it makes an
# overline that wins nothing, so those two count as dead and d3 ends the game.
OVERLINES_ONLY = """
6 O O X O X X
5 X O X O O O
4 O O X O X O
3 X X O . O O
2 O X X O O X
1 X X X X . X
  a b c d e f
"""


def test_under_standard_combinations_that_could_only_make_an_overline_are_no_five_left():
    standard = Board.from_diagram(OVERLINES_ONLY, rule=Rule.STANDARD)
    assert standard.turn is Stone.BLACK
    assert standard.tables.alive == [0, 0, 1]  # column d for white; row 1 is no five for black
    play_all(standard, "d3")
    assert standard.outcome == Outcome(Termination.NO_FIVE_LEFT, None)
    assert standard.tables.alive == [0, 0, 0]
    standard.undo()
    assert standard.outcome is None
    freestyle = Board.from_diagram(OVERLINES_ONLY, rule=Rule.FREESTYLE)
    play_all(freestyle, "d3")
    assert freestyle.outcome is None  # black's six at e1 is still to come
    assert freestyle.tables.alive == [0, 2, 0]
    assert freestyle.winning_points(Stone.BLACK) == [parse_point("e1", 6)]


# White to move on 8x8 under renju; b8 is white's last move.  Then only c5 and d5
# are empty, and each joins an overline for black down its column (c2-c8, d1-d8):
# both are forbidden.  White's a5-e5 (O O . . O) is still alive, so it is not
# "no five left": black, to move, has no legal move.
STUCK = """
8 X . X X O O O X
7 O O X X O X O O
6 O X X X O X O O
5 O O . . O X X X
4 O O X X X O O O
3 X X X X O O X X
2 X X X X O X O X
1 X O O X O O O O
  a b c d e f g h
"""


def test_renju_black_with_every_empty_point_forbidden_has_no_legal_move():
    board = Board.from_diagram(STUCK, rule=Rule.RENJU)
    assert board.turn is Stone.WHITE and board.outcome is None
    outcome = board.play(parse_point("b8", 8))
    assert board.turn is Stone.BLACK
    assert board.forbidden_points() == [parse_point("c5", 8), parse_point("d5", 8)]
    assert board.tables.alive[Stone.WHITE] == 1
    assert outcome == Outcome(Termination.NO_LEGAL_MOVE, None)
    assert str(outcome) == "draw: black has no legal move (every empty point is forbidden)"
    board.undo()
    assert board.outcome is None and board.turn is Stone.WHITE


@pytest.mark.parametrize("rule", [Rule.FREESTYLE, Rule.STANDARD])
def test_without_renju_the_same_position_goes_on(rule):
    board = Board.from_diagram(STUCK, rule=rule)
    assert board.play(parse_point("b8", 8)) is None


# Black to move on 5x5 with one empty point, c3, which white's e5-a1 diagonal needs:
# black blocks it, fills the board and makes no five.
LAST_POINT = """
5 X X X X O
4 O O O O X
3 O O . X X
2 X O X X X
1 O X O O O
  a b c d e
"""


def test_a_full_board_without_five_is_a_draw():
    board = Board.from_diagram(LAST_POINT)
    assert board.winning_points(Stone.WHITE) == [parse_point("c3", 5)]
    outcome = board.play(parse_point("c3", 5))
    assert outcome == Outcome(Termination.DRAW, None)
    assert str(outcome) == "draw: the board is full"
    board.undo()
    assert board.outcome is None


def test_a_win_says_who_and_how():
    board = Board(size=9)
    play_all(board, "a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1")
    assert str(board.outcome) == "black wins with five in a row"
    assert board.outcome.line[0] == Point(0, 8)
