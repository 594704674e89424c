"""The menu's opening-rule and clock rows: shown, changed round and round, remembered, read back."""

from __future__ import annotations

from dataclasses import replace

from gomoku.clock import parse_clock
from gomoku.openings import OpeningRule
from gomoku.tui.effects import SaveSettings
from gomoku.tui.model import MenuRow, Playing
from gomoku.tui.screens import menu
from gomoku.tui.settings import Mode, Settings, read_settings, validated
from tests.tui.helpers import LEVELS, Run, begin, menu_state
from tests.tui.test_think_time import screen_text


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
    assert run.state.settings.clock == parse_clock("3+2")
    assert "3 min + 2 s a move" in menu.value_text(run.state.settings, MenuRow.CLOCK)
    run.press("enter")
    assert isinstance(run.state.screen, Playing) and run.state.screen.game.clock.spec == parse_clock("3+2")
    assert validated({"clock": "10+5x30"}, LEVELS).clock == parse_clock("10+5x30")


def test_the_clock_rows_choices_go_in_order_of_total_time() -> None:
    # issue 28, item 7: the row offered none, 5+3, 3+2, 10+5, ... (a blitz after a longer control)
    run = Run(on(menu_state(mode=Mode.PVP), MenuRow.CLOCK))
    seen = [run.state.settings.clock]
    for _ in range(6):
        seen.append(run.press("right").state.settings.clock)
    assert seen[0] == seen[-1] == parse_clock("none"), "the choices go round"
    offered = seen[:-1]
    assert len(set(offered)) == len(offered) == 6
    totals = [spec.total() for spec in offered]
    assert totals == sorted(totals), [spec.text() for spec in offered]


def test_watch_mode_shows_the_opening_and_the_clock_it_plays_and_its_menu_over_a_game_fits_80x24() -> None:
    watched = menu_state(mode=Mode.CVC, opening=OpeningRule.SWAP2, clock=parse_clock("5+3"))
    listed = menu.rows(watched, watched.screen)  # type: ignore[arg-type]
    assert MenuRow.OPENING in listed and MenuRow.CLOCK in listed
    assert MenuRow.BLACK not in listed  # the computer plays both: no room spent on a row that does not apply
    run = begin("cvc", opening=OpeningRule.SWAP2, clock=parse_clock("5+3")).press("g")  # the menu over the game
    text = screen_text(run.state)
    for label in ("Back to the game", "Opening rule Swap2", "Clock 5 min + 3 s a move", "Pace", "Quit", "Enter"):
        assert label in text
    run.press("escape")
    game = run.state.screen
    assert isinstance(game, Playing) and game.game.clock.spec == parse_clock("5+3")
    assert game.game.opening.rule is OpeningRule.SWAP2


def test_a_damaged_opening_or_clock_in_the_settings_file_is_named_and_defaulted(tmp_path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"opening": "swap9", "clock": "forever"}')
    settings, notice = read_settings(LEVELS, path)
    assert settings.opening is OpeningRule.NONE and settings.clock == Settings().clock
    assert 'opening "swap9"' in notice and 'clock "forever"' in notice
