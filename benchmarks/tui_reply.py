"""How long the computer's reply takes to appear on the screen of the real game.

Runs ``python -m gomoku --mode pvc`` in a pseudo-terminal (pexpect, pyte) on
15x15 for each level.  The "human" asks for a hint (``H``) and plays it
(Enter); the figure is the time from sending Enter until the screen shows the
computer's answer: its thinking, the worker thread and the redraw together.
Usage: ``python benchmarks/tui_reply.py [--moves N] [--levels easy,normal]``.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect
import pyte

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gomoku.ai import LEVELS  # noqa: E402

#: What the status line says when the game is over ("Black wins ...", "You (black) win ...").
GAME_OVER = r"\bwins?\b with|Draw"


class Screen:
    def __init__(self, args: list[str], home: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm-256color", GOMOKU_HOME=home, LANG="C.UTF-8")
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(sys.executable, ["-m", "gomoku", *args], env=env, dimensions=(24, 80))
        self.child.delaybeforesend = None  # pexpect waits 50 ms before each send by default

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait(self, pattern: str, timeout: float = 30.0) -> re.Match[str]:
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            try:
                self.stream.feed(self.child.read_nonblocking(1 << 16, timeout=0.002))
            except pexpect.TIMEOUT:
                pass
            found = re.search(pattern, self.text())
            if found:
                return found
        raise TimeoutError(f"no {pattern!r} on:\n{self.text()}")


def replies(level: str, moves: int) -> list[float]:
    with tempfile.TemporaryDirectory() as home:
        game = Screen(["--mode", "pvc", "--size", "15", "--level", level, "--black", "human", "--seed", "7"], home)
        times = []
        game.wait(r"Black \(you\) to play · freestyle · move 1\b")
        for number in range(1, 2 * moves, 2):
            if re.search(GAME_OVER, game.text()):
                break
            game.child.send("H")
            game.wait(r"Hint: ")
            started = time.perf_counter()
            game.child.send("\r")
            game.wait(rf"(move {number + 2}\b|{GAME_OVER})")
            times.append(time.perf_counter() - started)
        game.child.send("qy")
        game.child.expect(pexpect.EOF, timeout=10)
        return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--levels", default="easy,normal")
    options = parser.parse_args()
    print(f"$ python benchmarks/tui_reply.py --moves {options.moves} --levels {options.levels}")
    for level in options.levels.split(","):
        if level not in LEVELS:
            print(f"{level}: no such level here")
            continue
        times = replies(level, options.moves)
        print(
            f"{level:>7}: {len(times)} replies on 15x15, key to reply on screen: "
            f"median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
