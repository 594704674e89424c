"""The menu's opening-rule and clock rows: shown, changed round and round, remembered, read back."""

from __future__ import annotations

from dataclasses import replace

from gomoku.clock import parse_clock
from gomoku.openings import OpeningRule
from gomoku.tui.effects import SaveSettings
from gomoku.tui.model import MenuRow, Playing
from gomoku.tui.screens import menu
from gomoku.tui.settings import Mode, Settings, read_settings, validated
from tests.tui.helpers import LEVELS, Run, menu_state


def on(state, row: MenuRow):  # type: ignore[no-untyped-def]
    return replace(state, screen=replace(state.screen, row=row))


def test_the_opening_row_goes_round_every_rule_and_is_remembered() -> None:
    run = Run(on(menu_state(mode=Mode.PVP), MenuRow.OPENING))
    seen = []
    for _ in OpeningRule:
        run.press("right")
        seen.append(run.state.settings.opening)
    assert seen == [*list(OpeningRule)[1:], OpeningRule.NONE]
    saved = run.of(SaveSettings)[-1].settings
    assert saved.to_json()["opening"] == "none"
    assert validated({"opening": "swap2"}, LEVELS).opening is OpeningRule.SWAP2


def test_the_clock_row_offers_the_usual_controls_and_a_game_starts_with_them() -> None:
    run = Run(on(menu_state(mode=Mode.PVP), MenuRow.CLOCK))
    run.press("right")
    assert run.state.settings.clock == parse_clock("5+3")
    assert "5 min + 3 s a move" in menu.value_text(run.state.settings, MenuRow.CLOCK)
    run.press("enter")
    assert isinstance(run.state.screen, Playing) and run.state.screen.game.clock.spec == parse_clock("5+3")
    assert validated({"clock": "10+5x30"}, LEVELS).clock == parse_clock("10+5x30")


def test_watch_mode_has_no_room_for_them_but_people_playing_do() -> None:
    assert MenuRow.OPENING in menu.rows(menu_state(mode=Mode.PVC), menu_state().screen)
    assert MenuRow.OPENING not in menu.rows(menu_state(mode=Mode.CVC), menu_state().screen)


def test_a_damaged_opening_or_clock_in_the_settings_file_is_named_and_defaulted(tmp_path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"opening": "swap9", "clock": "forever"}')
    settings, notice = read_settings(LEVELS, path)
    assert settings.opening is OpeningRule.NONE and settings.clock == Settings().clock
    assert 'opening "swap9"' in notice and 'clock "forever"' in notice
