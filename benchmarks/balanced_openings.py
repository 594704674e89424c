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

``hard``'s judgement favours openings ``hard`` understands, and two points
from the centre give only 79 symmetry classes (37 held out).  So a second
pair of sets, ``outside-tuning`` and ``outside-held-out`` (for freestyle and
renju), is judged by an outside Gomocup engine instead: every three-stone
opening with white and black within :data:`OUTSIDE_RADIUS` points of the
centre, one of each symmetry class, is read by the engine at
:data:`OUTSIDE_NODES` nodes with white to move (a fresh process each, its
value read from its search lines by
:class:`gomoku.gomocup.manager.EnginePlayer`); the ones within
:data:`OUTSIDE_MARGIN` of even are kept and split by rank as above, the
:data:`OUTSIDE_SET_SIZE` nearest even in each, except that the openings of
``hard``'s own tuning set (``balanced``) all go to the tuning set
(:func:`split_outside`), so nothing a change was tuned on is held out.
Each symmetry class is judged once, so no opening is in both sets under any
symmetry.  ``hard``'s value is written beside each for comparison only.
The engine is only an opponent process here, nothing of it is in the
repository; it must print ``MESSAGE`` search lines with its value (Rapfi's
form or ours).  Judging both rules takes about ten minutes on a 2-core
machine (300 candidates a rule):

    python benchmarks/balanced_openings.py --engine PATH --write-outside            # freestyle and renju
    python benchmarks/balanced_openings.py renju --engine PATH --write-outside      # one rule
