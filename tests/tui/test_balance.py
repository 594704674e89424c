"""``B`` at an opening step, through the terminal game's ``update``: the job, its answer, and when it goes away."""

from __future__ import annotations

import pytest

from gomoku.ai.opening import Placement
from gomoku.openings import OpeningRule
from gomoku.point import parse_point
from gomoku.tui import draw, view
from gomoku.tui.bindings import elsewhere
from gomoku.tui.effects import AiKind, CancelAi
from gomoku.tui.events import AiDone
from tests.tui.fake_window import FakeWindow
from tests.tui.helpers import Run, game_of, play_at, press, send, start, started


def read(*pairs: tuple[str, float]) -> tuple[Placement, ...]:
    return tuple(Placement(parse_point(name, 15), value) for name, value in pairs)


def screen(state, rows: int = 30, cols: int = 100) -> str:  # type: ignore[no-untyped-def]
    window = FakeWindow(rows, cols)
    view.draw(window, state, draw.plain_theme())
    return window.screen()


def test_b_reads_in_the_computers_worker_and_the_answer_is_marked_listed_and_said() -> None:
    state = play_at(start("pvp", opening=OpeningRule.SWAP2), "h8", "h9")
    run = Run(state).press("B")
    jobs = started(run.effects)
    assert [job.kind for job in jobs] == [AiKind.BALANCE] and jobs[0].opening is game_of(state).opening
    assert "Reading the placements nearest to even..." in run.state.message
    placements = read(("i8", -150.0), ("g9", 400.0), ("j10", -900.0))
    answered = send(run.state, AiDone(jobs[0].job, placements[0].point, placements=placements))
    assert answered.message == (
        "Nearest to even: i8 49% for black, g9 52% for black, j10 46% for black (B hides them)."
    )
    shown = screen(answered)
    assert "Nearest to even" in shown and "1 i8 49% for black" in shown and "3 j10 46% for black" in shown
    assert game_of(answered).cursor == parse_point("i8", 15)  # Enter places the first, as after a hint
    hidden = press(answered, "B")
    assert hidden.message == "Balanced placements hidden." and "Nearest to even" not in screen(hidden)


def test_a_step_taken_while_reading_cancels_the_job_and_its_late_answer_is_dropped() -> None:
    state = play_at(start("pvp", opening=OpeningRule.SWAP2), "h8", "h9")
    run = Run(state).press("B")
    job = started(run.effects)[0].job
    moved = run.press("l", "enter")  # the 3rd stone placed by hand
    assert CancelAi(job) in moved.effects
    late = send(moved.state, AiDone(job, parse_point("i8", 15), placements=read(("i8", 0.0))))
    assert game_of(late).balanced is None and "Nearest to even" not in screen(late)


def test_b_where_no_stone_is_placed_says_so_and_over_the_network_it_is_refused() -> None:
    state = play_at(start("pvp", opening=OpeningRule.SWAP2), "h8", "h9", "j9")
    refused = press(state, "x", "B")  # the colours chosen: the opening is over
    assert refused.message.startswith("B balanced: only while you place or offer a stone under an opening rule")
    assert elsewhere("B", network=True) == "B balanced: only in games on this computer (? lists this game's keys)."


def test_at_a_soosorv8_offer_b_lists_the_5th_moves_best_for_black() -> None:
    state = play_at(start("pvp", rule="renju", opening=OpeningRule.SOOSORV8), "h8", "h9", "j10")
    state = press(state, "c")
    state = play_at(state, "d4")
    state = press(state, "2", "c")  # white declares two; black keeps the colours and offers
    run = Run(state).press("B")
    assert "Reading the 5th moves best for black..." in run.state.message
    job = started(run.effects)[0]
    offers = read(("k11", 900.0), ("g7", 300.0))
    answered = send(run.state, AiDone(job.job, offers[0].point, placements=offers))
    assert answered.message == "5th moves best for black: k11 54% for black, g7 51% for black (B hides them)."
    assert "5th moves best for black" in screen(answered)


@pytest.mark.parametrize(
    ("opening", "stones", "keys"),
    [
        (OpeningRule.TARAGUCHI10, ("h8",), ()),  # white may swap or place the 2nd stone inside 3x3
        (OpeningRule.TARAGUCHI10, ("h8",), ("c",)),  # kept: white places the 2nd stone
        (OpeningRule.SOOSORV8, ("h8", "h9", "j10"), ("c",)),  # white places the 4th anywhere
    ],
)
def test_b_reads_the_placements_at_taraguchi10_and_soosorv8_steps(opening, stones, keys) -> None:  # type: ignore[no-untyped-def]
    state = press(play_at(start("pvp", rule="renju", opening=opening), *stones), *keys)
    run = Run(state).press("B")
    jobs = started(run.effects)
    assert [job.kind for job in jobs] == [AiKind.BALANCE] and jobs[0].opening is game_of(state).opening
    assert "Reading the placements nearest to even..." in run.state.message
