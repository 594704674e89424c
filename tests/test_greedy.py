"""The greedy players on tactical positions, at both levels."""

import pytest

from gomoku import Board, Rule, Stone, parse_point
from gomoku.ai import make_player
from tests.positions import winning_four_points

GREEDY = ["easy", "normal"]


def choose(level: str, diagram: str, seed: int = 0, turn: Stone | None = None) -> str:
    board = Board.from_diagram(diagram, turn=turn)
    before = (list(board.cells), board.tables.snapshot())
    move = make_player(level, seed=seed).choose_move(board).move
    assert (list(board.cells), board.tables.snapshot()) == before, "the player changed the board"
    return board.notation(move)


@pytest.mark.parametrize("level", GREEDY)
def test_completes_its_own_five_rather_than_blocking(level):
    # Black to move has four on row 5 and white has four on row 3: black wins at once.
    diagram = """
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X X X . . . .
        . . . . . . . . .
        . O O O O . . . .
        . . . . . . . . .
        . . . . . . . . O
    """
    assert choose(level, diagram) in {"a5", "f5"}


@pytest.mark.parametrize("level", GREEDY)
def test_stops_the_opponents_five(level):
    # White to move; black threatens e5 (a broken four b5 c5 d5 . f5).
    diagram = """
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X X . X . . .
        . . . . . . . . .
        . . O . O . O . .
        . . . . . . . . .
        . . . . . . . . .
    """
    assert choose(level, diagram, turn=Stone.WHITE) == "e5"


@pytest.mark.parametrize("level", GREEDY)
def test_makes_an_open_four_when_it_can(level):
    # Black to move with an open three c5 d5 e5: b5 or f5 makes an open four.
    diagram = """
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . O O . . .
        . . . . . . . . O
    """
    assert choose(level, diagram) in {"b5", "f5"}


@pytest.mark.parametrize("level", GREEDY)
@pytest.mark.parametrize("seed", range(5))
def test_never_hands_over_a_preventable_open_four(level, seed):
    # White to move; black's open three d5 e5 f5 (room on both sides) must be stopped
    # at c5 or g5: a far-end block (b5 or h5) still lets black make an open four.
    diagram = """
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . . . X X X . . . . . .
        . . . . . . . . . . . .
        . . . . O . . . . . . .
        . . . . . . O . . . . .
        . . . . . . . . . . . .
    """
    board = Board.from_diagram(diagram, turn=Stone.WHITE)
    move = make_player(level, seed=seed).choose_move(board).move
    board.play(move)
    assert winning_four_points(board, Stone.BLACK) == [], f"{board.notation(move)} leaves an open four"


@pytest.mark.parametrize("level", GREEDY)
def test_first_move_is_the_centre(level):
    board = Board(size=15)
    assert make_player(level).choose_move(board).move == parse_point("h8", 15)


@pytest.mark.parametrize("level", GREEDY)
def test_same_seed_same_game_and_seeds_vary(level):
    def game(seed: int) -> list:
        board = Board(size=15)
        black, white = make_player(level, seed=seed), make_player(level, seed=seed + 1)
        while not board.is_game_over() and len(board.moves) < 40:
            board.play((black if board.turn is Stone.BLACK else white).choose_move(board).move)
        return board.moves

    assert game(1) == game(1)
    assert len({tuple(game(seed)) for seed in range(6)}) > 1


@pytest.mark.parametrize("level", GREEDY)
def test_refuses_to_move_when_the_game_is_over(level):
    board = Board(size=9)
    for name in ["a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1"]:
        board.play(parse_point(name, 9))
    with pytest.raises(ValueError, match="game is over"):
        make_player(level).choose_move(board)


@pytest.mark.parametrize("level", GREEDY)
def test_plays_legal_moves_to_the_end_on_small_boards(level):
    for size in (5, 6, 7):
        board = Board(size=size)
        player = make_player(level, seed=size)
        while not board.is_game_over():
            board.play(player.choose_move(board).move)
        assert board.outcome is not None


DOUBLE_THREE_POINT = """
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . . . O .
    . . . . . X . . . . .
    . . . . . X . . . . .
    . . . X X . . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . O . . . . . . . . .
    . . . . . . . . . O .
    . O . . . . . . . . .
"""


@pytest.mark.parametrize("level", GREEDY)
def test_black_takes_a_double_three_in_freestyle_but_not_in_renju(level):
    freestyle = Board.from_diagram(DOUBLE_THREE_POINT, rule=Rule.FREESTYLE)
    assert freestyle.notation(make_player(level, seed=0).choose_move(freestyle).move) == "f6"
    renju = Board.from_diagram(DOUBLE_THREE_POINT, rule=Rule.RENJU)
    assert renju.forbidden_points() == [parse_point("f6", 11)]
    for seed in range(5):
        move = make_player(level, seed=seed).choose_move(renju).move
        assert renju.foul(move) is None


@pytest.mark.parametrize("level", GREEDY)
def test_renju_games_between_greedy_players_never_see_a_foul(level):
    for seed in range(3):
        board = Board(size=15, rule=Rule.RENJU)
        black, white = make_player(level, seed=seed), make_player("easy", seed=seed + 7)
        while not board.is_game_over():
            player = black if board.turn is Stone.BLACK else white
            board.play(player.choose_move(board).move)  # a foul would raise ForbiddenMoveError
