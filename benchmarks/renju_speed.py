"""How long listing every renju forbidden point takes on dense mid-game 15x15 positions.

The positions come from random-ish games (seeded, so every run measures the
same ones): each move is a random empty point within two points of a stone,
black never plays a forbidden point, and neither side completes a five, so the
games reach 60 to 100 moves with plenty of black shapes on the board.

For each position the script times :func:`gomoku.renju.forbidden_points`
(the call behind ``Board.forbidden_points``) several times and keeps the
median; it prints the median over all positions, and for comparison the plain
approach that asks :func:`gomoku.renju.foul_at` about every empty point.

Run from the repository root:

    python benchmarks/renju_speed.py [--positions N] [--repeats R] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import (
    Board,
    ForbiddenMoveError,
    Point,
    Rule,
    renju,
)

SIZE = 15


def random_game(rng: random.Random, moves: int) -> Board:
    """A renju game of ``moves`` random-ish moves with no five on the board."""
    board = Board(SIZE, Rule.RENJU)
    board.play(Point(SIZE // 2, SIZE // 2))
    while len(board.moves) < moves:
        near = sorted(
            {
                (x + dx, y + dy)
                for x, y in board.moves
                for dx in range(-2, 3)
                for dy in range(-2, 3)
                if board.is_empty((x + dx, y + dy))
            }
        )
        rng.shuffle(near)
        for point in near:
            trial = board.copy()
            try:
                trial.play(point)
            except ForbiddenMoveError:
                continue
            if trial.outcome is None:
                board = trial
                break
        else:
            break
    return board


def time_call(function, repeats: int) -> float:
    """The median wall time of ``function()`` over ``repeats`` calls, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def fouls_by_point(cells: Sequence[int], size: int, empties: list[int]) -> list[renju.Foul | None]:
    """The plain approach: ask the referee about every empty point."""
    return [renju.foul_at(cells, size, c) for c in empties]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    boards = [random_game(rng, rng.randint(60, 100)) for _ in range(args.positions)]
    fast, plain, counts, stones = [], [], [], []
    for board in boards:
        cells, size = board.cells, board.size
        found = renju.forbidden_points(cells, size)
        empties = [c for c, v in enumerate(cells) if not v]
        by_point = [c for c in empties if renju.foul_at(cells, size, c) is not None]
        assert found == by_point, "the fast listing disagrees with foul_at"
        fast.append(time_call(partial(renju.forbidden_points, cells, size), args.repeats))
        plain.append(time_call(partial(fouls_by_point, cells, size, empties), 3))
        counts.append(len(found))
        stones.append(board.stone_count)

    command = "python benchmarks/renju_speed.py " + " ".join(sys.argv[1:])
    print(f"$ {command.strip()}")
    print(
        f"{len(boards)} positions of {min(stones)}-{max(stones)} stones (15x15), "
        f"{sum(counts)} forbidden points in all ({min(counts)}-{max(counts)} each)"
    )
    print(
        f"forbidden_points (bitboard filter + recursive referee): "
        f"median {statistics.median(fast) * 1000:.2f} ms, "
        f"max {max(fast) * 1000:.2f} ms"
    )
    print(
        f"foul_at on every empty point (plain approach):          "
        f"median {statistics.median(plain) * 1000:.2f} ms, "
        f"max {max(plain) * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
