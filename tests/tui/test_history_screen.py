"""The history screen's keys as the state machine sees them: every filter (opponent, level, rule, opening,
result) on the screen, and a kept game saved to SGF or ``.psq`` (its rematch series' score with it)."""

from __future__ import annotations

from dataclasses import replace

from gomoku.history import GameKind, PlayerResult
from gomoku.records import read_sgf, write_sgf
from gomoku.rules import Rule
from gomoku.tui.effects import SaveRecord
from gomoku.tui.model import HistoryView, Prompt
from gomoku.tui.screens.history import filter_text
from tests.test_history import every_kind
from tests.tui.helpers import Run, menu_state
from tests.tui.test_view import flat, render


def shown() -> Run:
    """The history screen over the menu, holding one game of every kind (numbered as kept)."""
    entries = tuple(replace(entry, number=number) for number, entry in enumerate(every_kind(), start=1))
    return Run(replace(menu_state(), screen=HistoryView(entries=entries)))


def screen(run: Run) -> HistoryView:
    assert isinstance(run.state.screen, HistoryView)
    return run.state.screen


def test_each_filter_key_lists_only_the_games_it_names_and_c_clears() -> None:
    run = shown()
    everything = screen(run).listed()
    assert len(everything) == 6
    run.press("o")  # the opponents, in order: Bob first
    assert [entry.opponent for entry in screen(run).listed()] == ["Bob"]
    assert "Bob" in filter_text(screen(run).filter)
    run.press("c", "l")  # the one level played
    assert [entry.level for entry in screen(run).listed()] == ["normal"]
    run.press("c", "r")  # freestyle first, then renju
    assert {entry.record.rule for entry in screen(run).listed()} == {Rule.FREESTYLE}
    run.press("r")
    assert {entry.kind for entry in screen(run).listed()} == {GameKind.TWO_PLAYERS, GameKind.NETWORK}
    run.press("r")  # round again: no rule filter
    assert len(screen(run).listed()) == 6
    opening = screen(run.press("n")).filter.opening
    assert opening and all(entry.opening_name == opening for entry in screen(run).listed())
    assert len(screen(run).listed()) == 1
    run.press("c", "w")  # won, drawn, lost, then all
    assert [entry.player_result() for entry in screen(run).listed()] == [PlayerResult.WIN]
    run.press("w", "w")
    assert [entry.opponent for entry in screen(run).listed()] == ["pbrain-x", "Bob"]  # newest first
    run.press("o", "o")  # two filters at once: the losses to Bob and then to normal (none)
    assert screen(run).filter.result is PlayerResult.LOSS and screen(run).listed() == []
    run.press("c")
    assert screen(run).listed() == everything and "All games" in filter_text(screen(run).filter)


def test_s_saves_the_game_under_the_cursor_as_sgf_or_psq_with_its_series_score() -> None:
    for name in ("kept.sgf", "kept.psq"):
        run = shown().press("o")  # Bob's network game, of a rematch series
        (entry,) = screen(run).listed()
        run.press("S")
        assert isinstance(run.state.overlay, Prompt)
        run.press(*name, "enter")
        (saving,) = run.of(SaveRecord)
        assert saving.path == name and saving.record == entry.filed
        assert saving.record.moves == entry.record.moves and saving.record.rule is Rule.RENJU
        assert read_sgf(write_sgf(saving.record)).series == "2-1"


def test_the_chosen_network_game_of_a_series_says_the_series_score_under_the_list() -> None:
    run = shown()
    bob = every_kind()[3]
    series = replace(bob, series_score="host 2 guest 1 draws 1")
    entries = tuple(replace(entry, number=n) for n, entry in enumerate((every_kind()[0], series), start=1))
    run.state = replace(run.state, screen=HistoryView(entries=entries))
    text = flat(render(run.state))
    assert "Black wins on time. Rematch series after this game: host 2, guest 1, 1 draw." in text  # after the end
    run.press("down")  # the game against normal: no series
    assert "Rematch series" not in flat(render(run.state))


def test_a_key_line_too_long_for_80_columns_still_says_how_to_find_the_rest() -> None:
    lines = render(shown().state, 24, 80).lines()
    keys = lines[-1].strip()
    assert keys.startswith("up/down choose") and keys.endswith("? help")  # the filters and 't' are in the help
    wide = render(shown().state, 40, 160).lines()[-1].strip()
    assert "o/l/r/n/w filter · c clear · t statistics · Esc back · ? help" in wide  # all fit: as declared
