"""The real ``python -m gomoku`` in a pseudo-terminal: play, undo, resize, quit."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gomoku.tui.settings import Pace
from tests.tui.terminal import ROOT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def board_row(text: str, number: int) -> str:
    """The screen line of board row ``number`` (as labelled on the left edge)."""
    for line in text.splitlines():
        if re.match(rf"\s*{number}\s+[┌├└│.X+O●○◉◎\[]", line):
            return line
    raise AssertionError(f"no board row {number} on:\n{text}")


def colours_set(output: bytes) -> set[str]:
    """The colour parameters of the SGR sequences in ``output`` (30-37, 38, 40-47, 48, 90-107)."""
    found = set()
    for params in re.findall(rb"\x1b\[([0-9;]*)m", output):
        for param in params.decode().split(";"):
            if param and (30 <= int(param) <= 38 or 40 <= int(param) <= 48 or 90 <= int(param) <= 107):
                found.add(param)
    return found


def test_two_players_play_to_a_win(launch) -> None:
    game = launch("--mode", "pvp", "--size", "15")
    game.wait_for("Black to play")
    # black h8 i8 j8 k8 l8 along row 8; white h9 i9 j9 k9 on row 9
    game.send("\r")
    game.wait_for("last: black h8")
    for _ in range(4):
        game.send("k ")  # up, play (white)
        game.send("jl\r")  # down, right, play (black)
    text = game.wait_for(lambda t: "Black wins with five in a row: h8-l8." in t and "g next game · u undo" in t)
    assert "Game over after 9 moves." in text
    assert "●" in board_row(text, 8) and "○" in board_row(text, 9)
    game.send("q")  # the game is over: no confirmation
    assert game.wait_exit() == 0


def test_play_against_the_computer_and_undo(launch) -> None:
    game = launch("--mode", "pvc", "--level", "easy", "--black", "human", "--seed", "1")
    game.wait_for("Black (you) to play")
    game.send("\r")
    text = game.wait_for(lambda t: "Black (you) to play" in t and "last: white" in t and "move 3" in t)
    assert "◎" in text  # the computer's reply, marked as the last move
    game.send("u")
    text = game.wait_for(lambda t: "Took back h8" in t and "move 1" in t)
    assert "◎" not in text
    game.send("r")
    game.wait_for("move 3")
    game.send("q")
    game.wait_for("Quit this game?")
    game.send("y")
    assert game.wait_exit() == 0


def test_the_computer_plays_black_when_asked(launch) -> None:
    game = launch("--mode", "pvc", "--black", "computer", "--level", "normal")
    game.wait_for(lambda t: "White (you) to play" in t and "last: black h8" in t)


def test_resize_to_a_tiny_terminal_and_back(launch) -> None:
    game = launch("--mode", "pvp")
    game.wait_for("Black to play")
    game.send("\r")
    game.wait_for("last: black h8")
    game.resize(8, 30)
    game.wait_for(lambda t: "too small" in t and "30x8" in t and "q to quit" in t)
    game.resize(24, 80)
    text = game.wait_for("last: black h8")
    assert "◉" in board_row(text, 8)
    assert colours_set(game.raw)  # this terminal has colour and NO_COLOR is not set
    game.resize(60, 200)
    text = game.wait_for(lambda t: "┌───┬" in t and "last: black h8" in t)  # big terminal, big cells
    assert "◉" in board_row(text, 8)
    game.send("q")
    game.wait_for("Quit this game?")
    game.send("n")
    game.wait_for("Quit cancelled.")
    game.send("qy")
    assert game.wait_exit() == 0


def test_menu_choices_are_remembered(launch, home: Path) -> None:
    game = launch()
    text = game.wait_for("left/right change")
    assert "New game" in text and "human vs computer" in text
    game.send("j")  # to the mode
    game.send("l")  # human vs computer -> two players
    game.wait_for("two players")
    game.send("q")
    assert game.wait_exit() == 0
    assert json.loads((home / "settings.json").read_text())["mode"] == "pvp"
    again = launch()
    again.wait_for("two players")
    again.send("\r")  # New game
    again.wait_for("Black to play")
    again.send("q")
    assert again.wait_exit() == 0


def test_a_broken_settings_file_falls_back_to_defaults(launch, home: Path) -> None:
    (home / "settings.json").write_text("{ not json")
    game = launch()
    game.wait_for("Any key continues.")  # said, not silently ignored (issue 21, item 13)
    assert "is damaged" in game.flat() and "the defaults are used" in game.flat()
    game.send("x")
    text = game.wait_for(lambda t: "left/right change" in t and "Any key" not in t)
    assert "human vs computer" in text and "15x15" in text
    game.send("q")
    assert game.wait_exit() == 0


def test_help_key_and_a_mouse_click(launch) -> None:
    game = launch("--mode", "pvp")
    game.wait_for("Black to play")
    game.send("?")
    game.wait_for("Any key closes this help.")
    game.send("x")
    text = game.wait_for(lambda t: "Any key closes" not in t)
    row = text.splitlines().index(board_row(text, 15))
    col = board_row(text, 15).index("┌")
    game.click(row, col)  # a15, the top-left corner
    text = game.wait_for("last: black a15")
    assert "taken" not in text  # one click, one move
    game.send("qy")
    assert game.wait_exit() == 0


def test_ctrl_c_restores_the_terminal_without_a_traceback(launch) -> None:
    game = launch("--mode", "pvp")
    game.wait_for("Black to play")
    game.send("\x03")
    status = game.wait_exit()
    assert status == 130
    assert b"Traceback" not in game.raw
    assert game.raw.rstrip().endswith(b"\x1b[?1049l") or b"\x1b[?1049l" in game.raw[-200:]


def test_plain_ascii_and_no_colour(launch) -> None:
    game = launch("--mode", "pvp", "--rule", "renju", LC_ALL="C", NO_COLOR="1")
    text = game.wait_for("Black to play")
    assert "renju" in text
    game.send("\r")
    text = game.wait_for(lambda t: "last: black h8" in t and "? help - q quit" in t)
    assert text.isascii()
    assert "X" in board_row(text, 8) and "a b c d e" in text
    assert not colours_set(game.raw)
    game.send("qy")
    assert game.wait_exit() == 0


def test_help_option_shows_examples() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gomoku", "--help"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
        timeout=30,
    )
    assert result.returncode == 0
    assert "--mode pvc --rule renju --level normal --black human" in result.stdout


def test_without_a_terminal_it_says_so() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gomoku", "--mode", "pvp"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
        timeout=30,
    )
    assert result.returncode == 2 and "needs a terminal" in result.stderr


def test_an_unknown_terminal_gets_a_message(launch) -> None:
    game = launch("--mode", "pvp", TERM="no-such-terminal")
    status = game.wait_exit()
    assert status == 2
    assert b"cannot run the game" in game.raw and b"Traceback" not in game.raw


def test_watch_the_computer_and_pause(launch) -> None:
    game = launch("--mode", "cvc", "--level", "easy", "--seed", "3")
    game.wait_for(lambda t: "last: white" in t and "watch · easy vs easy" in t)
    game.send("p")
    text = game.wait_for("Paused: p resumes, . plays one move.")
    assert "paused" in text.splitlines()[0]
    before = re.findall(r"move \d+", text)
    deadline = time.monotonic() + 2.5 * Pace.NORMAL.seconds  # long enough for two more moves if it ran on
    while time.monotonic() < deadline:
        game.pump()
    assert re.findall(r"move \d+", game.text()) == before
    game.send("qy")
    assert game.wait_exit() == 0


def test_watch_one_move_at_a_time(launch) -> None:
    game = launch("--mode", "cvc", "--level", "easy", "--seed", "3")
    game.wait_for("last: black")
    game.send("p")
    text = game.wait_for("Paused: p resumes")
    moves = int(re.search(r"move (\d+)", text).group(1))  # type: ignore[union-attr]
    game.send(".")
    game.wait_for(f"move {moves + 1} ")
    game.send(".")
    text = game.wait_for(f"move {moves + 2} ")
    assert "(paused)" in text
    game.send("qy")
    assert game.wait_exit() == 0


def test_enter_on_a_menu_setting_starts_the_game(launch) -> None:
    # issue 17, item 1: Enter on Board size changed 15 to 16 instead of starting
    game = launch()
    game.wait_for("left/right change")
    game.send("jjjj")  # down to Board size
    game.wait_for("< 15x15 >")
    game.send("\r")
    text = game.wait_for("You play black.")
    assert "15x15" in text.splitlines()[0]
    game.send("q")
    assert game.wait_exit() == 0
