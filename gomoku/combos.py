"""The win-combination tables and each side's urgency per cell (document 000).

Every row of five cells in one of the four directions is a *win combination*.
Each cell keeps the combinations through it (document 000's ``AllUnion``
lists).  For each side, a combination holds some number of that side's stones
and is *alive* while the opponent has no stone in it (document 000's
``HasDanger`` flag is its death).  A side's *urgency* at a cell is the sum, over
that side's live combinations through the cell, of ``weights[stones held]``.

Both counts and urgency are updated incrementally when a stone is placed or
removed: a placement touches only the (at most 20) combinations through its
cell, and removing the stone undoes exactly what placing it did, so the
tables after play + undo equal the tables before.

Cells are flat indices ``y * size + x``; urgency is kept for every cell, the
occupied ones included, so that the update never needs to look at the board.
Callers read it for empty cells only.
"""

from __future__ import annotations

from collections.abc import Sequence

from gomoku.rules import Stone

#: The four line directions as ``(dx, dy)``: across, down, down-right, up-right.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (1, 1), (1, -1))

#: Document 000's weights for a live combination holding 0..5 of a side's stones:
#: +1, +5, +20, +80 for one to four stones.  A full combination (five stones)
#: has no empty cell left to be urgent, so its weight does not matter.
DOCUMENT_WEIGHTS: tuple[int, ...] = (0, 1, 5, 20, 80, 0)

SIDES = (Stone.BLACK, Stone.WHITE)


def combination_count(size: int) -> int:
    """How many win combinations a ``size`` board has: 2n(n-4) + 2(n-4)^2."""
    return 2 * size * (size - 4) + 2 * (size - 4) ** 2


def build_combinations(size: int) -> tuple[list[tuple[int, ...]], list[int]]:
    """Every row of five cells on a ``size`` board, and the direction index of each."""
    cells: list[tuple[int, ...]] = []
    directions: list[int] = []
    for direction, (dx, dy) in enumerate(DIRECTIONS):
        for y in range(size):
            for x in range(size):
                end_x, end_y = x + 4 * dx, y + 4 * dy
                if 0 <= end_x < size and 0 <= end_y < size:
                    cells.append(tuple((y + k * dy) * size + x + k * dx for k in range(5)))
                    directions.append(direction)
    return cells, directions


