"""Time the ``hard`` level's machinery: board updates, the horizon's peek, and alpha-beta to a fixed depth.

On opening positions from games the ``hard`` level once lost as white (its
moves 2 to 4, where the game is decided), prints:

* play+undo: one stone put on the search board and taken back, in microseconds;
* peek: the same stone's reckoning without playing it (how the horizon is judged);
* alpha-beta: the time and nodes to search each position to ``--depth`` plies
  (no time limit), their median, and the nodes per second.

A fixed depth, not a fixed time, so two versions of the code are compared
on the same trees; run both in one session (the machine is shared and noisy).
``--cpu`` times with the process's CPU time instead of the wall clock: on a
machine busy with other work the wall clock also counts the time the other
processes had the core.  ``--repeat`` runs the whole measurement again (the
search from fresh boards) and gives the median of each figure.

    python benchmarks/search_speed.py
    python benchmarks/search_speed.py --depth 7 --runs 3
    python benchmarks/search_speed.py --cpu --repeat 5
    python benchmarks/search_speed.py --learned   # the boards carry the learned evaluation
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import Board, Rule, parse_point
from gomoku.ai import search
from gomoku.ai.budget import Budget
from gomoku.ai.learned import LearnedMode
from gomoku.ai.searchboard import SearchBoard

#: The first moves of games ``hard`` lost as white (saved by ``strength.py --save-losses``).
GAMES = (
    "h8 i8 j9 i9 h11 i10 i7 g10 j6 g9 j7",
    "h8 j10 i7 i11 j8 k9 l8 j6 i9 i6 h10",
    "h8 h6 i6 i8 i7 j6 j7 h7 k8 l9 k11",
    "h8 j6 i8 j8 i9 i7 h9 j7 j9 k9 h6",
    "h8 i10 j8 k8 i7 k9 j6 g9 j7 j9 l7",
    "h8 i6 g8 f8 g9 g7 i7 f10 h9 h6 e9",
)
#: How many stones each position holds: white to move at 3, 5 and 7.
PLIES = (3, 5, 7)


def positions(rule: Rule = Rule.FREESTYLE, learned: bool = False) -> list[SearchBoard]:
    """One search board per (game, ply), the 15x15 board under ``rule`` after that many moves."""
    boards = []
    for game in GAMES:
        moves = game.split()
        for plies in PLIES:
            board = Board(15, rule)
            for name in moves[:plies]:
                board.play(parse_point(name, 15))
            boards.append(SearchBoard.from_board(board, LearnedMode.FULL if learned else LearnedMode.OFF))
    return boards


def time_updates(boards: list[SearchBoard], clock: Callable[[], float] = time.perf_counter) -> tuple[float, float]:
    """Microseconds per play+undo and per peek, over every scoring empty cell of every board (timed on ``clock``)."""
    moves = 0
    play_time = peek_time = 0.0
    for board in boards:
        cells = [q for q in range(board.n) if not board.cells[q] and (board.score[1][q] or board.score[2][q])]
        started = clock()
        for q in cells:
            board.play(q)
            board.undo()
        play_time += clock() - started
        if hasattr(board, "peek"):  # (older versions have none: compare their play+undo)
            started = clock()
            for q in cells:
                board.peek(q)
            peek_time += clock() - started
        moves += len(cells)
    return play_time / moves * 1e6, peek_time / moves * 1e6


def time_search(
    boards: list[SearchBoard], depth: int, clock: Callable[[], float] = time.perf_counter
) -> tuple[list[float], int]:
    """Seconds per position (on ``clock``) to search ``depth`` plies from a fresh table, and the nodes in all."""
    times, nodes = [], 0
    for board in boards:
        searcher = search.AlphaBeta(board, Budget(time.perf_counter() + 3600))
        root = searcher.candidates(getattr(search, "ROOT_WIDTH", 24))  # (older versions: 24)
        started = clock()
        searcher.search(root, time.perf_counter() + 3600, max_depth=depth)
        times.append(clock() - started)
        nodes += searcher.nodes
    return times, nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=6, help="alpha-beta depth in plies (default 6)")
    parser.add_argument("--runs", type=int, default=3, help="repeat the update timings this many times")
    parser.add_argument("--rule", choices=[r.value for r in Rule], default="freestyle")
    parser.add_argument("--learned", action="store_true", help="search with the learned evaluation (LEARNED_EVAL)")
    parser.add_argument("--cpu", action="store_true", help="time on the process's CPU time, not the wall clock")
    parser.add_argument("--repeat", type=int, default=1, help="repeat the whole measurement; medians of each figure")
    args = parser.parse_args()
    extra = (
        (" --learned" if args.learned else "")
        + (" --cpu" if args.cpu else "")
        + (f" --repeat {args.repeat}" if args.repeat != 1 else "")
    )
    print(f"$ python benchmarks/search_speed.py --depth {args.depth} --runs {args.runs} --rule {args.rule}{extra}")
    clock = time.process_time if args.cpu else time.perf_counter
    plays, peeks, medians, rates = [], [], [], []
    nodes = 0
    for _ in range(args.repeat):
        boards = positions(Rule(args.rule), args.learned)
        time_updates(boards, clock)  # once untimed: the line shapes met are worked out on first sight
        updates = [time_updates(boards, clock) for _ in range(args.runs)]
        plays.append(statistics.median(u[0] for u in updates))
        peeks.append(statistics.median(u[1] for u in updates))
        times, nodes = time_search(positions(Rule(args.rule), args.learned), args.depth, clock)
        medians.append(statistics.median(times))
        rates.append(nodes / sum(times))
    print(
        f"play+undo: median {statistics.median(plays):.1f} us; peek: median {statistics.median(peeks):.1f} us "
        f"({len(boards)} positions, {args.runs} runs x {args.repeat})"
    )
    print(
        f"alpha-beta to depth {args.depth}: median {statistics.median(medians):.3f} s a position; {nodes} nodes a "
        f"run, {statistics.median(rates):,.0f} nodes/s "
        f"(median of {args.repeat}: {min(rates):,.0f} to {max(rates):,.0f})"
    )


if __name__ == "__main__":
    main()
