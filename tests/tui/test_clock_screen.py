"""Game clocks on the local game screen, time passed in as ticks: shown, pressed, flag fall, undo, pause."""

from __future__ import annotations

import pytest

from gomoku.clock import parse_clock
from gomoku.rules import Stone, Termination
from gomoku.tui import draw, view
from gomoku.tui.effects import Autosave, RetireAutosave, StartAi
from gomoku.tui.events import Tick
from tests.tui.fake_window import FakeWindow
from tests.tui.helpers import NOON, Run, at, click, game_of, press, send, start


def tick(seconds: float) -> Tick:
    return Tick(NOON, 0, seconds)


def screen(state) -> str:  # type: ignore[no-untyped-def]
    window = FakeWindow(24, 80)
    view.draw(window, state, draw.plain_theme())
    return window.screen()


def play(state, name: str, seconds: float):  # type: ignore[no-untyped-def]
    """A tick at ``seconds``, then a click on ``name`` (the loop times each key by the tick before it)."""
    state = send(state, tick(seconds))
    return send(state, click(state, at(state, name)))


def test_fischer_clocks_are_shown_pressed_and_given_their_increment() -> None:
    state = send(start("pvp", clock=parse_clock("1+2")), tick(100.0))
    clock = game_of(state).clock
    assert clock.running is Stone.BLACK
    state = play(state, "h8", 110.0)  # black took 10 s: 60 - 10 + 2
    clock = game_of(state).clock
    assert clock.running is Stone.WHITE and clock.side(Stone.BLACK).main == 52.0
    state = send(state, tick(115.0))
    shown = screen(state)
    assert "● 0:52" in shown and "○ 0:55" in shown


def test_a_flag_fall_ends_the_game_and_says_so() -> None:
    state = send(start("pvp", clock=parse_clock("1+2")), tick(0.0))
    state = play(state, "h8", 5.0)
    run = Run(state).send(tick(66.0))  # white's minute is gone
    game = game_of(run.state)
    assert game.flagged is not None and game.flagged.termination is Termination.TIME
    assert game.flagged.winner is Stone.BLACK and game.over
    assert run.state.message == "Black wins on time."
    assert run.of(Autosave) and run.of(RetireAutosave)
    assert "Black wins on time. Game over after 1 move." in screen(run.state)
    refused = send(run.state, click(run.state, at(run.state, "a1")))
    assert len(game_of(refused).board.moves) == 1 and "The game is over" in refused.message


def test_the_flag_falls_on_a_tick_before_any_key_of_that_moment() -> None:
    state = send(start("pvp", clock=parse_clock("10s")), tick(0.0))
    late = play(state, "h8", 12.0)  # the key comes after the tick that finds the 10 s gone: it plays nothing
    assert game_of(late).flagged is not None and game_of(late).board.moves == []
    assert game_of(late).flagged.winner is Stone.WHITE


def test_undo_puts_both_clocks_back() -> None:
    state = send(start("pvp", clock=parse_clock("1+0")), tick(0.0))
    state = play(state, "h8", 10.0)  # black 50 left
    state = play(state, "i9", 30.0)  # white 40 left
    state = send(state, tick(40.0))
    back = press(state, "u")  # white's i9 taken back: white's clock as before it, running again
    clock = game_of(back).clock
    assert clock.running is Stone.WHITE
    assert clock.remaining(Stone.WHITE, 40.0) == 60.0 and clock.remaining(Stone.BLACK, 40.0) == 50.0
    assert "No redo with a clock" in press(back, "r").message


def test_two_players_can_pause_the_clocks() -> None:
    state = send(start("pvp", clock=parse_clock("1+0")), tick(0.0))
    state = send(state, tick(5.0))
    paused = press(state, "p")
    assert game_of(paused).clock.paused
    later = send(paused, tick(500.0))
    assert game_of(later).flagged is None
    resumed = press(later, "p")
    assert game_of(resumed).clock.remaining(Stone.BLACK, 505.0) == 50.0


def test_the_computer_thinks_by_the_clock() -> None:
    run = Run(start("pvc", level="hard", clock=parse_clock("0.1+0")))  # 6 s for the game
    run.send(tick(0.0))
    run.send(click(run.state, at(run.state, "h8")))
    job = [effect for effect in run.effects if isinstance(effect, StartAi)][-1]
    assert job.think_time == pytest.approx(6.0 / 30)  # its share of the time left (30 moves to go)


def test_a_clock_under_ten_seconds_is_marked_and_shows_tenths_as_the_network_game_does() -> None:
    state = send(start("pvp", clock=parse_clock("0.25+0")), tick(0.0))  # 15 s each
    state = send(state, tick(4.5))
    assert "● 0:10 " in screen(state) and "○ 0:15" in screen(state)  # 10.5 s: never rounded up
    state = send(state, tick(7.25))
    assert "● !0:07.7" in screen(state)


def test_byo_yomi_shows_the_periods_left_after_the_time() -> None:
    state = send(start("pvp", clock=parse_clock("0+3x20")), tick(0.0))  # no main time: 3 periods of 20 s
    assert "● 0:20 x3" in screen(state)
    state = send(state, tick(25.0))  # the first period used up, 15 s into the second
    assert "● 0:15 x2" in screen(state)


def test_against_the_computer_the_result_says_who_won_on_time() -> None:
    state = send(start("pvc", level="easy", clock=parse_clock("10s")), tick(0.0))
    state = send(state, tick(11.0))  # the human (black) let the 10 s run out
    assert state.message == "The computer (white) wins on time."


def test_saving_keeps_the_clock_and_each_moves_time() -> None:
    from gomoku.records import read_psq, read_sgf, write_psq, write_sgf
    from gomoku.tui.screens.prompt import record_to_save

    state = send(start("pvp", clock=parse_clock("1+2")), tick(0.0))
    state = play(state, "h8", 10.0)
    state = play(state, "i9", 15.0)
    record = record_to_save(state.screen, "game.sgf")
    assert record is not None
    assert record.move_times == (10.0, 5.0) and record.time_left == (52.0, 57.0)
    again = read_sgf(write_sgf(record))
    assert again.clock == parse_clock("1+2") and again.time_left == (52.0, 57.0)
    assert read_psq(write_psq(record)).move_times == (10.0, 5.0)


def test_a_resumed_game_keeps_each_sides_time() -> None:
    from gomoku.tui.saves import game_from_saved, saved_from_game
    from gomoku.tui.settings import Settings

    state = send(start("pvp", clock=parse_clock("1+2")), tick(0.0))
    state = play(state, "h8", 10.0)
    again = game_from_saved(saved_from_game(game_of(state)), ("easy", "normal", "hard"), Settings())
    assert again.clock.spec == parse_clock("1+2")
    assert again.clock.side(Stone.BLACK).main == 52.0 and again.clock.side(Stone.WHITE).main == 60.0
    assert again.clock.running is None  # it starts again on the first tick after the resume
