"""How long the Gomocup engine takes to answer, against the time it is given.

Runs ``python -m gomoku --gomocup`` as a manager would, on 20x20, for several
``timeout_turn`` values and one match clock, and answers its moves with the
seeded ``normal`` level.  Prints the median and
the longest answer, measured from writing the command to reading the move.

    python benchmarks/gomocup_latency.py [moves per game, default 20]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gomoku import Board, Point  # noqa: E402
from gomoku.ai import make_player  # noqa: E402
from gomoku.gomocup.brain import default_level  # noqa: E402


def play(info: list[str], moves: int, seed: int) -> tuple[list[float], float]:
    """Answer times (s) of one game, and the whole time the engine spent thinking."""
    engine = subprocess.Popen(
        [sys.executable, "-m", "gomoku", "--gomocup"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    assert engine.stdin and engine.stdout

    def ask(*lines: str) -> str:
        for line in lines:
            engine.stdin.write(line + "\n")
        engine.stdin.flush()
        while True:
            answer = engine.stdout.readline().strip()
            if not answer.startswith("MESSAGE"):
                return answer

    opponent = make_player("normal", seed=seed)
    board = Board(20)
    assert ask("START 20", *info) == "OK"
    times: list[float] = []
    command = ["BEGIN"]
    match_ms = next((int(line.split()[2]) for line in info if "timeout_match" in line), 0)
    used = 0.0
    for _ in range(moves):
        if match_ms:
            command.insert(0, f"INFO time_left {max(0, int(match_ms - used * 1000))}")
        started = time.perf_counter()
        answer = ask(*command)
        elapsed = time.perf_counter() - started
        times.append(elapsed)
        used += elapsed
        x, y = (int(part) for part in answer.split(","))
        board.play(Point(x, y))
        if board.is_game_over():
            break
        reply = opponent.choose_move(board).move
        board.play(reply)
        if board.is_game_over():
            break
        command = [f"TURN {reply.x},{reply.y}"]
    engine.stdin.write("END\n")
    engine.stdin.close()
    engine.wait(timeout=10)
    return times, used


def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"$ python benchmarks/gomocup_latency.py {moves}")
    print(f"level {default_level()}, 20x20, up to {moves} engine moves per game")
    for info in (
        ["INFO timeout_turn 0"],
        ["INFO timeout_turn 100"],
        ["INFO timeout_turn 300"],
        ["INFO timeout_turn 1000"],
        ["INFO timeout_turn 30000", "INFO timeout_match 10000"],
    ):
        times, used = play(info, moves, seed=1)
        print(
            f"{' '.join(line.split(' ', 1)[1] for line in info):45}"
            f" median {statistics.median(times) * 1000:7.1f} ms"
            f"  max {max(times) * 1000:7.1f} ms  total {used:6.2f} s  ({len(times)} moves)"
        )


if __name__ == "__main__":
    main()
