"""How long a post-game review takes, and how many decisive moves it finds against a deeper reading.

For each test game: the seconds to review it at the default setting
(:data:`gomoku.review.DEFAULT`: threat reads of 5,000 nodes a position, the
``hard`` analyst 0.1 s a position, then up to 6 of the winner's turns before
its chain of wins read again at the deep setting), the median of
``--repeat`` runs; then
the same game read at the deep setting (:data:`gomoku.review.DEEP`: 100,000
nodes and 12 threats a read; the marks come from the threat reads alone, so
the deep run skips the analyst), and how many of the deep reading's marked
moves (mistakes, missed wins, the decisive one) the default finds.

The games were played by the levels and are kept here as move lists, so the
figures do not move when the levels change:

* 41 moves: ``normal`` (black) against ``easy``, seed 1; decided at move 34,
  white l12, after which black wins by fours;
* 79 moves: ``normal`` against ``easy``, seed 7; decided at move 74, white
  d12, black wins by fours;
* 33 moves, renju: ``hard`` (black) against ``normal``, seed 5, 0.2 s a move;
  black's win by threes comes and goes, read differently at the two settings.

(Each game: ``Board`` replayed from the moves, then ``review_game``; the
decisive moves were checked by hand with ``forced_win`` at the deep setting.)

    python benchmarks/review_speed.py
    python benchmarks/review_speed.py --repeat 1 --games 41
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import Board, Rule
from gomoku.ai import make_player
from gomoku.records import parse_moves
from gomoku.review import DEEP, DEFAULT, GameReview, Mark, review_game

GAMES: dict[str, tuple[Rule, str]] = {
    "41": (
        Rule.FREESTYLE,
        "h8 i7 i8 j8 h7 h6 g5 k9 l10 g6 j10 k10 i9 k11 k8 f6 i6 d6 e6 k13 k12 g8 j7 h5 h9 g10 l11 l9 j13 m10 j12 "
        "j11 i12 l12 h11 h10 i10 i11 g12 j9 h12",
    ),
    "79": (
        Rule.FREESTYLE,
        "h8 i8 i9 j10 h9 j9 h10 h7 k10 j8 j11 h11 i10 g8 g9 f9 i6 j6 j7 i12 g10 e10 d11 k12 k8 l9 e11 f10 k7 k9 "
        "h12 f11 f8 i11 d10 f12 f13 m7 l8 d9 g12 m9 n9 g6 f5 h5 e9 g7 f7 g5 g4 h6 i7 h3 h4 f4 g13 g11 n8 m8 m6 d6 "
        "n7 n6 e13 d13 e12 c10 c11 b12 e14 e15 f14 d12 g14 h15 d14 h14 c14",
    ),
    "renju33": (
        Rule.RENJU,
        "h8 i7 j8 i8 i9 h7 g7 j10 f6 e5 g6 g10 g5 g8 g3 g4 h4 e7 i3 j2 j3 h3 i5 j6 j4 h6 k5 h2 l6 m7 k7 m5 h10",
    ),
}


def marked(review: GameReview) -> set[tuple[int, str]]:
    """The review's marked moves as (move number, mark) pairs."""
    return {(move.number, mark.value) for move in review.moves for mark in move.marks}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="default-setting runs per game (the median is shown)")
    parser.add_argument("--games", default=",".join(GAMES), help=f"which games, of {', '.join(GAMES)}")
    args = parser.parse_args()
    print(f"$ python {' '.join(sys.argv)}")
    for name in args.games.split(","):
        rule, text = GAMES[name]
        board = Board.from_moves(parse_moves(text), 15, rule)
        times = []
        review = None
        for _ in range(args.repeat):
            analyst = make_player("hard", think_time=DEFAULT.think_time)
            started = time.perf_counter()
            review = review_game(board, analyst, DEFAULT)
            times.append(time.perf_counter() - started)
        assert review is not None
        started = time.perf_counter()
        deep = review_game(board, None, DEEP)
        deep_seconds = time.perf_counter() - started
        found, wanted = marked(review), marked(deep)
        print(
            f"game {name} ({len(board.moves)} moves, {rule}): default {statistics.median(times):.1f} s "
            f"(median of {args.repeat}: {', '.join(f'{t:.1f}' for t in times)}); "
            f"deep, threats only, {deep_seconds:.1f} s"
        )
        print(f"  decided at move: default {review.decided}, deep {deep.decided}")
        print(f"  marked moves: the default finds {len(found & wanted)} of the deep reading's {len(wanted)}", end="")
        print(f", and {len(found - wanted)} it does not" if found - wanted else "")
        for number, mark in sorted(wanted | found):
            where = (
                "both"
                if (number, mark) in found and (number, mark) in wanted
                else ("deep only" if (number, mark) in wanted else "default only")
            )
            print(f"    move {number:>2} {mark:<10} {where}")
        decisive = [move.sentence for move in deep.moves if Mark.DECISIVE in move.marks]
        if decisive:
            print(f"  deep: {decisive[0]}")


if __name__ == "__main__":
    main()
