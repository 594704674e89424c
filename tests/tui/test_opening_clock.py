"""Clocks during the opening, as data: the local game runs them by the core's rule (:mod:`gomoku.game`).

The clock starts with the first opening step (not timed itself); each step
(a stone, a swap or stay, a declared number, each offer, the pick) presses it
as a move does, charging its player and giving the increment; a player's time
stays with the player when the colours change hands.  The network host plays
the same steps through the same core and leaves the same times.
"""

from __future__ import annotations

import pytest

from gomoku import openings as o
from gomoku.clock import parse_clock
from gomoku.net.match import BlackChoice, GameSettings, Role
from gomoku.openings import OpeningRule, Seat
from gomoku.rules import Outcome, Stone, Termination
from gomoku.tui.effects import AiKind
from gomoku.tui.events import AiDone, Key, Tick
from tests.net.test_fair import QUIET
from tests.net.wire import Wire
from tests.tui.helpers import NOON, Run, at, begin, click, game_of, send, start

#: Swap2 under 1+2 (60 s, 2 s a step): (the moment, the seat acting, the step, the first player's and the
#: second player's time left after it, the seat whose time then runs).
SWAP2_STEPS = [
    (5.0, Seat.FIRST, "place h8", 60.0, 60.0, Seat.FIRST),  # the first step starts the clock, not timed itself
    (8.0, Seat.FIRST, "place h9", 59.0, 60.0, Seat.FIRST),  # 60 - 3 + 2; the first player places again
    (10.0, Seat.FIRST, "place j9", 59.0, 60.0, Seat.SECOND),
    (20.0, Seat.SECOND, "place-two", 59.0, 52.0, Seat.SECOND),  # 60 - 10 + 2
    (26.0, Seat.SECOND, "place g7", 59.0, 48.0, Seat.SECOND),
    (30.0, Seat.SECOND, "place j7", 59.0, 46.0, Seat.FIRST),
    (41.0, Seat.FIRST, "swap", 50.0, 46.0, Seat.FIRST),  # the first player now holds white: white's 6th is its move
    (45.0, Seat.FIRST, "move k10", 48.0, 46.0, Seat.SECOND),
]

#: The local screen's key for each choice.
KEYS = {"place-two": "2", "swap": "x", "stay": "c"}


def tick(seconds: float) -> Tick:
    return Tick(NOON, 0, seconds)


def local_step(state, seconds: float, text: str):  # type: ignore[no-untyped-def]
    """A tick at ``seconds``, then the step ``text`` by its key or a click (the loop times a key by its tick)."""
    state = send(state, tick(seconds))
    if text in KEYS:
        return send(state, Key(KEYS[text]))
    return send(state, click(state, at(state, text.split()[1])))


def local_times(state, seconds: float) -> tuple[float, float, Seat | None]:  # type: ignore[no-untyped-def]
    """The first and the second player's time at ``seconds``, and whose runs (the clock is kept by seat)."""
    game = game_of(state).game
    first, second = (game.time_left(seat, seconds) for seat in Seat)
    return first, second, game.clock_seat


@pytest.mark.parametrize("count", range(1, len(SWAP2_STEPS) + 1))
def test_swap2_steps_press_the_local_clock_by_the_cores_rule(count: int) -> None:
    local = send(start("pvp", opening=OpeningRule.SWAP2, clock=parse_clock("1+2")), tick(0.0))
    for seconds, _, text, *_ in SWAP2_STEPS[:count]:
        local = local_step(local, seconds, text)
    seconds, _, text, first, second, running = SWAP2_STEPS[count - 1]
    assert local_times(local, seconds) == (pytest.approx(first), pytest.approx(second), running)


@pytest.mark.parametrize("count", range(1, len(SWAP2_STEPS) + 1))
def test_swap2_steps_press_the_local_clock_as_the_network_hosts(count: int) -> None:
    steps = SWAP2_STEPS[:count]
    local = send(start("pvp", opening=OpeningRule.SWAP2, clock=parse_clock("1+2")), tick(0.0))
    wire = Wire(GameSettings(black=BlackChoice.HOST, opening=OpeningRule.SWAP2, clock=parse_clock("1+2")), limits=QUIET)
    guest = wire.join(limits=QUIET)
    roles = {Seat.FIRST: wire.host, Seat.SECOND: guest}
    for seconds, seat, text, *_ in steps:
        local = local_step(local, seconds, text)
        wire.now = seconds
        session = roles[seat]
        if text.startswith("move"):
            wire.act(session, session.play(o.parse_move(f"place {text.split()[1]}", 15).point, now=seconds))
        else:
            wire.act(session, session.step(o.parse_move(text, 15), now=seconds))
    seconds, _, text, first, second, running = steps[-1]
    assert local_times(local, seconds) == (pytest.approx(first), pytest.approx(second), running)
    host_clock = wire.host.snapshot().table.clock
    assert host_clock.left(Role.HOST, seconds) == pytest.approx(first)
    assert host_clock.left(Role.GUEST, seconds) == pytest.approx(second)
    assert host_clock.running is (Role.HOST if running is Seat.FIRST else Role.GUEST)


