"""The real game in a pseudo-terminal: live analysis turned on marks the best moves, and they move after a move."""

from __future__ import annotations

import re
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

#: A line of the analysis beside the board: its rank, the point, the value (``1 h9 white +302``).
RANKED = re.compile(r"(?<![\w+-])([123]) ([a-o]\d{1,2}) (?:black|white) ")


def best_moves(text: str) -> dict[str, str]:
    """The analysis's ranked points as the panel lists them: rank -> point."""
    return {rank: name for rank, name in RANKED.findall(text)}


def mark_on_board(text: str, name: str) -> str:
    """The character drawn at board point ``name`` (15x15 at 80x24: 2 columns a point)."""
    column, row = ord(name[0]) - ord("a"), int(name[1:])
    for line in text.splitlines():
        match = re.match(rf"\s*{row}\s+(?=[┌├└])", line)
        if match:
            return line[match.end() + 2 * column]
    raise AssertionError(f"no board row {row} on:\n{text}")


def analysed(text: str) -> bool:
    return "Analysis by hard" in text and "depth " in text and set(best_moves(text)) == {"1", "2", "3"}


def test_analysis_marks_the_best_moves_and_they_move_after_a_move(launch) -> None:
    game = launch("--mode", "pvp", "--size", "15")
    game.wait_for("Black to play")
    game.send("\r")  # black h8
    game.wait_for("last: black h8")
    game.send("A")
    text = game.wait_for(analysed, timeout=30)
    before = best_moves(text)
    for rank, name in before.items():
        assert mark_on_board(text, name) == rank
    game.send("k ")  # white h9 (up, play)
    text = game.wait_for(lambda t: "last: white h9" in t and analysed(t), timeout=30)
    after = best_moves(text)
    for rank, name in after.items():
        assert mark_on_board(text, name) == rank
    assert after != before and "h9" not in after.values()
    game.send("A")
    text = game.wait_for("Analysis off.")
    assert best_moves(text) == {}
    game.send("q")
    game.wait_for("Quit this game?")
    game.send("y")
    assert game.wait_exit() == 0
