"""The opening's name in the real program, in a pseudo-terminal: the game's status line and the replay's."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def test_the_status_line_names_the_opening_once_three_stones_are_down(launch) -> None:
    game = launch("--mode", "pvp", "--rule", "renju")
    game.wait_for("Black to play")
    game.send("\r")  # black h8
    game.wait_for("last: black h8")
    game.send("j ")  # white h7, below black
    text = game.wait_for("last: white h7")
    assert "Kagetsu" not in text  # two stones are no opening yet
    game.send("h ")  # black g7, beside white: Kagetsu turned half round
    game.wait_for(lambda text: "last: black g7" in text and "Kagetsu (D4)" in text)
    game.send("qy")
    assert game.wait_exit() == 0


def test_the_replay_names_the_opening_of_a_record_in_the_language_in_use(launch, home: Path) -> None:
    # Hogetsu (I7) mirrored: black h8, white g9 (up and to the left), black g7.
    (home / "hogetsu.sgf").write_text("(;FF[4]GM[4]SZ[15]RU[renju];B[hh];W[gg];B[gi];W[ii])\n", encoding="utf-8")
    game = launch("--load", "hogetsu.sgf", "--lang", "ja")
    game.wait_for("hogetsu.sgf")
    text = game.wait_for("浦月 (I7)")
    game.send("q")
    assert "浦月" in text
