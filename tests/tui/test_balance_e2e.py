"""The real ``python -m gomoku`` in a pseudo-terminal: ``B`` shows the balanced placements at a Swap2 proposal."""

from __future__ import annotations

import re
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

#: One placement as the list says it: a point and black's chance of winning after it.
PLACEMENT = r"[a-o]1?[0-9] \d{1,3}% for black"


def test_swap2_third_stone_balanced_placements_are_marked_and_listed(launch) -> None:
    game = launch("--mode", "pvp", "--opening", "swap2", rows=30, cols=100)
    game.wait_for("Black (player 1): place the 1st stone anywhere")
    game.send("B")  # the first stone: nothing to read yet, the centre is the one placement
    game.wait_for("Nearest to even: h8 (nothing to read yet)")
    game.send("\r")  # h8
    game.wait_for("place the 2nd stone (white)")
    game.send("k\r")  # h9
    game.wait_for("place the 3rd stone anywhere")
    game.send("B")
    text = game.wait_for(lambda screen: "(B hides them)" in screen, timeout=30)
    flat = " ".join(text.split())
    listed = re.search(r"Nearest to even: (.*?) \(B hides them\)", flat)
    assert listed is not None, flat
    assert re.fullmatch(rf"{PLACEMENT}(, {PLACEMENT}){{4}}", listed.group(1)), listed.group(1)
    # The panel lists them numbered, and the board marks each point with its number.
    assert re.search(rf"1 {PLACEMENT}", flat) and re.search(rf"5 {PLACEMENT}", flat)
    board_rows = "\n".join(text.splitlines()[1:18])
    assert all(str(number) in board_rows for number in range(1, 6))
    # The cursor is on the first: Enter places it, and the stone leaves them behind (the next step has none).
    first = re.match(r"[a-o]1?[0-9]", listed.group(1))
    assert first is not None
    game.send("\r")
    game.wait_for("swap to black, stay white or place two more")
    assert f"player 1: place {first.group(0)}" in game.flat() and "Nearest to even" not in game.text()
    game.send("2")  # two more: the 4th stone is a proposal as well
    game.wait_for("White (player 2): place the 4th stone anywhere")
    game.send("B")
    game.wait_for(lambda screen: "(B hides them)" in screen, timeout=30)
    game.send("B")
    game.wait_for("Balanced placements hidden.")
    game.send("q")
    game.wait_for("Quit")


def test_b_is_refused_where_no_stone_is_placed(launch) -> None:
    game = launch("--mode", "pvp", "--opening", "swap2")
    game.wait_for("place the 1st stone anywhere")
    game.send("\r")
    game.send("k\r")
    game.send("l\r")
    game.wait_for("swap to black, stay white or place two more")
    game.send("x")
    game.wait_for("White to play")
    game.send("B")
    game.wait_for("B balanced: only while you place or offer a stone under an opening rule")
    game.send("q")
    game.wait_for("Quit")
