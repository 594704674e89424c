"""How long the game history takes: keeping a finished game, reading every game back, and the figures.

A finished game is kept on the file worker (:func:`gomoku.tui.recorder.keep`:
open and check the database, one ``INSERT`` in a transaction), and the
history screen reads every game and computes the statistics and the rating
each time it is drawn.  This script times those on a history of ``--games``
games (200-move games against the levels), in a temporary folder of the file
system given (``--dir``: a folder on the disk your home is on measures the
real thing), and prints the medians.

Run from the repository root:

    python benchmarks/history_speed.py [--games N] [--repeats N] [--dir DIR]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku.ai import LEVELS
from gomoku.history import GameKind, History, OpponentKind, entry_of
from gomoku.history_stats import rating
from gomoku.history_stats import statistics as figures
from gomoku.point import Point
from gomoku.records import GameRecord
from gomoku.rules import Outcome, Stone, Termination

#: Moves in each game: a long game (the list and the record's moves are what a row holds most of).
MOVES = 200


def entry(number: int):  # type: ignore[no-untyped-def]
    """A 200-move game on 25x25 against a level, won or lost by turns."""
    moves = tuple(Point(x, y) for y in range(25) for x in range(25))[:MOVES]
    level = list(LEVELS)[number % len(LEVELS)]
    winner = Stone.BLACK if number % 3 else Stone.WHITE
    return entry_of(
        GameRecord(size=25, moves=moves, black="Ann", white=f"gomoku {level}"),
        GameKind.VS_COMPUTER,
        Outcome(Termination.RESIGNATION, winner),
        you=Stone.BLACK,
        opponent=level,
        opponent_kind=OpponentKind.LEVEL,
        level=level,
        played_at=datetime(2026, 1, 1, tzinfo=timezone.utc) + timedelta(hours=number),
    )


def median_ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games in the history (default 1000)")
    parser.add_argument("--repeats", type=int, default=20, help="timings of each step (default 20)")
    parser.add_argument("--dir", type=Path, default=None, help="the folder to work in (default: the temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        path = Path(folder) / "history.sqlite3"
        kept = History.open(path)
        filling = []
        for number in range(args.games):
            started = time.perf_counter()
            kept.add(entry(number))
            filling.append(time.perf_counter() - started)
        keeping, reading, counting = [], [], []
        for repeat in range(args.repeats):
            started = time.perf_counter()
            History.open(path).add(entry(args.games + repeat))  # as the worker keeps a game: open, check, add
            keeping.append(time.perf_counter() - started)
            started = time.perf_counter()
            games = History.open(path).entries()
            reading.append(time.perf_counter() - started)
            started = time.perf_counter()
            figures(games)
            rating(games)
            counting.append(time.perf_counter() - started)
    print(f"python benchmarks/history_speed.py --games {args.games} --repeats {args.repeats}")
    print(f"one game added, the database open:       {median_ms(filling)} (median of {args.games})")
    print(f"one game kept as the worker keeps it:    {median_ms(keeping)} (open, quick_check, insert)")
    print(f"every game read back ({len(games)} games):     {median_ms(reading)}")
    print(f"the statistics and the rating of them:   {median_ms(counting)}")


if __name__ == "__main__":
    main()
