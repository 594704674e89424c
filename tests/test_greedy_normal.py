"""The ``normal`` greedy level on tactical positions.

Positions are whole 15x15 boards; lone stones in the corners only even out
the stone counts so that the side named in each test is to move.
"""

import pytest

from gomoku import Board, Point, Rule, Stone, parse_point, renju
from gomoku.ai import make_player
from tests.positions import five_points, winning_four_points


def at(board: Board, name: str) -> Point:
    return parse_point(name, board.size)


def choose(board: Board, seed: int = 0) -> str:
    return board.notation(make_player("normal", seed=seed).choose_move(board).move)


def four_three_points(board: Board, stone: Stone) -> list[str]:
    """Points where ``stone`` makes a four whose forced answer still leaves it an open four."""
    found = []
    for point in board.empty_points():
        trial = Board.from_diagram(str(board), turn=stone)
        trial.play(point)
        if trial.is_game_over():
            found.append(board.notation(point))
            continue
        fives = five_points(trial, int(stone))
        if len(fives) != 1:
            if len(fives) > 1:
                found.append(board.notation(point))
            continue
        trial.play(trial.point_of(fives[0]))
        if winning_four_points(trial, int(stone)):
            found.append(board.notation(point))
    return found


FOUR_THREE = """
O . . . . . . . . . . . . . O
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . O X X X . . . . . . .
. . . . . . . . X . . . . . .
. . . . . . . . X . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
O . . . . . . . . . . . . . O
"""


def test_normal_takes_a_four_three():
    # i8 makes the four f8-i8 (answered at j8) and the open three i6-i8 at once.
    board = Board.from_diagram(FOUR_THREE)
    assert board.turn is Stone.BLACK
    assert choose(board) == "i8"


def test_normal_stops_the_opponents_four_three_point():
    board = Board.from_diagram(FOUR_THREE, turn=Stone.WHITE)
    assert four_three_points(board, Stone.BLACK) == ["i8"]
    board.play(at(board, choose(board)))
    assert four_three_points(board, Stone.BLACK) == []


def test_normal_wins_by_continuous_fours():
    # f6 is a four (answered at g7); then f7 is a four (answered at f5) and
    # the open three d9-e8-f7 at once.  Nothing wins faster.
    board = Board.from_diagram(
        """
        O . . . . . . . . . . . . . O
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . O . . . . . . . . .
        . . . X . X . . . . . . . . .
        . . . . X X . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . X . . . . . . . . . .
        . . . X . . . . . . . . . . .
        . . X . . . . . . . . . . O .
        . O . . . . . . . . . . . . .
        . . . . . . . . . . . . . . O
        """
    )
    assert board.turn is Stone.BLACK
    player = make_player("normal", seed=0)
    for answer in ("g7", "f5"):
        board.play(player.choose_move(board).move)
        assert five_points(board, Stone.BLACK) == [board.index_of(at(board, answer))]
        board.play(at(board, answer))
    board.play(player.choose_move(board).move)
    assert len(five_points(board, Stone.BLACK)) >= 2 or board.is_game_over()


def test_normal_blocks_an_open_three_at_the_end_that_matters():
    # White's open three g8-h8-i8 can be blocked at f8 or j8, but j8 is also
    # where white would make a four and the open three j8-k9-l10 at once.
    board = Board.from_diagram(
        """
        X . . . . . . . . . . . . . X
        . . . . . . . . . . . . . . .
        . . X . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . O . . .
        . . . . . . . . . . O . . . .
        . . . . . . O O O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . X
        """
    )
    assert board.turn is Stone.BLACK
    assert choose(board) == "j8"


def test_normal_blocks_a_double_three_point():
    # White's open twos g8-h8 and i6-i7 meet at i8: white there would make two
    # open threes, one more than black can block.  Black has nothing of its own.
    board = Board.from_diagram(
        """
        X . . . . . . . . . . . . . X
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . O O . . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . .
        """
    )
    assert board.turn is Stone.BLACK
    board.play(at(board, choose(board)))
    for point in board.empty_points():
        trial = Board.from_diagram(str(board), turn=Stone.WHITE)
        trial.play(point)
        lines = {
            direction
            for cell in winning_four_points(trial, Stone.WHITE)
            for direction in _open_four_directions(trial, cell, Stone.WHITE)
        }
        assert len(lines) < 2, f"white {board.notation(point)} makes two open threes"


def _open_four_directions(board: Board, cell: int, stone: Stone) -> set[int]:
    """The directions along which ``stone`` at ``cell`` makes a four with two completion points."""
    tables = board.tables
    directions = set()
    for direction, line in enumerate(tables.through_direction[cell]):
        completions = {
            member
            for combo in line
            if tables.counts[stone][combo] == 3 and not tables.counts[stone.opponent][combo]
            for member in tables.combinations[combo]
            if member != cell and not board.cells[member]
        }
        if len(completions) >= 2:
            directions.add(direction)
    return directions


DOUBLE_THREE_BAIT = """
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . X . . . . . . .
    . . . . . . . X . . . . . . .
    . . . . . X X . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . O . . . . .
    . . . . . . . . . . O . . . .
    . . . . . . . . . . . O . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
"""


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_level_plays_a_forbidden_point_as_black(level):
    # h8 would make two open threes (f8 g8 h8 across, h8 h9 h10 up): the best-looking point, and forbidden.
    board = Board.from_diagram(DOUBLE_THREE_BAIT, rule=Rule.RENJU, turn=Stone.BLACK)
    assert board.foul(at(board, "h8")) is renju.Foul.DOUBLE_THREE
    for seed in range(3):
        move = make_player(level, seed=seed, think_time=0.3).choose_move(board).move
        assert board.foul(move) is None, f"{level} played the forbidden {board.notation(move)}"


def test_normal_leaves_the_board_as_given():
    board = Board.from_moves(
        [parse_point(name, 15) for name in ["h8", "i9", "h9", "h10", "g8", "i8", "i10", "j11", "f8", "e8", "g9", "g10"]]
    )
    before = (str(board), list(board.moves), board.tables.snapshot())
    make_player("normal", seed=1).choose_move(board)
    assert (str(board), list(board.moves), board.tables.snapshot()) == before


@pytest.mark.parametrize("seed", [3, 4])
def test_normal_is_reproducible_for_a_seed(seed):
    def game(seed: int) -> list[Point]:
        board = Board.from_moves([Point(7, 7), Point(8, 8)])
        players = [make_player("normal", seed=seed), make_player("normal", seed=seed + 100)]
        for turn in range(30):
            if board.is_game_over():
                break
            board.play(players[turn % 2].choose_move(board).move)
        return list(board.moves)

    assert game(seed) == game(seed)
