"""``hard`` through the Gomocup protocol: nodes per second, and what keeping one player per game gives.

Plays one game as a manager would, in process (:class:`gomoku.gomocup.brain.Brain`):
``hard`` answers the seeded ``normal`` level's moves with ``INFO
timeout_turn``, and each answer's ``MESSAGE`` search-info line gives its
nodes and time.  The game is played twice in one run: with the brain's
player kept for the whole game (its transposition table carried from move
to move), and with a fresh player for every move (as the engine did before
it kept one).  Prints the median nodes per second, the median depth reached
and the median size of the table at the start of a move for each.

    python benchmarks/engine_speed.py [--moves 20] [--turn-ms 1000]
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import Board, Point
from gomoku.ai import make_player
from gomoku.gomocup.brain import Brain

INFO = re.compile(r"MESSAGE depth (\d+)-(\d+) ev \S+ n (\S+) n/ms (\d+) tm (\d+) pv")


def _count(text: str) -> float:
    scale = {"K": 1e3, "M": 1e6}.get(text[-1], 1)
    return float(text.rstrip("KM")) * scale


def play(moves: int, turn_ms: int, keep: bool, seed: int) -> dict[str, list[float]]:
    """One game; per answer of the engine: nodes/s, depth, and its table's size when the move began."""
    brain = Brain(level="hard", seed=seed)
    for line in ("START 15", f"INFO timeout_turn {turn_ms}", "INFO timeout_match 0"):
        brain.handle(line)
    board = Board(15)
    opponent = make_player("normal", seed=seed)
    figures: dict[str, list[float]] = {"nps": [], "depth": [], "table": []}
    for _ in range(moves):
        if board.is_game_over():
            break
        reply = opponent.choose_move(board).move
        board.play(reply)
        if board.is_game_over():
            break
        if not keep:
            brain.forget_player()
        figures["table"].append(getattr(brain.player, "table_size", 0))
        answer = brain.handle(f"TURN {reply.x},{reply.y}")
        x, y = (int(v) for v in answer[-1].split(","))
        board.play(Point(x, y))
        for line in answer[:-1]:
            found = INFO.match(line)
            if found and int(found.group(5)) > 0:
                figures["nps"].append(_count(found.group(3)) / int(found.group(5)) * 1000)
                figures["depth"].append(int(found.group(1)))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20, help="moves of the engine in the game")
    parser.add_argument("--turn-ms", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    print(f"$ python {' '.join(sys.argv)}")
    for keep in (True, False):
        figures = play(args.moves, args.turn_ms, keep, args.seed)
        label = "one player kept for the game" if keep else "a fresh player every move"
        nps = statistics.median(figures["nps"]) if figures["nps"] else 0.0
        depth = statistics.median(figures["depth"]) if figures["depth"] else 0
        table = statistics.median(figures["table"]) if figures["table"] else 0
        print(
            f"{label}: median {nps:,.0f} nodes/s, depth {depth:g}, "
            f"{table:,.0f} positions in the table when a move starts ({len(figures['nps'])} searched moves)"
        )


if __name__ == "__main__":
    main()
