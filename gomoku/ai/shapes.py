"""Line shapes for the search: what one stone makes along one line, and what four lines make together.

A *line shape* is what a stone placed on an empty cell makes along one of the
four lines through it: five, open four (two ways to five), four (one way),
open three (one more stone makes an open four), three, open two, two, or
nothing.  Gaps count: ``X.XX`` with room around it is an open three.  Under the
exact-five rules (standard for both sides, renju for black) six or more in a
row is an *overline*, which wins nothing.

A line shape depends only on the cells up to ``half`` points either side, so
the search board keeps, for every cell and direction, a small integer *key*
that packs those neighbours (2 bits each: empty, black, white, wall) and
updates it in O(1) when a stone lands on the line.  :class:`LineShapes` turns
a key into the shape for each colour, computing each key once and remembering
it: a game meets a few thousand distinct keys.

A *cell class* summarises the four line shapes of one colour at one cell
(five, winning four, four-three, four, double three, open three, ...) and a
*cell score* ranks cells for move ordering and evaluation.  The four line
shapes are kept as a histogram packed in one integer (4 bits per shape), so
replacing one line's shape is one addition.
"""

from __future__ import annotations

import functools

from gomoku.rules import Rule

# -- line shapes ----------------------------------------------------------------

NONE, TWO, OPEN_TWO, THREE, OPEN_THREE, FOUR, OPEN_FOUR, FIVE, OVERLINE = range(9)
SHAPE_NAMES = ("none", "two", "open two", "three", "open three", "four", "open four", "five", "overline")

EMPTY, WALL = 0, 3


def shape_bit(shape: int) -> int:
    """The histogram increment for one line of ``shape`` (4 bits per shape)."""
    return 1 << (4 * shape)


# -- cell classes ---------------------------------------------------------------

#: Cell classes, weakest first: a move at a cell of class C_FOUR or better makes a four.
(C_NONE, C_TWO, C_OPEN_TWO, C_THREE, C_OPEN_THREE, C_DOUBLE_THREE,
 C_FOUR, C_FOUR_THREE, C_WIN_FOUR, C_FIVE) = range(10)

#: What one line shape adds to a cell's score.
LINE_SCORES = (0, 12, 70, 60, 600, 700, 12_000, 200_000, 0)


class LineShapes:
    """Line shapes by neighbourhood key, for one rule, remembered once computed.

    ``half`` is how many cells either side a key covers: 4 is enough to see
    every five through the centre, 5 also sees the sixth stone of an overline.
    """

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self.half = 4 if rule is Rule.FREESTYLE else 5
        self._exact = {1: rule is not Rule.FREESTYLE, 2: rule is Rule.STANDARD}
        #: key -> (black shape bit, white shape bit)
        self.cache: dict[int, tuple[int, int]] = {}

    def lookup(self, key: int) -> tuple[int, int]:
        """The (black, white) histogram increments of the line with neighbourhood ``key``."""
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = (
                shape_bit(self.shape(key, 1)),
                shape_bit(self.shape(key, 2)),
            )
        return found

    def line_of(self, key: int) -> list[int]:
        """The ``2 * half + 1`` cells of a key, the (empty) centre in the middle."""
        half = self.half
        before = [(key >> (2 * i)) & 3 for i in range(half)]
        after = [(key >> (2 * i)) & 3 for i in range(half, 2 * half)]
        return before + [EMPTY] + after

    def shape(self, key: int, stone: int) -> int:
        """The line shape ``stone`` makes by playing the centre of the line ``key``."""
        line = self.line_of(key)
        half = self.half
        line[half] = stone
        return line_shape(line, half, stone, self._exact[stone])


def _run(line: list[int], i: int, stone: int) -> tuple[int, int]:
    """The first and last index of the unbroken row of ``stone`` through ``i``."""
    a = i
    while a > 0 and line[a - 1] == stone:
        a -= 1
    b = i
    last = len(line) - 1
    while b < last and line[b + 1] == stone:
        b += 1
    return a, b


