"""The one line-shape layer: what a stone makes along a line, and what four lines make together.

Every player, the search board and the renju referee read line shapes from
here, and nothing else in the project classifies a line.

**Lines.**  A *line* is a list of cell contents along one direction through a
centre cell: :data:`EMPTY`, :data:`BLACK`, :data:`WHITE` or :data:`WALL` (off
the board).  What wins is the rule's business (:meth:`Rule.is_win`: five or
more under freestyle; exactly five under standard; renju: exactly five for
black, five or more for white; caro: five or more, but not a five with
opponent stones at both ends), so every shape here is right for each rule:
under an exact-five rule six in a row is an *overline*, which wins nothing,
and a point where a stone would only make an overline is no five point;
under caro a point where a stone would only make a five blocked at both ends
is no five point either: the stones of ``OXXXX.O`` make no four (their five
would be blocked at both ends), while ``OXXXX..`` is a four.

**Line shapes**, what a stone on the centre makes along the line, strongest
first: five, open four (two points that make five), four (one), open three
(one more stone makes an open four), three (one more makes a four), open two,
two, none; and overline.  Gaps count: ``X.XX`` with room around it is an open
three.  These are defined by one question, :func:`five_points` (which empty
points would complete a winning row through the centre?), asked again with
one or two more stones for the threes and twos.

**Renju facts** for the referee (:func:`renju_line`): the length of the
stone's unbroken row, how many *fours* the line holds in the RIF sense (a
straight four ``.XXXX.`` is one four, ``X.XXX.X`` with the move in the
middle is two), and the points that would make a *straight four* through
the stone (the candidates of a three, whose legality the referee checks).

**Keys.**  A line shape depends only on the cells up to ``half`` points either
side of the centre (4 sees every five through it, 5 also sees the sixth
stone of an overline), so a small integer *key* packs those neighbours (2
bits each).  :class:`LineTable` turns a key into the shape for each colour,
computing each key once: a game meets a few thousand distinct keys.  For the
search board it also remembers, for a move's *window* (the cells up to
``2 * half`` points either side of it on one line), which nearby empty cells
change shape and by how much (:meth:`LineTable.moves`).

**Cell classes** summarise one colour's four line shapes at one cell (five,
winning four, four-three, four, double three, open three, ...).  The four
shapes are kept as a histogram packed in one integer (4 bits per shape), so
replacing one line's shape is one addition; :func:`cell_class` classifies a
histogram.  How much a shape or class is *worth* is not the pattern layer's
business: the computer players' scores live in :mod:`gomoku.ai.parameters`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from gomoku.rules import BLACK, EMPTY, OPPONENT, WHITE, Rule, Stone

#: What a line cell holds beyond empty, black and white (:mod:`gomoku.rules`): the edge of the board.
WALL = 3

# -- line shapes ----------------------------------------------------------------

NONE, TWO, OPEN_TWO, THREE, OPEN_THREE, FOUR, OPEN_FOUR, FIVE, OVERLINE = range(9)
SHAPE_NAMES = ("none", "two", "open two", "three", "open three", "four", "open four", "five", "overline")
SHAPE_COUNT = len(SHAPE_NAMES)

#: How far a five through the centre can reach along a line.
FIVE_REACH = 4


def run_bounds(line: Sequence[int], i: int, stone: int) -> tuple[int, int]:
    """The first and last index of the unbroken row of ``stone`` through index ``i`` of ``line``."""
    a = i
    while a > 0 and line[a - 1] == stone:
        a -= 1
    b = i
    last = len(line) - 1
    while b < last and line[b + 1] == stone:
        b += 1
    return a, b


def blocked_ends(line: Sequence[int], a: int, b: int, stone: int) -> int:
    """How many ends of the row ``line[a..b]`` of ``stone`` hold an opponent stone (0 to 2).

    An end is the cell just beyond the row; the edge of the board
    (:data:`WALL`, or beyond the line) blocks nothing.  Under caro
    (:attr:`Rule.blocks_fives`) a five blocked at both ends does not win.
    """
    opponent = OPPONENT[stone]
    return (a > 0 and line[a - 1] == opponent) + (b < len(line) - 1 and line[b + 1] == opponent)


def _nearby_empties(line: Sequence[int], centre: int) -> list[int]:
    """The empty indices of ``line`` within :data:`FIVE_REACH` of ``centre``."""
    lo, hi = max(0, centre - FIVE_REACH), min(len(line) - 1, centre + FIVE_REACH)
    return [i for i in range(lo, hi + 1) if line[i] == EMPTY]


def five_points(line: list[int], centre: int, stone: int, rule: Rule, empties: list[int] | None = None) -> list[int]:
    """The empty indices of ``line`` where ``stone`` would complete a winning row through ``centre``.

    ``line[centre]`` holds ``stone``.  The row must win under ``rule``: under
    an exact-five rule a point that makes six or more makes no five.
    ``empties`` (the candidates) defaults to every empty point within reach.
    """
    colour = Stone(stone)
    found = []
    for e in _nearby_empties(line, centre) if empties is None else empties:
        if line[e] != EMPTY:
            continue
        line[e] = stone
        a, b = run_bounds(line, e, stone)
        line[e] = EMPTY
        if a <= centre <= b and rule.is_win(b - a + 1, colour, blocked_ends(line, a, b, stone)):
            found.append(e)
    return found


def line_shape(line: list[int], centre: int, stone: int, rule: Rule) -> int:
    """The shape of the row through ``centre`` (which holds ``stone``) along ``line`` under ``rule``.

    Five if the row wins, overline if it is six or more that do not, none
    if it is a five that does not (under caro, blocked at both ends); open
    four if two empty points would each win, four if one would; open three if
    one more stone can make an open four, three if it can make a four; open
    two and two likewise one level further.
    """
    a, b = run_bounds(line, centre, stone)
    length = b - a + 1
    if length >= 5:
        if rule.is_win(length, Stone(stone), blocked_ends(line, a, b, stone)):
            return FIVE
        return OVERLINE if length > 5 else NONE
    empties = _nearby_empties(line, centre)
    fives = len(five_points(line, centre, stone, rule, empties))
    if fives >= 2:
        return OPEN_FOUR
    if fives == 1:
        return FOUR
    best = NONE
    for e in empties:
        line[e] = stone
        fives = len(five_points(line, centre, stone, rule, empties))
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
            fives = len(five_points(line, centre, stone, rule, empties))
            line[e2] = EMPTY
            if fives >= 2:
                line[e] = EMPTY
                return OPEN_TWO
            if fives == 1:
                best = TWO
        line[e] = EMPTY
    return best


# -- renju: fours and straight-four points, for the referee ------------------------


def four_count(points: Sequence[int]) -> int:
    """How many fours (RIF) a line holds whose five points are ``points`` (ascending indices).

    Two five points five apart frame one straight four (``.XXXX.``); any
    other two belong to two fours on one line (``X.XXX.X``).
    """
    if len(points) == 2 and points[1] - points[0] == 5:
        return 1
    return len(points)


def renju_line(line: list[int], centre: int, rule: Rule = Rule.RENJU) -> tuple[int, int, tuple[int, ...]]:
    """What a black stone on ``centre`` makes along ``line``, as the renju referee needs it.

    Returns the length of its unbroken row, the number of fours the line
    holds (:func:`four_count`), and, when it holds none, the indices where
    one more black stone makes a straight four through the centre (the
    candidate completions of a three).  ``line[centre]`` holds black.
    """
    a, b = run_bounds(line, centre, BLACK)
    run = b - a + 1
    if run >= 5:
        return run, 0, ()
    empties = _nearby_empties(line, centre)
    fours = four_count(five_points(line, centre, BLACK, rule, empties))
    if fours:
        return run, fours, ()
    straight: list[int] = []
    for e in empties:
        line[e] = BLACK
        points = five_points(line, centre, BLACK, rule, empties)
        line[e] = EMPTY
        if len(points) == 2 and points[1] - points[0] == 5 and points[0] < centre < points[1]:
            straight.append(e)
    return run, 0, tuple(straight)


# -- keys: a line's neighbours packed in one integer ----------------------------------


def line_half(rule: Rule) -> int:
    """How many cells either side of the centre a key covers under ``rule``.

    4 sees every five through the centre; an exact-five rule also needs the
    fifth cell, where a sixth stone turns a five into an overline, and caro
    the fifth cell where an opponent stone blocks a five's end.
    """
    return 4 if rule is Rule.FREESTYLE else 5


def shape_bit(shape: int) -> int:
    """The histogram increment for one line of ``shape`` (4 bits per shape)."""
    return 1 << (4 * shape)


def line_of_key(key: int, half: int) -> list[int]:
    """The ``2 * half + 1`` cells a key packs, the (empty) centre in the middle.

    Neighbour ``i`` (0 to ``half - 1`` before the centre, nearest last; then
    ``half`` to ``2 * half - 1`` after it, nearest first) sits in bits
    ``2i`` and ``2i + 1``.
    """
    before = [(key >> (2 * i)) & 3 for i in range(half)]
    after = [(key >> (2 * i)) & 3 for i in range(half, 2 * half)]
    return before + [EMPTY] + after


def key_of_line(line: Sequence[int], half: int) -> int:
    """The key of ``line`` (``2 * half + 1`` cells, the centre ignored): the inverse of :func:`line_of_key`."""
    neighbours = list(line[:half]) + list(line[half + 1 :])
    return sum(value << (2 * i) for i, value in enumerate(neighbours))


def key_in_run(run: int, index: int, half: int) -> int:
    """The key of the cell at ``index`` of ``run``, cells packed 2 bits each (the first in the lowest bits, as
    in a key): its ``half`` neighbours before it, then its ``half`` after it (``index >= half``)."""
    mask = (1 << (2 * half)) - 1
    return (run >> (2 * (index - half))) & mask | ((run >> (2 * (index + 1))) & mask) << (2 * half)


#: What one stone does to the line shapes around it: (offset along the line, black's histogram change,
#: white's histogram change) for each empty cell whose shapes change (see :meth:`LineTable.moves`).
Changes = tuple[tuple[int, int, int], ...]
#: A colour's memo of windows is emptied past this many entries (about 45 MB): an entry is about 430 bytes, and
#: a whole game between two ``hard`` players on 20,000 nodes a move met 6,600 windows (13,000 entries with their
#: reverses) in 20 moves, a depth-5 search of 18 positions 4,100 (tracemalloc and counts, 2026-12-02).
WINDOW_MEMO_LIMIT = 100_000


class LineTable:
    """Line shapes by key for one rule, each computed once and remembered.

    The memo only grows with keys actually met, and the same key always
    gives the same shapes, so a table may be shared (see :func:`line_table`).
    """

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self.half = line_half(rule)
        #: key -> (black shape bit, white shape bit)
        self.cache: dict[int, tuple[int, int]] = {}
        #: key -> :func:`renju_line` of a black stone on the centre
        self._renju: dict[int, tuple[int, int, tuple[int, ...]]] = {}
        #: by colour (index 0 unused): window -> what a stone of that colour put on (or taken from) its centre
        #: changes, see :meth:`moves`
        self._moves: tuple[dict[int, Changes], ...] = ({}, {}, {})

    def lookup(self, key: int) -> tuple[int, int]:
        """The (black, white) histogram increments of the line with neighbourhood ``key``."""
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = (shape_bit(self.shape(key, BLACK)), shape_bit(self.shape(key, WHITE)))
        return found

    def moves(self, colour: int) -> dict[int, Changes]:
        """The memo of what a stone of ``colour`` does to the line shapes around it: window -> :data:`Changes`.

        A *window* packs the ``4 * half + 1`` cells of a line centred on the
        move (2 bits each, the farthest before the move in the lowest bits,
        as in a key); its cells up to ``half`` points either side are the
        ones whose keys see the move.  With the centre empty the entries are
        what putting the stone there changes; with the stone on the centre,
        what taking it back changes.  Only empty cells whose shapes change
        for either colour are listed, so the search's play and undo touch
        nothing else.  A search meets a few thousand windows (about 4,000
        in the 18 positions of ``benchmarks/search_speed.py`` at depth 5);
        a window missing from the memo is filled by :meth:`move`.
        """
        return self._moves[colour]

    def move(self, window: int, colour: int) -> Changes:
        """:meth:`moves`'s entry for ``window``, worked out (with the reverse one) and remembered."""
        half = self.half
        centre = 2 * half
        empty = window & ~(3 << (2 * centre))
        put = empty | colour << (2 * centre)
        memo = self._moves[colour]
        if len(memo) >= WINDOW_MEMO_LIMIT:
            memo.clear()  # a bound on memory: the windows of the current positions come back at once
        forward: list[tuple[int, int, int]] = []
        backward: list[tuple[int, int, int]] = []
        for offset in range(-half, half + 1):
            index = centre + offset
            if not offset or (empty >> (2 * index)) & 3:
                continue  # the move's own cell, a stone or the edge: no shapes kept there
            old_black, old_white = self.lookup(key_in_run(empty, index, half))
            new_black, new_white = self.lookup(key_in_run(put, index, half))
            if old_black != new_black or old_white != new_white:
                forward.append((offset, new_black - old_black, new_white - old_white))
                backward.append((offset, old_black - new_black, old_white - new_white))
        putting, taking = memo[empty], memo[put] = tuple(forward), tuple(backward)
        # (the answer is not read back from the memo: another thread's search may have emptied it meanwhile)
        return putting if window == empty else taking

    def shape(self, key: int, stone: int) -> int:
        """The line shape ``stone`` makes by playing the centre of the line ``key``."""
        line = line_of_key(key, self.half)
        line[self.half] = stone
        return line_shape(line, self.half, stone, self.rule)

    def renju(self, key: int) -> tuple[int, int, tuple[int, ...]]:
        """:func:`renju_line` for a black stone on the centre of ``key``; indices are offsets from the centre."""
        found = self._renju.get(key)
        if found is None:
            half = self.half
            line = line_of_key(key, half)
            line[half] = BLACK
            run, fours, points = renju_line(line, half, self.rule)
            found = self._renju[key] = (run, fours, tuple(p - half for p in points))
        return found


