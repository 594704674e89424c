"""Game clocks on the local game screen, time passed in as ticks: shown, pressed, flag fall, undo, pause."""

from __future__ import annotations

import pytest

from gomoku.clock import parse_clock
from gomoku.openings import Seat
from gomoku.rules import Outcome, Stone, Termination
from gomoku.savegame import keep_game, load_game, save_game
from gomoku.tui import draw, view
from gomoku.tui.effects import Autosave, RetireAutosave, StartAi
from gomoku.tui.events import AiDone, Tick
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


def times(state, seconds: float) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """The first and the second seat's time left at ``seconds`` (the clock is kept by seat)."""
    game = game_of(state).game
    return game.time_left(Seat.FIRST, seconds), game.time_left(Seat.SECOND, seconds)


def test_fischer_clocks_are_shown_pressed_and_given_their_increment() -> None:
    state = send(start("pvp", clock=parse_clock("1+2")), tick(100.0))
    assert game_of(state).game.clock_seat is None  # the clock starts with the first move
    state = play(state, "h8", 105.0)  # the first move is not timed; white's time runs from it
    assert game_of(state).game.clock_seat is Seat.SECOND and times(state, 105.0) == (60.0, 60.0)
    state = play(state, "i9", 115.0)  # white took 10 s: 60 - 10 + 2
    assert game_of(state).game.clock_seat is Seat.FIRST and times(state, 115.0) == (60.0, 52.0)
    state = send(state, tick(118.0))
    shown = screen(state)
    assert "● 0:57" in shown and "○ 0:52" in shown


def test_a_flag_fall_ends_the_game_and_says_so_once() -> None:
    state = send(start("pvp", clock=parse_clock("1+2")), tick(0.0))
    state = play(state, "h8", 5.0)
    run = Run(state).send(tick(66.0))  # white's minute is gone
    game = game_of(run.state)
    assert game.game.result == Outcome(Termination.TIME, Stone.BLACK) and game.over
    assert "Black wins on time" not in run.state.message, "the status line says it: the message says what next"
    assert run.of(Autosave) and run.of(RetireAutosave)
    shown = screen(run.state)
    assert "Black wins on time. Game over after 1 move." in shown and shown.count("wins on time") == 1
    refused = send(run.state, click(run.state, at(run.state, "a1")))
    assert len(game_of(refused).board.moves) == 1 and "The game is over" in refused.message


def test_a_game_lost_on_time_is_saved_as_over_and_kept_as_finished(tmp_path, monkeypatch) -> None:
    """A loss on time is not on the board: the save says the game is over, so it is kept as ``finished-...``."""
    monkeypatch.setenv("GOMOKU_HOME", str(tmp_path))
    state = play(send(start("pvp", clock=parse_clock("1+2")), tick(0.0)), "h8", 5.0)
    (saved,) = [effect.saved for effect in Run(state).send(tick(66.0)).of(Autosave)]
    assert saved.ended and saved.finished and not saved.to_board().is_game_over()
    save_game(saved)
    kept = keep_game()
    assert kept is not None and kept.name.startswith("finished-")
    assert load_game(kept) == saved


def test_no_flag_falls_before_the_first_move() -> None:
    # issue 28, item 7: "White wins on time. Game over after 0 moves." when nobody had moved
    state = send(start("pvp", clock=parse_clock("10s")), tick(0.0), tick(1000.0))
    assert not game_of(state).over and times(state, 1000.0) == (10.0, 10.0)


def test_the_flag_falls_on_a_tick_before_any_key_of_that_moment() -> None:
    state = play(send(start("pvp", clock=parse_clock("10s")), tick(0.0)), "h8", 1.0)
    late = play(state, "i9", 12.0)  # the key comes after the tick that finds white's 10 s gone: it plays nothing
    assert game_of(late).game.result == Outcome(Termination.TIME, Stone.BLACK)
    assert len(game_of(late).board.moves) == 1


def test_undo_puts_both_clocks_back_and_offers_no_redo() -> None:
    state = send(start("pvp", clock=parse_clock("1+0")), tick(0.0))
    state = play(state, "h8", 10.0)  # the first move: not timed
    state = play(state, "i9", 30.0)  # white 40 left
    state = send(state, tick(40.0))
    back = press(state, "u")  # white's i9 taken back: white's time as before it, running again
    assert game_of(back).game.clock_seat is Seat.SECOND and times(back, 40.0) == (60.0, 60.0)
    # issue 28, item 4: "Took back i9 (r redoes)." then r: "No redo with a clock"
    assert back.message == "Took back i9."
    assert not any("redo" in text for text in view_key_line(back))
    assert press(back, "r").message == "No redo with a clock: play the moves again."
    assert len(game_of(press(back, "r")).board.moves) == 1
    assert game_of(press(back, "r")).board.moves == game_of(back).board.moves


