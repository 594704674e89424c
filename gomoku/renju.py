"""Renju forbidden moves for black: overline, double-four, double-three.

The rules are those of the Renju International Federation (RIF), and only
black is bound by them:

- A black move that makes exactly five in a row wins, even if the same move
  also makes an overline, a double-four or a double-three elsewhere.
- **Overline**: a move that makes six or more in a row is forbidden.
- **Four**: a line through the move where one more black stone makes exactly
  five.  A **straight four** is four in a row that can become exactly five at
  either end.  A line can hold two fours (``X.XXX.X``, ``XX.XX.XX``,
  ``XXX.X.XXX`` with the move in the middle); a straight four is one four.
  **Double-four**: two or more fours at once is forbidden.
- **Three**: a line through the move to which black can add one stone and get
  a straight four, where that stone is itself a legal black move (not an
  overline, double-four or double-three with the first stone in place) and
  makes no five.  Deciding this can need the same check one level deeper,
  which is why the check is recursive.  A line that holds a four is a four,
  not a three.  **Double-three**: two or more threes at once is forbidden.
  A four with one three (four-three) is legal.
- Only lines through the new stone count.

Two entry points share one *referee* (:class:`_Referee`) that answers for any
empty cell, recursively and with a per-call memo:

- :func:`foul_at` judges one point, as the board does before it places a
  black stone.
- :func:`fouls` / :func:`forbidden_points` judge the whole board.  They first
  look at every empty point at once with bitboards (Python integers, one bit per
  point, shifted along each direction) to find the few points whose lines
  could possibly hold an overline, two fours or two threes, and ask the
  referee only about those.

Everything here is pure: each call builds its own referee and throws it away.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence

from gomoku.i18n import N_, _
from gomoku.patterns import WALL, line_table
from gomoku.point import DIRECTIONS as _DIRECTIONS
from gomoku.rules import BLACK as _BLACK
from gomoku.rules import EMPTY as _EMPTY
from gomoku.rules import WHITE as _WHITE
from gomoku.rules import Rule

#: How far along a line the shapes through a point can reach (a five and the
#: point just beyond it).
_REACH = 5


class Foul(enum.Enum):
    """Why black may not play a point under the renju rule."""

    OVERLINE = "overline"
    DOUBLE_FOUR = "double-four"
    DOUBLE_THREE = "double-three"

    def __str__(self) -> str:
        return self.value

    def said(self) -> str:
        """The foul's name as a player reads it, in the language in use; ``str()`` and ``value`` stay English."""
        if self is Foul.OVERLINE:
            return _("overline")
        return _("double-four") if self is Foul.DOUBLE_FOUR else _("double-three")


#: Why black may not play a point, per foul: a whole sentence each (translated where shown: :func:`forbidden`).
_FORBIDDEN = {
    Foul.OVERLINE: N_("{point} is forbidden for black (overline)"),
    Foul.DOUBLE_FOUR: N_("{point} is forbidden for black (double-four)"),
    Foul.DOUBLE_THREE: N_("{point} is forbidden for black (double-three)"),
}
#: The same, refusing a move the player just tried, with what to do instead.
_FORBIDDEN_PICK = {
    Foul.OVERLINE: N_("{point} is forbidden for black (overline): pick another point"),
    Foul.DOUBLE_FOUR: N_("{point} is forbidden for black (double-four): pick another point"),
    Foul.DOUBLE_THREE: N_("{point} is forbidden for black (double-three): pick another point"),
}


def forbidden(point: str, foul: Foul, pick: bool = False) -> str:
    """Why black may not play ``point`` (its notation), in the language in use; with ``pick``, what to do instead.

    ("h8 is forbidden for black (double-three): pick another point")
    """
    return _((_FORBIDDEN_PICK if pick else _FORBIDDEN)[foul]).format(point=point)


def foul_at(cells: Sequence[int], size: int, cell: int) -> Foul | None:
    """The foul black would commit by playing the empty ``cell``, or ``None`` if it may.

    ``cells`` is the board as a flat list (``y * size + x``; 0 empty, 1 black,
    2 white).  A move that makes exactly five is never a foul.  A move that
    commits several fouls is reported as the first of overline, double-four,
    double-three.
    """
    if cells[cell] != _EMPTY:
        raise ValueError(f"cell {cell} is not empty: only an empty point can be judged")
    verdict = _Referee(cells, size).judge(cell)
    return verdict if isinstance(verdict, Foul) else None


def fouls(cells: Sequence[int], size: int) -> dict[int, Foul]:
    """Every empty cell black may not play, with the reason, in cell order."""
    referee = _Referee(cells, size)
    found: dict[int, Foul] = {}
    for cell in _candidates(cells, size):
        verdict = referee.judge(cell)
        if isinstance(verdict, Foul):
            found[cell] = verdict
    return found


