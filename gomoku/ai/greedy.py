"""Greedy players: pick a move from both sides' urgency and line shapes, without search.

Two levels share one decision procedure:

1. complete a five if possible;
2. otherwise stop the opponent's five;
3. otherwise make an open four (or two fours at once) if possible: it wins next move;
4. otherwise, if the opponent could make an open four next move, take the
   point that leaves them the fewest ways to do it (never hand over an open
   four that one stone could have prevented);
5. otherwise play the best-scoring point.

They differ in step 5.  ``easy`` is document 000 as written: the most urgent
cell by the win-combination tables' urgency (weights 1/5/20/80 for one to four
stones), attack and defence summed.  ``normal`` reads the shape each move makes
along each of the four lines (five, open four, four, open three, three, open
two, two), scores combinations of them (four-three, double three, ...) for
itself and, slightly discounted, for the opponent, and uses urgency only to
break ties.

Under the renju rule a black player never picks a forbidden point, and a white
player does not waste moves stopping black threats that need a forbidden point.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterable

from gomoku.board import Board
from gomoku.combos import DIRECTIONS, CombinationTables
from gomoku.point import Point
from gomoku.rules import Rule, Stone

#: Scores of what one move makes for one side (``normal``).
FIVE = 10_000_000
WINNING_FOUR = 1_000_000  # an open four, or two fours at once
FOUR_THREE = 200_000
DOUBLE_THREE = 50_000
SHAPE_SCORES = {"four": 2_500, "open_three": 3_000, "three": 400, "open_two": 350, "two": 60}
#: How much the opponent's shapes at a point count against ours.
DEFENCE_FACTOR = 0.85


def makes_win(board: Board, cell: int, stone: int) -> bool:
    """Whether ``stone`` on the empty ``cell`` makes a winning row under the board's rule."""
    size, cells = board.size, board.cells
    x0, y0 = cell % size, cell // size
    for dx, dy in DIRECTIONS:
        run = 1
        for sign in (1, -1):
            x, y = x0 + sign * dx, y0 + sign * dy
            while 0 <= x < size and 0 <= y < size and cells[y * size + x] == stone:
                run += 1
                x, y = x + sign * dx, y + sign * dy
        if board.rule.is_win(run, Stone(stone)):
            return True
    return False


def five_points(board: Board, stone: int) -> list[int]:
    """Empty cells where ``stone`` would win at once."""
    tables, cells = board.tables, board.cells
    own, other = tables.counts[stone], tables.counts[3 - stone]
    found = {
        member
        for combo, held in enumerate(own)
        if held == 4 and not other[combo]
        for member in tables.combinations[combo]
        if not cells[member]
    }
    return sorted(cell for cell in found if makes_win(board, cell, stone))


def four_completions(tables: CombinationTables, cells: list[int], cell: int, stone: int) -> set[int]:
    """The cells that would complete five for ``stone`` after it plays the empty ``cell``."""
    own, other = tables.counts[stone], tables.counts[3 - stone]
    completions: set[int] = set()
    for combo in tables.through[cell]:
        if own[combo] == 3 and not other[combo]:
            for member in tables.combinations[combo]:
                if member != cell and not cells[member]:
                    completions.add(member)
    return completions


def winning_four_points(board: Board, stone: int) -> list[int]:
    """Empty cells where ``stone`` makes an open four or two fours: a five next move that one stone cannot stop."""
    tables, cells = board.tables, board.cells
    own, other = tables.counts[stone], tables.counts[3 - stone]
    candidates = {
        member
        for combo, held in enumerate(own)
        if held == 3 and not other[combo]
        for member in tables.combinations[combo]
        if not cells[member]
    }
    found = [c for c in candidates if len(four_completions(tables, cells, c, stone)) >= 2]
    if board.rule.restricts(Stone(stone)):
        found = [c for c in found if board.foul(board.point_of(c)) is None]
    return sorted(found)


