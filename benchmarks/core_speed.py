"""Time the core: a greedy move, a play+undo table update, and the same update by rebuilding.

Mid-game positions come from seeded games between the greedy levels (40 moves
on 15x15, 80 on 25x25).  Every figure is a median over many samples; the
incremental-vs-rebuild ratio is measured in the same run.

    python benchmarks/core_speed.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import Board, CombinationTables, Stone
from gomoku.ai import make_player


def mid_game(size: int, moves: int, seed: int) -> Board:
    """A position ``moves`` stones into a game between the greedy levels (no five yet)."""
    while True:
        board = Board(size)
        black, white = make_player("normal", seed=seed), make_player("easy", seed=seed + 1)
        while len(board.moves) < moves and not board.is_game_over():
            board.play((black if board.turn is Stone.BLACK else white).choose_move(board).move)
        if not board.is_game_over():
            return board
        seed += 100


def median_seconds(action, repeats: int) -> float:
    """The median wall time of ``action()`` over ``repeats`` calls."""
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def place_and_remove(tables: CombinationTables, cell: int, stone: int) -> None:
    """Play ``stone`` at ``cell`` in the tables and take it back: the incremental update."""
    tables.place(cell, stone)
    tables.remove(cell, stone)


def rebuild_with(size: int, cells: list[int], cell: int, stone: int) -> None:
    """Build the tables from scratch with ``stone`` at ``cell`` (restored afterwards): the update by rebuilding."""
    cells[cell] = stone
    CombinationTables.from_cells(size, cells)
    cells[cell] = 0


def measure(size: int, moves: int, positions: int = 5) -> None:
    boards = [mid_game(size, moves, seed) for seed in range(positions)]
    rng = random.Random(size)
    move_times = {"easy": [], "normal": []}
    update_times, rebuild_times = [], []
    for board in boards:
        for level in move_times:
            player = make_player(level, seed=1)
            move_times[level].append(median_seconds(partial(player.choose_move, board), 200))
        empties = [c for c, v in enumerate(board.cells) if not v]
        stone = int(board.turn)
        cells = list(board.cells)
        for cell in rng.sample(empties, 20):
            update_times.append(median_seconds(partial(place_and_remove, board.tables, cell, stone), 200))
            rebuild_times.append(median_seconds(partial(rebuild_with, size, cells, cell, stone), 5))
    print(f"{size}x{size}, {len(boards)} positions after {moves} moves:")
    for level, times in move_times.items():
        print(f"  greedy {level:6} move:            median {statistics.median(times) * 1e3:8.3f} ms")
    incremental_median = statistics.median(update_times)
    rebuild_median = statistics.median(rebuild_times)
    print(f"  play+undo table update:        median {incremental_median * 1e6:8.1f} us")
    print(f"  same move by rebuilding:       median {rebuild_median * 1e6:8.1f} us")
    print(f"  incremental is {rebuild_median / incremental_median:.0f}x faster than a rebuild")


def main() -> None:
    print(f"$ python {' '.join(sys.argv)}   (Python {sys.version.split()[0]})")
    measure(15, 40)
    measure(25, 80)


if __name__ == "__main__":
    main()