"""

from __future__ import annotations

import argparse
import datetime
import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import Board, Point, Rule
from gomoku.ai.search import SearchPlayer
from gomoku.gomocup.manager import EnginePlayer
from gomoku.match.openings import (
    BALANCED_SIZE,
    OUTSIDE_RULES,
    OUTSIDE_SET_SIZE,
    OUTSIDE_SETS,
    OpeningSet,
    data_name,
    shipped_openings,
)
from gomoku.openings import board_symmetries
from gomoku.point import to_notation

#: Where the shipped sets live.
DATA = Path(__file__).resolve().parent.parent / "gomoku" / "match" / "data"

#: The nodes ``hard`` reads to judge a candidate opening: about 0.3 s each and five plies deep on a
#: quiet machine (measured 2026-12-01); the judgement is reproducible because it counts nodes.
BALANCE_NODES = 8_000
#: How far from the centre (in both directions) the opening's second and third stones may lie.
OPENING_RADIUS = 2

#: The outside sets' candidates reach one point further than hard's (297 symmetry classes against 79), so
#: that enough of them lie near even for a hundred games in each set.
OUTSIDE_RADIUS = 3
#: The outside engine's search for each candidate (its ``INFO max_node``): a fixed count, so the judgement does
#: not depend on the machine; about half a second each, depth 12-18 from three stones (measured 2026-12-02).
OUTSIDE_NODES = 150_000
#: The turn limit sent with it, only a backstop: the node count ends the search long before.
OUTSIDE_SECONDS = 60.0
#: How far from even (the engine's own score for white to move, either sign) a kept opening may read.  Three
#: stones near the centre mostly lean to black in its reading (in freestyle 271 of the 297 candidates, with the
#: Swap2 standard h8 h9 j10 at -169 and h8 h9 i9, black's two touching, at -302).  300 is the smallest multiple
#: of 50 that keeps 128 freestyle openings (250 keeps 122; the 128 nearest even reach 258); renju reads nearer
#: even (its 128 nearest reach 189).  Measured 2026-12-02, docs/strength.md (session of 2026-12-02).
OUTSIDE_MARGIN = 300


def _canonical(stones: tuple[Point, ...], size: int) -> tuple[tuple[Point, ...], ...]:
    """The opening's representative under the board's eight symmetries (each colour's stones sorted)."""
    forms = []
    for symmetry in board_symmetries(size):
        moved = [symmetry(p) for p in stones]
        forms.append((tuple(sorted(moved[0::2])), tuple(sorted(moved[1::2]))))
    return min(forms)


def _candidates(size: int, radius: int = OPENING_RADIUS) -> list[list[Point]]:
    """One opening of each symmetry class: black centre, then white and black within ``radius`` of it."""
    centre = size // 2
    near = [
        Point(centre + dx, centre + dy)
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
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


def balanced_openings(
    count: int, size: int, rule: Rule, *, held_out: bool = False, outside: bool = False
) -> list[list[Point]]:
    """The ``count`` most balanced openings of the tuning set (or of the held-out set): the shipped set on
    15x15, judged now on another size; ``outside``: of the sets an outside engine judged (15x15 only)."""
    if outside:
        ranked = shipped_openings(OUTSIDE_SETS[1] if held_out else OUTSIDE_SETS[0], size, rule)
    elif size == BALANCED_SIZE:
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


def judge_outside(engine: str, opening: list[Point], size: int, rule: Rule) -> int | None:
    """The outside ``engine``'s value for the side to move after ``opening`` (``None``: it reads a forced win
    either way, or said no value), read from its search lines by :class:`~gomoku.gomocup.manager.EnginePlayer`.

    A fresh process for each opening, so no judgement leans on what an earlier search left in its tables.
    """
    board = Board(size, rule)
    for point in opening:
        board.play(point)
    infos = {"max_node": str(OUTSIDE_NODES)}
    with EnginePlayer(engine, think_time=OUTSIDE_SECONDS, infos=infos) as player:
        return player.choose_move(board).score


def outside_ranked(engine: str, rule: Rule, *, show: bool = True) -> list[tuple[list[Point], int]]:
    """The radius-3 candidates the outside ``engine`` reads within :data:`OUTSIDE_MARGIN` of even under ``rule``,
    the most balanced first; ``show`` prints every judgement."""
    judged = []
    for opening in _candidates(BALANCED_SIZE, OUTSIDE_RADIUS):
        value = judge_outside(engine, opening, BALANCED_SIZE, rule)
        if show:
            print(f"  {_notation(opening)}  {'decided' if value is None else f'{value:+d}'}", flush=True)
        if value is not None and abs(value) <= OUTSIDE_MARGIN:
            judged.append((opening, value))
    judged.sort(key=lambda item: (abs(item[1]), item[0]))
    return judged


def split_outside(
    ranked: list[tuple[list[Point], int]], tuned: list[list[Point]]
) -> tuple[list[tuple[list[Point], int]], list[tuple[list[Point], int]]]:
    """The tuning set and the held-out set, :data:`OUTSIDE_SET_SIZE` each at most, from ``ranked`` (most
    balanced first): each opening in turn joins the smaller set (the tuning set on a tie, so the two alternate
    by rank), except that one ``tuned`` on before (``hard``'s own tuning set, under any symmetry) always joins
    the tuning set, so the held-out set holds none that a change may have been tuned on."""
    tuned_classes = {_canonical(tuple(opening), BALANCED_SIZE) for opening in tuned}
    tuning: list[tuple[list[Point], int]] = []
    held_out: list[tuple[list[Point], int]] = []
    for item in ranked:
        forced = _canonical(tuple(item[0]), BALANCED_SIZE) in tuned_classes
        part = tuning if forced or len(tuning) <= len(held_out) else held_out
        if len(part) < OUTSIDE_SET_SIZE:
            part.append(item)
    return tuning, held_out


def _notation(opening: list[Point]) -> str:
    return " ".join(to_notation(p, BALANCED_SIZE) for p in opening)


def write_outside(engine: str, rule: Rule) -> tuple[int, int]:
    """Judge the radius-3 openings under ``rule`` by the outside ``engine`` and write both outside sets (with
    ``hard``'s judgement beside each, for comparison only); the two sets' sizes."""
    tuned = shipped_openings(OpeningSet.BALANCED, BALANCED_SIZE, rule)
    parts = split_outside(outside_ranked(engine, rule), tuned)
    today = datetime.date.today().isoformat()
    for which, part in zip(OUTSIDE_SETS, parts, strict=True):
        title = "The tuning set" if which is OpeningSet.OUTSIDE_TUNING else "The held-out set"
        lines = [
            f"# {title} of openings judged by an outside engine, {rule.value}, 15x15: three stones (black, white,",
            f"# black), white and black within {OUTSIDE_RADIUS} points of the centre, one of each symmetry class.",
            f"# Kept: the outside engine's value for white to move within {OUTSIDE_MARGIN} of even (its own units)",
            f"# at max_node {OUTSIDE_NODES:,}, the {OUTSIDE_SET_SIZE} of each set nearest even. Ranked by balance,",
            "# the two sets alternate, except that the openings of the balanced set (hard's tuning set) all go to",
            "# the tuning set. After each: the engine's value, then hard's at "
            f"{BALANCE_NODES:,} nodes (for comparison only).",
            f"# Made {today} by benchmarks/balanced_openings.py --engine PATH --write-outside; see",
            "# gomoku/match/openings.py.",
        ]
        for opening, value in part:
            hard = judge(opening, BALANCED_SIZE, rule)
            lines.append(f"{_notation(opening)}  # {value:+d}, hard {'decided' if hard is None else f'{hard:+d}'}")
        (DATA / data_name(which, rule)).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(parts[0]), len(parts[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rule", nargs="?", default=None, choices=[r.value for r in Rule], help="default freestyle")
    parser.add_argument("--write", action="store_true", help="judge hard's sets again and rewrite their files")
    parser.add_argument("--engine", metavar="PATH", help="the outside Gomocup engine that judges the outside sets")
    parser.add_argument(
        "--write-outside",
        action="store_true",
        help="judge the outside sets with --engine (freestyle and renju, or the rule given) and rewrite their files",
    )
    args = parser.parse_args()
    if args.write:
        for rule in Rule:
            write_sets(rule)
            print(f"{rule.value}: written")
        return
    if args.write_outside:
        if args.engine is None:
            parser.error("--write-outside needs --engine PATH")
        given = list(OUTSIDE_RULES) if args.rule is None else [Rule(args.rule)]
        for rule in given:
            if rule not in OUTSIDE_RULES:
                parser.error(f"the outside sets are judged for {', '.join(r.value for r in OUTSIDE_RULES)} only")
            print(f"{rule.value}: judging (margin {OUTSIDE_MARGIN}, max_node {OUTSIDE_NODES:,})", flush=True)
            tuning, held_out = write_outside(args.engine, rule)
            print(f"{rule.value}: written, {tuning} tuning and {held_out} held-out openings")
        return
    rule = Rule(args.rule or Rule.FREESTYLE.value)
    ranked = ranked_openings(15, rule)
    for name, part in (("tuning", ranked[0::2]), ("held out", ranked[1::2])):
        print(f"{name}: {len(part)} openings")
        for opening, value in part:
            print(f"  {' '.join(f'{p.x},{p.y}' for p in opening)}  {value:+d}")


if __name__ == "__main__":
    main()
