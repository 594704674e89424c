"""A small fake Gomocup engine for the tests: ``python fake_engine.py MODE [ARG] [LOG]``.

Modes: ``good`` (plays the first empty point from the centre out, with a search-info MESSAGE line),
``deepening GO`` (the same move, after two search-info lines, depth 1 in ours and depth 2 in Rapfi's
form, and only once the file GO exists: the manager makes it when it has read those lines, so the
move proves they were passed on before it; after :data:`GO_WAIT` seconds without it, an ERROR),
``garbage`` (answers moves with text), ``fixed X,Y`` (always plays that point), ``hang`` (never
answers a move), ``crash`` (exits with code 3 on the first move), ``never`` (exits at once).
``LOG``, when given, receives every command line, so tests can see how the board was kept in step.
"""

from __future__ import annotations

import os
import sys
import time

SEARCH_INFO = "MESSAGE depth 3-5 ev 42 n 1200 n/ms 10 tm 120 pv"
#: The deepening engine's lines before its move: ours, then Rapfi's form (``{move}`` its move, ``{other}`` another).
DEEPENING = (
    "MESSAGE depth 1-1 ev 10 n 100 tm 5 pv {move}",
    "MESSAGE Depth 2-4 | Eval -25 | Time 9ms | {MOVE} {OTHER}",
)
#: Seconds the deepening engine waits for its GO file (a bound, not a timing: the manager makes it at once).
GO_WAIT = 10.0
#: Seconds between looks for the GO file.
GO_POLL = 0.01


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
        move, other = f"{letter[x]}{y + 1}", f"{letter[centre]}{centre + 1}"
        if mode == "deepening":
            for line in DEEPENING:
                print(line.format(move=move, other=other, MOVE=move.upper(), OTHER=other.upper()), flush=True)
            waited = 0.0
            while not os.path.exists(argument) and waited < GO_WAIT:
                time.sleep(GO_POLL)
                waited += GO_POLL
            if not os.path.exists(argument):
                print("ERROR the manager did not pass my search info on before my move", flush=True)
                return
        else:
            print(f"{SEARCH_INFO} {move} {other}", flush=True)
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
