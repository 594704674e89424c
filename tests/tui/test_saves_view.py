"""What the views draw for the replay, the resume offer, the file-name prompt and notices."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from gomoku.point import parse_point
from gomoku.records import read_move_list
from gomoku.rules import Rule
from gomoku.savegame import SavedGame
from gomoku.tui import draw
from gomoku.tui.events import Loaded
from gomoku.tui.layout import board_layout
from gomoku.tui.model import Prompt, Replaying
from gomoku.tui.settings import Settings
from gomoku.tui.update import initial_state
from tests.tui.helpers import LEVELS, Run, loaded, menu_state, press
from tests.tui.test_saves_state import saved
from tests.tui.test_view import flat, marked_theme, render


def with_prompt(state, **changes):  # type: ignore[no-untyped-def]
    assert isinstance(state.overlay, Prompt)
    return replace(state, overlay=replace(state.overlay, **changes))


def offered(offer: SavedGame):  # type: ignore[no-untyped-def]
    return initial_state(Settings(), LEVELS, offer=offer)[0]


def test_replay_shows_the_move_the_board_and_the_marked_move_in_the_list() -> None:
    state = press(loaded(), "left", "left")  # h8 i9 h9 shown, i10 h10 to come
    theme = marked_theme()
    window = render(state, theme=theme)
    screen = window.screen()
    assert "replay · game.txt · freestyle 15x15" in screen and "Move 3 of 5 · Black h9" in screen
    row, col = window.find("h9")  # type: ignore[misc]
    assert window.attrs[row][col] == theme("selected")
    row, col = window.find("h10")  # type: ignore[misc]
    assert window.attrs[row][col] == theme("dim")  # still to come
    assert "m mode: two players" in screen and "Enter play on" in screen
    assert "[" not in screen.split("\n")[10]  # no cursor on a replay board


def test_replay_at_the_start_and_at_the_end_of_a_won_game() -> None:
    assert "Start · 5 moves in all · Black to play" in render(press(loaded(), "home")).screen()
    assert "Start · 1 move in all" in render(press(loaded("h8"), "home")).screen()
    won = loaded("a1 a15 b2 b15 c3 c15 d4 d15 e5")
    assert "Black wins with five in a row: a1-e5." in render(won).screen()


def test_a_long_replay_keeps_the_shown_move_in_view() -> None:
    moves = " ".join(f"{c}{r}" for r in range(1, 25, 2) for c in "abcdefghijklm")  # 156 moves, 78 lines
    state = press(loaded(moves, size=25), "home", "pagedown", "pagedown", "pagedown", "pagedown")  # move 40
    screen = render(state, 30, 100).screen()
    assert "Move 40 of 156" in screen and " 20. " in screen and " 1. " not in screen


def test_replay_that_does_not_fit_says_how_big_the_terminal_must_be() -> None:
    assert "too small" in render(loaded("a1 b2", size=25), 24, 80).screen()


@pytest.fixture
def east_of_utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The local time zone is five hours and a half east of UTC (as India's), whatever the machine's."""
    monkeypatch.setenv("TZ", "XXX-5:30")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_the_resume_offer_says_what_the_game_is_and_when_in_local_time(east_of_utc: None) -> None:
    # issue 21, item 15: the save time was shown in UTC
    screen = render(offered(replace(saved(), saved_at="2026-11-29T20:31:54Z"))).screen()
    assert "Resume the unfinished game?" in screen
    assert "renju 15x15, you (white) vs computer, 3 moves" in screen
    assert "saved 2026-11-30 02:01" in screen and "UTC" not in screen and "y or Enter: resume it" in screen
    assert "n: start afresh (it is kept: L loads it)" in screen


@pytest.mark.parametrize("unicode", [True, False])
def test_the_prompt_shows_the_name_its_formats_and_errors(unicode: bool) -> None:
    state = with_prompt(
        press(loaded(), "S"), text="g.sgf", fresh=False, error="Cannot save to g.sgf: Permission denied."
    )
    screen = render(state, theme=draw.plain_theme(unicode)).screen()
    assert "Save this game to a file" in screen and "File: g.sgf_" in screen
    assert ".sgf, .psq, or any other name for a move list" in screen
    assert "Cannot save to g.sgf: Permission denied." in screen
    assert screen.isascii() != unicode


def test_a_long_name_shows_its_end() -> None:
    name = "/very/long/folder/name/" * 4 + "game.sgf"
    screen = render(with_prompt(press(loaded(), "L"), text=name, fresh=False)).screen()
    assert "name/game.sgf_" in screen and "/very/long/folder/name//very" not in screen