def test_undo_in_the_opening_puts_both_clocks_back_step_by_step() -> None:
    state = send(start("pvp", opening=OpeningRule.SWAP2, clock=parse_clock("1+2")), tick(0.0))
    for seconds, _, text, *_ in SWAP2_STEPS:
        state = local_step(state, seconds, text)
    state = send(state, tick(50.0), Key("u"))  # the move k10: as before it, the first player (white) to move
    assert local_times(state, 50.0) == (pytest.approx(50.0), pytest.approx(46.0), Seat.FIRST)
    state = send(state, tick(51.0), Key("u"))  # the swap: the second player's choice again, colours back
    game = game_of(state)
    assert game.in_opening and game.opening.black is Seat.FIRST
    assert local_times(state, 51.0) == (pytest.approx(59.0), pytest.approx(46.0), Seat.FIRST)


def test_a_flag_can_fall_in_the_opening() -> None:
    state = send(start("pvp", opening=OpeningRule.SWAP1, clock=parse_clock("10s")), tick(0.0))
    state = local_step(state, 4.0, "place h8")
    late = send(state, tick(15.0))  # the first player's 2nd stone took more than 10 s
    game = game_of(late)
    assert game.game.result == Outcome(Termination.TIME, Stone.WHITE)
    assert game_of(send(late, click(late, at(late, "h9")))).board.moves == game.board.moves


def test_the_computers_opening_decision_takes_its_time_from_its_clock() -> None:
    run = begin("pvc", black="computer", opening=OpeningRule.SWAP1, clock=parse_clock("0.1+0"))  # 6 s a side
    run.send(tick(0.0))
    assert run.state.ai is not None and run.state.ai.kind is AiKind.OPENING
    run.send(tick(1.0), AiDone(run.state.ai.job, at(run.state, "h8"), opening_move=o.parse_move("place h8", 15)))
    assert run.state.ai is not None  # the first step started the clock; the second is timed
    run.send(tick(3.0), AiDone(run.state.ai.job, at(run.state, "h9"), opening_move=o.parse_move("place h9", 15)))
    job = [effect for effect in run.effects if getattr(effect, "kind", None) is AiKind.OPENING][-1]
    assert job.think_time == pytest.approx(4.0 / 30)  # its share of the 4 s left (30 moves to go)
    assert game_of(run.state).game.time_left(Seat.FIRST, 3.0) == pytest.approx(4.0)


def test_no_clock_leaves_the_opening_untimed() -> None:
    run = Run(start("pvc", black="computer", opening=OpeningRule.SWAP1))
    run.send(tick(0.0))
    job = [effect for effect in run.effects if getattr(effect, "kind", None) is AiKind.OPENING]
    assert not game_of(run.state).clock.enabled and all(effect.think_time is None for effect in job)


def test_a_saved_record_times_the_moves_after_the_opening_not_its_steps() -> None:
    from gomoku.tui.screens.prompt import record_to_save

    state = send(start("pvp", opening=OpeningRule.SWAP2, clock=parse_clock("1+2")), tick(0.0))
    for seconds, _, text, *_ in SWAP2_STEPS:
        state = local_step(state, seconds, text)
    state = local_step(state, 48.0, "move l11")  # black (the second player) took 3 s: 46 - 3 + 2
    record = record_to_save(state.screen, "game.sgf")
    assert record is not None
    assert record.move_times == (None,) * 5 + (4.0, 3.0)  # the five opening stones are steps, not moves
    assert record.time_left == (None,) * 5 + (48.0, 45.0)


def test_the_status_line_shows_both_clocks_during_the_opening() -> None:
    from gomoku.tui import draw, view
    from tests.tui.fake_window import FakeWindow

    state = send(start("pvp", opening=OpeningRule.SWAP2, clock=parse_clock("1+2")), tick(0.0))
    state = send(local_step(state, 5.0, "place h8"), tick(9.0))  # the first player's 2nd stone: 60 - 4 s
    window = FakeWindow(24, 80)
    view.draw(window, state, draw.plain_theme())
    status = " ".join(window.screen().splitlines()[-2].split())
    assert status == "Black (player 1): place the 2nd stone (white) anywhere ● 0:56 ○ 1:00"


def test_a_long_prompt_shortens_and_both_clocks_stay() -> None:
    # issue 28, item 5: the clocks vanished behind a long opening prompt
    from gomoku.tui import draw, view
    from tests.tui.fake_window import FakeWindow

    state = send(start("pvp", opening=OpeningRule.SWAP2, clock=parse_clock("1+2")), tick(0.0))
    for seconds, text in ((1.0, "place h8"), (2.0, "place h9"), (3.0, "place j9")):
        state = local_step(state, seconds, text)
    state = send(state, tick(10.0))  # the second player (white) has thought 7 s over its choice
    for cols in (78, 60):
        window = FakeWindow(24, cols)
        view.draw(window, state, draw.plain_theme())
        status = " ".join(window.screen().splitlines()[-2].split())
        assert status == "white: swap / keep / two more ● 1:02 ○ 0:53", cols
