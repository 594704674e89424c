"""What ``B`` shows at opening steps, and how long it reads: the computer's ranked placements, timed.

For each position below, the TUI's reader (:meth:`gomoku.ai.opening.OpeningPlayer.ranked` on ``hard``, the
whole reading given :data:`gomoku.tui.computer.BALANCE_THINK_TIME`) ranks the placements twice; printed: the
seconds each reading took, the five first with black's win rate, and how many of the first five the two
readings share (the search is timed, so a loaded machine reads a little differently).

    python benchmarks/balanced_placements.py

Measured on a shared 2-core machine under load (December 2026, 7.7 s of CPU in 30 s): each reading took
3.5-3.8 s (3 s asked; each of the 12 searches runs a little over its share), and two readings of one position
shared 3 or 4 of their first five (Swap2's 3rd stone: h10 54%, g8 59%, f8 60%, j8 60%, g9 61% the first
time).  The nearest-to-even placements lie within a few per cent of each other, so their order moves with
the time the search gets; the values say how near each is.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import Board, Rule
from gomoku.ai import make_player
from gomoku.ai.opening import OpeningPlayer
from gomoku.openings import OpeningRule, replay
from gomoku.tui.balance import SHOWN
from gomoku.tui.computer import BALANCE_THINK_TIME

#: The steps read: a name, the rule, the game rule and the opening's steps so far.
POSITIONS = (
    ("Swap2, the 3rd stone", OpeningRule.SWAP2, Rule.FREESTYLE, ["place h8", "place h9"]),
    (
        "Swap2, the 5th stone (two more)",
        OpeningRule.SWAP2,
        Rule.FREESTYLE,
        ["place h8", "place h9", "place j9", "place-two", "place g7"],
    ),
    ("Soosõrv-8, the 4th stone", OpeningRule.SOOSORV8, Rule.RENJU, ["place h8", "place h9", "place j10", "stay"]),
    (
        "Taraguchi-10, the 5th stone",
        OpeningRule.TARAGUCHI10,
        Rule.RENJU,
        ["place h8", "stay", "place h9", "stay", "place j10", "stay", "place i11", "stay", "fifth-in-square"],
    ),
)


def main() -> None:
    player = make_player("hard")
    for name, rule, game_rule, steps in POSITIONS:
        board = Board(15, game_rule)
        state = replay(rule, board, steps)
        readings = []
        for _ in range(2):
            reader = OpeningPlayer(player, think_time=BALANCE_THINK_TIME)
            began = time.monotonic()
            ranked = reader.ranked(state, board)[:SHOWN]
            readings.append((time.monotonic() - began, ranked))
        shared = len({p.point for p in readings[0][1]} & {p.point for p in readings[1][1]})
        print(f"{name}:")
        for seconds, ranked in readings:
            listed = ", ".join(f"{board.notation(p.point)} {round(100 * (p.black_rate() or 0))}%" for p in ranked)
            print(f"  {seconds:.2f} s  {listed}")
        print(f"  the two readings share {shared} of their first {SHOWN}")


if __name__ == "__main__":
    main()
