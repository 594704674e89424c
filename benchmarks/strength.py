"""Play two computer levels against each other over varied openings and print the tally.

Each opening (a few stones near the centre, drawn from a seeded random source)
is played twice with colours swapped, so neither level profits from moving
first.  Prints wins, losses and draws of the first level, its score with a 95%
error bar, and each level's move-time median and maximum.

    python benchmarks/strength.py normal easy --games 100
    python benchmarks/strength.py hard normal --games 100 --think-time 1 --jobs 2
    python benchmarks/strength.py hard normal --games 100 --think-time 1 --jobs 2 --first-as white

With ``--first-as white`` (or ``black``) each opening is played once, the
first level on that colour: ``hard`` loses almost only as white, so this
gives nearly the same information about it in half the time.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import Board, Point, Rule, Stone  # noqa: E402
from gomoku.ai import LEVELS, make_player  # noqa: E402


@dataclass
class GameResult:
    """One game: the opening index, who had black, the winner's level (``None`` for a draw)."""

    opening: int
    black: str
    winner: str | None
    moves: int
    times: dict[str, list[float]] = field(default_factory=dict)
    record: list[str] = field(default_factory=list)


def make_openings(count: int, size: int, stones: int, seed: int) -> list[list[Point]]:
    """``count`` distinct openings of ``stones`` stones within two points of the centre."""
    rng = random.Random(seed)
    centre = size // 2
    near = [Point(centre + dx, centre + dy) for dx in range(-2, 3) for dy in range(-2, 3)]
    openings: list[list[Point]] = []
    seen: set[tuple[Point, ...]] = set()
    while len(openings) < count:
        opening = [Point(centre, centre)] + rng.sample([p for p in near if p != (centre, centre)], stones - 1)
        key = tuple(opening)
        if key not in seen:
            seen.add(key)
            openings.append(opening)
    return openings


def play_game(job: tuple) -> GameResult:
    """Play one game; ``job`` is (opening index, opening, black level, white level, options)."""
    index, opening, black_level, white_level, options = job
    size, rule, think_time, seed = options
    board = Board(size, Rule(rule))
    for point in opening:
        board.play(point)
    players = {
        Stone.BLACK: make_player(black_level, seed=seed + 2 * index, think_time=think_time),
        Stone.WHITE: make_player(white_level, seed=seed + 2 * index + 1, think_time=think_time),
    }
    names = {Stone.BLACK: black_level, Stone.WHITE: white_level}
    times: dict[str, list[float]] = {black_level: [], white_level: []}
    while not board.is_game_over():
        side = board.turn
        started = time.perf_counter()
        move = players[side].choose_move(board).move
        times[names[side]].append(time.perf_counter() - started)
        board.play(move)
    winner = board.outcome.winner
    record = [board.notation(point) for point in board.moves]
    return GameResult(index, black_level, names[winner] if winner else None, len(board.moves), times, record)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", choices=tuple(LEVELS), help="the level whose score is printed")
    parser.add_argument("second", choices=tuple(LEVELS))
    parser.add_argument("--games", type=int, default=100, help="twice the number of openings drawn (an even number)")
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--rule", choices=[r.value for r in Rule], default="freestyle")
    parser.add_argument("--opening-stones", type=int, default=3)
    parser.add_argument("--think-time", type=float, default=None, help="seconds per move")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--first-as", choices=("both", "black", "white"), default="both",
                        help="the colours the first level plays each opening with (default: both)")
    parser.add_argument("--save-losses", type=Path, default=None, metavar="FILE",
                        help="write the moves of every game the first level did not win to FILE")
    args = parser.parse_args()

    openings = make_openings(args.games // 2, args.size, args.opening_stones, args.seed)
    options = (args.size, args.rule, args.think_time, args.seed)
    jobs = []
    for index, opening in enumerate(openings):
        if args.first_as != "white":
            jobs.append((index, opening, args.first, args.second, options))
        if args.first_as != "black":
            jobs.append((index, opening, args.second, args.first, options))

    started = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(play_game, jobs)
    else:
        results = [play_game(job) for job in jobs]
    elapsed = time.perf_counter() - started

    wins = sum(1 for r in results if r.winner == args.first)
    losses = sum(1 for r in results if r.winner == args.second)
    draws = len(results) - wins - losses
    points = [1.0 if r.winner == args.first else 0.5 if r.winner is None else 0.0 for r in results]
    score = statistics.fmean(points)
    spread = statistics.pstdev(points) if len(points) > 1 else 0.0
    error = 1.96 * spread / math.sqrt(len(points))

    print(f"$ python {' '.join(sys.argv)}")
    print(f"{args.first} vs {args.second}: {len(results)} games on {args.size}x{args.size} {args.rule}, "
          f"{len(openings)} openings of {args.opening_stones} stones, "
          + ("each with colours swapped" if args.first_as == "both" else f"{args.first} as {args.first_as}"))
    print(f"{args.first}: {wins} wins, {losses} losses, {draws} draws; "
          f"score {score:.1%} +/- {error:.1%} (95%)")
    as_black = sum(1 for r in results if r.black == args.first and r.winner == args.first)
    as_white = sum(1 for r in results if r.black != args.first and r.winner == args.first)
    print(f"{args.first} wins as black: {as_black}, as white: {as_white}")
    for level in dict.fromkeys((args.first, args.second)):
        samples = [t for r in results for t in r.times.get(level, [])]
        if samples:
            print(f"{level} move time: median {statistics.median(samples) * 1000:.2f} ms, "
                  f"max {max(samples) * 1000:.2f} ms over {len(samples)} moves")
    if args.save_losses is not None:
        with args.save_losses.open("w", encoding="utf-8") as out:
            for r in results:
                if r.winner != args.first:
                    out.write(f"opening {r.opening} black {r.black} winner {r.winner}: {' '.join(r.record)}\n")
        print(f"games not won by {args.first} written to {args.save_losses}")
    print(f"mean game length {statistics.fmean(r.moves for r in results):.1f} moves; "
          f"wall time {elapsed:.1f} s")


if __name__ == "__main__":
    main()
