"""The win-combination tables and each side's urgency per cell (document 000).

Every row of five cells in one of the four directions is a *win combination*.
Each cell keeps the combinations through it (document 000's ``AllUnion``
lists).  For each side, a combination holds some number of that side's stones
and is *alive* while that side can still make five in exactly those cells:
the opponent has no stone in it (document 000's ``HasDanger`` flag is its
death) and, where the rule wants exactly five for that side, the side has no
stone of its own on the cell just before or just after it on its line (five
there would be part of an overline, which does not win) and, where the rule
blocks fives (caro), the opponent does not hold both cells just before and
just after it (five there would be blocked at both ends; a longer row through
it would need one of those cells, and an edge blocks nothing, so the
combination is alive exactly while the side can still win through it).  A
side's *urgency*
at a cell is the sum, over that side's live combinations through the cell, of
``weights[stones held]``.

Counts, liveness and urgency are updated incrementally when a stone is placed
or removed: a placement touches only the (at most 20) combinations through its
cell and, for a side held to exactly five or an opponent under caro, the (at
most 8) combinations its cell flanks; removing the stone undoes exactly what placing it did, so the
tables after play + undo equal the tables before.

Cells are flat indices ``y * size + x``; urgency is kept for every cell, the
occupied ones included, so that the update never needs to look at the board.
Callers read it for empty cells only.
"""

from __future__ import annotations

from collections.abc import Sequence

from gomoku.point import DIRECTIONS
from gomoku.rules import OPPONENT, Stone

#: Document 000's weights for a live combination holding 0..5 of a side's stones:
#: +1, +5, +20, +80 for one to four stones.  A full combination (five stones)
#: has no empty cell left to be urgent, so its weight does not matter.  A
#: combination holding none of a side's stones weighs 0 for it, in any weights:
#: the updates rely on that (an empty combination changes no urgency).
DOCUMENT_WEIGHTS: tuple[int, ...] = (0, 1, 5, 20, 80, 0)

SIDES = (Stone.BLACK, Stone.WHITE)

#: What one blocking stone adds to a side's tally of a combination (see
#: :attr:`CombinationTables.tally`): more than the five stones a count can reach.
BLOCKED = 8


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


def _flank_cells(size: int, members: tuple[int, ...], step: tuple[int, int]) -> tuple[int, ...]:
    """The on-board cells just before and just after a combination on its line (0 to 2 of them)."""
    dx, dy = step
    ends = []
    for cell, sign in ((members[0], -1), (members[-1], 1)):
        x, y = cell % size + sign * dx, cell // size + sign * dy
        if 0 <= x < size and 0 <= y < size:
            ends.append(y * size + x)
    return tuple(ends)


