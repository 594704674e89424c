"""What watchers cost the host: the bytes of a catch-up, and the host's time per move with 0 to 8 watchers.

Sans-IO, in this process, on the tests' in-memory wire (``tests/net/wire.py``):
no sockets, so the figures are the sessions' own work (parsing, the games,
encoding the lines for every watcher).  The catch-up is the ``start`` a
watcher gets on joining the largest game there is: a full 25x25 board with
12 lines of chat of 200 characters that JSON escapes to 6 bytes each, and a
series' score; it must stay under the protocol's line limit (MAX_LINE).  A
move is timed from the host's ``play`` through the guest's reply to every
watcher's game having both (freestyle 25x25, stones laid so that nobody
makes five).

    python benchmarks/watchers_cost.py [--moves 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.network_latency import cells  # noqa: E402
from gomoku.net.match import BlackChoice, ChatLine, GameSettings, Role, Series  # noqa: E402
from gomoku.net.protocol import MAX_LINE, MAX_WATCHERS, SeriesRecord, Start, encode  # noqa: E402
from gomoku.point import Point  # noqa: E402
from gomoku.rules import Rule  # noqa: E402
from tests.net.wire import Wire  # noqa: E402


def largest_catch_up() -> int:
    """The bytes of the longest ``start`` a watcher may get."""
    moves = tuple(Point(x, y) for y in range(25) for x in range(25))
    chat = tuple(ChatLine(Role.HOST, "\u00e9" * 200) for _ in range(12))
    start = Start(
        match=b"m" * 8,
        game=1_000_000,
        rule=Rule.FREESTYLE,
        size=25,
        black=Role.HOST,
        moves=moves,
        chat=chat,
        series=SeriesRecord.of(Series(999_999, 999_999, 999_999)),
    )
    return len(encode(start))


def no_five(count: int) -> list[tuple[int, int]]:
    """``count`` moves of 25x25, black and white in turn, where neither colour makes five (network_latency's)."""
    order = [point for pair in zip(cells(True), cells(False), strict=False) for point in pair]
    return order[:count]


def time_moves(watchers: int, moves: int) -> list[float]:
    wire = Wire(GameSettings(rule=Rule.FREESTYLE, size=25, black=BlackChoice.HOST))
    guest = wire.join()
    for n in range(watchers):
        wire.watcher(name=f"w{n}")
    times = []
    points = no_five(moves)
    for ply, point in enumerate(points):
        mover = wire.host if ply % 2 == 0 else guest
        wire.now += 1.0  # a person's pace: the lines stay within the rate limit (the bucket refills with time)
        began = time.perf_counter()
        wire.act(mover, mover.play(point, now=wire.now))
        times.append(time.perf_counter() - began)
        assert wire.host.board.moves[-1] == Point(*point), "the move was refused"
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args()
    size = largest_catch_up()
    print(f"largest catch-up start: {size} bytes (line limit {MAX_LINE}, {100 * size / MAX_LINE:.0f}%)")
    for watchers in (0, 1, 4, MAX_WATCHERS):
        times = time_moves(watchers, args.moves)
        print(
            f"{watchers} watchers: a move through the wire {statistics.median(times) * 1000:.2f} ms median, "
            f"{max(times) * 1000:.2f} ms at most ({len(times)} moves)"
        )


if __name__ == "__main__":
    main()
