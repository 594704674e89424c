"""The openings a match is played from: the sets that ship with the program, a file of one's own, random ones.

Each opening is a few stones, black first, that every game of a pair starts
from (the pair swaps colours).  The named sets:

- ``balanced`` and ``held-out``: three-stone openings (black at the centre,
  white and black within two points of it, one of each symmetry class) that
  ``hard`` judged nearest to even on a fixed node budget, ranked by balance;
  the even ranks are the tuning set (``balanced``), the odd ranks the set
  kept apart for confirming a change on openings it was never tuned on
  (``held-out``).  They are judged for each rule on 15x15 and ship as
  package data (``gomoku/match/data/``); ``benchmarks/balanced_openings.py
  --write`` judges them again and rewrites the files.
- ``outside-tuning`` and ``outside-held-out``: a wider and fairer pair for
  strength work, for freestyle and renju only: three-stone openings with
  white and black within three points of the centre (one of each symmetry
  class) that an outside engine, not ``hard``, judged near even on a fixed
  node budget; ranked by balance, the two sets alternate (64 openings
  each, so a hundred games and more), except that the openings of
  ``balanced`` (which changes were tuned on) all go to the tuning set.
  ``hard``'s own judgement favours openings ``hard`` understands, so it
  should not also choose the openings that judge it.
  ``benchmarks/balanced_openings.py --engine PATH --write-outside`` makes
  them again.
- ``renju26``: the 26 canonical renju openings (:func:`gomoku.openings.canonical_openings`).
- ``random``: openings of a few stones within two points of the centre,
  drawn from a seeded random source (:func:`random_openings`).

A file of one's own holds one opening a line in renju notation (``h8 i9
j7``: black, white, black...); blank lines and lines starting with ``#`` are
skipped.  Every opening is checked on a board of the match's size and rule
(a taken point, a point off the board, a five, a renju foul: a
:class:`OpeningsError` naming the line).
"""

from __future__ import annotations

import enum
import math
import random
from importlib import resources
from pathlib import Path

from gomoku.board import Board
from gomoku.errors import GomokuError
from gomoku.i18n import _, os_error_text
from gomoku.openings import canonical_openings
from gomoku.point import Point
from gomoku.records import RecordError, parse_moves
from gomoku.records.record import play_recorded
from gomoku.rules import Rule

#: The board the shipped balanced sets were judged on.
BALANCED_SIZE = 15
#: How far from the centre (in both directions) a random opening's stones lie (as the balanced sets').
RANDOM_RADIUS = 2
#: The stones of a random opening: black at the centre, then white and black (as the balanced sets).
RANDOM_STONES = 3
#: The largest opening file read (a set of thousands of openings is a few hundred kilobytes).
MAX_FILE_BYTES = 4_000_000


class OpeningSet(str, enum.Enum):
    """The openings that ship with the program, by the name ``--openings`` takes."""

    BALANCED = "balanced"
    HELD_OUT = "held-out"
    OUTSIDE_TUNING = "outside-tuning"
    OUTSIDE_HELD_OUT = "outside-held-out"
    RENJU26 = "renju26"
    RANDOM = "random"


#: The sets judged by an outside engine, tuning set first.
OUTSIDE_SETS = (OpeningSet.OUTSIDE_TUNING, OpeningSet.OUTSIDE_HELD_OUT)
#: The rules the outside sets are judged for: the ones the strength work measures (issue 29).
OUTSIDE_RULES = (Rule.FREESTYLE, Rule.RENJU)
#: The openings in each outside set (the most balanced first): 128 games a rule with colours swapped, and more
#: than the 50 pairs a hundred-game confirmation needs.
OUTSIDE_SET_SIZE = 64


class OpeningsError(GomokuError, ValueError):
    """Openings that cannot be had: a file that cannot be read or holds a bad line, a set not shipped for the
    board."""


def data_name(which: OpeningSet, rule: Rule) -> str:
    """The file name of a shipped balanced set for ``rule``."""
    return f"{which.value}-{rule.value}.txt"


