"""The computer thinking on your time (issue 22): the setting, when it ponders, and that it never holds up a move."""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path

from gomoku.ai.search import hard
from gomoku.board import Board
from gomoku.point import Point
from gomoku.rules import Stone
from gomoku.tui.computer import Computer
from gomoku.tui.effects import AiKind, CancelPonder, SaveSettings, StartAi, StartPonder
from gomoku.tui.events import AiDone, Key
from gomoku.tui.inbox import Inbox
from gomoku.tui.model import MenuRow
from gomoku.tui.screens import menu
from gomoku.tui.settings import Mode, Settings, load_settings, read_settings, save_settings, validated
from gomoku.tui.update import ponder_board
from tests.tui.helpers import LEVELS, Run, at, begin, click, game_of
from tests.tui.test_think_time import ALL_LEVELS, at_row, screen_text


def after_computer_move(level: str = "hard", ponder: bool = True, **more: object) -> Run:
    """A game against the computer (black) at ``level``, just after its first move: the human to move."""
    run = begin("pvc", black="computer", level=level, ponder=ponder, **more)
    assert run.state.ai is not None
    return run.send(AiDone(run.state.ai.job, at(run.state, "h8")))


def ponders(run: Run) -> list[StartPonder]:
    return run.of(StartPonder)


def test_settings_default_to_no_pondering_and_remember_it(tmp_path: Path) -> None:
    assert Settings().ponder is False
    path = tmp_path / "settings.json"
    assert save_settings(Settings(ponder=True), path)
    assert load_settings(ALL_LEVELS, path).ponder is True