class CombinationTables:
    """Win combinations with per-side stone counts, liveness and urgency, kept up to date move by move.

    ``exact`` says, for black and for white, whether only exactly five wins
    for that side (:meth:`gomoku.rules.Rule.exact_five`): then a combination
    flanked by one of the side's own stones is dead for it.  ``flank_block``
    says whether a five blocked at both ends wins nothing
    (:attr:`gomoku.rules.Rule.blocks_fives`, caro): then a combination with
    opponent stones on both its flanks is dead for a side.
    """

    def __init__(
        self,
        size: int,
        weights: Sequence[int] = DOCUMENT_WEIGHTS,
        exact: tuple[bool, bool] = (False, False),
        flank_block: bool = False,
    ) -> None:
        if len(weights) != 6 or weights[0] != 0:
            raise ValueError("weights needs one value for 0 to 5 stones, and 0 for none")
        self.size = size
        self.weights: tuple[int, ...] = tuple(weights)
        # ``_steps[k]``: what one more stone adds to a live combination holding ``k``.
        self._steps = tuple(self.weights[k + 1] - self.weights[k] for k in range(5))
        #: Whether black, and white, must make exactly five (six or more does not win).
        self.exact: tuple[bool, bool] = (bool(exact[0]), bool(exact[1]))
        #: Whether opponent stones on both flanks of a combination kill it (caro).
        self.flank_block = flank_block
        self.combinations, self.directions = build_combinations(size)
        cell_count = size * size
        by_direction: list[list[list[int]]] = [[[], [], [], []] for _ in range(cell_count)]
        flanked: list[list[int]] = [[] for _ in range(cell_count)]
        flanks: list[tuple[int, ...]] = []
        for index, (members, direction) in enumerate(zip(self.combinations, self.directions)):
            for cell in members:
                by_direction[cell][direction].append(index)
            ends = _flank_cells(size, members, DIRECTIONS[direction])
            flanks.append(ends)
            for cell in ends:
                flanked[cell].append(index)
        #: ``through_direction[cell][d]``: the combinations through the cell along direction ``d``.
        self.through_direction: list[tuple[tuple[int, ...], ...]] = [
            tuple(tuple(ids) for ids in lines) for lines in by_direction
        ]
        #: For each cell, the indices of the combinations through it, ascending (AllUnion).
        self.through: list[tuple[int, ...]] = [sum(lines, ()) for lines in self.through_direction]
        #: For each combination, the on-board cells just before and after it on its line.
        self.flanks = flanks
        #: For each cell, the combinations it flanks (at most 8: two along each direction).
        self.flanked: list[tuple[int, ...]] = [tuple(ids) for ids in flanked]
        nothing: list[tuple[int, ...]] = [()] * (size * size)
        # What a stone of each side flanks *and kills*: nothing for a side that may overline.
        self._kills_flanked: list[list[tuple[int, ...]]] = [
            [],
            self.flanked if self.exact[0] else nothing,
            self.flanked if self.exact[1] else nothing,
        ]
        count = len(self.combinations)
        #: ``tally[stone][combo]``: how many of ``stone``'s stones the combination holds, plus
        #: :data:`BLOCKED` for each stone that keeps ``stone`` from five there (the opponent's
        #: stones in it and, if ``stone`` must make exactly five, its own on the two flanks).
        #: Below :data:`BLOCKED` the combination is alive for ``stone`` and the tally is its count.
        self.tally: list[list[int]] = [[], [0] * count, [0] * count]
        #: ``alive[stone]``: how many combinations are alive for ``stone`` (empty ones included).
        self.alive: list[int] = [0, count, count]
        #: ``urgency[stone][cell]``: ``stone``'s urgency at the cell.
        self.urgency: list[list[int]] = [[], [0] * (size * size), [0] * (size * size)]
        #: ``live[stone][k]``: the live combinations holding ``k`` (1 to 5) of ``stone``'s
        #: stones, so that threats are found without scanning them all.
        self.live: list[list[set[int]]] = [[], [set() for _ in range(6)], [set() for _ in range(6)]]
        #: ``flankers[stone][combo]`` (caro only): how many of the combination's two flanks hold
        #: stones of ``stone``'s opponent; at two, :data:`BLOCKED` is added to ``stone``'s tally.
        self.flankers: list[list[int]] = [[], [0] * count, [0] * count] if flank_block else [[], [], []]

    @property
    def counts(self) -> list[list[int]]:
        """``counts[stone][combo]``: how many of ``stone``'s stones the combination holds.

        Built afresh from :attr:`tally` on every read (for tests and tools, not hot loops).
        """
        return [[], *([t % BLOCKED for t in self.tally[stone]] for stone in SIDES)]

    def place(self, cell: int, stone: int, urgency: bool = True) -> None:
        """Account for a ``stone`` placed on ``cell``.

        With ``urgency=False`` only the tallies, live sets and alive counts
        change: a cheaper, temporary step for look-ahead that does not read
        urgency (threat reading); urgency is stale until the matching
        :meth:`remove` with ``urgency=False``.
        """
        steps, weights = self._steps, self.weights
        own_tally = self.tally[stone]
        other_tally = self.tally[OPPONENT[stone]]
        own_live = self.live[stone]
        other_live = self.live[OPPONENT[stone]]
        own_urgency = self.urgency[stone]
        other_urgency = self.urgency[OPPONENT[stone]]
        combinations = self.combinations
        other_lost = 0
        for combo in self.through[cell]:
            own = own_tally[combo]
            own_tally[combo] = own + 1
            if own < BLOCKED:  # alive for us: one stone more
                if own:
                    own_live[own].remove(combo)
                own_live[own + 1].add(combo)
                if urgency:
                    delta = steps[own]
                    for member in combinations[combo]:
                        own_urgency[member] += delta
            other = other_tally[combo]
            other_tally[combo] = other + BLOCKED
            if other < BLOCKED:  # it was alive for the opponent: no more
                other_lost += 1
                if other:
                    other_live[other].remove(combo)
                    lost = weights[other]
                    if urgency:
                        for member in combinations[combo]:
                            other_urgency[member] -= lost
        alive = self.alive
        alive[OPPONENT[stone]] -= other_lost
        for combo in self._kills_flanked[stone][cell]:
            own = own_tally[combo]
            own_tally[combo] = own + BLOCKED
            if own < BLOCKED:  # our five there would now be an overline
                alive[stone] -= 1
                self._flip(combo, stone, own, False, urgency)
        if self.flank_block:
            opponent = OPPONENT[stone]
            flankers = self.flankers[opponent]
            for combo in self.flanked[cell]:
                flankers[combo] += 1
                if flankers[combo] == 2:  # the opponent's five there would be blocked at both ends
                    other = other_tally[combo]
                    other_tally[combo] = other + BLOCKED
                    if other < BLOCKED:
                        alive[opponent] -= 1
                        self._flip(combo, opponent, other, False, urgency)

    def remove(self, cell: int, stone: int, urgency: bool = True) -> None:
        """Take back a ``stone`` from ``cell``: the exact inverse of :meth:`place` (same ``urgency``)."""
        steps, weights = self._steps, self.weights
        own_tally = self.tally[stone]
        other_tally = self.tally[OPPONENT[stone]]
        own_live = self.live[stone]
        other_live = self.live[OPPONENT[stone]]
        own_urgency = self.urgency[stone]
        other_urgency = self.urgency[OPPONENT[stone]]
        combinations = self.combinations
        alive = self.alive
        if self.flank_block:
            opponent = OPPONENT[stone]
            flankers = self.flankers[opponent]
            for combo in self.flanked[cell]:
                if flankers[combo] == 2:
                    other = other_tally[combo] - BLOCKED
                    other_tally[combo] = other
                    if other < BLOCKED:
                        alive[opponent] += 1
                        self._flip(combo, opponent, other, True, urgency)
                flankers[combo] -= 1
        for combo in self._kills_flanked[stone][cell]:
            own = own_tally[combo] - BLOCKED
            own_tally[combo] = own
            if own < BLOCKED:
                alive[stone] += 1
                self._flip(combo, stone, own, True, urgency)
        other_regained = 0
        for combo in self.through[cell]:
            own = own_tally[combo] - 1
            own_tally[combo] = own
            if own < BLOCKED:
                own_live[own + 1].remove(combo)
                if own:
                    own_live[own].add(combo)
                if urgency:
                    delta = steps[own]
                    for member in combinations[combo]:
                        own_urgency[member] -= delta
            other = other_tally[combo] - BLOCKED
            other_tally[combo] = other
            if other < BLOCKED:
                other_regained += 1
                if other:
                    other_live[other].add(combo)
                    regained = weights[other]
                    if urgency:
                        for member in combinations[combo]:
                            other_urgency[member] += regained
        alive[OPPONENT[stone]] += other_regained

    def _flip(self, combo: int, stone: int, held: int, alive: bool, urgency: bool) -> None:
        """Bring the combination, holding ``held`` of ``stone``'s stones, to life for ``stone``
        (``alive``) or kill it: its live set, and its weight on the urgency of its cells."""
        weight = self.weights[held] if alive else -self.weights[held]
        if held:
            live = self.live[stone][held]
            if alive:
                live.add(combo)
            else:
                live.remove(combo)
        if weight and urgency:
            own_urgency = self.urgency[stone]
            for member in self.combinations[combo]:
                own_urgency[member] += weight

    def copy(self) -> CombinationTables:
        """Independent tables with the same tallies and urgency (the geometry is shared)."""
        clone = CombinationTables.__new__(CombinationTables)
        clone.__dict__.update(self.__dict__)
        clone.tally = [[], list(self.tally[1]), list(self.tally[2])]
        clone.alive = list(self.alive)
        clone.urgency = [[], list(self.urgency[1]), list(self.urgency[2])]
        clone.live = [[], [set(s) for s in self.live[1]], [set(s) for s in self.live[2]]]
        clone.flankers = [[], list(self.flankers[1]), list(self.flankers[2])]
        return clone

    def is_alive(self, combo: int, stone: int) -> bool:
        """Whether ``stone`` can still make a winning five in ``combo``.

        The opponent has no stone there and, if ``stone`` must make exactly
        five, ``stone`` has none on the cells just before and after it; under
        caro, the opponent does not hold both of those cells.
        """
        return self.tally[stone][combo] < BLOCKED

    @classmethod
    def from_cells(
        cls,
        size: int,
        cells: Sequence[int],
        weights: Sequence[int] = DOCUMENT_WEIGHTS,
        exact: tuple[bool, bool] = (False, False),
        flank_block: bool = False,
    ) -> CombinationTables:
        """Tables built from scratch for the stones in ``cells`` (flat, 0 empty, 1 black, 2 white).

        This is the slow reference the incremental updates are checked against.
        """
        tables = cls(size, weights, exact, flank_block)
        tables.alive = [0, 0, 0]
        held = [0, 0, 0]
        for combo, members in enumerate(tables.combinations):
            held[1] = held[2] = 0
            for member in members:
                held[cells[member]] += 1
            for stone in SIDES:
                blockers = held[OPPONENT[stone]]
                if tables.exact[stone - 1]:
                    blockers += sum(1 for end in tables.flanks[combo] if cells[end] == stone)
                if flank_block:
                    flankers = sum(1 for end in tables.flanks[combo] if cells[end] == OPPONENT[stone])
                    tables.flankers[stone][combo] = flankers
                    blockers += flankers == 2
                own = held[stone]
                tables.tally[stone][combo] = own + BLOCKED * blockers
                if not blockers:
                    tables.alive[stone] += 1
                    if own:
                        tables.live[stone][own].add(combo)
                        weight = tables.weights[own]
                        urgency = tables.urgency[stone]
                        for member in members:
                            urgency[member] += weight
        return tables

    def snapshot(self) -> tuple[tuple[int, ...], ...]:
        """The tallies, urgency, live sets and alive counts of both sides as plain tuples."""
        return (
            tuple(self.tally[1]),
            tuple(self.tally[2]),
            tuple(self.urgency[1]),
            tuple(self.urgency[2]),
            *(tuple(sorted(combos)) for stone in SIDES for combos in self.live[stone]),
            tuple(self.alive),
            tuple(self.flankers[1]),
            tuple(self.flankers[2]),
        )
