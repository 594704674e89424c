"""Time the VCT solver (wins by threes and fours) on positions from lost games.

``vct_positions.txt`` holds games lost by earlier versions of ``hard``, each
cut just after the losing move: the side to move wins by threats.  Prints

* for those positions: how many wins are found within ``--nodes`` and
  within the 4,000 nodes ``hard`` gives its check of alpha-beta's choice,
  and the median nodes and time to find one;
* for the positions of the same games two, four, ... plies earlier (the
  same side to move, its win not yet there, or not yet found): in how many
  a 4,000-node read proves "no win of up to 6 threats", which ``hard``
  takes as safe, and in how many it proves "no win at all".

Node counts do not depend on the machine, so they compare versions of the
solver exactly; the times are medians.

    python benchmarks/vct_speed.py
    python benchmarks/vct_speed.py --nodes 16000
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import Board, Rule, parse_point
from gomoku.ai.budget import Budget
from gomoku.ai.search import SAFE_ENOUGH, VCT_DEPTH, VERIFY_NODES
from gomoku.ai.searchboard import SearchBoard
from gomoku.ai.threats import ThreatSearch

POSITIONS = Path(__file__).resolve().parent / "vct_positions.txt"


def games() -> list[list[str]]:
    """The move lists of the file, comments left out."""
    lines = POSITIONS.read_text(encoding="utf-8").splitlines()
    return [line.split() for line in lines if line.strip() and not line.startswith("#")]


def board_after(moves: list[str]) -> SearchBoard:
    """The search board of a 15x15 freestyle game after ``moves``."""
    board = Board(15, Rule.FREESTYLE)
    for name in moves:
        board.play(parse_point(name, 15))
    return SearchBoard.from_board(board)


def read(moves: list[str], max_nodes: int) -> tuple[ThreatSearch, bool, float]:
    """A fresh deepening VCT read of the position after ``moves``: (solver, won, seconds)."""
    solver = ThreatSearch(board_after(moves), Budget(max_nodes=max_nodes))
    started = time.perf_counter()
    won = solver.vct(depth=VCT_DEPTH, shortest=True) is not None
    return solver, won, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=64_000, help="node budget for the lost positions")
    args = parser.parse_args()
    lost = games()

    nodes, seconds, found = [], [], 0
    for moves in lost:
        solver, won, elapsed = read(moves, args.nodes)
        found += won
        nodes.append(solver.nodes if won else args.nodes)
        seconds.append(elapsed)
    quick = sum(n <= VERIFY_NODES for n in nodes)
    print(
        f"wins found: {found} of {len(lost)} within {args.nodes:,} nodes, {quick} within {VERIFY_NODES:,}; "
        f"median {statistics.median(nodes):,.0f} nodes, {statistics.median(seconds) * 1000:.0f} ms"
    )

    earlier = [moves[:k] for moves in lost for k in range(len(moves) - 2, 3, -2)]
    safe = proven_none = won_early = 0
    seconds = []
    for moves in earlier:
        solver, won, elapsed = read(moves, VERIFY_NODES)
        seconds.append(elapsed)
        won_early += won
        if not won:
            safe += not solver.exhausted or solver.proven_depth >= SAFE_ENOUGH
            proven_none += not solver.exhausted
    print(
        f"earlier positions: {len(earlier)}; at {VERIFY_NODES:,} nodes, no win of up to {SAFE_ENOUGH} threats "
        f"proven in {safe}, none at all in {proven_none}, a win found in {won_early}; "
        f"median {statistics.median(seconds) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
