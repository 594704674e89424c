"""A slow, independent renju referee written straight from the rule text.

It shares no code with :mod:`gomoku.renju`: it reads whole lines of the board
(not an 11-point window), counts fours as distinct sets of four stones, and
looks for three-completing points anywhere on the line.  The tests compare the
fast checker with it on hand-made and random positions.
"""

from __future__ import annotations

from gomoku.renju import Foul

EMPTY, BLACK, WHITE = 0, 1, 2
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
FIVE = "five"


def _line(size, x0, y0, dx, dy):
    """The points of the whole line through (x0, y0), in order, and the index of (x0, y0)."""
    x, y = x0, y0
    while 0 <= x - dx < size and 0 <= y - dy < size:
        x, y = x - dx, y - dy
    points = []
    while 0 <= x < size and 0 <= y < size:
        points.append(y * size + x)
        x, y = x + dx, y + dy
    return points, points.index(y0 * size + x0)


def _run(cells, line, i):
    """The indices (into ``line``) of the unbroken black row through index ``i``."""
    lo = hi = i
    while lo > 0 and cells[line[lo - 1]] == BLACK:
        lo -= 1
    while hi < len(line) - 1 and cells[line[hi + 1]] == BLACK:
        hi += 1
    return range(lo, hi + 1)


def _fours(cells, line, i):
    """The distinct fours through index ``i``: sets of four stones one more makes exactly five."""
    found = set()
    for j, cell in enumerate(line):
        if cells[cell] == EMPTY:
            cells[cell] = BLACK
            run = _run(cells, line, j)
            if len(run) == 5 and i in run:
                found.add(frozenset(set(run) - {j}))
            cells[cell] = EMPTY
    return found


def _straight_four(cells, line, i):
    """Whether four in a row through ``i`` can become exactly five at either end."""
    run = _run(cells, line, i)
    if len(run) != 4:
        return False
    for end in (run.start - 1, run.stop):
        if not 0 <= end < len(line) or cells[line[end]] != EMPTY:
            return False
        cells[line[end]] = BLACK
        five = len(_run(cells, line, end)) == 5
        cells[line[end]] = EMPTY
        if not five:
            return False
    return True


def verdict(cells, size, cell):
    """``FIVE``, a :class:`Foul`, or ``None`` for black playing the empty ``cell``.

    ``cells`` is a mutable flat list; it is restored before returning.
    """
    x0, y0 = cell % size, cell // size
    cells[cell] = BLACK
    try:
        lines = [_line(size, x0, y0, dx, dy) for dx, dy in DIRECTIONS]
        runs = [len(_run(cells, line, i)) for line, i in lines]
        if 5 in runs:
            return FIVE
        if max(runs) >= 6:
            return Foul.OVERLINE
        fours = [_fours(cells, line, i) for line, i in lines]
        if sum(len(f) for f in fours) >= 2:
            return Foul.DOUBLE_FOUR
        threes = 0
        for (line, i), line_fours in zip(lines, fours):
            if line_fours:
                continue
            for point in line:
                if cells[point] != EMPTY:
                    continue
                cells[point] = BLACK
                straight = _straight_four(cells, line, i)
                cells[point] = EMPTY
                if straight and verdict(cells, size, point) is None:
                    threes += 1
                    break
        return Foul.DOUBLE_THREE if threes >= 2 else None
    finally:
        cells[cell] = EMPTY


def fouls(cells, size):
    """Every foul point of the position, by brute force over all empty points."""
    cells = list(cells)
    found = {}
    for cell, value in enumerate(cells):
        if value == EMPTY:
            result = verdict(cells, size, cell)
            if isinstance(result, Foul):
                found[cell] = result
    return found