class CombinationTables:
    """Win combinations with per-side stone counts and urgency, kept up to date move by move."""

    def __init__(self, size: int, weights: Sequence[int] = DOCUMENT_WEIGHTS) -> None:
        if len(weights) != 6:
            raise ValueError("weights needs one value for 0 to 5 stones")
        self.size = size
        self.weights: tuple[int, ...] = tuple(weights)
        self.combinations, self.directions = build_combinations(size)
        through: list[list[int]] = [[] for _ in range(size * size)]
        for index, cells in enumerate(self.combinations):
            for cell in cells:
                through[cell].append(index)
        #: For each cell, the indices of the combinations through it (AllUnion).
        self.through: list[tuple[int, ...]] = [tuple(ids) for ids in through]
        #: ``through_direction[cell][d]``: the combinations through the cell along direction ``d``.
        self.through_direction: list[tuple[tuple[int, ...], ...]] = [
            tuple(tuple(c for c in ids if self.directions[c] == d) for d in range(4))
            for ids in self.through
        ]
        count = len(self.combinations)
        #: ``counts[stone][combo]``: how many of ``stone``'s stones the combination holds.
        self.counts: list[list[int]] = [[], [0] * count, [0] * count]
        #: ``urgency[stone][cell]``: ``stone``'s urgency at the cell.
        self.urgency: list[list[int]] = [[], [0] * (size * size), [0] * (size * size)]
        #: ``live[stone][k]``: the combinations holding ``k`` (1 to 5) of ``stone``'s stones
        #: and none of the opponent's, so that threats are found without scanning them all.
        self.live: list[list[set[int]]] = [[], [set() for _ in range(6)], [set() for _ in range(6)]]

    def place(self, cell: int, stone: int, urgency: bool = True) -> None:
        """Account for a ``stone`` placed on ``cell``.

        With ``urgency=False`` only the counts and the live sets change: a
        cheaper, temporary step for look-ahead that does not read urgency
        (threat reading); urgency is stale until the matching :meth:`remove`
        with ``urgency=False``.
        """
        weights = self.weights
        own_counts = self.counts[stone]
        other_counts = self.counts[3 - stone]
        own_live = self.live[stone]
        other_live = self.live[3 - stone]
        own_urgency = self.urgency[stone]
        other_urgency = self.urgency[3 - stone]
        combinations = self.combinations
        for combo in self.through[cell]:
            own = own_counts[combo]
            other = other_counts[combo]
            if other == 0:
                if own:
                    own_live[own].remove(combo)
                own_live[own + 1].add(combo)
                delta = weights[own + 1] - weights[own]
                if delta and urgency:
                    for member in combinations[combo]:
                        own_urgency[member] += delta
            elif own == 0:
                other_live[other].remove(combo)
                lost = weights[other]
                if lost and urgency:
                    for member in combinations[combo]:
                        other_urgency[member] -= lost
            own_counts[combo] = own + 1

    def remove(self, cell: int, stone: int, urgency: bool = True) -> None:
        """Take back a ``stone`` from ``cell``: the exact inverse of :meth:`place` (same ``urgency``)."""
        weights = self.weights
        own_counts = self.counts[stone]
        other_counts = self.counts[3 - stone]
        own_live = self.live[stone]
        other_live = self.live[3 - stone]
        own_urgency = self.urgency[stone]
        other_urgency = self.urgency[3 - stone]
        combinations = self.combinations
        for combo in self.through[cell]:
            own = own_counts[combo] - 1
            own_counts[combo] = own
            other = other_counts[combo]
            if other == 0:
                own_live[own + 1].remove(combo)
                if own:
                    own_live[own].add(combo)
                delta = weights[own + 1] - weights[own]
                if delta and urgency:
                    for member in combinations[combo]:
                        own_urgency[member] -= delta
            elif own == 0:
                other_live[other].add(combo)
                regained = weights[other]
                if regained and urgency:
                    for member in combinations[combo]:
                        other_urgency[member] += regained

    def copy(self) -> CombinationTables:
        """Independent tables with the same counts and urgency (the geometry is shared)."""
        clone = CombinationTables.__new__(CombinationTables)
        clone.__dict__.update(self.__dict__)
        clone.counts = [[], list(self.counts[1]), list(self.counts[2])]
        clone.urgency = [[], list(self.urgency[1]), list(self.urgency[2])]
        clone.live = [[], [set(s) for s in self.live[1]], [set(s) for s in self.live[2]]]
        return clone

    def is_alive(self, combo: int, stone: int) -> bool:
        """Whether ``stone`` can still make five in ``combo`` (the opponent has no stone there)."""
        return self.counts[3 - stone][combo] == 0

    @classmethod
    def from_cells(
        cls, size: int, cells: Sequence[int], weights: Sequence[int] = DOCUMENT_WEIGHTS
    ) -> CombinationTables:
        """Tables built from scratch for the stones in ``cells`` (flat, 0 empty, 1 black, 2 white).

        This is the slow reference the incremental updates are checked against.
        """
        tables = cls(size, weights)
        for combo, members in enumerate(tables.combinations):
            for member in members:
                if cells[member]:
                    tables.counts[cells[member]][combo] += 1
        for stone in SIDES:
            own_counts = tables.counts[stone]
            other_counts = tables.counts[3 - stone]
            urgency = tables.urgency[stone]
            for combo, members in enumerate(tables.combinations):
                if other_counts[combo] == 0:
                    weight = tables.weights[own_counts[combo]]
                    for member in members:
                        urgency[member] += weight
                    if own_counts[combo]:
                        tables.live[stone][own_counts[combo]].add(combo)
        return tables

    def snapshot(self) -> tuple[tuple[int, ...], ...]:
        """The counts, urgency and live sets of both sides as plain tuples, for comparing tables."""
        return (
            tuple(self.counts[1]),
            tuple(self.counts[2]),
            tuple(self.urgency[1]),
            tuple(self.urgency[2]),
            *(tuple(sorted(combos)) for stone in SIDES for combos in self.live[stone]),
        )