def test_a_ponder_value_it_cannot_use_keeps_the_default_and_is_named(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    for garbage in ('"yes"', "1", "null", "[true]"):
        path.write_text('{"ponder": ' + garbage + ', "level": "hard"}', encoding="utf-8")
        settings, problem = read_settings(ALL_LEVELS, path)
        assert settings.ponder is False and settings.level == "hard" and "ponder" in problem
    assert validated({"ponder": 0}, LEVELS).ponder is False
    path.write_text('{"level": "hard", "coach": true}', encoding="utf-8")  # a file from before the setting
    settings, problem = read_settings(ALL_LEVELS, path)
    assert settings.ponder is False and settings.coach is True and problem == ""


def test_the_ponder_row_toggles_is_remembered_and_says_what_it_does() -> None:
    state = at_row(MenuRow.PONDER, mode=Mode.PVC, level="hard")
    run = Run(state).press("right")
    assert run.state.settings.ponder is True and run.of(SaveSettings)[-1].settings.ponder is True
    assert "Ponder < on: thinks on your time >" in screen_text(run.state)
    assert "thinks while you do" in screen_text(run.state)
    assert Run(run.state).press("left").state.settings.ponder is False


def test_the_ponder_row_is_dimmed_for_a_level_that_does_not_search() -> None:
    state = at_row(MenuRow.PONDER, mode=Mode.PVC, level="normal")
    assert not menu.applies(state.settings, MenuRow.PONDER)
    run = Run(state).press("right")
    assert run.state.settings.ponder is False and not run.of(SaveSettings)
    assert "search" in run.state.message and "hard" in run.state.message
    assert MenuRow.PONDER not in menu.rows(at_row(MenuRow.NEW, mode=Mode.CVC), state.screen)  # type: ignore[arg-type]


def test_the_menu_over_a_game_still_fits_80x24_with_the_ponder_row() -> None:
    run = after_computer_move().press("g")
    text = screen_text(run.state)
    for label in ("Back to the game", "Ponder", "Coach", "Clock", "Quit", "Enter starts"):
        assert label in text


def test_the_computer_ponders_while_the_human_thinks() -> None:
    run = after_computer_move()
    [started] = ponders(run)
    game = game_of(run.state)
    assert started.board is game.board and started.level == "hard" and ponder_board(run.state) is game.board
    assert run.state.ai is None  # no spinner: it is the human's turn
    assert not ponders(after_computer_move(ponder=False))
    assert not ponders(after_computer_move(level="normal"))  # it cannot


def test_the_human_move_stops_the_ponder_before_the_computer_is_asked() -> None:
    run = after_computer_move()
    [started] = ponders(run)
    run.effects.clear()
    run.send(click(run.state, at(run.state, "i9")))
    kinds = [type(effect) for effect in run.effects if isinstance(effect, (CancelPonder, StartAi))]
    assert kinds == [CancelPonder, StartAi] and run.of(CancelPonder) == [CancelPonder(started.job)]
    assert run.state.ponder is None
    answered = run.send(AiDone(run.state.ai.job, at(run.state, "h9")))  # type: ignore[union-attr]
    assert [effect.board for effect in ponders(answered)][-1] is game_of(answered.state).board  # and again


def test_undo_new_game_help_and_a_hint_stop_the_ponder() -> None:
    for keys in (("u",), ("g",), ("?",), ("H",), ("q",)):
        run = after_computer_move()
        run.send(click(run.state, at(run.state, "i9")))
        run.send(AiDone(run.state.ai.job, at(run.state, "h9")))  # type: ignore[union-attr]
        started = ponders(run)[-1]
        assert run.state.ponder is not None and run.state.ponder.job == started.job
        run.effects.clear()
        run.press(*keys)
        assert CancelPonder(started.job) in run.effects, keys
        if keys == ("u",):  # back to the computer's first move: it ponders there again
            assert len(game_of(run.state).board.moves) == 1 and ponders(run)[-1].board is game_of(run.state).board
    hinted = after_computer_move().press("H")
    assert hinted.state.ponder is None and hinted.state.ai is not None and hinted.state.ai.kind is AiKind.HINT
    back = hinted.send(AiDone(hinted.state.ai.job, Point(0, 0)))
    assert back.state.ponder is not None  # the hint given, it ponders again


def test_watch_mode_and_two_players_never_ponder() -> None:
    watch = begin("cvc", ponder=True, black_level="hard", white_level="hard")
    assert watch.state.ai is not None
    watch.send(AiDone(watch.state.ai.job, at(watch.state, "h8")))
    assert not ponders(watch)
    people = begin("pvp", ponder=True).send(Key("enter"))
    assert not ponders(people)


def test_a_paused_game_does_not_ponder() -> None:
    run = after_computer_move()
    game = game_of(run.state)
    paused = replace(run.state, screen=replace(run.state.screen, game=replace(game, game=game.game.pause(0.0))))
    assert ponder_board(paused) is None


# -- the worker: a real player, a real thread ------------------------------------------


def test_a_cancelled_ponder_frees_the_computer_for_its_move_at_once() -> None:
    """The ponder would run an hour; cancelled, the move job (which waits for the same player) answers."""
    inbox = Inbox()
    made: list[object] = []

    def make(level: str, seed: int | None = None) -> object:
        made.append(hard(think_time=3600.0))
        return made[-1]

    computer = Computer(seed=1, post=inbox.put, make=make)  # type: ignore[arg-type]
    board = Board(15)
    board.play(Point(7, 7))  # the computer's (black's) move: white, the human, to move
    computer.ponder(StartPonder(1, board, "hard"))
    _searching(made)
    after = board.copy()
    after.play(Point(8, 8))
    computer.cancel(CancelPonder(1))
    computer.start(StartAi(2, AiKind.MOVE, after, "hard", think_time=0.2))
    events = _events(inbox)
    assert len(made) == 1  # one player: the one that pondered makes the move
    [done] = events
    assert isinstance(done, AiDone) and done.job == 2 and done.point is not None and after.is_empty(done.point)


def test_stopping_the_computer_stops_its_ponder() -> None:
    inbox = Inbox()
    player = hard(think_time=3600.0)
    computer = Computer(seed=1, post=inbox.put, make=lambda level, seed=None: player)  # type: ignore[arg-type]
    board = Board(15)
    board.play(Point(7, 7))
    computer.ponder(StartPonder(1, board, "hard"))
    _searching([player])
    computer.stop()  # at exit
    after = board.copy()
    after.play(Point(8, 8))
    computer.start(StartAi(2, AiKind.MOVE, after, "hard", think_time=0.1))  # black's move waits for the ponder
    [done] = _events(inbox)
    assert isinstance(done, AiDone) and done.job == 2


def test_a_level_that_cannot_ponder_is_left_alone() -> None:
    inbox = Inbox()
    computer = Computer(seed=1, post=inbox.put)
    board = Board(15)
    board.play(Point(7, 7))
    computer.ponder(StartPonder(1, board, "normal"))
    computer.start(StartAi(2, AiKind.MOVE, board, "normal"))
    [done] = _events(inbox)
    assert isinstance(done, AiDone) and done.job == 2


def _searching(made: list[object]) -> None:
    """Wait (at most 20 s) until the player made is pondering: its search has begun."""
    for _ in range(200):
        if made and getattr(made[0], "_pondered", None) is not None:
            return
        threading.Event().wait(0.1)
    raise AssertionError("the ponder never began")


def _events(inbox: Inbox) -> list[object]:
    """The events posted within 20 s (a ponder that did not stop would hold the move for an hour)."""
    for _ in range(200):
        inbox.wait(0.1, None)
        events = inbox.drain()
        if events:
            return events
    raise AssertionError("no answer came: the ponder held the computer")


def test_the_computer_playing_white_ponders_from_its_first_answer() -> None:
    run = begin("pvc", black="human", level="hard", ponder=True)
    assert not ponders(run)  # an empty board: the computer has not moved yet
    run.send(Key("enter"))
    assert run.state.ai is not None
    run.send(AiDone(run.state.ai.job, at(run.state, "i9")))
    [started] = ponders(run)
    assert started.board.turn is Stone.BLACK and started.board is game_of(run.state).board
