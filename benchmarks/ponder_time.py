"""Pondering on the wall clock: how much deeper a move searches when the opponent's reply was guessed.

``hard`` (at ``--think-time`` a move) plays an opponent level; while the
opponent is to move, ``hard`` ponders on a thread of its own for ``--wait``
seconds (standing in for a person thinking), as the curses game runs it,
then the ponder is stopped and ``hard`` moves.  A twin ``hard`` that never
ponders searches every same position too, for the same think time, keeping
its own tables from move to move.  Prints the hit rate (the opponent's
moves the ponder guessed) and the depth both reached on hits and on misses.
The figures depend on the machine and its load (wall clock); for a
reproducible match see ``strength.py --ponder-nodes``.

    python benchmarks/ponder_time.py --think-time 1 --wait 3 --games 2
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import Board, Game, Rule
from gomoku.ai import make_player
from gomoku.ai.search import SearchPlayer, hard
from gomoku.openings import Seat


def _ponder(player: SearchPlayer, board: Board, stop: threading.Event, found: list[object]) -> None:
    """Ponder on ``board`` until ``stop``; what it left goes into ``found`` (``None``: nothing to ponder)."""
    found.append(player.ponder(board, stop))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think-time", type=float, default=1.0, help="seconds a move of hard (default 1)")
    parser.add_argument("--wait", type=float, default=3.0, help="seconds the opponent takes a move (default 3)")
    parser.add_argument("--opponent", default="normal", help="the opponent's level (default normal)")
    parser.add_argument("--games", type=int, default=2, help="hard plays black in the first, white in the next...")
    parser.add_argument("--rule", choices=[r.value for r in Rule], default="freestyle")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    depths: dict[str, list[tuple[int, int]]] = {"hit": [], "miss": []}
    times: list[float] = []
    for number in range(args.games):
        game = Game.new(Rule(args.rule))  # played through the core Game: moves by seat, the result its own
        pondering: SearchPlayer = hard(think_time=args.think_time)
        twin: SearchPlayer = hard(think_time=args.think_time)
        opponent = make_player(args.opponent, seed=args.seed + number, think_time=args.think_time)
        ours = Seat.FIRST if number % 2 == 0 else Seat.SECOND
        pondered = False
        while (seat := game.acting_seat) is not None:
            board = game.board
            if seat is ours:
                started = time.perf_counter()
                decision = pondering.choose_move(board)
                times.append(time.perf_counter() - started)
                if pondered and decision.depth:
                    unpondered = twin.choose_move(board)
                    depths["hit" if decision.pondered else "miss"].append((decision.depth, unpondered.depth))
                else:
                    twin.choose_move(board)
                game = game.play(decision.move, seat, time.monotonic())
                continue
            stop = threading.Event()
            found: list[object] = []
            thread = threading.Thread(target=_ponder, args=(pondering, board.copy(), stop, found), daemon=True)
            thread.start()
            move = opponent.choose_move(board).move
            stop.wait(args.wait)  # the opponent's thinking time
            stop.set()
            thread.join()
            pondered = found[0] is not None
            game = game.play(move, seat, time.monotonic())
        colour = game.colour_of(ours)
        print(f"game {number + 1}: hard {colour}, {game.result}, {len(game.board.moves)} moves", flush=True)

    print(f"$ python {' '.join(sys.argv)}")
    hits, misses = depths["hit"], depths["miss"]
    total = len(hits) + len(misses)
    print(
        f"hard guessed {len(hits)} of {total} replies it searched after"
        + (f" ({len(hits) / total:.0%})" if total else "")
    )
    for kind, pairs in depths.items():
        if pairs:
            mean = statistics.fmean(d for d, _ in pairs)
            cold = statistics.fmean(c for _, c in pairs)
            print(f"  on a {kind}: mean depth {mean:.2f} pondering, {cold:.2f} without, over {len(pairs)} moves")
    if times:
        print(f"hard move time: median {statistics.median(times):.2f} s, max {max(times):.2f} s")


if __name__ == "__main__":
    main()
