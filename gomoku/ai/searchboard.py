"""A lean board for searching: flat arrays, shapes and hash kept up to date move by move.

:class:`SearchBoard` is built from a :class:`~gomoku.board.Board` and never
touches it again.  ``play``/``undo`` are exact mirrors of each other and only
look along the four lines through the move: each line is one packed integer,
and the move's window on it (the cells up to ``2 * half`` points away) says,
by one lookup in the line table's memo (:meth:`gomoku.patterns.LineTable.moves`),
which empty cells up to ``half`` points away change shape and by how much;
no other cell is looked at.  Each empty cell keeps, for each colour, the
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
from gomoku.ai.learned import SHIFT, LearnedEval, LearnedMode, learned_eval
from gomoku.ai.parameters import CLASS_BONUS, LINE_SCORES, TEMPO
from gomoku.board import Board
from gomoku.patterns import (
    C_FIVE,
    C_OPEN_THREE,
    C_WIN_FOUR,
    SHAPE_COUNT,
    cell_class,
    histograms,
    key_in_run,
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
def cell_table(learned: Rule | None = None) -> dict[int, tuple[int, int]]:
    """(class, score) of every possible histogram of four line shapes, for the search's hot loop.

    A plain dict subscript is the cheapest lookup Python has; the table is
    built once (495 histograms) and never changed.  With ``learned`` (a rule
    that has learned tables) each score also carries the learned value in its
    low bits (:mod:`gomoku.ai.learned`).
    """
    hand = {histogram: (cell_class(histogram)[0], cell_score(histogram)) for histogram in histograms()}
    found = learned_eval(learned) if learned is not None else None
    return hand if found is None else found.packed(hand)


@functools.cache
def foulish_codes() -> frozenset[int]:
    """The histograms of the cells where a black stone may be a renju foul (only they need the referee)."""
    return frozenset(histogram for histogram in histograms() if cell_class(histogram)[1])


@functools.cache
def line_reach(size: int, half: int) -> tuple[frozenset[int], ...]:
    """For each cell, the cells on its four lines at most ``half`` points away (a stone there shares a row of five)."""
    reach: list[set[int]] = [set() for _ in range(size * size)]
    for q in range(size * size):
        qx, qy = q % size, q // size
        for dx, dy in DIRECTIONS:
            for o in range(-half, half + 1):
                x, y = qx + o * dx, qy + o * dy
                if o and 0 <= x < size and 0 <= y < size:
                    reach[q].add(y * size + x)
    return tuple(frozenset(cells) for cells in reach)


#: Where a cell lies on one of its four lines: (the line's number, the shift of its window in the line's
#: word, the step in cell index from one cell of the line to the next).
LinePlace = tuple[int, int, int]


@functools.cache
def _lines(size: int, half: int) -> tuple[tuple[tuple[LinePlace, ...], ...], tuple[int, ...]]:
    """For each cell, its place on each of its four lines; and the words of the lines of an empty board.

    A line's *word* packs its cells in order, 2 bits each, after ``2 * half``
    cells of wall and followed by as many, so the window of ``4 * half + 1``
    cells centred on any of its cells (:meth:`LineTable.moves`) is one shift
    and one mask away: the cell at position ``i`` of the line (from 0) has
    its window at shift ``2 * i`` and itself at bit ``2 * i + 4 * half``.
    """
    n = size * size
    places: list[list[LinePlace]] = [[] for _ in range(n)]
    words: list[int] = []
    pad = 2 * half
    for dx, dy in DIRECTIONS:
        stride = dy * size + dx
        for q in range(n):
            x, y = q % size, q // size
            if 0 <= x - dx < size and 0 <= y - dy < size:
                continue  # not the first cell of its line
            line = len(words)
            length = 0
            while 0 <= x < size and 0 <= y < size:
                places[y * size + x].append((line, 2 * length, stride))
                x, y, length = x + dx, y + dy, length + 1
            walls = (1 << (2 * pad)) - 1  # pad cells of WALL (3: both bits set)
            words.append(walls | walls << (2 * (pad + length)))
    return tuple(tuple(place) for place in places), tuple(words)


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

    def __init__(
        self, cells: list[int], size: int, rule: Rule, side: int, learned: LearnedMode = LearnedMode.OFF
    ) -> None:
        self.size = size
        self.rule = rule
        self.side = side
        self.renju = rule is Rule.RENJU
        n = size * size
        self.n = n
        shapes = line_table(rule)
        half = shapes.half
        places, empty_words = _lines(size, half)
        #: for each cell, its :data:`LinePlace` on each of its four lines
        self._places = places
        #: a window's mask, and the shift of its centre within it
        self._window = (1 << (2 * (4 * half + 1))) - 1
        self._centre = 4 * half
        #: by colour (index 0 unused): the line table's memo of what a stone does around it, and its filler
        self._moves = ((), shapes.moves(BLACK), shapes.moves(WHITE))
        self._move = shapes.move
        #: the learned evaluation, when asked for and the rule has one (see :mod:`gomoku.ai.learned`)
        self.learned: LearnedEval | None = learned_eval(rule, learned)
        self._cell_table = cell_table(rule if self.learned is not None else None)
        #: scores carry the hand-set score shifted left this many bits (0: the hand-set score alone)
        self.score_shift = SHIFT if self.learned is not None else 0
        #: for each cell, the cells sharing a line with it within reach of one five
        self.reach = line_reach(size, 4)
        zb, zw, self._zside = _zobrist(size)
        #: by colour (index 0 unused), the key of a stone on each cell
        self._zobrist: tuple[tuple[int, ...], ...] = ((), zb, zw)
        #: the same with the side to move's key folded in: what one move changes in the hash
        self._zobrist_move = _zobrist_moves(size)
        self.cells = [0] * n
        #: the stones of every line (rows, columns, diagonals), packed in one integer each (see :func:`_lines`)
        self.lines = list(empty_words)
        self.hash = 0
        self.history: list[int] = []
        for cell, stone in enumerate(cells):
            if stone:
                self.cells[cell] = stone
                self.hash ^= self._zobrist[stone][cell]
                for line, shift, _ in places[cell]:
                    self.lines[line] += stone << (shift + self._centre)
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
        lookup, lines = shapes.lookup, self.lines
        for q in range(n):
            if self.cells[q]:
                continue
            # the cell's key on each of its lines, read from the line's window around it
            shapes_here = [lookup(key_in_run(lines[line] >> shift, 2 * half, half)) for line, shift, _ in places[q]]
            for colour in (BLACK, WHITE):
                code = sum(found[colour - 1] for found in shapes_here)
                self.code[colour][q] = code
                cls, score = self._cell_table[code]
                self.cls[colour][q] = cls
                self.score[colour][q] = score
                self.count[colour][cls] += 1
                self.total[colour] += score
                if cls >= HOT:
                    self.hot[colour].add(q)

    @classmethod
    def from_board(cls, board: Board, learned: LearnedMode = LearnedMode.OFF) -> SearchBoard:
        """The search board of ``board``'s position and side to move (``board`` is only read)."""
        return cls(list(board.cells), board.size, board.rule, int(board.turn), learned)

    # -- play and undo ----------------------------------------------------------

    def play(self, p: int) -> None:
        """Put the side to move's stone on the empty cell ``p`` and pass the turn."""
        c = self.side
        self.cells[p] = c
        self.hash ^= self._zobrist_move[c][p]
        self.side = OPPONENT[c]
        self.history.append(p)
        for colour in (BLACK, WHITE):
            # take the now occupied cell out of the colour's counts (its histogram is kept for undo)
            cls, score = self.cls[colour], self.score[colour]
            self.count[colour][cls[p]] -= 1
            self.total[colour] -= score[p]
            if cls[p] >= HOT:
                self.hot[colour].discard(p)
            cls[p] = 0
            score[p] = 0
        self._update_lines(p, c, c << self._centre)

    def undo(self) -> int:
        """Take back the last stone; returns its cell."""
        p = self.history.pop()
        c = self.cells[p]
        self._update_lines(p, c, -(c << self._centre))
        self.cells[p] = 0
        self.side = c
        self.hash ^= self._zobrist_move[c][p]
        table = self._cell_table
        for colour in (BLACK, WHITE):
            # put the emptied cell back into the colour's counts from its kept histogram
            kind, score = table[self.code[colour][p]]
            self.cls[colour][p] = kind
            self.score[colour][p] = score
            self.count[colour][kind] += 1
            self.total[colour] += score
            if kind >= HOT:
                self.hot[colour].add(p)
        return p

    def pass_turn(self) -> None:
        """Give the move to the other side without a stone (for asking what the opponent threatens)."""
        self.side = OPPONENT[self.side]
        self.hash ^= self._zside

    def _update_lines(self, p: int, c: int, centre: int) -> None:
        """Put (``centre`` > 0) or take (< 0) a stone of colour ``c`` on ``p`` in its four lines; refresh shapes.

        Each line's window around ``p`` gives, from the line table's memo,
        the empty cells whose shapes change and by how much: their
        histograms, classes and scores are brought up to date, nothing else
        is looked at.
        """
        lines, memo, mask = self.lines, self._moves[c], self._window
        codeb, codew = self.code[BLACK], self.code[WHITE]
        clsb, clsw = self.cls[BLACK], self.cls[WHITE]
        scb, scw = self.score[BLACK], self.score[WHITE]
        cntb, cntw = self.count[BLACK], self.count[WHITE]
        table = self._cell_table
        hotb, hotw = self.hot[BLACK], self.hot[WHITE]
        totb = totw = 0
        for line, shift, stride in self._places[p]:
            word = lines[line]
            window = (word >> shift) & mask
            lines[line] = word + (centre << shift)
            try:
                changes = memo[window]
            except KeyError:
                changes = self._move(window, c)
            for offset, db, dw in changes:
                q = p + offset * stride
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
        c = self.side
        lines, memo, mask = self.lines, self._moves[c], self._window
        codeb, codew = self.code[BLACK], self.code[WHITE]
        clsb, clsw = self.cls[BLACK], self.cls[WHITE]
        scb, scw = self.score[BLACK], self.score[WHITE]
        table = self._cell_table
        cntb, cntw = self.count[BLACK][:], self.count[WHITE][:]
        cntb[clsb[p]] -= 1
        cntw[clsw[p]] -= 1
        totb = self.total[BLACK] - scb[p]
        totw = self.total[WHITE] - scw[p]
        for line, shift, stride in self._places[p]:
            window = (lines[line] >> shift) & mask
            try:
                changes = memo[window]
            except KeyError:
                changes = self._move(window, c)
            for offset, db, dw in changes:
                q = p + offset * stride
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
        """A static score for the side to move: its shape potential against the opponent's (hand-set or learned)."""
        me = self.side
        opp = OPPONENT[me]
        if self.learned is None:
            return self.total[me] * TEMPO - self.total[opp]
        return self.learned.judge(self.total[me], self.total[opp], self.count[me], self.count[opp], me)


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

    def __init__(self, learned: LearnedMode = LearnedMode.OFF) -> None:
        #: how the search boards use the learned evaluation
        self.learned = learned
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
        self._search = search = SearchBoard.from_board(board, self.learned)
        self._built_after = moves
        return search
