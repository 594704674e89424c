"""What the view draws for the replay, the resume offer, the file-name prompt and notices."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gomoku.point import parse_point
from gomoku.records import read_move_list
from gomoku.rules import Rule
from gomoku.tui import state as st
from gomoku.tui import view
from gomoku.tui.settings import Settings
from tests.tui.test_saves_state import LEVELS, loaded, press, saved
from tests.tui.test_view import marked_theme, render


def test_replay_shows_the_move_the_board_and_the_marked_move_in_the_list() -> None:
    state = press(loaded(), "left", "left")  # h8 i9 h9 shown, i10 h10 to come
    theme = marked_theme()
    window = render(state, theme=theme)
    screen = window.screen()
    assert "replay · game.txt · freestyle 15x15" in screen
    assert "Move 3 of 5 · Black h9" in screen
    row, col = window.find("h9")  # type: ignore[misc]
    assert window.attrs[row][col] == theme("selected")
    row, col = window.find("h10")  # type: ignore[misc]
    assert window.attrs[row][col] == theme("dim")  # still to come
    assert "m mode: two players" in screen and "Enter play on from here" in screen
    assert "[" not in screen.split("\n")[10]  # no cursor on a replay board


def test_replay_at_the_start_and_at_the_end_of_a_won_game() -> None:
    assert "Start · 5 moves in all · Black to play" in render(press(loaded(), "home")).screen()
    won = loaded("a1 a15 b2 b15 c3 c15 d4 d15 e5")
    assert "Black wins with five in a row: a1-e5." in render(won).screen()


def test_a_long_replay_keeps_the_shown_move_in_view() -> None:
    moves = " ".join(f"{c}{r}" for r in range(1, 25, 2) for c in "abcdefghijklm")  # 156 moves, 78 lines
    state = press(loaded(moves, size=25), "home", "pagedown", "pagedown", "pagedown", "pagedown")  # move 40
    window = render(state, 30, 100)
    assert "Move 40 of 156" in window.screen()
    assert " 20. " in window.screen() and " 1. " not in window.screen()


def test_replay_that_does_not_fit_says_how_big_the_terminal_must_be() -> None:
    state = loaded("a1 b2", size=25)
    assert "too small" in render(state, 24, 80).screen()


def test_the_resume_offer_says_what_the_game_is() -> None:
    state = st.initial_state(Settings(), LEVELS, offer=replace(saved(), saved_at="2026-11-29T14:31:54Z"))
    screen = render(state).screen()
    assert "Resume the unfinished game?" in screen
    assert "renju 15x15, you (white) vs computer, 3 moves" in screen
    assert "saved 2026-11-29 14:31:54 UTC" in screen and "y or Enter: resume it" in screen


@pytest.mark.parametrize("unicode", [True, False])
def test_the_prompt_shows_the_name_its_formats_and_errors(unicode: bool) -> None:
    state = press(loaded(), "S")
    error = "Cannot save to g.sgf: Permission denied."
    state = replace(state, prompt=replace(state.prompt, text="g.sgf", fresh=False, error=error))  # type: ignore[type-var]
    screen = render(state, theme=view.plain_theme(unicode)).screen()
    assert "Save this game to a file" in screen and "File: g.sgf_" in screen
    assert ".sgf, .psq, or any other name for a move list" in screen
    assert "Cannot save to g.sgf: Permission denied." in screen
    assert screen.isascii() != unicode


def test_a_long_name_shows_its_end() -> None:
    state = press(loaded(), "L")
    name = "/very/long/folder/name/" * 4 + "game.sgf"
    state = replace(state, prompt=replace(state.prompt, text=name, fresh=False))  # type: ignore[type-var]
    screen = render(state).screen()
    assert "name/game.sgf_" in screen and "/very/long/folder/name//very" not in screen


def test_a_notice_wraps_long_text() -> None:
    text = "The saved game /home/ann/.local/share/gomoku/current.json is damaged (not JSON): it will be kept aside."
    screen = render(st.initial_state(Settings(), LEVELS, notice=text)).screen()
    assert "Any key continues." in screen
    assert "The saved game" in screen and "kept aside." in screen
    assert max(len(line) for line in screen.splitlines()) <= 80


def test_wrap() -> None:
    assert view.wrap("one two three", 7) == ["one two", "three"]
    assert view.wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]
    assert view.wrap("", 5) == []


def test_the_help_lists_the_new_keys_and_the_replays_own() -> None:
    game_help = render(press(loaded(game=True), "escape", "?")).screen()
    assert "S / L" in game_help and "save to a file / load and replay one" in game_help
    replay_help = render(press(loaded(), "?")).screen()
    assert "play on from the move shown" in replay_help and "Home End g G" in replay_help


def test_the_load_prompt_shows_the_files_here() -> None:
    state = press(loaded(), "L")
    names = tuple(f"game-{n}.sgf" for n in range(9))
    state = replace(state, prompt=replace(state.prompt, choices=names))  # type: ignore[type-var]
    screen = render(state).screen()
    assert "Here (up/down): game-0.sgf  game-1.sgf" in screen and "game-8.sgf" not in screen


def test_the_replay_marks_blacks_forbidden_points_under_renju() -> None:
    state = press(st.initial_state(Settings(), LEVELS), "L", "x", "enter")
    # black h8 i8 along row 8 and j9 j10 up column j: j8 would make two open threes
    renju = read_move_list("h8 a1 i8 a3 j9 a5 j10 a7", 15, Rule.RENJU)
    state = st.update(state, st.FileDone(state.job.id, "r.sgf", record=renju))  # type: ignore[union-attr]
    game = view.replay_game(state)
    assert game is not None and parse_point("j8", 15) in game.forbidden
    window = render(state)
    layout = view.board_layout(24, 80, 15)
    assert layout is not None
    row, col = layout.screen_of(parse_point("j8", 15))
    assert window.text[row][col] == "×"


@pytest.mark.parametrize(("rows", "cols"), [(3, 4), (8, 20), (12, 40), (24, 80), (30, 100)])
@pytest.mark.parametrize("screen", ["replay", "save", "load", "resume", "notice", "help"])
def test_new_screens_draw_at_any_size(screen: str, rows: int, cols: int) -> None:
    state = {
        "replay": lambda: press(loaded(), "left"),
        "save": lambda: press(loaded(), "S"),
        "load": lambda: press(loaded(), "L"),
        "resume": lambda: st.initial_state(Settings(), LEVELS, offer=saved()),
        "notice": lambda: st.initial_state(Settings(), LEVELS, notice="a long notice " * 20),
        "help": lambda: press(loaded(), "?"),
    }[screen]()
    for unicode in (True, False):
        render(state, rows, cols, view.plain_theme(unicode))  # the fake window fails on drawing off its edge


def test_wrap_survives_no_room() -> None:
    assert view.wrap("abc de", 0) == ["a", "b", "c", "d", "e"]
