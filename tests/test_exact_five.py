"""Five means exactly five where the rule says so, at every level: an overline is no win and no threat.

Black has a6 b6 c6 . e6 f6: a stone on d6 joins six in a row.  Under
freestyle that is a win (and a five white must stop); under standard it wins
nothing for either side, so no level plays it as a win or blocks it as one;
under renju it is an overline, forbidden for black, while white's own six
still wins.
"""

from __future__ import annotations

import pytest

from gomoku import Board, Rule, Stone, parse_point
from gomoku.ai import LEVELS, make_player

SIX_WITH_A_GAP = """
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . O . O .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . O . O .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . O . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    X X X . X X . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
"""


def _position(rule: Rule, turn: Stone, colours_swapped: bool = False) -> Board:
    diagram = SIX_WITH_A_GAP
    if colours_swapped:
        diagram = diagram.replace("X", "b").replace("O", "X").replace("b", "O")
    return Board.from_diagram(diagram, rule, turn=turn)


def _move(level: str, board: Board) -> str:
    return board.notation(make_player(level, seed=1, think_time=0.3).choose_move(board).move)


D6 = "d6"


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_six_is_a_win_under_freestyle(level):
    board = _position(Rule.FREESTYLE, Stone.BLACK)
    assert board.winning_points(Stone.BLACK) == [parse_point(D6, 15)]
    assert _move(level, board) == D6


@pytest.mark.parametrize("level", list(LEVELS))
def test_under_freestyle_the_opponents_six_must_be_blocked(level):
    assert _move(level, _position(Rule.FREESTYLE, Stone.WHITE)) == D6


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("rule", [Rule.STANDARD, Rule.RENJU])
def test_black_never_plays_an_overline_as_a_win(level, rule):
    board = _position(rule, Stone.BLACK)
    assert board.winning_points(Stone.BLACK) == []
    assert _move(level, board) != D6


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("rule", [Rule.STANDARD, Rule.RENJU])
def test_no_level_blocks_a_point_where_black_could_only_make_an_overline(level, rule):
    # white has nothing to stop: d6 would give black six, which wins nothing under these rules
    assert _move(level, _position(rule, Stone.WHITE)) != D6


@pytest.mark.parametrize("level", list(LEVELS))
def test_under_standard_white_gets_no_win_from_six_either(level):
    board = _position(Rule.STANDARD, Stone.WHITE, colours_swapped=True)
    assert board.winning_points(Stone.WHITE) == []
    assert _move(level, board) != D6


@pytest.mark.parametrize("level", list(LEVELS))
def test_under_renju_white_wins_with_six(level):
    board = _position(Rule.RENJU, Stone.WHITE, colours_swapped=True)
    assert board.winning_points(Stone.WHITE) == [parse_point(D6, 15)]
    assert _move(level, board) == D6
    # and black, to move instead, must stop it
    assert _move(level, _position(Rule.RENJU, Stone.BLACK, colours_swapped=True)) == D6