def forbidden_points(cells: Sequence[int], size: int) -> list[int]:
    """Every empty cell black may not play (flat indices, ascending)."""
    return list(fouls(cells, size))


# -- the referee: one point at a time, recursively ----------------------------


class _Verdict(enum.Enum):
    """What a black stone on a point does when it is no foul."""

    LEGAL = "legal"
    FIVE = "five"


class _Referee:
    """Judges black moves on one position; stones it tries are put back.

    The memo maps (stones tried so far, cell) to the verdict, so a completing
    point that several threes share, or that comes up again deeper down, is
    judged once.
    """

    def __init__(self, cells: Sequence[int], size: int) -> None:
        self.size = size
        self.cells = list(cells)
        self.tried: list[int] = []
        self.memo: dict[tuple[frozenset[int], int], Foul | _Verdict] = {}
        self.table = line_table(Rule.RENJU)
        #: the flat-index step along each direction
        self.steps = [dy * size + dx for dx, dy in _DIRECTIONS]

    def judge(self, cell: int) -> Foul | _Verdict:
        """The verdict for a black stone on the empty ``cell`` in the current position."""
        key = (frozenset(self.tried), cell)
        verdict = self.memo.get(key)
        if verdict is None:
            verdict = self._judge(cell)
            self.memo[key] = verdict
        return verdict

    def _judge(self, cell: int) -> Foul | _Verdict:
        cells = self.cells
        cells[cell] = _BLACK
        try:
            lines = self._lines(cell)
            if any(run == 5 for run, _, _ in lines):
                return _Verdict.FIVE
            if any(run > 5 for run, _, _ in lines):
                return Foul.OVERLINE
            if sum(fours for _, fours, _ in lines) >= 2:
                return Foul.DOUBLE_FOUR
            candidates = [points for _, fours, points in lines if not fours and points]
            if len(candidates) < 2:
                return _Verdict.LEGAL
            self.tried.append(cell)
            try:
                threes = 0
                for points in candidates:
                    if any(self.judge(point) is _Verdict.LEGAL for point in points):
                        threes += 1
                        if threes == 2:
                            return Foul.DOUBLE_THREE
                return _Verdict.LEGAL
            finally:
                self.tried.pop()
        finally:
            cells[cell] = _EMPTY

    def _lines(self, cell: int) -> list[tuple[int, int, tuple[int, ...]]]:
        """What the black stone on ``cell`` makes along each of its four lines.

        Each line is (run length, fours, straight-four points as cells), read
        from the one line-shape layer (:func:`gomoku.patterns.renju_line`) by
        the key of the line's neighbours.
        """
        cells, table = self.cells, self.table
        found = []
        for step, neighbours in zip(self.steps, _rays(self.size)[cell]):
            key = 0
            for shift, other in neighbours:
                key |= (cells[other] if other >= 0 else WALL) << shift
            run, fours, offsets = table.renju(key)
            found.append((run, fours, tuple(cell + offset * step for offset in offsets)))
        return found


@functools.cache
def _rays(size: int) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """For each cell and direction, the (key bit shift, cell or -1 off the board) of its line's neighbours."""
    offsets = [o for o in range(-_REACH, _REACH + 1) if o]
    rays = []
    for cell in range(size * size):
        x0, y0 = cell % size, cell // size
        per_direction = []
        for dx, dy in _DIRECTIONS:
            neighbours = []
            for index, o in enumerate(offsets):
                x, y = x0 + o * dx, y0 + o * dy
                inside = 0 <= x < size and 0 <= y < size
                neighbours.append((2 * index, y * size + x if inside else -1))
            per_direction.append(tuple(neighbours))
        rays.append(tuple(per_direction))
    return tuple(rays)


# -- the whole board at once: bitboards ---------------------------------------

# A pattern is a tuple of (offset along the line, kind): the point that many
# steps away must be black (_B), empty (_E) or anything but black (_N: empty,
# white or off the board).  Offset 0 is the empty point being judged.
_B, _E, _N = 0, 1, 2


def _five_patterns() -> tuple[tuple[tuple[int, int], ...], ...]:
    """A stone at 0 completes exactly five: four blacks around it, no black beyond."""
    return tuple(tuple((k, _B) for k in range(a, a + 5) if k) + ((a - 1, _N), (a + 5, _N)) for a in range(-4, 1))


def _overline_patterns() -> tuple[tuple[tuple[int, int], ...], ...]:
    """A stone at 0 joins six or more in a row."""
    return tuple(tuple((k, _B) for k in range(a, a + 6) if k) for a in range(-5, 1))


