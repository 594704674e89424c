"""A lean board for searching: flat arrays, shapes and hash kept up to date move by move.

:class:`SearchBoard` is built from a :class:`~gomoku.board.Board` and never
touches it again.  ``play``/``undo`` are exact mirrors of each other and only
look along the four lines through the move: for every cell up to ``half``
points away on those lines the neighbourhood key changes by one addition, and
for the empty ones the line shape is looked up again (see
:mod:`gomoku.patterns`).  Each empty cell keeps, for each colour, the
histogram of its four line shapes, its class (five, winning four, ...) and
score; each colour keeps how many empty cells it has of each class and the
sum of their scores.  So asking "can black make five?", "does white threaten
an open four?" or "how good is this position?" costs nothing, and nothing is
ever rescanned.  A Zobrist key of the stones and the side to move rides along.
:meth:`SearchBoard.peek` does a move's reckoning without writing it down,
for the search's horizon, where a position is judged and left at once.

Under the renju rule black's forbidden points come from
:func:`gomoku.renju.foul_at`, asked only for cells whose shapes could be a
foul (an overline, two fours, two open threes).
"""

from __future__ import annotations

import functools
import random

from gomoku import renju
from gomoku.ai.parameters import CLASS_BONUS, LINE_SCORES, TEMPO
from gomoku.board import Board
from gomoku.patterns import (
    C_FIVE,
    C_OPEN_THREE,
    C_WIN_FOUR,
    SHAPE_COUNT,
    WALL,
    cell_class,
    histograms,
    line_table,
    shape_bit,
    shape_counts,
)
from gomoku.point import DIRECTIONS
from gomoku.rules import BLACK, OPPONENT, WHITE, Rule

#: Cells of this class or better are kept in :attr:`SearchBoard.hot`, so threats are found without a scan.
HOT = C_OPEN_THREE
_NO_SHAPE = shape_bit(0)


def cell_score(histogram: int) -> int:
    """A cell's score for one colour: what its four line shapes and its class are worth (see parameters)."""
    count = shape_counts(histogram)
    return (
        sum(LINE_SCORES[shape] * count[shape] for shape in range(SHAPE_COUNT)) + CLASS_BONUS[cell_class(histogram)[0]]
    )


@functools.cache
def cell_table() -> dict[int, tuple[int, int]]:
    """(class, score) of every possible histogram of four line shapes, for the search's hot loop.

    A plain dict subscript is the cheapest lookup Python has; the table is
    built once (495 histograms) and never changed.
    """
    return {histogram: (cell_class(histogram)[0], cell_score(histogram)) for histogram in histograms()}


@functools.cache
def foulish_codes() -> frozenset[int]:
    """The histograms of the cells where a black stone may be a renju foul (only they need the referee)."""
    return frozenset(histogram for histogram in histograms() if cell_class(histogram)[1])


@functools.cache
def _geometry(size: int, half: int) -> tuple[tuple[tuple[tuple[int, int, int], ...], ...], tuple[int, ...]]:
    """For each cell, the (slot, cell, unit) of every key it appears in; and the keys of an empty board.

    A *slot* is ``cell * 4 + direction``; a stone of colour ``c`` at distance
    ``o`` along direction ``d`` from ``cell`` adds ``c * unit`` to that slot's key.
    """
    n = size * size
    updates: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    keys = [0] * (4 * n)
    offsets = [o for o in range(-half, half + 1) if o]
    for q in range(n):
        qx, qy = q % size, q // size
        for d, (dx, dy) in enumerate(DIRECTIONS):
            slot = q * 4 + d
            for index, o in enumerate(offsets):
                x, y = qx + o * dx, qy + o * dy
                shift = 2 * index
                if 0 <= x < size and 0 <= y < size:
                    updates[y * size + x].append((slot, q, 1 << shift))
                else:
                    keys[slot] += WALL << shift
    return tuple(tuple(u) for u in updates), tuple(keys)


#: One step of a stone put or taken: (slot, its cell, key increment, the line table's memo of that increment's
#: shape changes, :meth:`LineTable.changes`).
Step = tuple[int, int, int, dict[int, tuple[int, int]]]


@functools.cache
def _steps(size: int, rule: Rule) -> dict[int, tuple[tuple[Step, ...], ...]]:
    """:func:`_geometry`'s updates for each signed colour, with the key increment and its memo of shape changes.

    Each increment (a colour at one distance along a line, put or taken)
    has its own memo, so the hot loop finds what a key's new value does to
    both colours' shapes in one lookup.
    """
    shapes = line_table(rule)
    updates, _ = _geometry(size, shapes.half)
    return {
        delta: tuple(
            tuple((slot, q, delta * unit, shapes.changes(delta * unit)) for slot, q, unit in cell) for cell in updates
        )
        for delta in (BLACK, WHITE, -BLACK, -WHITE)
    }


