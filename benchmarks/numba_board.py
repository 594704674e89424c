"""The measured prototype of a numba search board (issue 29): SearchBoard's state as numpy arrays.

Not part of the game: :mod:`benchmarks.numba_core` measures it, and it lives
here because it did not earn its place (see docs/strength.md, "Session of
2026-12-02").  :class:`NumbaBoard` is a :class:`~gomoku.ai.searchboard.SearchBoard`
whose play, undo and peek are ``@njit(cache=True)`` kernels over numpy arrays:
the stones, the per-slot keys and line shapes, the per-cell histogram codes,
classes and scores, the per-colour class counts and score totals, and a
per-colour flag for the hot cells (class open three or better) in place of
the sets.  The search in :mod:`gomoku.ai.search` runs on it unchanged, so the
end-to-end figure includes what a Python search pays to call it and to read
numpy arrays.

Freestyle only (the prototype's line-shape table is dense: 4**8 keys; under
renju and the exact-five rules a key spans ten cells, 4**10 keys, and black's
fouls need the referee on a Python board).  The histogram codes (up to 36
bits) index their (class, score) table through a modulus that is collision-free
over the 495 codes; the Zobrist hash stays on the Python side (64-bit XOR).
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

import numpy as np
from numba import njit

from gomoku.ai.learned import LearnedMode
from gomoku.ai.parameters import TEMPO
from gomoku.ai.searchboard import HOT, SearchBoard, cell_table
from gomoku.patterns import WALL, histograms, line_table
from gomoku.point import DIRECTIONS
from gomoku.rules import BLACK, OPPONENT, WHITE, Rule


@functools.cache
def code_modulus() -> int:
    """The smallest modulus at which the 495 histogram codes fall in distinct slots (a perfect hash)."""
    codes = histograms()
    modulus = len(codes)
    while len({code % modulus for code in codes}) < len(codes):
        modulus += 1
    return modulus


def shape_keys(rule: Rule) -> np.ndarray:
    """(black, white) shape bits of every key of ``2 * half`` neighbours (65,536 under freestyle), by key.

    Worked out by :mod:`gomoku.patterns` (the one line classifier) about a
    second the first time, then stored beside numba's compiled kernels
    (``NUMBA_CACHE_DIR``, else ``benchmarks/__pycache__``) and loaded from
    there, as a warm start would.
    """
    folder = Path(os.environ.get("NUMBA_CACHE_DIR") or Path(__file__).resolve().parent / "__pycache__")
    stored = folder / f"numba-shapes-{rule.value}.npy"
    if stored.is_file():
        return np.load(stored)
    shapes = line_table(rule)
    keys = 4 ** (2 * shapes.half)
    by_key = np.zeros((keys, 3), dtype=np.int64)
    for key in range(keys):
        by_key[key, 1], by_key[key, 2] = shapes.lookup(key)
    folder.mkdir(parents=True, exist_ok=True)
    np.save(stored, by_key)
    return by_key


@functools.cache
def tables(rule: Rule) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """(shape bits by key and colour, class by code slot, score by code slot, the modulus) for ``rule``.

    The shape table comes from :func:`shape_keys`.
    """
    by_key = shape_keys(rule)
    modulus = code_modulus()
    kinds = np.zeros(modulus, dtype=np.int64)
    scores = np.zeros(modulus, dtype=np.int64)
    for code, (kind, score) in cell_table().items():
        kinds[code % modulus] = kind
        scores[code % modulus] = score
    return by_key, kinds, scores, modulus


@functools.cache
def _geometry(size: int, half: int) -> tuple[tuple[tuple[tuple[int, int, int], ...], ...], tuple[int, ...]]:
    """For each cell, the (slot, cell, unit) of every key it appears in; and the keys of an empty board.

    The search board's representation before 2026-12-02 (a key per cell and direction, changed by one
    addition per stone), which this prototype keeps: it was measured on it.

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


