"""The real ``python -m gomoku`` in a pseudo-terminal: one game per opening rule, and one lost on time (local play)."""

from __future__ import annotations

import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def test_swap1_between_two_players(launch) -> None:
    game = launch("--mode", "pvp", "--opening", "swap1")
    game.wait_for("Black (player 1): place the 1st stone anywhere")
    game.send("\r")
    game.wait_for("place the 2nd stone (white)")
    game.send("k\r")
    game.wait_for("place the 3rd stone anywhere")
    game.send("l\r")
    game.wait_for("White (player 2): swap to black or stay white")
    game.send("x")
    text = game.wait_for("White to play")
    assert "Swap1" in text and "swap" in text
    game.send("q")
    game.wait_for("Quit")


def test_taraguchi10_refuses_a_stone_outside_its_square(launch) -> None:
    game = launch("--mode", "pvp", "--rule", "renju", "--opening", "taraguchi10")
    game.wait_for("place the 1st stone at the centre")
    game.send("\r")
    game.wait_for("White (player 2): swap to black, or place the 2nd stone inside the 3x3 square")
    game.send("x")  # the second player takes black: the first player now places white's 2nd
    game.wait_for("White (player 1): place the 2nd stone")
    game.send("k\r")
    game.wait_for("Black (player 2): swap to white, or place the 3rd stone")
    game.send("kk\r")  # h11: outside 5x5
    game.wait_for("h11 is outside the central 5x5 square: place the 3rd stone inside it.")
    game.send("j\r")  # h10
    game.wait_for("place the 4th stone inside the 7x7 square")
    game.send("l\r")  # i10
    game.wait_for("Black (player 2): swap to white or stay black")
    game.send("c")
    game.wait_for("the 5th inside 9x9 or offer ten 5th moves")
    game.send("9")
    game.wait_for("place the 5th stone inside the 9x9 square")
    game.send("l\r")  # j10
    game.wait_for("White (player 1): swap to black or stay white")
    game.send("c")
    text = game.wait_for("White to play")
    assert "Taraguchi-10" in text
    game.send("q")
    game.wait_for("Quit")


def test_soosorv8_offers_and_a_pick(launch) -> None:
    game = launch("--mode", "pvp", "--rule", "renju", "--opening", "soosorv8")
    game.wait_for("place the 1st stone at the centre")
    game.send("\r")
    game.send("k\r")
    game.send("l\r")
    game.wait_for("White (player 2): swap to black, or place the 4th stone anywhere")
    game.send("ll\r")  # k9
    game.wait_for("declare how many 5th moves black must offer, 1 to 8")
    game.send("2")
    game.wait_for(lambda text: "swap to white, or offer 5th move 1 of 2" in text or "swap / offer 5th 1/2" in text)
    game.send("j\r")  # k8: pointing at a 5th move here keeps the colours and offers it (issue 28)
    game.wait_for("offer 5th move 2 of 2")
    game.send("j\r")  # k7
    game.wait_for("White (player 2): pick one of the offered 5th moves")
    game.send("\r")  # the cursor is on k7
    text = game.wait_for("White to play")
    assert "last: black k7" in text
    game.send("q")
    game.wait_for("Quit")


def test_swap2_against_the_computer(launch) -> None:
    game = launch("--mode", "pvc", "--black", "computer", "--level", "easy", "--opening", "swap2")
    game.wait_for("White (player 2): swap to black, stay white or place two more", timeout=60)
    game.send("c")  # keep white: the human plays the 4th
    text = game.wait_for("White (you) to play")
    assert "Swap2" in text
    game.send("q")
    game.wait_for("Quit")


def test_a_short_clock_ends_the_game_on_time(launch) -> None:
    game = launch("--mode", "pvp", "--clock", "2s")
    game.wait_for("Black to play")
    game.send("\r")  # the clock starts with the first move: then white's 2 s run out
    game.wait_for("Black wins on time.", timeout=15)
    game.send("q")
    game.wait_exit()