def test_a_notice_wraps_long_text() -> None:
    text = "The saved game /home/ann/.local/share/gomoku/current.json is damaged (not JSON): it will be kept aside."
    window = render(initial_state(Settings(), LEVELS, notice=text)[0])
    assert "Any key continues." in window.screen() and text in flat(window)
    assert max(len(line.rstrip()) for line in window.lines()) <= 80


def test_wrap() -> None:
    assert draw.wrap("one two three", 7) == ["one two", "three"]
    assert draw.wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]
    assert draw.wrap("", 5) == []
    assert draw.wrap("abc de", 0) == ["a", "b", "c", "d", "e"]


def test_the_help_lists_the_screens_own_keys() -> None:
    game_help = flat(render(press(loaded(game=True), "escape", "?")))
    assert "S save the game to a file" in game_help and "L load a record to replay" in game_help
    replay_help = flat(render(press(loaded(), "?")))
    assert (
        "play on from the move shown" in replay_help
        and "Home g the start" in replay_help
        and "End G the last move" in replay_help
    )
    menu_help = flat(render(press(menu_state(), "?")))
    assert "start the game (from any row)" in menu_help


def test_the_load_prompt_shows_the_files_here() -> None:
    names = tuple(f"game-{n}.sgf" for n in range(9)) + ("previous.json",)
    screen = flat(render(with_prompt(press(loaded(), "L"), choices=names)))
    assert "Here (up/down): game-0.sgf game-1.sgf" in screen and "a kept game" in screen


def test_the_replay_marks_blacks_forbidden_points_under_renju() -> None:
    run = Run(menu_state()).press("L", "x", "enter")
    # black h8 i8 along row 8 and j9 j10 up column j: j8 would make two open threes
    renju = read_move_list("h8 a1 i8 a3 j9 a5 j10 a7", 15, Rule.RENJU)
    run.send(Loaded(run.effects[-1].job, "r.sgf", renju))  # type: ignore[union-attr]
    state = run.state
    assert isinstance(state.screen, Replaying) and parse_point("j8", 15) in state.screen.forbidden
    layout = board_layout(24, 80, 15)
    assert layout is not None
    row, col = layout.screen_of(parse_point("j8", 15))
    assert render(state).text[row][col] == "×"


@pytest.mark.parametrize(("rows", "cols"), [(3, 4), (8, 20), (12, 40), (24, 80), (30, 100)])
@pytest.mark.parametrize("screen", ["replay", "save", "load", "resume", "notice", "help"])
def test_the_screens_draw_at_any_size(screen: str, rows: int, cols: int) -> None:
    state = {
        "replay": lambda: press(loaded(), "left"),
        "save": lambda: press(loaded(), "S"),
        "load": lambda: press(loaded(), "L"),
        "resume": lambda: offered(saved()),
        "notice": lambda: initial_state(Settings(), LEVELS, notice="a long notice " * 20)[0],
        "help": lambda: press(loaded(), "?"),
    }[screen]()
    for unicode in (True, False):
        render(state, rows, cols, draw.plain_theme(unicode))  # the fake window fails on drawing off its edge


# -- issue 28, item 16 ----------------------------------------------------------------------


def test_a_damaged_save_is_said_first_on_a_small_terminal_and_without_a_players_advice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 30x10 the notice lost "is damaged" behind a long path; the message ended with the board's advice to a
    player ("h8 is taken: pick an empty point") glued into a sentence about a file."""
    from gomoku.savegame import SavedGame
    from gomoku.tui import storage
    from tests.tui.terminal import compact

    data = SavedGame(moves=[]).to_json()
    data["moves"] = ["h8", "h8"]
    home = tmp_path / ("a-long-folder-name-" * 4)
    home.mkdir()
    monkeypatch.setenv("GOMOKU_HOME", str(home))
    (home / "current.json").write_text(json.dumps(data))
    offer, notice = storage.read_offer()
    assert offer is None and "pick an empty point" not in notice and "move 2: h8 is on a stone" in notice
    assert "current.json will be kept aside when the next game is saved" in notice
    small = render(initial_state(Settings(), LEVELS, notice=notice)[0], 10, 30)
    assert "Thesavedgameisdamaged" in compact(small.screen())
    wide = render(initial_state(Settings(), LEVELS, notice=notice)[0])
    assert compact(notice) in compact(wide.screen()) and "Any key continues." in wide.screen()
