"""How long the Puzzles screen waits for the solvers: a move judged, and a reviewed game's puzzles found.

The screen judges each move a player tries with :func:`gomoku.puzzles.try_move`
on a worker (a spinner turns meanwhile), and the review screen, once its
review is in, finds the game's puzzles with
:func:`gomoku.puzzle_mine.game_puzzles`.  For every built-in puzzle this
times the stated first move (accepted, with the defender's longest
resistance found) and a wrong one (the empty point nearest the first move
that is not a winning move, refused with its reason), and prints the median
and the slowest of each; then the puzzles of two reviewed games (the review
itself not counted).

    python benchmarks/puzzle_judging.py
    python benchmarks/puzzle_judging.py --limit 20
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import Board
from gomoku.puzzle_mine import game_puzzles
from gomoku.puzzle_sets import builtin_puzzles
from gomoku.puzzles import Puzzle, try_move
from gomoku.records import parse_moves
from gomoku.review import review_game

#: Two games with puzzles in them (tests/test_puzzle_progress.py): a missed win, a decisive mistake.
GAMES = {
    "missed win": "h8 a1 i8 a3 j8 a5 h12 g8 o15",
    "left open": "a15 h8 a13 i8 a11 j8 c15 k8 g8 l8",
}


def wrong_move(puzzle: Puzzle) -> object:
    """The empty point nearest the stated first move (a tempting one, near the play), other than it."""
    board = puzzle.board()
    first = puzzle.solution[0]
    empty = [point for point in board.empty_points() if point != first]
    return min(empty, key=lambda point: (abs(point.x - first.x) + abs(point.y - first.y), point.y, point.x))


def timed(puzzle: Puzzle, move: object) -> tuple[float, bool]:
    start = time.perf_counter()
    attempt = try_move(puzzle, move)  # type: ignore[arg-type]
    return time.perf_counter() - start, attempt.accepted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=0, help="judge only the first N built-in puzzles")
    args = parser.parse_args()
    puzzles = [puzzle for puzzle in builtin_puzzles() if puzzle.solution]
    if args.limit:
        puzzles = puzzles[: args.limit]
    right, wrong, refused_right = [], [], 0
    for puzzle in puzzles:
        seconds, accepted = timed(puzzle, puzzle.solution[0])
        right.append(seconds)
        refused_right += not accepted
        wrong.append(timed(puzzle, wrong_move(puzzle))[0])
    print(f"python benchmarks/puzzle_judging.py{' --limit ' + str(args.limit) if args.limit else ''}")
    print(f"built-in puzzles judged: {len(puzzles)} (stated first move refused: {refused_right})")
    for name, times in (("stated first move", right), ("a wrong move near it", wrong)):
        if times:
            print(
                f"  {name:<22} median {statistics.median(times) * 1000:7.1f} ms   slowest {max(times) * 1000:7.1f} ms"
            )
    for name, moves in GAMES.items():
        board = Board.from_moves(parse_moves(moves), 15)
        review = review_game(board)
        start = time.perf_counter()
        found = game_puzzles(board, review)
        print(f"  puzzles of the game '{name}': {len(found)} in {(time.perf_counter() - start) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
