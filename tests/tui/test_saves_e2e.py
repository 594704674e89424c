"""The real ``python -m gomoku`` in a pseudo-terminal: save, load, replay, play on, resume."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gomoku.point import parse_point
from gomoku.records import read_move_list, read_record, write_record
from gomoku.rules import Rule
from tests.tui.terminal import compact
from tests.tui.test_e2e import board_row

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def points(*names: str, size: int = 15) -> tuple:
    return tuple(parse_point(name, size) for name in names)


def test_save_with_s_then_load_with_l_replay_and_play_on(launch, home: Path) -> None:
    game = launch("--mode", "pvp")
    game.wait_for("Black to play")
    game.send("\r")  # h8
    game.wait_for("last: black h8")
    game.send("k ")  # h9
    game.wait_for("last: white h9")
    game.send("l\r")  # i9
    game.wait_for("last: black i9")
    game.send("k ")  # i10
    game.wait_for("last: white i10")
    game.send("S")
    game.wait_for("Save this game to a file")
    game.send("\x15g.sgf\r")  # Ctrl-U clears the suggested name
    game.wait_for("Saved 4 moves to g.sgf.")
    assert read_record(home / "g.sgf").moves == points("h8", "h9", "i9", "i10")
    game.send("L")
    game.wait_for(lambda t: "File: g.sgf" in t and "Here (up/down): g.sgf" in t)  # the last file is suggested
    game.send("\r")
    text = game.wait_for("Move 4 of 4")
    assert "replay · g.sgf · freestyle 15x15" in text
    game.send("\x1bOD")  # left arrow (keypad mode, as xterm sends it)
    game.wait_for("Move 3 of 4")
    game.send(",")
    text = game.wait_for("Move 2 of 4 · White h9")
    assert "○" not in board_row(text, 10) and "◎" in board_row(text, 9)
    game.send("\r")
    game.wait_for(lambda t: "Playing on after move 2, two players" in t and "move 3" in t)
    game.send("jj\r")  # from h9 down to h7
    text = game.wait_for("last: black h7")
    assert "◉" in board_row(text, 7) and "○" not in board_row(text, 10)
    game.send("qy")
    assert game.wait_exit() == 0


def test_load_from_the_command_line_a_big_board_and_a_broken_file(launch, home: Path) -> None:
    moves = " ".join([f"{column}{row}" for row in (1, 3) for column in "abcdefghijklmnopqrs"][:37])
    record = read_move_list(moves, 25, Rule.FREESTYLE)
    write_record(home / "big.psq", record)
    game = launch("--load", "big.psq", "--size", "25", rows=30, cols=100)
    text = game.wait_for("Move 37 of 37")
    assert "replay · big.psq · freestyle 25x25" in text and "19. r3" in text
    game.send("\x1bOH")  # Home
    text = game.wait_for("Start · 37 moves in all · Black to play")
    assert "●" not in board_row(text, 1)
    game.send("..")
    text = game.wait_for("Move 2 of 37 · White b1")
    assert board_row(text, 1).count("●") == 1 and board_row(text, 1).count("◎") == 1
    game.send("\x1b")  # Esc: no game yet, so the menu
    game.wait_for("left/right change")
    game.send("q")
    assert game.wait_exit() == 0
    (home / "bad.sgf").write_text("(;FF[4]GM[4]SZ[15];B[hh];W[hh])")
    broken = launch("--load", "bad.sgf")
    assert broken.wait_exit() == 2
    assert b"bad.sgf" in broken.raw and b"h8 is already taken" in broken.raw and b"Traceback" not in broken.raw


def test_quit_mid_game_and_resume_the_same_position(launch, home: Path) -> None:
    game = launch("--mode", "pvp", "--rule", "renju")
    game.wait_for("Black to play")
    game.send("\r")
    game.wait_for("last: black h8")
    game.send("k ")
    game.wait_for("last: white h9")
    game.send("l\r")
    before = game.wait_for("last: black i9")
    game.send("qy")
    assert game.wait_exit() == 0
    again = launch()
    text = again.wait_for(lambda t: "Resume the unfinished game?" in t and "n: start afresh" in t)
    assert "renju 15x15, two players, 3 moves" in text
    again.send("y")
    after = again.wait_for("Resumed: renju 15x15, two players, 3 moves.")  # the message line is drawn last
    assert "last: black i9" in after
    for row in (8, 9, 10):
        assert board_row(after, row) == board_row(before, row)
    again.send("u")
    again.wait_for("Took back i9")
    again.send("g")
    again.wait_for("left/right change")
    again.send("\x1b")  # back to the game, then quit: it is saved with 2 moves and i9 to redo
    again.wait_for("last: white h9")
    again.send("qy")
    assert again.wait_exit() == 0
    third = launch()
    third.wait_for(lambda t: "two players, 2 moves" in t and "n: start afresh" in t)
    third.send("n")  # decline: the game is kept aside under a name of its own, and the screen says which
    third.wait_for(lambda t: "Your unfinished game is kept as unfinished-" in t and "L loads it." in t)
    third.send("q")
    assert third.wait_exit() == 0
    (kept,) = [path.name for path in home.iterdir() if path.name.startswith("unfinished-")]
    assert compact(f"kept as {kept} in this folder: L loads it.") in third.compact()
    assert not (home / "current.json").exists()


def test_a_damaged_autosave_gets_a_message_and_is_kept_aside(launch, home: Path) -> None:
    (home / "current.json").write_text('{"format": "gomoku-save", "version": 1, "size": 15')
    game = launch("--mode", "pvp")
    game.wait_for("Any key continues.")
    assert "is damaged" in game.flat()
    game.send("x")
    game.wait_for(lambda t: "Black to play" in t and "Any key" not in t)
    game.send("\r")
    game.wait_for("The damaged save is kept as current.json.corrupt-")
    aside = [path for path in home.iterdir() if path.name.startswith("current.json.corrupt-")]
    assert len(aside) == 1 and aside[0].read_text().startswith('{"format"')
    game.send("qy")
    assert game.wait_exit() == 0
    assert b"Traceback" not in game.raw
    (home / "current.json").write_text('{"format": "gomoku-save", "version": 99}')
    later = launch()
    later.wait_for("Any key continues.")
    assert "saved by a newer gomoku" in later.flat()  # wherever the path makes the notice wrap
    later.send("xq")
    assert later.wait_exit() == 0
    assert (home / "current.json").read_text() == '{"format": "gomoku-save", "version": 99}'


def test_options_on_the_command_line_win_over_the_unfinished_game(launch, home: Path) -> None:
    # issue 17, item 2: --mode pvc --size 9 was dropped when the resume offer was accepted
    game = launch("--mode", "pvp")
    game.wait_for("Black to play")
    game.send("\r")
    game.wait_for("last: black h8")
    game.send("qy")
    assert game.wait_exit() == 0
    asked = launch("--mode", "pvp", "--size", "9")
    text = asked.wait_for(lambda t: "Your unfinished game is kept as unfinished-" in t and "L loads it." in t)
    assert "Resume the unfinished game?" not in text and "freestyle 9x9" in text.splitlines()[0]
    (kept,) = [path.name for path in home.iterdir() if path.name.startswith("unfinished-")]
    asked.send("L")
    asked.wait_for(kept)  # offered in the load prompt
    asked.send(f"\x15{kept}\r")
    text = asked.wait_for(f"Resumed {kept}: freestyle 15x15, two players, 1 move.")
    assert "last: black h8" in text
    asked.send("qy")
    assert asked.wait_exit() == 0