def view_key_line(state) -> list[str]:  # type: ignore[no-untyped-def]
    from gomoku.tui.screen import context
    from gomoku.tui.screens import game

    return game.key_line(state.screen, context(state)) or []


def test_two_players_can_pause_the_clocks() -> None:
    state = play(send(start("pvp", clock=parse_clock("1+0")), tick(0.0)), "h8", 0.0)
    state = send(state, tick(5.0))
    paused = press(state, "p")
    assert game_of(paused).clock.paused
    later = send(paused, tick(500.0))
    assert not game_of(later).over
    resumed = press(later, "p")
    assert times(resumed, 505.0) == (60.0, 50.0)


def test_a_move_while_paused_ends_the_pause_for_the_clocks_and_the_next_p_pauses() -> None:
    # issue 28, item 1: after a move while paused the clocks ran, and the next p said "Resumed."
    state = play(send(start("pvp", clock=parse_clock("1+0")), tick(0.0)), "h8", 0.0)
    paused = press(send(state, tick(5.0)), "p")
    moved = play(paused, "i9", 100.0)
    assert not game_of(moved).paused and "Resumed" in moved.message
    assert times(moved, 110.0) == (50.0, 55.0)  # white charged 5 s, not the pause; black's time runs
    assert press(moved, "p").message.startswith("Paused")


def test_against_the_computer_a_move_while_paused_lets_the_computer_answer() -> None:
    # issue 28, item 1: the computer never answered and lost on time
    run = Run(start("pvc", level="easy", clock=parse_clock("1+0")))
    run.send(tick(0.0)).press("p")
    run.send(tick(3.0), click(run.state, at(run.state, "h8")))
    assert not game_of(run.state).paused
    assert run.state.ai is not None and run.of(StartAi), "the computer is asked for its move"


def test_the_computer_thinks_by_the_clock() -> None:
    run = Run(start("pvc", level="hard", clock=parse_clock("0.1+0")))  # 6 s for the game
    run.send(tick(0.0))
    run.send(click(run.state, at(run.state, "h8")))
    job = [effect for effect in run.effects if isinstance(effect, StartAi)][-1]
    assert job.think_time == pytest.approx(6.0 / 30)  # its share of the time left (30 moves to go)


def test_in_watch_mode_only_thinking_is_charged_not_the_pace() -> None:
    # issue 28, item 3: the display pace was charged to the computers' clocks
    run = Run(start("cvc", clock=parse_clock("1+0")))
    run.send(tick(0.0))
    first = run.state.ai
    assert first is not None
    run.send(tick(2.0), AiDone(first.job, at(run.state, "h8"), thought=0.5))
    second = run.state.ai
    assert second is not None and second.job != first.job
    run.send(tick(10.0), AiDone(second.job, at(run.state, "i9"), thought=1.5))  # thought 1.5 s, shown at 10 s
    assert times(run.state, 10.0) == (60.0, 58.5)


def test_in_watch_mode_the_paces_wait_never_makes_a_flag_fall() -> None:
    # issue 28, item 3: "--level hard --clock 0.1+0 is lost on time after 18 moves" at a slow pace
    from gomoku.tui.settings import Pace

    run = Run(start("cvc", clock=parse_clock("0.02+0"), pace=Pace.SLOW))  # 1.2 s a side, 1.5 s between moves
    moment = 0.0
    run.send(tick(moment))
    for number, point in enumerate(("h8", "i9", "j10", "a1", "b2", "c3")):
        job = run.state.ai
        assert job is not None and job.delay == Pace.SLOW.seconds, number
        for wait in (0.5, 1.0, 1.4):  # ticks while the answer waits for the pace
            run.send(tick(moment + wait))
        moment += Pace.SLOW.seconds
        run.send(tick(moment), AiDone(job.job, at(run.state, point), thought=0.1))
    assert not game_of(run.state).over, run.state.message
    first, second = times(run.state, moment)
    assert first == pytest.approx(1.0) and second == pytest.approx(0.9)  # 0.1 s a move thought, the first untimed