@functools.cache
def line_reach(size: int, half: int) -> tuple[frozenset[int], ...]:
    """For each cell, the cells on its four lines at most ``half`` points away (a stone there shares a row of five)."""
    updates, _ = _geometry(size, half)
    return tuple(frozenset(q for _, q, _ in cell_updates) for cell_updates in updates)


@functools.cache
def _zobrist(size: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Random 64-bit keys per (colour, cell) and for the side to move (fixed seed: reproducible)."""
    rng = random.Random(0x5EED + size)
    n = size * size
    black = tuple(rng.getrandbits(64) for _ in range(n))
    white = tuple(rng.getrandbits(64) for _ in range(n))
    return black, white, rng.getrandbits(64)


@functools.cache
def _zobrist_moves(size: int) -> tuple[tuple[int, ...], ...]:
    """By colour (index 0 unused), the hash change of a stone on each cell and the turn passing with it."""
    black, white, side = _zobrist(size)
    return (), tuple(key ^ side for key in black), tuple(key ^ side for key in white)


class SearchBoard:
    """Stones, side to move, shapes per empty cell and a Zobrist key, with symmetric play/undo."""

    def __init__(self, cells: list[int], size: int, rule: Rule, side: int) -> None:
        self.size = size
        self.rule = rule
        self.side = side
        self.renju = rule is Rule.RENJU
        n = size * size
        self.n = n
        shapes = line_table(rule)
        self._change = shapes.change
        updates, empty_keys = _geometry(size, shapes.half)
        #: by signed colour (negative: taken back), for each cell: the :data:`Step` of each key on its lines
        self._steps = _steps(size, rule)
        self._cell_table = cell_table()
        #: for each cell, the cells sharing a line with it within reach of one five
        self.reach = line_reach(size, 4)
        zb, zw, self._zside = _zobrist(size)
        #: by colour (index 0 unused), the key of a stone on each cell
        self._zobrist: tuple[tuple[int, ...], ...] = ((), zb, zw)
        #: the same with the side to move's key folded in: what one move changes in the hash
        self._zobrist_move = _zobrist_moves(size)
        self.cells = [0] * n
        #: per slot (``cell * 4 + direction``), the key of that line's neighbours (see :mod:`gomoku.patterns`);
        #: kept only for empty cells: an occupied cell's keys are left as they were, and they are right again
        #: when it is emptied, since every stone played after it has been taken back by then
        self.keys = list(empty_keys)
        self.hash = 0
        self.history: list[int] = []
        for cell, stone in enumerate(cells):
            if stone:
                self.cells[cell] = stone
                self.hash ^= self._zobrist[stone][cell]
                for slot, _, unit in updates[cell]:
                    self.keys[slot] += stone * unit
        if side == WHITE:
            self.hash ^= self._zside
        # by colour (index 0 unused): per-cell histograms, classes, scores, per-class counts; and per-colour totals
        self.code: tuple[list[int], list[int], list[int]] = ([], [4 * _NO_SHAPE] * n, [4 * _NO_SHAPE] * n)
        self.cls: tuple[list[int], list[int], list[int]] = ([], [0] * n, [0] * n)
        self.score: tuple[list[int], list[int], list[int]] = ([], [0] * n, [0] * n)
        self.count: tuple[list[int], list[int], list[int]] = ([], [0] * 10, [0] * 10)
        self.total = [0, 0, 0]
        #: per colour, the empty cells of class open three or better (where threats are made)
        self.hot: tuple[set[int], set[int], set[int]] = (set(), set(), set())
        self._foul_cache: dict[tuple[int, int], bool] = {}
        self._foulish = foulish_codes()
        lookup = shapes.lookup
        for q in range(n):
            if self.cells[q]:
                continue
            for colour in (BLACK, WHITE):
                code = 0
                for d in range(4):
                    code += lookup(self.keys[q * 4 + d])[colour - 1]
                self.code[colour][q] = code
                cls, score = self._cell_table[code]
                self.cls[colour][q] = cls
                self.score[colour][q] = score
                self.count[colour][cls] += 1
                self.total[colour] += score
                if cls >= HOT:
                    self.hot[colour].add(q)

    @classmethod
    def from_board(cls, board: Board) -> SearchBoard:
        """The search board of ``board``'s position and side to move (``board`` is only read)."""
        return cls(list(board.cells), board.size, board.rule, int(board.turn))

    # -- play and undo ----------------------------------------------------------

    def play(self, p: int) -> None:
        """Put the side to move's stone on the empty cell ``p`` and pass the turn."""
        c = self.side
        self.cells[p] = c
        self.hash ^= self._zobrist_move[c][p]
        self.side = OPPONENT[c]
        self.history.append(p)
        # take the now occupied cell out of each colour's counts (its histograms are kept for undo)
        clsb, clsw = self.cls[BLACK], self.cls[WHITE]
        scb, scw = self.score[BLACK], self.score[WHITE]
        total = self.total
        self.count[BLACK][clsb[p]] -= 1
        self.count[WHITE][clsw[p]] -= 1
        total[BLACK] -= scb[p]
        total[WHITE] -= scw[p]
        if clsb[p] >= HOT:
            self.hot[BLACK].discard(p)
        if clsw[p] >= HOT:
            self.hot[WHITE].discard(p)
        clsb[p] = clsw[p] = scb[p] = scw[p] = 0
        self._update_lines(self._steps[c][p])

    def undo(self) -> int:
        """Take back the last stone; returns its cell."""
        p = self.history.pop()
        c = self.cells[p]
        self._update_lines(self._steps[-c][p])
        self.cells[p] = 0
        self.side = c
        self.hash ^= self._zobrist_move[c][p]
        # put the emptied cell back into each colour's counts from its kept histograms
        table, total = self._cell_table, self.total
        kind, score = table[self.code[BLACK][p]]
        self.cls[BLACK][p] = kind
        self.score[BLACK][p] = score
        self.count[BLACK][kind] += 1
        total[BLACK] += score
        if kind >= HOT:
            self.hot[BLACK].add(p)
        kind, score = table[self.code[WHITE][p]]
        self.cls[WHITE][p] = kind
        self.score[WHITE][p] = score
        self.count[WHITE][kind] += 1
        total[WHITE] += score
        if kind >= HOT:
            self.hot[WHITE].add(p)
        return p

    def pass_turn(self) -> None:
        """Give the move to the other side without a stone (for asking what the opponent threatens)."""
        self.side = OPPONENT[self.side]
        self.hash ^= self._zside

    def _update_lines(self, steps: tuple[Step, ...]) -> None:
        """Add each step's increment to its key (a stone put or taken on their lines); refresh shapes.

        Only the empty cells' keys are kept (see :attr:`keys`).  Most steps
        change one colour's shape of the line: its histogram, class and score
        are brought up to date, the other colour's left alone.
        """
        cells, keys = self.cells, self.keys
        change = self._change
        codeb, codew = self.code[BLACK], self.code[WHITE]
        clsb, clsw = self.cls[BLACK], self.cls[WHITE]
        scb, scw = self.score[BLACK], self.score[WHITE]
        cntb, cntw = self.count[BLACK], self.count[WHITE]
        table = self._cell_table
        hotb, hotw = self.hot[BLACK], self.hot[WHITE]
        totb = totw = 0
        for slot, q, step, changes in steps:
            if cells[q]:
                continue
            key = keys[slot] + step
            keys[slot] = key
            try:
                db, dw = changes[key]
            except KeyError:
                db, dw = change(key, step)
            if db:
                code = codeb[q] + db
                codeb[q] = code
                kind, score = table[code]
                old = clsb[q]
                if kind != old:
                    cntb[old] -= 1
                    cntb[kind] += 1
                    clsb[q] = kind
                    if kind >= HOT:
                        hotb.add(q)
                    elif old >= HOT:
                        hotb.discard(q)
                totb += score - scb[q]
                scb[q] = score
            if dw:
                code = codew[q] + dw
                codew[q] = code
                kind, score = table[code]
                old = clsw[q]
                if kind != old:
                    cntw[old] -= 1
                    cntw[kind] += 1
                    clsw[q] = kind
                    if kind >= HOT:
                        hotw.add(q)
                    elif old >= HOT:
                        hotw.discard(q)
                totw += score - scw[q]
                scw[q] = score
        self.total[BLACK] += totb
        self.total[WHITE] += totw

    def peek(self, p: int) -> tuple[list[int], list[int], int, int]:
        """What the side to move's stone on the empty ``p`` would make, the board left as it is.

        Returns black's and white's class counts and their score totals as
        they would be after :meth:`play`: the same reckoning, without writing
        anything, so nothing needs undoing.  The search judges the positions
        at its horizon this way, which is most of the positions it meets.
        """
        cells, keys = self.cells, self.keys
        change = self._change
        codeb, codew = self.code[BLACK], self.code[WHITE]
        clsb, clsw = self.cls[BLACK], self.cls[WHITE]
        scb, scw = self.score[BLACK], self.score[WHITE]
        table = self._cell_table
        cntb, cntw = self.count[BLACK][:], self.count[WHITE][:]
        cntb[clsb[p]] -= 1
        cntw[clsw[p]] -= 1
        totb = self.total[BLACK] - scb[p]
        totw = self.total[WHITE] - scw[p]
        for slot, q, step, changes in self._steps[self.side][p]:
            if cells[q]:
                continue
            key = keys[slot] + step
            try:
                db, dw = changes[key]
            except KeyError:
                db, dw = change(key, step)
            if db:
                kind, score = table[codeb[q] + db]
                cntb[clsb[q]] -= 1
                cntb[kind] += 1
                totb += score - scb[q]
            if dw:
                kind, score = table[codew[q] + dw]
                cntw[clsw[q]] -= 1
                cntw[kind] += 1
                totw += score - scw[q]
        return cntb, cntw, totb, totw

    # -- questions ----------------------------------------------------------------

    def cells_of(self, colour: int, kind: int) -> list[int]:
        """Empty cells where ``colour`` makes exactly class ``kind``, in cell order."""
        kinds = self.cls[colour]
        if kind >= HOT:
            return sorted(q for q in self.hot[colour] if kinds[q] == kind)
        return [q for q, v in enumerate(kinds) if v == kind]

    def cells_at_least(self, colour: int, kind: int) -> list[int]:
        """Empty cells where ``colour`` makes class ``kind`` or better, in cell order."""
        kinds = self.cls[colour]
        if kind >= HOT:
            return sorted(q for q in self.hot[colour] if kinds[q] >= kind)
        return [q for q, v in enumerate(kinds) if v >= kind]

    def blocking_zone(self, open_fours: list[int]) -> frozenset[int]:
        """The cells from which one stone can stop every one of ``open_fours`` (an open three's four points).

        A stone stops a four point only on one of its lines within four
        points of it (or on the point itself), so the zone is the
        intersection of those reaches.
        """
        reach = self.reach
        zone = reach[open_fours[0]] | {open_fours[0]}
        for point in open_fours[1:]:
            zone &= reach[point] | {point}
        return zone

    def forbidden(self, q: int) -> bool:
        """Whether black may not play the empty ``q`` (renju only; asks the renju checker)."""
        if not self.renju or self.code[BLACK][q] not in self._foulish:
            return False
        key = (self.hash, q)
        found = self._foul_cache.get(key)
        if found is None:
            found = self._foul_cache[key] = renju.foul_at(self.cells, self.size, q) is not None
        return found

    def legal(self, colour: int, q: int) -> bool:
        """Whether ``colour`` may play the empty ``q``."""
        return colour != BLACK or not self.forbidden(q)

    def fives(self, colour: int) -> list[int]:
        """Cells where ``colour`` completes a winning row (always legal, even for black in renju)."""
        if not self.count[colour][C_FIVE]:
            return []
        return self.cells_of(colour, C_FIVE)

    def winning_fours(self, colour: int) -> list[int]:
        """Legal cells where ``colour`` makes an open four or two fours: five next move, unstoppable."""
        if not self.count[colour][C_WIN_FOUR]:
            return []
        found = self.cells_of(colour, C_WIN_FOUR)
        if colour == BLACK and self.renju:
            found = [q for q in found if not self.forbidden(q)]
        return found

    def evaluation(self) -> int:
        """A static score for the side to move: its shape potential against the opponent's."""
        me = self.side
        return self.total[me] * TEMPO - self.total[OPPONENT[me]]


class Mirror:
    """A search board that follows one game's board from move to move, for a player that keeps state.

    :meth:`follow` brings the kept search board to the board's position by
    taking back the moves the game no longer has and playing its new ones
    (two per turn in a game), which costs a few play/undo steps instead of
    a whole rebuild; when the positions cannot be matched that way (another
    game, a set-up position, a different rule, more taken back than it
    played) it builds afresh.  The board is only read; the search board's
    history holds the game moves it played since it was built.
    """

    #: Past this many steps to catch up, a rebuild is as quick (a play costs about 20 us, a build ~1 ms).
    MAX_STEPS = 40

    def __init__(self) -> None:
        self._search: SearchBoard | None = None
        #: the game moves (flat cells) the search board was built after
        self._built_after: list[int] = []

    def follow(self, board: Board) -> SearchBoard:
        """The search board of ``board``'s position and side to move."""
        moves = [board.index_of(point) for point in board.moves]
        search = self._search
        base = len(self._built_after)
        if (
            search is not None
            and search.size == board.size
            and search.rule is board.rule
            and moves[:base] == self._built_after
        ):
            played = search.history
            common = 0
            for old, new in zip(played, moves[base:]):
                if old != new:
                    break
                common += 1
            if len(played) - common + len(moves) - base - common <= self.MAX_STEPS:
                while len(played) > common:
                    search.undo()
                for cell in moves[base + common :]:
                    search.play(cell)
                if search.cells == board.cells and search.side == int(board.turn):
                    return search
        self._search = search = SearchBoard.from_board(board)
        self._built_after = moves
        return search
