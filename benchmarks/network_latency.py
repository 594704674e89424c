"""A move's round trip over loopback, and the host's CPU use while it waits.

The host and the guest run in this process, each with its network thread
(:mod:`gomoku.net.connection`), on 127.0.0.1.  A round trip is from the host's
``play`` to the host's event for the guest's answer: host thread, TCP, the
guest's thread and event queue, the guest's ``play``, and back.  The game is
freestyle on 25x25 with stones laid so that nobody ever makes five, so one
game holds every move.  This is the network part of "key press to the other
screen".

With ``--screens N`` (N > 0), it then runs two real ``python -m gomoku``
processes, a host and a guest, each in a pseudo-terminal (pexpect, with pyte
reading the screen: the test extras), and times N moves each way from the
click sent to one terminal to the move shown on the other's screen
(``last: black h8``): curses, the loop, both network threads, TCP, and the
other loop's redraw.  The time also holds this process reading and parsing
the screen (pyte), so it is an upper bound.

Then the host waits alone for ``--idle`` seconds, and again with a guest
connected but nobody moving (the heartbeat only), and the process's CPU time
(``resource.getrusage``, user + system; ``os.times`` on Windows) over each wait is printed.

    python benchmarks/network_latency.py [--moves 200] [--idle 5] [--screens 200]
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
from gomoku.net.match import BlackChoice, GameSettings  # noqa: E402
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
    return [(x, y) for y in range(SIZE) for x in range(SIZE) if (((x // 2) + y) % 2 == 0) == black]


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
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def screens(moves: int) -> tuple[list[float], list[float]]:
    """Seconds from a click in one terminal to the move on the other's screen: host to guest, guest to host."""
    import socket
    import tempfile

    from gomoku.point import Point, to_notation
    from gomoku.tui.layout import board_layout
    from tests.tui.terminal import Terminal, flatten

    rows, cols = 40, 120
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    layout = board_layout(rows, cols, SIZE)
    assert layout is not None
    with tempfile.TemporaryDirectory() as folder:
        homes = [Path(folder) / name for name in ("host", "guest")]
        for home in homes:
            home.mkdir()
        host = Terminal(
            ["--host", str(port), "--bind", "127.0.0.1", "--size", str(SIZE), "--black", "host", "--name", "host"],
            homes[0],
            rows,
            cols,
        )
        guest = None
        try:
            text = wait_screen(host, lambda t: "--code " in t)
            code = flatten(text).split("--code ", 1)[1].split()[0]
            guest = Terminal(["--join", f"127.0.0.1:{port}", "--code", code, "--name", "guest"], homes[1], rows, cols)
            wait_screen(guest, lambda t: "host to play" in t)
            there, back = [], []
            black, white = cells(True), cells(False)
            for ply in range(moves):
                for mover, other, point, colour, times in (
                    (host, guest, black[ply], "black", there),
                    (guest, host, white[ply], "white", back),
                ):
                    shown = f"last: {colour} {to_notation(Point(*point), SIZE)}"
                    started = time.perf_counter()
                    mover.click(*layout.screen_of(Point(*point)))
                    wait_screen(other, lambda t, shown=shown: shown in t)
                    times.append(time.perf_counter() - started)
                    time.sleep(PACE)
            return there, back
        finally:
            for terminal in (host, guest):
                if terminal is not None:
                    terminal.close()


def wait_screen(terminal, test) -> str:  # type: ignore[no-untyped-def]
    """Read ``terminal`` until ``test`` holds for its screen (at most :data:`WAIT` seconds)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        terminal.pump(timeout=0.005)
        text = terminal.text()
        if test(text):
            return text
    raise SystemExit(f"gave up waiting; the screen shows:\n{terminal.text()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200, help="round trips to time (at most 312)")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of each idle wait")
    parser.add_argument(
        "--screens",
        type=int,
        default=0,
        help="also time this many moves each way from a click to the other screen (two processes)",
    )
    args = parser.parse_args()
    moves = min(args.moves, len(cells(False)))
    print(f"$ python benchmarks/network_latency.py --moves {args.moves} --idle {args.idle:g} --screens {args.screens}")

    code = new_code()
    host = Host(code, "host", GameSettings(Rule.FREESTYLE, SIZE, BlackChoice.HOST), port=0, bind="127.0.0.1")
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
        wait_for(host, ev.MovePlayed, lambda e, ply=ply: not e.mine and e.ply == 2 * ply + 1)
        trips.append(time.perf_counter() - started)
        time.sleep(PACE)
    guest.close()
    host.close()
    guest.join(WAIT)
    host.join(WAIT)

    ms = [t * 1000 for t in trips]
    print(
        f"move round trip host -> guest -> host over 127.0.0.1, {moves} moves: "
        f"median {statistics.median(ms):.2f} ms, 99th percentile {percentile(ms, 0.99):.2f} ms, "
        f"max {max(ms):.2f} ms"
    )
    print(
        f"host CPU while waiting alone for {args.idle:g} s: {alone * 1000:.1f} ms "
        f"({100 * alone / args.idle:.2f} % of a core)"
    )
    print(
        f"host and guest CPU, connected and idle (heartbeat only) for {args.idle:g} s: "
        f"{quiet * 1000:.1f} ms ({100 * quiet / args.idle:.2f} % of a core)"
    )
    if args.screens > 0:
        there, back = screens(min(args.screens, len(cells(False))))
        for label, times in (("host's click -> guest's screen", there), ("guest's click -> host's screen", back)):
            ms = [t * 1000 for t in times]
            print(
                f"{label}, two processes in pseudo-terminals, {len(ms)} moves: "
                f"median {statistics.median(ms):.1f} ms, 99th percentile {percentile(ms, 0.99):.1f} ms, "
                f"max {max(ms):.1f} ms"
            )


if __name__ == "__main__":
    main()