def _four_patterns(side: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """A stone at 0 makes a four whose completing point lies on ``side`` (-1 or +1)."""
    patterns = []
    for a in range(-4, 1):
        for gap in range(a, a + 5):
            if gap and (gap > 0) == (side > 0):
                body = tuple((k, _B) for k in range(a, a + 5) if k not in (0, gap))
                patterns.append(body + ((gap, _E), (a - 1, _N), (a + 5, _N)))
    return tuple(patterns)


def _straight_four_patterns() -> tuple[tuple[tuple[int, int], ...], ...]:
    """A stone at 0 makes a straight four (one four, two completing points)."""
    return tuple(
        tuple((k, _B) for k in range(a, a + 4) if k) + ((a - 1, _E), (a + 4, _E), (a - 2, _N), (a + 5, _N))
        for a in range(-3, 1)
    )


def _three_patterns() -> tuple[tuple[tuple[int, int], ...], ...]:
    """A stone at 0 and one more at ``gap`` would make a straight four (a three candidate)."""
    patterns = []
    for a in range(-3, 1):
        for gap in range(a, a + 4):
            if gap:
                body = tuple((k, _B) for k in range(a, a + 4) if k not in (0, gap))
                patterns.append(body + ((gap, _E), (a - 1, _E), (a + 4, _E), (a - 2, _N), (a + 5, _N)))
    return tuple(patterns)


_FIVE = _five_patterns()
_OVERLINE = _overline_patterns()
_FOUR_BEFORE = _four_patterns(-1)
_FOUR_AFTER = _four_patterns(+1)
_STRAIGHT_FOUR = _straight_four_patterns()
_THREE = _three_patterns()


def _match(
    patterns: tuple[tuple[tuple[int, int], ...], ...],
    planes: tuple[int, int, int],
    step: int,
    shifted: dict[tuple[int, int], int],
) -> int:
    """The empty points (as bits) where any of ``patterns`` matches along the direction ``step``.

    ``planes`` are the black, empty and not-black bitboards; ``shifted`` caches
    each plane shifted by an offset along this direction, shared by all the
    pattern sets matched in one direction.
    """
    found = 0
    for pattern in patterns:
        bits = planes[_E]
        for offset, kind in pattern:
            key = (offset, kind)
            plane = shifted.get(key)
            if plane is None:
                n = offset * step
                plane = planes[kind] >> n if n > 0 else planes[kind] << -n
                shifted[key] = plane
            bits &= plane
            if not bits:
                break
        found |= bits
    return found


def _candidates(cells: Sequence[int], size: int) -> list[int]:
    """The empty cells that might be forbidden, ascending: a superset of the fouls.

    Every pattern is matched against every point at once.  The board is laid
    out with ``_REACH`` padding columns (so a shift along a row never wraps
    onto a real point) and ``_REACH + 1`` padding rows above and below; padding
    is neither black nor empty, like white.  A cell is a candidate when it makes
    no five and makes an overline, a four in two lines, two fours in one line,
    or has three candidates in two lines without a four there.
    """
    width = size + _REACH
    top = _REACH + 1
    total = (size + 2 * top) * width
    black = empty = 0
    for cell, value in enumerate(cells):
        if value != _WHITE:
            bit = 1 << ((cell // size + top) * width + cell % size)
            if value == _BLACK:
                black |= bit
            else:
                empty |= bit
    if not black:
        return []
    not_black = ((1 << total) - 1) & ~black
    planes = (black, empty, not_black)

    five = overline = 0
    four_lines = two_four_lines = double_four = 0
    three_lines = two_three_lines = 0
    for dx, dy in _DIRECTIONS:
        step = dy * width + dx
        shifted: dict[tuple[int, int], int] = {}
        five |= _match(_FIVE, planes, step, shifted)
        overline |= _match(_OVERLINE, planes, step, shifted)
        before = _match(_FOUR_BEFORE, planes, step, shifted)
        after = _match(_FOUR_AFTER, planes, step, shifted)
        fours = before | after
        double_four |= before & after & ~_match(_STRAIGHT_FOUR, planes, step, shifted)
        two_four_lines |= four_lines & fours
        four_lines |= fours
        threes = _match(_THREE, planes, step, shifted) & ~fours
        two_three_lines |= three_lines & threes
        three_lines |= threes

    suspects = (overline | double_four | two_four_lines | two_three_lines) & ~five
    found = []
    while suspects:
        low = suspects & -suspects
        index = low.bit_length() - 1
        suspects ^= low
        found.append((index // width - top) * size + index % width)
    return found
