"""A move's round trip over loopback, and the host's CPU use while it waits.

The host and the guest run in this process, each with its network thread
(:mod:`gomoku.net.connection`), on 127.0.0.1.  A round trip is from the host's
``play`` to the host's event for the guest's answer: host thread, TCP, the
guest's thread and event queue, the guest's ``play``, and back.  The game is
freestyle on 25x25 with stones laid so that nobody ever makes five, so one
game holds every move.  The curses screens are not in the loop yet (they come
with the UI): this is the network part of "key press to the other screen".

Then the host waits alone for ``--idle`` seconds, and again with a guest
connected but nobody moving (the heartbeat only), and the process's CPU time
(``resource.getrusage``, user + system; ``os.times`` on Windows) over each wait is printed.

    python benchmarks/network_latency.py [--moves 200] [--idle 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gomoku.net import events as ev  # noqa: E402
from gomoku.net.auth import new_code  # noqa: E402
from gomoku.net.connection import Guest, Host, Peer  # noqa: E402
from gomoku.net.host import GameSettings  # noqa: E402
from gomoku.rules import Rule  # noqa: E402

SIZE = 25
#: Seconds between round trips: the host refuses more than 20 lines a second
#: from a guest (gomoku.net.limits.LINE_RATE, far above a person's pace), so
#: the benchmark keeps to a fast person's pace and times only the trips.
PACE = 0.06
#: The longest a benchmark step may wait for an event before it gives up.
WAIT = 5.0


def cells(black: bool) -> list[tuple[int, int]]:
    """One colour's points of a pattern without five in a row: columns in pairs, rows alternating.

    Along a row colours come in pairs, down a column they alternate, and along
    either diagonal no colour repeats more than twice: no run ever reaches five.
    """
    return [(x, y) for y in range(SIZE) for x in range(SIZE)
            if (((x // 2) + y) % 2 == 0) == black]


def wait_for(peer: Peer, kind: type, where=lambda e: True) -> ev.Event:
    deadline = time.monotonic() + WAIT
    while True:
        event = peer.get(timeout=max(0.0, deadline - time.monotonic()))
        if isinstance(event, kind) and where(event):
            return event


def cpu() -> float:
    """The process's CPU seconds (user + system): getrusage's microseconds where there is one."""
    try:
        import resource
    except ImportError:  # Windows: os.times, in clock ticks
        times = os.times()
        return times.user + times.system
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def idle_cpu(seconds: float) -> float:
    before = cpu()
    time.sleep(seconds)
    return cpu() - before


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200, help="round trips to time (at most 312)")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of each idle wait")
    args = parser.parse_args()
    moves = min(args.moves, len(cells(False)))
    print(f"$ python benchmarks/network_latency.py --moves {args.moves} --idle {args.idle:g}")

    code = new_code()
    host = Host(code, "host", GameSettings(Rule.FREESTYLE, SIZE, "host"), port=0, bind="127.0.0.1")
    host.start()
    alone = idle_cpu(args.idle)

    guest = Guest("127.0.0.1", host.port, code, "guest")
    guest.start()
    wait_for(guest, ev.GameStarted)
    wait_for(host, ev.GameStarted)
    quiet = idle_cpu(args.idle)

    black, white = cells(True), cells(False)
    trips = []
    for ply in range(moves):
        started = time.perf_counter()
        host.play(black[ply])
        wait_for(guest, ev.MovePlayed, lambda e: not e.mine)
        guest.play(white[ply])
        wait_for(host, ev.MovePlayed, lambda e: not e.mine and e.ply == 2 * ply + 1)
        trips.append(time.perf_counter() - started)
        time.sleep(PACE)
    guest.close()
    host.close()
    guest.join(WAIT)
    host.join(WAIT)

    ms = [t * 1000 for t in trips]
    print(f"move round trip host -> guest -> host over 127.0.0.1, {moves} moves: "
          f"median {statistics.median(ms):.2f} ms, 99th percentile {percentile(ms, 0.99):.2f} ms, "
          f"max {max(ms):.2f} ms")
    print(f"host CPU while waiting alone for {args.idle:g} s: {alone * 1000:.1f} ms "
          f"({100 * alone / args.idle:.2f} % of a core)")
    print(f"host and guest CPU, connected and idle (heartbeat only) for {args.idle:g} s: "
          f"{quiet * 1000:.1f} ms ({100 * quiet / args.idle:.2f} % of a core)")


if __name__ == "__main__":
    main()
