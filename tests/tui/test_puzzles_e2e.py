"""The Puzzles screen in the real ``python -m gomoku`` on a pseudo-terminal: opened from the menu, a puzzle
failed (its reason shown), both hints taken, solved, the rating moving; ``--puzzle FILE``, and a broken one."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from gomoku.records import write_puzzles_text
from tests.tui.terminal import compact, flatten
from tests.tui.test_puzzles_state import PUZZLES

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

#: How long the solvers may take to judge a move on a busy machine (a move is usually judged in well under a second).
JUDGED = 60.0


def seen(game, wanted: str, *also: str, timeout: float = JUDGED) -> str:  # type: ignore[no-untyped-def]
    """Wait for ``wanted`` and everything in ``also`` on the screen at once (a screen is drawn in pieces: one
    text alone can be caught before the rest), line breaks and borders aside; the screen's text flattened."""
    texts = [compact(piece) for piece in (wanted, *also)]
    return flatten(game.wait_for(lambda text: all(piece in compact(text) for piece in texts), timeout))


def solve_from(game, start: str, first: str, keys_to_first: str, *also: str) -> str:  # type: ignore[no-untyped-def]
    """From the cursor on ``start``, go to ``first`` and play it, then play the five at the other end."""
    game.send(keys_to_first + "\r")
    text = seen(game, f"Right: black {first}, white answers")
    reply = re.search(rf"Right: black {first}, white answers ([a-o]\d+)", text)
    assert reply is not None, text
    row = first[1:]
    # the three stand on h-j of that row: the five is made at f (after g) or k (after g and f)
    other = "k" if reply.group(1) == f"f{row}" else "f"
    game.send(("l" * 4 if other == "k" else "h") + "\r")
    return seen(game, "Solved", *also)


def test_puzzles_from_the_menu_fail_hint_solve_and_the_rating_moves(launch, home: Path) -> None:
    (home / "my-puzzles.txt").write_text(write_puzzles_text(PUZZLES))
    game = launch()
    game.wait_for("New game")
    game.send("k" * 4)  # up from New game, round the bottom: Quit, Load, Network, Puzzles
    seen(game, "Solve puzzles: the daily one", timeout=10)
    game.send("\r")
    seen(game, "rating 1500 · streak 0 (best 0)", timeout=15)
    game.send("jj\r")  # Daily puzzle, Built-in collection, Your puzzles
    seen(game, "Puzzle 1 of 2", "Black to play: win by fours.", "Your rating: 1500", timeout=10)
    game.send("kkk\r")  # the cursor starts amid black's three (i9): i12 is no four
    seen(game, "Not i12: i12 is no four: a win by fours plays a four every move.", "Rating 1500 → 1338.", "Try another")
    game.send("H")
    seen(game, "Hint: the move is in the square", timeout=10)
    game.send("H")
    seen(game, "Hint: play g9.", timeout=10)
    # failed first: the solve moves nothing more
    solve_from(game, "i12", "g9", "jjjhh", "Solved (the rating moved at the first miss)")
    game.send("n")  # the next puzzle, never played: solving it raises the rating
    seen(game, "Puzzle 2 of 2", timeout=10)
    text = solve_from(game, "i8", "g8", "hh", "Solved! Rating 1338 → ")
    assert re.search(r"Solved! Rating 1338 → 1[45]\d\d\.", text), text
    game.send("v")  # the solution, replayed step by step from the puzzle's position
    seen(game, "The solution, move by move", timeout=10)
    game.send("l")  # a step on (as right does): its first move
    seen(game, "Solution: move 1 of 3 · g8", timeout=10)
    game.send("\x1b")  # Esc: back to the puzzle
    seen(game, "Black to play: win by fours.", timeout=10)
    game.send("\x1b")  # Esc: back to the sets, the rating there too
    text = seen(game, "Your puzzles (from your games)", "streak 1 (best 1)", timeout=10)
    assert re.search(r"rating 1[45]\d\d · streak 1 \(best 1\)", text), text
    game.send("q")
    assert game.wait_exit() == 0
    assert '"streak": 1' in (home / "puzzles.json").read_text()


def test_puzzle_file_opens_its_puzzles_and_a_broken_one_is_said_before_the_game_starts(launch, home: Path) -> None:
    (home / "two.txt").write_text(write_puzzles_text(PUZZLES))
    game = launch("--puzzle", str(home / "two.txt"))
    seen(game, "From the file 2 puzzles, 0 done", timeout=15)  # its row first, once read
    game.send("\r")
    seen(game, "Puzzle 1 of 2", timeout=10)
    game.send("q")
    assert game.wait_exit() == 0
    (home / "broken.txt").write_text("gomoku puzzle\nrule: chess\n")
    broken = launch("--puzzle", str(home / "broken.txt"))
    assert broken.wait_exit() == 2
    said = compact(broken.text())  # the file's name, where in it, what is wrong: whatever the wrapping
    assert compact("broken.txt: puzzle 1, line 1: the board must be drawn whole") in said


def test_the_game_just_lost_gives_a_puzzle_after_its_review(launch, home: Path) -> None:
    # black left white's open three h8 i8 j8 standing (c15, move 7) and lost: block it at g8 or k8
    (home / "lost.txt").write_text("a15 h8 a13 i8 a11 j8 c15 k8 g8 l8\n")
    game = launch("--load", str(home / "lost.txt"))
    seen(game, "lost.txt: 10 moves.", timeout=15)
    game.send("R")
    seen(game, "1 puzzle added to your collection (Puzzles in the menu).")
    game.send("\x1b")  # back to the replay
    seen(game, "replay · lost.txt", timeout=10)
    game.send("\x1b")  # and to the menu
    seen(game, "New game", timeout=10)
    game.send("k" * 4 + "\r")
    seen(game, "Your puzzles (from your games) 1 puzzle, 0 done", timeout=15)
    game.send("jj\r")
    seen(game, "Black to play: find the only defence.", "move 7", timeout=10)  # the source names the game's move
    game.send("q")
    assert game.wait_exit() == 0
    assert "goal: defence" in (home / "my-puzzles.txt").read_text()