@functools.cache
def geometry(size: int, half: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_geometry` as arrays: per cell its (slot, cell, unit) steps and their count."""
    updates, _ = _geometry(size, half)
    width = max(len(u) for u in updates)
    slots = np.zeros((len(updates), width), dtype=np.int64)
    cells = np.zeros((len(updates), width), dtype=np.int64)
    units = np.zeros((len(updates), width), dtype=np.int64)
    counts = np.zeros(len(updates), dtype=np.int64)
    for p, steps in enumerate(updates):
        counts[p] = len(steps)
        for i, (slot, q, unit) in enumerate(steps):
            slots[p, i], cells[p, i], units[p, i] = slot, q, unit
    return slots, cells, units, counts


@njit(cache=True)
def _update(state, pat, code, kind, score, count, total, hot, geo, by_key, kinds, scores, modulus, p, delta):
    """Add ``delta`` times each unit to the keys on ``p``'s lines; refresh the empty cells' shapes (both colours)."""
    cells = state[0]
    keys = state[1]
    slots, qs, units, counts = geo[0], geo[1], geo[2], geo[3]
    for i in range(counts[p, 0]):
        slot = slots[p, i]
        q = qs[p, i]
        key = keys[slot] + delta * units[p, i]
        keys[slot] = key
        if cells[q] != 0:
            continue
        for colour in (1, 2):
            new = by_key[key, colour]
            old = pat[colour, slot]
            if new != old:
                pat[colour, slot] = new
                c = code[colour, q] + new - old
                code[colour, q] = c
                k = kinds[c % modulus]
                was = kind[colour, q]
                if k != was:
                    count[colour, was] -= 1
                    count[colour, k] += 1
                    kind[colour, q] = k
                    hot[colour, q] = k >= HOT
                s = scores[c % modulus]
                total[colour] += s - score[colour, q]
                score[colour, q] = s


@njit(cache=True)
def play_kernel(state, pat, code, kind, score, count, total, hot, geo, by_key, kinds, scores, modulus, p, c):
    """Put colour ``c`` on the empty ``p``: take it out of both colours' counts, then update its lines."""
    state[0][p] = c
    for colour in (1, 2):
        count[colour, kind[colour, p]] -= 1
        total[colour] -= score[colour, p]
        hot[colour, p] = False
        kind[colour, p] = 0
        score[colour, p] = 0
    _update(state, pat, code, kind, score, count, total, hot, geo, by_key, kinds, scores, modulus, p, c)


@njit(cache=True)
def undo_kernel(state, pat, code, kind, score, count, total, hot, geo, by_key, kinds, scores, modulus, p):
    """Take the stone off ``p``: update its lines, then put the cell back from its kept histograms."""
    c = state[0][p]
    _update(state, pat, code, kind, score, count, total, hot, geo, by_key, kinds, scores, modulus, p, -c)
    state[0][p] = 0
    for colour in (1, 2):
        slot = code[colour, p] % modulus
        k = kinds[slot]
        s = scores[slot]
        kind[colour, p] = k
        score[colour, p] = s
        count[colour, k] += 1
        total[colour] += s
        hot[colour, p] = k >= HOT


@njit(cache=True)
def peek_kernel(state, pat, code, kind, score, count, total, geo, by_key, kinds, scores, modulus, p, c, out):
    """Colour ``c`` on ``p`` reckoned without playing: black's and white's counts into ``out``; their totals."""
    cells = state[0]
    keys = state[1]
    slots, qs, units, counts = geo[0], geo[1], geo[2], geo[3]
    for colour in (1, 2):
        for k in range(10):
            out[colour, k] = count[colour, k]
        out[colour, kind[colour, p]] -= 1
    totb = total[1] - score[1, p]
    totw = total[2] - score[2, p]
    for i in range(counts[p, 0]):
        q = qs[p, i]
        if cells[q] != 0:
            continue
        slot = slots[p, i]
        key = keys[slot] + c * units[p, i]
        for colour in (1, 2):
            new = by_key[key, colour]
            old = pat[colour, slot]
            if new != old:
                k = kinds[(code[colour, q] + new - old) % modulus]
                out[colour, kind[colour, q]] -= 1
                out[colour, k] += 1
                s = scores[(code[colour, q] + new - old) % modulus]
                if colour == 1:
                    totb += s - score[1, q]
                else:
                    totw += s - score[2, q]
    return totb, totw


@njit(cache=True)
def replay_kernel(state, pat, code, kind, score, count, total, hot, geo, by_key, kinds, scores, modulus, trace, out):
    """Replay a recorded trace (op, cell, colour) in one call: 0 play, 1 undo, 2 peek; returns a checksum."""
    check = 0
    for i in range(trace.shape[0]):
        op = trace[i, 0]
        p = trace[i, 1]
        if op == 0:
            play_kernel(
                state, pat, code, kind, score, count, total, hot, geo, by_key, kinds, scores, modulus, p, trace[i, 2]
            )
        elif op == 1:
            undo_kernel(state, pat, code, kind, score, count, total, hot, geo, by_key, kinds, scores, modulus, p)
        else:
            tb, tw = peek_kernel(
                state, pat, code, kind, score, count, total, geo, by_key, kinds, scores, modulus, p, trace[i, 2], out
            )
            check += tb - tw
    return check


@njit(cache=True)
def noop_kernel(state, pat, code, kind, score, count, total, hot, geo, by_key, kinds, scores, modulus, p, c):
    """The same arguments as :func:`play_kernel` and nothing done: the price of calling a kernel from Python."""
    return p + c


class NumbaBoard(SearchBoard):
    """A :class:`SearchBoard` whose state lives in numpy arrays and whose play/undo/peek are numba kernels.

    ``cells``, ``score[colour]``, ``cls[colour]`` and ``count[colour]`` are numpy
    rows the Python search reads as it reads the lists; ``hot`` becomes a
    flag per cell (see :meth:`cells_of`).  Freestyle only.
    """

    def __init__(
        self, cells: list[int], size: int, rule: Rule, side: int, learned: LearnedMode = LearnedMode.OFF
    ) -> None:
        if rule is not Rule.FREESTYLE:
            raise ValueError("the numba prototype board is freestyle only")
        if learned:
            raise ValueError("the numba prototype board has the hand-set evaluation only")
        super().__init__(cells, size, rule, side)
        n = self.n
        self._tables = tables(rule)
        slots, qs, units, counts = geometry(size, line_table(rule).half)
        width = slots.shape[1]
        geo = np.zeros((4, n, width), dtype=np.int64)
        geo[0], geo[1], geo[2] = slots, qs, units
        geo[3, :, 0] = counts
        self._geo = geo
        # each slot's key and shape bits (the Python board keeps its lines as packed words instead)
        updates, empty_keys = _geometry(size, line_table(rule).half)
        keys = list(empty_keys)
        for cell, stone in enumerate(cells):
            for slot, _, unit in updates[cell] if stone else ():
                keys[slot] += stone * unit
        lookup = line_table(rule).lookup
        state = np.zeros((2, 4 * n), dtype=np.int64)
        state[0, :n] = self.cells
        state[1] = keys
        self._state = state
        pat = np.array([[0, *lookup(key)] for key in keys], dtype=np.int64).T.copy()
        self._pat = pat
        self._code = np.array([[0] * n, self.code[BLACK], self.code[WHITE]], dtype=np.int64)
        self._kind = np.array([[0] * n, self.cls[BLACK], self.cls[WHITE]], dtype=np.int64)
        self._score = np.array([[0] * n, self.score[BLACK], self.score[WHITE]], dtype=np.int64)
        self._count = np.array([[0] * 10, self.count[BLACK], self.count[WHITE]], dtype=np.int64)
        self._total = np.array(self.total, dtype=np.int64)
        self._hot = np.zeros((3, n), dtype=np.bool_)
        for colour in (BLACK, WHITE):
            for q in self.hot[colour]:
                self._hot[colour, q] = True
        self._out = np.zeros((3, 10), dtype=np.int64)
        # what the search reads, as views of the arrays the kernels write
        self.cells = state[0, :n]  # type: ignore[assignment]
        self.cls = (None, self._kind[BLACK], self._kind[WHITE])  # type: ignore[assignment]
        self.score = (None, self._score[BLACK], self._score[WHITE])  # type: ignore[assignment]
        self.count = (None, self._count[BLACK], self._count[WHITE])  # type: ignore[assignment]
        self.code = (None, self._code[BLACK], self._code[WHITE])  # type: ignore[assignment]
        by_key, kinds, scores, modulus = self._tables
        self._args = (
            self._state, self._pat, self._code, self._kind, self._score, self._count, self._total, self._hot,
            geo, by_key, kinds, scores, modulus,
        )  # fmt: skip

    def play(self, p: int) -> None:
        c = self.side
        self.hash ^= self._zobrist[c][p] ^ self._zside
        self.side = OPPONENT[c]
        self.history.append(p)
        play_kernel(*self._args, p, c)

    def undo(self) -> int:
        p = self.history.pop()
        c = int(self.cells[p])
        undo_kernel(*self._args, p)
        self.side = c
        self.hash ^= self._zobrist[c][p] ^ self._zside
        return p

    def peek(self, p: int) -> tuple[list[int], list[int], int, int]:  # type: ignore[override]
        state, pat, code, kind, score, count, total, _hot, geo, by_key, kinds, scores, modulus = self._args
        out = self._out
        totb, totw = peek_kernel(
            state, pat, code, kind, score, count, total, geo, by_key, kinds, scores, modulus, p, self.side, out
        )
        return out[BLACK], out[WHITE], totb, totw  # type: ignore[return-value]

    def cells_of(self, colour: int, kind: int) -> list[int]:
        return np.flatnonzero(self._kind[colour] == kind).tolist()

    def cells_at_least(self, colour: int, kind: int) -> list[int]:
        return np.flatnonzero(self._kind[colour] >= kind).tolist()

    def evaluation(self) -> int:
        me = self.side
        return int(self._total[me]) * TEMPO - int(self._total[OPPONENT[me]])

    @property
    def totals(self) -> tuple[int, int]:
        """Black's and white's score totals (for checks against the Python board)."""
        return int(self._total[BLACK]), int(self._total[WHITE])
