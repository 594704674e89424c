"""Balanced openings for strength matches, split into a tuning set and a held-out set.

Random openings near the centre mostly hand black a clear lead, so a pair
of games on one opening (colours swapped) often splits one win each whatever
the players: the score drifts to 50% and hides how far apart they are.  Here
every three-stone opening near the centre (black at the centre, white and
black within two points of it), one of each class of board symmetry, is
judged by ``hard`` on a fixed node budget from the side to move (white), and
the ones judged nearest to even are kept.  Ranked by balance, the even ranks
form the tuning set and the odd ranks the held-out set, so a change tuned on
one can be confirmed on openings it never saw, of the same balance.

The sets on 15x15 ship with the program (``gomoku/match/data/``, read by
:mod:`gomoku.match.openings`: ``gomoku match --openings balanced``), so
:func:`balanced_openings` reads them there; ``--write`` judges them again for
every rule and rewrites those files (after a change to ``hard`` or to
:data:`BALANCE_NODES`; a minute or two).

    python benchmarks/balanced_openings.py            # list both sets with hard's judgement
    python benchmarks/balanced_openings.py --write    # judge them again and rewrite the shipped files
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import Board, Point, Rule
from gomoku.ai.search import SearchPlayer
from gomoku.match.openings import BALANCED_SIZE, OpeningSet, data_name, shipped_openings
from gomoku.openings import board_symmetries
from gomoku.point import to_notation

#: Where the shipped sets live.
DATA = Path(__file__).resolve().parent.parent / "gomoku" / "match" / "data"

#: The nodes ``hard`` reads to judge a candidate opening: about 0.3 s each and five plies deep on a
#: quiet machine (measured 2026-12-01); the judgement is reproducible because it counts nodes.
BALANCE_NODES = 8_000
#: How far from the centre (in both directions) the opening's second and third stones may lie.
OPENING_RADIUS = 2


def _canonical(stones: tuple[Point, ...], size: int) -> tuple[tuple[Point, ...], ...]:
    """The opening's representative under the board's eight symmetries (each colour's stones sorted)."""
    forms = []
    for symmetry in board_symmetries(size):
        moved = [symmetry(p) for p in stones]
        forms.append((tuple(sorted(moved[0::2])), tuple(sorted(moved[1::2]))))
    return min(forms)


def _candidates(size: int) -> list[list[Point]]:
    """One opening of each symmetry class: black centre, then white and black within the radius."""
    centre = size // 2
    near = [
        Point(centre + dx, centre + dy)
        for dx in range(-OPENING_RADIUS, OPENING_RADIUS + 1)
        for dy in range(-OPENING_RADIUS, OPENING_RADIUS + 1)
        if (dx, dy) != (0, 0)
    ]
    seen: set[tuple[tuple[Point, ...], ...]] = set()
    openings = []
    for white in near:
        for black in near:
            if black == white:
                continue
            opening = (Point(centre, centre), white, black)
            key = _canonical(opening, size)
            if key not in seen:
                seen.add(key)
                openings.append(list(opening))
    return openings


def judge(opening: list[Point], size: int, rule: Rule) -> int | None:
    """``hard``'s value of the position for the side to move (``None``: it reads a forced win either way)."""
    board = Board(size, rule)
    for point in opening:
        board.play(point)
    decision = SearchPlayer(max_nodes=BALANCE_NODES).choose_move(board)
    return None if decision.win_in is not None else decision.score


@functools.cache
def ranked_openings(size: int, rule: Rule) -> list[tuple[list[Point], int]]:
    """Every candidate with its value, the most balanced first (decided ones left out)."""
    judged = [(opening, judge(opening, size, rule)) for opening in _candidates(size)]
    kept = [(opening, value) for opening, value in judged if value is not None]
    return sorted(kept, key=lambda item: (abs(item[1]), item[0]))


def balanced_openings(count: int, size: int, rule: Rule, *, held_out: bool = False) -> list[list[Point]]:
    """The ``count`` most balanced openings of the tuning set (or of the held-out set): the shipped set on
    15x15, judged now on another size."""
    if size == BALANCED_SIZE:
        ranked = shipped_openings(OpeningSet.HELD_OUT if held_out else OpeningSet.BALANCED, size, rule)
    else:
        ranked = [opening for opening, _ in ranked_openings(size, rule)[1 if held_out else 0 :: 2]]
    if count > len(ranked):
        raise ValueError(f"only {len(ranked)} balanced openings in each set; ask for fewer games")
    return ranked[:count]


def write_sets(rule: Rule) -> None:
    """Judge the 15x15 openings under ``rule`` and write both sets into the package's data."""
    ranked = ranked_openings(BALANCED_SIZE, rule)
    for which, part in ((OpeningSet.BALANCED, ranked[0::2]), (OpeningSet.HELD_OUT, ranked[1::2])):
        title = "The tuning set" if which is OpeningSet.BALANCED else "The held-out set"
        lines = [
            f"# {title} of balanced openings, {rule.value}, 15x15: three stones (black, white, black),",
            f"# the most balanced first, hard's value at {BALANCE_NODES:,} nodes for white to move after each.",
            "# Written by benchmarks/balanced_openings.py --write; see gomoku/match/openings.py.",
        ]
        for opening, value in part:
            lines.append(f"{' '.join(to_notation(p, BALANCED_SIZE) for p in opening)}  # {value:+d}")
        (DATA / data_name(which, rule)).write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    if sys.argv[1:] == ["--write"]:
        for rule in Rule:
            write_sets(rule)
            print(f"{rule.value}: written")
        return
    rule = Rule(sys.argv[1]) if len(sys.argv) > 1 else Rule.FREESTYLE
    ranked = ranked_openings(15, rule)
    for name, part in (("tuning", ranked[0::2]), ("held out", ranked[1::2])):
        print(f"{name}: {len(part)} openings")
        for opening, value in part:
            print(f"  {' '.join(f'{p.x},{p.y}' for p in opening)}  {value:+d}")


if __name__ == "__main__":
    main()