def _five_points(line: list[int], centre: int, stone: int, exact: bool, empties: list[int]) -> int:
    """How many of ``empties`` would complete a winning row through ``centre``."""
    count = 0
    for e in empties:
        if line[e]:
            continue
        line[e] = stone
        a, b = _run(line, e, stone)
        line[e] = EMPTY
        if a <= centre <= b:
            length = b - a + 1
            if length == 5 or (length > 5 and not exact):
                count += 1
    return count


def line_shape(line: list[int], centre: int, stone: int, exact: bool) -> int:
    """The shape of the row through ``centre`` (which holds ``stone``) along ``line``.

    Five if the row wins; open four if two empty cells would each win, four if
    one would; open three if one more stone can make an open four, three if it
    can make a four; open two and two likewise one level further.
    """
    a, b = _run(line, centre, stone)
    length = b - a + 1
    if length >= 5:
        return FIVE if length == 5 or not exact else OVERLINE
    lo, hi = max(0, centre - 4), min(len(line) - 1, centre + 4)
    empties = [i for i in range(lo, hi + 1) if line[i] == EMPTY]
    fives = _five_points(line, centre, stone, exact, empties)
    if fives >= 2:
        return OPEN_FOUR
    if fives == 1:
        return FOUR
    best = NONE
    for e in empties:
        line[e] = stone
        fives = _five_points(line, centre, stone, exact, empties)
        line[e] = EMPTY
        if fives >= 2:
            return OPEN_THREE
        if fives == 1:
            best = THREE
    if best:
        return best
    for i, e in enumerate(empties):
        line[e] = stone
        for e2 in empties[i + 1 :]:
            line[e2] = stone
            fives = _five_points(line, centre, stone, exact, empties)
            line[e2] = EMPTY
            if fives >= 2:
                line[e] = EMPTY
                return OPEN_TWO
            if fives == 1:
                best = TWO
        line[e] = EMPTY
    return best


@functools.lru_cache(maxsize=None)
def line_shapes(rule: Rule) -> LineShapes:
    """The shared line-shape table of ``rule`` (a memo of a pure function: safe to share)."""
    return LineShapes(rule)


# -- the four lines of a cell together -------------------------------------------


@functools.lru_cache(maxsize=None)  # at most 495 histograms: four lines, nine shapes
def cell_info(histogram: int) -> tuple[int, int, bool]:
    """(class, score, may be a renju foul) of a cell whose four line shapes are ``histogram``."""
    count = [(histogram >> (4 * shape)) & 15 for shape in range(9)]
    fives, open_fours, fours = count[FIVE], count[OPEN_FOUR], count[FOUR]
    open_threes, threes, open_twos, twos = count[OPEN_THREE], count[THREE], count[OPEN_TWO], count[TWO]
    score = sum(LINE_SCORES[shape] * count[shape] for shape in range(9))
    if fives:
        cls = C_FIVE
    elif open_fours or fours >= 2:
        cls, score = C_WIN_FOUR, score + 20_000
    elif fours and open_threes:
        cls, score = C_FOUR_THREE, score + 8_000
    elif fours:
        cls = C_FOUR
    elif open_threes >= 2:
        cls, score = C_DOUBLE_THREE, score + 3_000
    elif open_threes:
        cls = C_OPEN_THREE
    elif threes or open_twos >= 2:
        cls = C_THREE
    elif open_twos:
        cls = C_OPEN_TWO
    elif twos:
        cls = C_TWO
    else:
        cls = C_NONE
    foulish = not fives and bool(count[OVERLINE] or open_fours or fours >= 2 or open_threes >= 2)
    return cls, score, foulish


@functools.lru_cache(maxsize=None)
def cell_table() -> dict[int, tuple[int, int]]:
    """(class, score) of every possible histogram of four line shapes, for the search's hot loop.

    A plain dict subscript is the cheapest lookup Python has; the table is
    built once (495 histograms) and never changed.
    """
    table: dict[int, tuple[int, int]] = {}
    for a in range(9):
        for b in range(a, 9):
            for c in range(b, 9):
                for d in range(c, 9):
                    histogram = shape_bit(a) + shape_bit(b) + shape_bit(c) + shape_bit(d)
                    table[histogram] = cell_info(histogram)[:2]
    return table