def parse_openings(text: str, size: int, rule: Rule, source: str = "") -> list[list[Point]]:
    """The openings of an openings file's ``text``, each checked on a ``size`` board under ``rule``."""
    openings = []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].strip()
        if not words:
            continue
        where = _("line {number}").format(number=number)
        try:
            moves = parse_moves(words, size)
            board = Board(size, rule)
            for move in moves:
                play_recorded(board, move, where)
        except RecordError as error:
            raise OpeningsError(str(RecordError(error.problem, where, source))) from None
        if board.is_game_over():
            ended = _("the opening ends the game")
            raise OpeningsError(str(RecordError(ended, where, source)))
        openings.append(moves)
    if not openings:
        raise OpeningsError(str(RecordError(_("no openings in it: write one a line, like h8 i9 j7"), "", source)))
    return openings


def read_openings(path: Path | str, size: int, rule: Rule) -> list[list[Point]]:
    """The openings in the file at ``path`` (see the module); :class:`OpeningsError` if it cannot be had."""
    path = Path(path)
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        unread = _("cannot read it ({reason})").format(reason=os_error_text(error))
        raise OpeningsError(str(RecordError(unread, path=str(path)))) from None
    if len(data) > MAX_FILE_BYTES:
        too_big = _("over {size} MB, far too big for an openings file").format(size=MAX_FILE_BYTES // 1_000_000)
        raise OpeningsError(str(RecordError(too_big, path=str(path))))
    return parse_openings(data.decode("utf-8", errors="replace"), size, rule, str(path))


def shipped_openings(which: OpeningSet, size: int, rule: Rule) -> list[list[Point]]:
    """A balanced set as it ships (:data:`BALANCED_SIZE` only), the most balanced first."""
    if size != BALANCED_SIZE:
        said = _("the {name} openings are judged on {size}x{size} only: give --openings FILE or random")
        raise OpeningsError(said.format(name=which.value, size=BALANCED_SIZE))
    if which in OUTSIDE_SETS and rule not in OUTSIDE_RULES:
        judged = _("the {name} openings are judged for {rules} only: give another set")
        raise OpeningsError(judged.format(name=which.value, rules=", ".join(r.value for r in OUTSIDE_RULES)))
    text = resources.files(__package__).joinpath("data").joinpath(data_name(which, rule)).read_text(encoding="utf-8")
    return parse_openings(text, size, rule, data_name(which, rule))


def random_openings(count: int, size: int, seed: int, stones: int = RANDOM_STONES) -> list[list[Point]]:
    """``count`` distinct openings of ``stones`` stones within two points of the centre, drawn with ``seed``
    (all there are, when ``count`` is more: a match plays them again)."""
    rng = random.Random(seed)
    centre = size // 2
    span = range(-RANDOM_RADIUS, RANDOM_RADIUS + 1)
    near = [Point(centre + dx, centre + dy) for dx in span for dy in span]
    count = min(count, math.perm(len(near) - 1, stones - 1))
    openings: list[list[Point]] = []
    seen: set[tuple[Point, ...]] = set()
    while len(openings) < count:
        opening = [Point(centre, centre)] + rng.sample([p for p in near if p != (centre, centre)], stones - 1)
        key = tuple(opening)
        if key not in seen:
            seen.add(key)
            openings.append(opening)
    return openings


def named_openings(name: str, size: int, rule: Rule, count: int, seed: int) -> list[list[Point]]:
    """The openings ``--openings`` names: a shipped set (``random``: ``count`` of them, drawn with ``seed``),
    else a file's."""
    try:
        which = OpeningSet(name)
    except ValueError:
        return read_openings(name, size, rule)
    if which is OpeningSet.RENJU26:
        return canonical_openings(size)
    if which is OpeningSet.RANDOM:
        return random_openings(count, size, seed)
    return shipped_openings(which, size, rule)


__all__ = [
    "BALANCED_SIZE",
    "OUTSIDE_RULES",
    "OUTSIDE_SETS",
    "OUTSIDE_SET_SIZE",
    "OpeningSet",
    "OpeningsError",
    "data_name",
    "named_openings",
    "parse_openings",
    "random_openings",
    "read_openings",
    "shipped_openings",
]
