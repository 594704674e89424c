"""Time the VCF solver on a prepared position whose shortest win takes ten fours.

Prints the median and maximum time to find a win (any win, as the ``hard``
level's first look does) and to find the shortest one (iterative deepening),
each from a fresh search board, and the nodes searched.

    python benchmarks/vcf_speed.py
    python benchmarks/vcf_speed.py --runs 20
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import Board, Stone
from gomoku.ai.searchboard import SearchBoard
from gomoku.ai.threats import ThreatSearch

# The same position as tests/test_search_tactics.py's VCF_10: black to move.
TEN_FOURS = """
. . . . . . . . . . . X . . .
. . . . . . X X O . . . . . .
. . . . X . . . X X O X . . .
. . . . X . . . . . O O . . X
. . . . O . . . . . O X . . .
. . O . X . O X . . . X . . X
. . . . . X X . . . . . . . .
. . . . . . . . . . X X . . .
. . . . . . X O . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . X . . . . . . . . .
. . . . X . . . . . . . . . .
. . X . X . X . . . . . . . .
. . O . . . . . . . . . . . .
"""


def measure(board: Board, shortest: bool) -> tuple[float, int, int]:
    """(seconds, nodes, fours in the line) for one solve from a fresh search board."""
    started = time.perf_counter()
    solver = ThreatSearch(SearchBoard.from_board(board))
    move = solver.vcf(shortest=shortest)
    elapsed = time.perf_counter() - started
    if move is None:
        raise SystemExit("the solver found no win: this is a bug")
    return elapsed, solver.nodes, len(solver.line()) // 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    board = Board.from_diagram(TEN_FOURS, turn=Stone.BLACK)
    print(f"$ python {' '.join(sys.argv)}")
    for shortest, label in ((False, "first win found"), (True, "shortest win")):
        runs = [measure(board, shortest) for _ in range(args.runs)]
        times = [t for t, _, _ in runs]
        _, nodes, fours = runs[0]
        print(
            f"{label}: median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms "
            f"over {args.runs} runs; {nodes} nodes; {fours} fours before the five"
        )


if __name__ == "__main__":
    main()
