"""The ladder of levels: numbers and names, what the weak levels never get wrong, fixed-node players."""

from __future__ import annotations

import pytest

from gomoku import Board, Rule, Stone, parse_point
from gomoku.ai import LEVELS, UnknownLevelError, level_named, make_player
from gomoku.cli import build_parser, main

# black has four in a row on row 8 (a five at l8), white an open three on row 4
FOUR_AND_THREE = """
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . X X X X . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . O O O . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
"""


def test_the_ladder_climbs_from_1_to_10_and_keeps_the_old_names():
    assert [level.number for level in LEVELS.values()] == list(range(1, 11))
    assert [LEVELS[name].number for name in ("easy", "normal", "hard")] == [3, 5, 8]
    assert all(level.description and "\n" not in level.description for level in LEVELS.values())


@pytest.mark.parametrize(("text", "name"), [("8", "hard"), ("hard", "hard"), (" Normal ", "normal"), ("1", "beginner")])
def test_a_level_is_found_by_number_or_name(text, name):
    assert level_named(text).name == name
    assert build_parser().parse_args(["--level", text]).level == name


@pytest.mark.parametrize("text", ["0", "11", "impossible", ""])
def test_an_unknown_level_says_what_to_choose(text, capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("GOMOKU_HOME", str(tmp_path))  # no engines of the user's settings file
    with pytest.raises(UnknownLevelError, match="choose 1 to 10"):
        level_named(text)
    with pytest.raises(SystemExit):  # a word may name an engine (--engine NAME=PATH): checked once they are known
        main(["--level", text])
    assert "choose 1 to 10" in capsys.readouterr().err


@pytest.mark.parametrize("level", ["beginner", "novice", "casual"])
@pytest.mark.parametrize("seed", range(8))
def test_a_slipping_level_never_misses_its_five_nor_leaves_one(level, seed):
    board = Board.from_diagram(FOUR_AND_THREE, Rule.FREESTYLE, turn=Stone.BLACK)
    assert make_player(level, seed=seed).choose_move(board).move in (parse_point("g8", 15), parse_point("l8", 15))
    board = Board.from_diagram(FOUR_AND_THREE, Rule.FREESTYLE, turn=Stone.WHITE)
    assert make_player(level, seed=seed).choose_move(board).move in (parse_point("g8", 15), parse_point("l8", 15))


def test_beginner_plays_different_moves_from_the_same_position():
    board = Board(15)
    for point in ("h8", "i9", "g9"):
        board.play(parse_point(point, 15))
    moves = {make_player("beginner", seed=seed).choose_move(board).move for seed in range(12)}
    assert len(moves) > 1


def test_a_node_budget_makes_the_search_repeatable():
    board = Board(15)
    for point in ("h8", "i8", "h9", "g7", "i10"):
        board.play(parse_point(point, 15))
    first = make_player("hard", max_nodes=3_000).choose_move(board)
    second = make_player("hard", max_nodes=3_000).choose_move(board)
    assert (first.move, first.nodes, first.depth) == (second.move, second.nodes, second.depth)
