"""How the screen says a game ended in a draw: full board, no five left, black with no legal move."""

from __future__ import annotations

from dataclasses import replace

from gomoku.board import Board
from gomoku.point import parse_point
from gomoku.rules import Outcome, Rule, Termination
from gomoku.tui.effects import Autosave, KeepGame, RetireAutosave
from gomoku.tui.model import Playing, new_game
from tests.test_outcome import STUCK  # black to move on 8x8 renju after b8: c5 and d5 both overlines
from tests.tui.helpers import Run, click, game_of, play_at, press, settings, start
from tests.tui.test_view import render


def pairs_game() -> list[str]:
    """A 5x5 game in pairs (a5 c5 b5 d5 ...) after which neither side can make five: 22 moves."""
    size = 5
    black = [(x, y) for y in range(size) for x in range(size) if (x // 2 + y) % 2 == 0]
    white = [(x, y) for y in range(size) for x in range(size) if (x // 2 + y) % 2 == 1]
    order = [p for pair in zip(black, white) for p in pair] + black[len(white) :]
    return [f"{'abcde'[x]}{size - y}" for x, y in order[:22]]


def test_no_five_left_ends_the_game_long_before_the_board_is_full() -> None:
    # issue 17, item 10: a draw was declared only on a full board
    moves = pairs_game()
    before = play_at(start(size=5), *moves[:-1])
    assert not game_of(before).board.is_game_over()
    run = Run(before).send(click(before, parse_point(moves[-1], 5)))
    board = game_of(run.state).board
    assert board.outcome is not None and board.outcome.termination is Termination.NO_FIVE_LEFT
    assert len(list(board.empty_points())) == 3
    assert [type(effect) for effect in run.effects] == [Autosave, RetireAutosave, KeepGame]
    assert run.effects[-1].entry.outcome == Outcome(Termination.NO_FIVE_LEFT, None)
    status = render(press(run.state, "escape")).lines()[22]
    assert "Draw: neither side can make five any more. Game over after 22 moves." in status
    assert "The game is over" in play_at(run.state, "a1").message  # no more moves


def test_black_with_no_legal_move_ends_the_game_and_the_screen_says_why() -> None:
    # issue 17, item 10: 224 stones down, black to move, the one empty point an overline: the game stayed open
    board = Board.from_diagram(STUCK, rule=Rule.RENJU)
    state = start("pvp", "renju", 8)
    state = replace(state, screen=Playing(new_game(settings("pvp", "renju", 8), board)))
    after = Run(state).send(click(state, parse_point("b8", 8)))
    game = game_of(after.state)
    assert game.board.outcome is not None and game.board.outcome.termination is Termination.NO_LEGAL_MOVE
    assert game.forbidden == frozenset() and after.state.ai is None
    status = render(press(after.state, "escape")).lines()[22]
    assert status.strip() == "Draw: black has no legal move (every empty point is forbidden)."
    wide = render(press(after.state, "escape"), 40, 120).lines()[38]
    assert wide.strip() == "Draw: black has no legal move (every empty point is forbidden). Game over after 1 move."
