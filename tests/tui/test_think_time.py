"""The menu's level ladder and think time (issue 22): what each level is like, and how long the timed ones think."""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from gomoku.ai import LEVELS
from gomoku.cli import build_parser
from gomoku.tui.draw import plain_theme
from gomoku.tui.effects import SaveSettings, StartAi
from gomoku.tui.model import MenuRow, State
from gomoku.tui.options import settings_from_args
from gomoku.tui.screens import menu
from gomoku.tui.settings import THINK_TIMES, Mode, Settings, Side, load_settings, read_settings, save_settings
from gomoku.tui.update import initial_state
from gomoku.tui.view import draw
from tests.tui.fake_window import FakeWindow
from tests.tui.helpers import Run

ALL_LEVELS = tuple(LEVELS)


def at_row(row: MenuRow, **chosen: object) -> State:
    state = initial_state(replace(Settings(), **chosen), ALL_LEVELS)[0]  # type: ignore[arg-type]
    return replace(state, screen=replace(state.screen, row=row))  # type: ignore[type-var]


def screen_text(state: State) -> str:
    """The screen's text, line breaks and borders taken out (wrap points do not matter)."""
    window = FakeWindow(24, 80)
    draw(window, state, plain_theme())
    return " ".join(" ".join(window.lines()).replace("│", " ").split())


def test_every_level_is_shown_with_its_place_on_the_ladder_and_what_it_is_like() -> None:
    state = at_row(MenuRow.LEVEL, mode=Mode.PVC, level=ALL_LEVELS[0])
    seen = []
    for _ in ALL_LEVELS:
        level = state.settings.level
        text = screen_text(state)
        assert f"{LEVELS[level].number} {level}" in text
        assert LEVELS[level].description in text
        seen.append(level)
        state = Run(state).press("right").state
    assert seen == list(ALL_LEVELS) and state.settings.level == ALL_LEVELS[0]  # round and round


def test_think_time_is_dimmed_for_a_level_that_does_not_think_by_time() -> None:
    state = at_row(MenuRow.THINK, mode=Mode.PVC, level="normal")
    assert not menu.applies(state.settings, MenuRow.THINK)
    run = Run(state).press("right")
    assert run.state.settings.think_time is None and not run.of(SaveSettings)
    assert "think by time" in run.state.message and "hard" in run.state.message


def test_think_time_cycles_is_remembered_and_reaches_the_computer() -> None:
    state = at_row(MenuRow.THINK, mode=Mode.PVC, level="hard", black=Side.COMPUTER)
    run = Run(state).press("right")
    chosen = run.state.settings.think_time
    assert chosen == THINK_TIMES[1] and run.of(SaveSettings)[-1].settings.think_time == chosen
    assert Run(state).press("left").state.settings.think_time == THINK_TIMES[-1]
    started = run.press("enter").of(StartAi)
    assert started and started[-1].level == "hard" and started[-1].think_time == chosen


def test_watch_mode_has_a_think_time_when_either_side_thinks_by_time() -> None:
    state = at_row(MenuRow.THINK, mode=Mode.CVC, black_level="easy", white_level="expert")
    assert menu.applies(state.settings, MenuRow.THINK)
    assert not menu.applies(replace(state.settings, white_level="normal"), MenuRow.THINK)


def test_the_think_time_is_remembered_and_a_bad_one_is_said(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert save_settings(Settings(think_time=2.0), path)
    assert load_settings(ALL_LEVELS, path).think_time == 2.0
    path.write_text('{"think_time": -3}', encoding="utf-8")
    settings, problem = read_settings(ALL_LEVELS, path)
    assert settings.think_time is None and "think_time" in problem


def test_the_command_line_think_time_is_for_this_run() -> None:
    args: argparse.Namespace = build_parser().parse_args(["--level", "master", "--think-time", "2.5"])
    settings = settings_from_args(args, Settings(), ALL_LEVELS)
    assert settings.think_time == 2.5 and settings.level == "master"