class GreedyPlayer:
    """A greedy player; ``style`` is ``"urgency"`` (document 000) or ``"shapes"``.

    ``randomness`` is the fraction of the best score within which moves count
    as equally good; one of them is picked at random (reproducibly for a given
    ``seed``).  ``randomness=0`` always plays the first best point.
    """

    def __init__(self, name: str, style: str, randomness: float = 0.02, seed: int | None = None):
        if style not in ("urgency", "shapes"):
            raise ValueError(f"unknown greedy style {style!r}")
        self.name = name
        self.style = style
        self.randomness = randomness
        self._random = random.Random(seed)
        self._neighbours: dict[int, list[tuple[int, ...]]] = {}

    def choose_move(self, board: Board, stop: threading.Event | None = None) -> Point:
        """The greedy move for the side to move (``stop`` is ignored: this never takes long)."""
        if board.is_game_over():
            raise ValueError("the game is over: there is no move to choose")
        return board.point_of(self._choose_cell(board))

    # -- the decision procedure -------------------------------------------------

    def _choose_cell(self, board: Board) -> int:
        me = int(board.turn)
        opponent = 3 - me
        if board.stone_count == 0:
            return (board.size // 2) * board.size + board.size // 2
        wins = five_points(board, me)
        if wins:
            return wins[0]
        blocks = self._allowed(board, five_points(board, opponent))
        if blocks:
            return self._best(board, blocks)
        attacks = winning_four_points(board, me)
        if attacks:
            return self._best(board, attacks)
        threats = winning_four_points(board, opponent)
        if threats:
            defence = self._defence(board, threats, opponent)
            if defence:
                return defence
        return self._best(board, self._candidates(board))

    def _allowed(self, board: Board, cells: Iterable[int]) -> list[int]:
        """``cells`` without the points the side to move may not play."""
        if not board.rule.restricts(board.turn):
            return list(cells)
        return [c for c in cells if board.foul(board.point_of(c)) is None]

    def _defence(self, board: Board, threats: list[int], opponent: int) -> int | None:
        """The point that leaves the opponent fewest open-four points, best score first."""
        tables, cells = board.tables, board.cells
        blockers = set(threats)
        for threat in threats:
            blockers |= four_completions(tables, cells, threat, opponent)
        me = 3 - opponent
        scored: list[tuple[int, int]] = []
        for blocker in self._allowed(board, blockers):
            tables.place(blocker, me)
            cells[blocker] = me
            remaining = sum(
                1
                for threat in threats
                if threat != blocker and len(four_completions(tables, cells, threat, opponent)) >= 2
            )
            cells[blocker] = 0
            tables.remove(blocker, me)
            scored.append((remaining, blocker))
        if not scored:
            return None
        fewest = min(remaining for remaining, _ in scored)
        return self._best(board, [cell for remaining, cell in scored if remaining == fewest])

    def _candidates(self, board: Board) -> list[int]:
        """Empty cells within two points of a stone: where any sensible move lies."""
        neighbours = self._neighbours.get(board.size)
        if neighbours is None:
            neighbours = self._neighbours[board.size] = _neighbourhoods(board.size, 2)
        cells = board.cells
        near: set[int] = set()
        for cell, value in enumerate(cells):
            if value:
                near.update(neighbours[cell])
        return [c for c in near if not cells[c]]

    def _best(self, board: Board, cells: list[int]) -> int:
        """The best-scoring of ``cells`` the side to move may play, with a little randomness."""
        score = self._urgency_score if self.style == "urgency" else self._shape_score
        me = int(board.turn)
        ranked = sorted(((score(board, c, me), c) for c in cells), reverse=True)
        restricted = board.rule.restricts(board.turn)
        allowed: list[tuple[float, int]] = []
        for value, cell in ranked:
            if allowed and value < allowed[0][0] - abs(allowed[0][0]) * self.randomness:
                break
            if restricted and board.foul(board.point_of(cell)) is not None:
                continue
            allowed.append((value, cell))
        if not allowed:
            empties = self._allowed(board, (c for c, v in enumerate(board.cells) if not v))
            return empties[0]
        if self.randomness <= 0 or len(allowed) == 1:
            return allowed[0][1]
        return self._random.choice(allowed)[1]

    # -- scores ---------------------------------------------------------------

    @staticmethod
    def _urgency_score(board: Board, cell: int, me: int) -> float:
        """Document 000: the cell's urgency for both sides."""
        urgency = board.tables.urgency
        return urgency[me][cell] + urgency[3 - me][cell]

    def _shape_score(self, board: Board, cell: int, me: int) -> float:
        """What the move makes for us plus, discounted, what it takes from the opponent."""
        attack = _shapes_value(board, cell, me)
        defence = _shapes_value(board, cell, 3 - me)
        if (
            defence >= DOUBLE_THREE
            and board.rule is Rule.RENJU
            and me == Stone.WHITE
            and board.foul(board.point_of(cell)) is not None
        ):
            defence = 0  # black may not play there: nothing to stop
        return attack + DEFENCE_FACTOR * defence


def _shapes_value(board: Board, cell: int, stone: int) -> float:
    """The value of the shapes ``stone`` makes along the four lines by playing ``cell``."""
    tables, cells = board.tables, board.cells
    own, other = tables.counts[stone], tables.counts[3 - stone]
    combinations = tables.combinations
    fours = open_fours = open_threes = threes = open_twos = twos = 0
    for line in tables.through_direction[cell]:
        held2 = held1 = 0
        completions: set[int] = set()
        five = False
        for combo in line:
            if other[combo]:
                continue
            held = own[combo]
            if held == 4:
                five = True
            elif held == 3:
                for member in combinations[combo]:
                    if member != cell and not cells[member]:
                        completions.add(member)
            elif held == 2:
                held2 += 1
            elif held == 1:
                held1 += 1
        if five:
            return FIVE
        if len(completions) >= 2:
            open_fours += 1
        elif completions:
            fours += 1
        elif held2 >= 2:
            open_threes += 1
        elif held2:
            threes += 1
        elif held1 >= 2:
            open_twos += 1
        elif held1:
            twos += 1
    if open_fours or fours >= 2:
        return WINNING_FOUR
    if fours and open_threes:
        return FOUR_THREE
    if open_threes >= 2:
        return DOUBLE_THREE
    return (
        fours * SHAPE_SCORES["four"]
        + open_threes * SHAPE_SCORES["open_three"]
        + threes * SHAPE_SCORES["three"]
        + open_twos * SHAPE_SCORES["open_two"]
        + twos * SHAPE_SCORES["two"]
        + tables.urgency[stone][cell] * 0.5
    )


def _neighbourhoods(size: int, radius: int) -> list[tuple[int, ...]]:
    """For each cell, the cells within ``radius`` rows and columns of it."""
    result = []
    for cell in range(size * size):
        x0, y0 = cell % size, cell // size
        result.append(
            tuple(
                y * size + x
                for y in range(max(0, y0 - radius), min(size, y0 + radius + 1))
                for x in range(max(0, x0 - radius), min(size, x0 + radius + 1))
            )
        )
    return result


def easy(
    seed: int | None = None, think_time: float | None = None, randomness: float = 0.02
) -> GreedyPlayer:
    """Document 000's greedy picker: the most urgent cell (weights 1/5/20/80)."""
    return GreedyPlayer("easy", "urgency", randomness, seed)


def normal(
    seed: int | None = None, think_time: float | None = None, randomness: float = 0.02
) -> GreedyPlayer:
    """The best greedy player: line shapes for attack and defence, urgency to break ties."""
    return GreedyPlayer("normal", "shapes", randomness, seed)
