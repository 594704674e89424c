"""Prove every built-in puzzle again with the solvers, and time it.

Each puzzle of ``gomoku/data/puzzles.txt`` is read by
:func:`gomoku.puzzle_sets.prove` at the puzzle reading
(:data:`gomoku.puzzles.PUZZLE_READING`: 100,000 nodes and 12 threats a
search): for a win, the goal its shortest proven win reaches is the stated
one (no win by fours where fours and threes are stated, no five to take), that
win is as long as the stated solution, the stated first move is accepted
when a player plays it on the Puzzles screen and the stated line ends in the
win; for a defence, the stated move is the one move that stops the
opponent's win, and the screen accepts it.  Prints how many were proven,
each failure with its problems, and the total, median and longest time, by
rule and goal.

    python benchmarks/puzzles.py
    python benchmarks/puzzles.py --jobs 2
    python benchmarks/puzzles.py --ids f-0001,r-0012
    python benchmarks/puzzles.py --file build/puzzles/renju.txt   # another collection (tools/make_puzzles.py's)
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku.puzzle_sets import builtin_puzzles, prove, read_collection
from gomoku.puzzles import Puzzle


def timed_proof(puzzle: Puzzle) -> tuple[str, tuple[str, ...], float]:
    """The puzzle's id, its problems (none: proven) and the seconds the proof took."""
    started = time.perf_counter()
    problems = prove(puzzle)
    return puzzle.id, problems, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=1, help="processes proving at once")
    parser.add_argument("--ids", default="", help="only these puzzles (ids, comma-separated)")
    parser.add_argument("--file", help="prove this collection instead of the built-in one")
    options = parser.parse_args()
    puzzles = read_collection(options.file) if options.file else builtin_puzzles()
    if options.ids:
        wanted = set(options.ids.split(","))
        puzzles = tuple(puzzle for puzzle in puzzles if puzzle.id in wanted)
    by_id = {puzzle.id: puzzle for puzzle in puzzles}
    started = time.perf_counter()
    if options.jobs > 1:
        with multiprocessing.Pool(options.jobs) as pool:
            results = pool.map(timed_proof, puzzles, chunksize=1)
    else:
        results = [timed_proof(puzzle) for puzzle in puzzles]
    wall = time.perf_counter() - started
    failures = [(ident, problems) for ident, problems, _seconds in results if problems]
    seconds = [taken for _ident, _problems, taken in results]
    print(f"{len(results) - len(failures)} of {len(results)} puzzles proven; {len(failures)} failed")
    for ident, problems in failures:
        print(f"  {ident}: {'; '.join(problems)}")
    if not seconds:
        return
    print(
        f"time: {sum(seconds):.1f} s in all ({wall:.1f} s on the clock, {options.jobs} job(s)), "
        f"median {statistics.median(seconds):.2f} s, longest {max(seconds):.1f} s"
    )
    groups: dict[tuple[str, str], list[float]] = collections.defaultdict(list)
    for ident, _problems, taken in results:
        puzzle = by_id[ident]
        groups[puzzle.rule.value, puzzle.goal.value].append(taken)
    for (rule, goal), times in sorted(groups.items()):
        print(
            f"  {rule:9} {goal:16} {len(times):4} puzzles, median {statistics.median(times):.2f} s, "
            f"longest {max(times):.1f} s"
        )


if __name__ == "__main__":
    main()
