"""Whether the game stays responsive while the computer ponders: a cursor key to the screen, with and without.

Runs ``python -m gomoku --mode pvc --level hard`` in a pseudo-terminal (as
``tui_reply.py`` does), once with the settings' ``ponder`` on and once off.
After each of the computer's moves it waits ``--settle`` seconds (the ponder
is then searching, on a worker thread that holds the interpreter most of the
time), then times cursor keys: from sending the key until the screen shows
the cursor moved.  Then it plays the hint, and so on.  Prints the median and
the longest echo of each.

    python benchmarks/ponder_keys.py --moves 6 --keys 5
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tui_reply import GAME_OVER, ROOT, Screen

sys.path.insert(0, str(ROOT))

from gomoku.tui.settings import SETTINGS_FILE
from gomoku.userdirs import config_dir


def echoes(ponder: bool, moves: int, keys: int, settle: float) -> list[float]:
    """The cursor keys' times to the screen, in seconds, over ``moves`` of the computer's moves."""
    with tempfile.TemporaryDirectory() as home:
        settings = config_dir({"GOMOKU_HOME": home}) / SETTINGS_FILE
        settings.parent.mkdir(parents=True, exist_ok=True)
        settings.write_text(json.dumps({"ponder": ponder}), encoding="utf-8")
        game = Screen(["--mode", "pvc", "--size", "15", "--level", "hard", "--black", "human", "--seed", "7"], home)
        times: list[float] = []
        game.wait(r"Black \(you\) to play · freestyle · move 1\b")
        for number in range(1, 2 * moves, 2):
            game.child.send("\r" if number == 1 else "")
            game.wait(rf"(Black \(you\) to play · freestyle · move {number + 2}\b|{GAME_OVER})")
            if re.search(GAME_OVER, game.text()):
                break
            time.sleep(settle)
            for index in range(keys):
                before = game.text()
                started = time.perf_counter()
                game.child.send("l" if index % 2 == 0 else "h")
                while game.text() == before:
                    game.wait(r"[\s\S]", timeout=5.0)
                times.append(time.perf_counter() - started)
            game.child.send("H")
            game.wait(r"Hint: ")
            game.child.send("\r")
        game.child.send("qy")
        game.child.expect(pexpect.EOF, timeout=10)
        return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=6, help="computer moves to measure after")
    parser.add_argument("--keys", type=int, default=5, help="cursor keys timed after each")
    parser.add_argument("--settle", type=float, default=0.5, help="seconds before the keys (the ponder is running)")
    options = parser.parse_args()
    print(f"$ python {' '.join(sys.argv)}")
    for ponder in (True, False):
        times = echoes(ponder, options.moves, options.keys, options.settle)
        print(
            f"ponder {'on' if ponder else 'off'}: {len(times)} cursor keys, key to screen: "
            f"median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
