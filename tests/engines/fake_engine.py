"""A small fake Gomocup engine for the tests: ``python fake_engine.py MODE [ARG] [LOG]``.

Modes: ``good`` (plays the first empty point from the centre out, with a search-info MESSAGE line),
``garbage`` (answers moves with text), ``fixed X,Y`` (always plays that point), ``hang`` (never
answers a move), ``crash`` (exits with code 3 on the first move), ``never`` (exits at once).
``LOG``, when given, receives every command line, so tests can see how the board was kept in step.
"""

from __future__ import annotations

import sys
import time

SEARCH_INFO = "MESSAGE depth 3-5 ev 42 n 1200 n/ms 10 tm 120 pv"


def main() -> int:
    mode = sys.argv[1]
    argument = sys.argv[2] if len(sys.argv) > 2 else ""
    log = open(sys.argv[3], "a", encoding="utf-8") if len(sys.argv) > 3 else None  # noqa: SIM115
    if mode == "never":
        print("cannot load my weights", file=sys.stderr)
        return 1
    size = 15
    stones: set[tuple[int, int]] = set()
    in_board = False

    def answer_move() -> None:
        if mode == "garbage":
            print("I think h8 is nice", flush=True)
            return
        if mode == "hang":
            time.sleep(3600)
        if mode == "crash":
            print("segmentation fault (pretend)", file=sys.stderr, flush=True)
            sys.exit(3)
        if mode == "fixed":
            print(argument, flush=True)
            return
        centre = size // 2
        cells = sorted(
            ((x, y) for x in range(size) for y in range(size) if (x, y) not in stones),
            key=lambda p: (max(abs(p[0] - centre), abs(p[1] - centre)), p[1], p[0]),
        )
        x, y = cells[0]
        stones.add((x, y))
        letter = "abcdefghijklmnopqrstuvwxy"
        print(f"{SEARCH_INFO} {letter[x]}{y + 1} {letter[centre]}{centre + 1}", flush=True)
        print(f"{x},{y}", flush=True)

    for raw in sys.stdin:
        line = raw.strip()
        if log is not None:
            log.write(line + "\n")
            log.flush()
        word = line.split(" ")[0].upper()
        if in_board:
            if word == "DONE":
                in_board = False
                answer_move()
            else:
                x, y, _ = (int(part) for part in line.split(","))
                stones.add((x, y))
            continue
        if word == "START":
            size = int(line.split()[1])
            stones.clear()
            print("OK", flush=True)
        elif word == "BEGIN":
            answer_move()
        elif word == "TURN":
            x, y = (int(part) for part in line.split()[1].split(","))
            stones.add((x, y))
            answer_move()
        elif word == "BOARD":
            stones.clear()
            in_board = True
        elif word == "TAKEBACK":
            x, y = (int(part) for part in line.split()[1].split(","))
            stones.discard((x, y))
            print("OK", flush=True)
        elif word == "ABOUT":
            print('name="fake", version="1.0", author="tests"', flush=True)
        elif word == "END":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