def test_a_clock_under_ten_seconds_is_marked_and_shows_tenths_as_the_network_game_does() -> None:
    state = play(send(start("pvp", clock=parse_clock("0.25+0")), tick(0.0)), "h8", 0.0)  # 15 s each
    state = send(state, tick(4.5))
    shown = screen(state)
    assert "○ 0:10" in shown and "○ 0:10." not in shown and "● 0:15" in shown  # 10.5 s: never rounded up
    state = send(state, tick(7.25))
    assert "○ !0:07.7" in screen(state)


def test_byo_yomi_shows_the_periods_left_after_the_time() -> None:
    state = play(send(start("pvp", clock=parse_clock("0+3x20")), tick(0.0)), "h8", 0.0)  # 3 periods of 20 s
    assert "○ 0:20 x3" in screen(state)
    state = send(state, tick(25.0))  # the first period used up, 15 s into the second
    assert "○ 0:15 x2" in screen(state)


def test_against_the_computer_the_result_says_who_won_on_time() -> None:
    run = Run(start("pvc", level="easy", clock=parse_clock("10s")))
    run.send(tick(0.0), click(run.state, at(run.state, "h8")))
    job = run.state.ai
    assert job is not None
    run.send(tick(1.0), AiDone(job.job, at(run.state, "i9"), thought=1.0))
    run.send(tick(12.0))  # the human (black) let the 10 s run out
    assert "The computer (white) wins on time." in screen(run.state)


def test_saving_keeps_the_clock_and_each_moves_time() -> None:
    from gomoku.records import read_psq, read_sgf, write_psq, write_sgf
    from gomoku.tui.screens.prompt import record_to_save

    state = send(start("pvp", clock=parse_clock("1+2")), tick(0.0))
    state = play(state, "h8", 10.0)  # not timed
    state = play(state, "i9", 15.0)
    state = play(state, "j10", 20.0)
    record = record_to_save(state.screen, "game.sgf")
    assert record is not None
    assert record.move_times == (None, 5.0, 5.0) and record.time_left == (None, 57.0, 57.0)
    again = read_sgf(write_sgf(record))
    assert again.clock == parse_clock("1+2") and again.time_left == (None, 57.0, 57.0)
    assert read_psq(write_psq(record)).move_times[1:] == (5.0, 5.0)


def test_a_resumed_game_keeps_each_seats_time_and_the_time_of_the_move_under_way() -> None:
    from gomoku.tui.saves import game_from_saved, saved_from_game
    from gomoku.tui.settings import Settings

    state = send(start("pvp", clock=parse_clock("1+2")), tick(0.0))
    state = play(state, "h8", 0.0)
    state = play(state, "i9", 10.0)  # white 52
    state = send(state, tick(30.0))  # black has thought 20 s when the game is saved (issue 28, item 2)
    again = game_from_saved(saved_from_game(game_of(state), 30.0), ("easy", "normal", "hard"), Settings())
    assert again.clock.spec == parse_clock("1+2")
    resumed = again.game.tick(100.0)  # the clock stood still till the player came back
    assert resumed.time_left(Seat.FIRST, 100.0) == 40.0 and resumed.time_left(Seat.SECOND, 100.0) == 52.0


def test_a_save_of_the_previous_version_keeps_each_players_time_through_a_swap() -> None:
    # before the clock was kept by seat, a save held each colour's time, exchanged at every swap
    from gomoku.savegame import SavedGame
    from gomoku.tui.saves import game_from_saved
    from gomoku.tui.settings import Settings

    saved = SavedGame.from_json(
        {
            "format": "gomoku-save",
            "version": 1,
            "saved_at": "2026-11-30T10:00:00Z",
            "size": 15,
            "rule": "freestyle",
            "moves": ["h8", "h9", "j9"],
            "redo": [],
            "mode": "pvp",
            "players": {"black": "human", "white": "human"},
            "level": "normal",
            "extra": {
                "cursor": "j9",
                "opening": {"rule": "swap1", "steps": ["place h8", "place h9", "place j9", "swap"], "computer": []},
                "clock": {"spec": "1+2", "black": [50.0, 0], "white": [40.0, 0]},
            },
        }
    )
    game = game_from_saved(saved, ("easy", "normal", "hard"), Settings()).game
    assert game.seat_of(Stone.BLACK) is Seat.SECOND and game.acting_seat is Seat.FIRST  # white (the first) to move
    resumed = game.tick(100.0)
    assert resumed.time_left(Seat.SECOND, 100.0) == 50.0 and resumed.time_left(Seat.FIRST, 110.0) == 30.0