@functools.cache
def line_table(rule: Rule) -> LineTable:
    """The shared line table of ``rule`` (a memo of a pure function: safe to share)."""
    return LineTable(rule)


# -- the four lines of a cell together -------------------------------------------

#: Cell classes, weakest first: a move at a cell of class C_FOUR or better makes a four.
(C_NONE, C_TWO, C_OPEN_TWO, C_THREE, C_OPEN_THREE, C_DOUBLE_THREE, C_FOUR, C_FOUR_THREE, C_WIN_FOUR, C_FIVE) = range(10)
CLASS_COUNT = 10


def shape_counts(histogram: int) -> list[int]:
    """How many of the four lines have each shape, from a packed histogram."""
    return [(histogram >> (4 * shape)) & 15 for shape in range(SHAPE_COUNT)]


@functools.cache  # at most 495 histograms: four lines, nine shapes
def cell_class(histogram: int) -> tuple[int, bool]:
    """(class, may be a renju foul) of a cell whose four line shapes are ``histogram``.

    A five beats everything; an open four or two fours is a winning four; a
    four with an open three a four-three; two open threes a double three.
    "May be a foul" is true when a black stone there could be forbidden
    (an overline, two fours, two open threes): only then need the renju
    referee be asked.
    """
    count = shape_counts(histogram)
    fives, open_fours, fours = count[FIVE], count[OPEN_FOUR], count[FOUR]
    open_threes, threes, open_twos, twos = count[OPEN_THREE], count[THREE], count[OPEN_TWO], count[TWO]
    if fives:
        cls = C_FIVE
    elif open_fours or fours >= 2:
        cls = C_WIN_FOUR
    elif fours and open_threes:
        cls = C_FOUR_THREE
    elif fours:
        cls = C_FOUR
    elif open_threes >= 2:
        cls = C_DOUBLE_THREE
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
    return cls, foulish


def histograms() -> list[int]:
    """Every histogram four line shapes can make (495 of them)."""
    found = []
    for a in range(SHAPE_COUNT):
        for b in range(a, SHAPE_COUNT):
            for c in range(b, SHAPE_COUNT):
                for d in range(c, SHAPE_COUNT):
                    found.append(shape_bit(a) + shape_bit(b) + shape_bit(c) + shape_bit(d))
    return found
