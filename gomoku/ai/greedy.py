"""Greedy players: a move from one look at the position and a few small threat reads, no game tree.

Both levels read the position through the one pattern layer (a
:class:`~gomoku.ai.searchboard.SearchBoard` built from the board, which is
never written to) and the board's own win detection, and first play the
obvious tactics, in this order:

1. complete a five if possible (:meth:`Board.winning_points`: under the
   standard rule an overline is no five, so none is played as one);
2. otherwise stop the opponent's five (likewise: a point where the opponent
   could only make an overline needs no block);
3. otherwise make an open four (or two fours at once): it wins next move.

``easy`` is document 000 as written, plus the obvious defence:

4. if the opponent could make an open four next move, take the point that
   leaves them the fewest ways to do it (never hand over an open four that one
   stone could have prevented);
5. otherwise the most urgent cell by the win-combination tables' urgency
   (weights 1/5/20/80), attack and defence summed.

``normal`` scores each point by the shapes a stone there makes for itself
and, discounted, the shapes it takes from the opponent (the search's cell
scores, :mod:`gomoku.ai.parameters`), plus document 000's urgency to break
ties, and reads threats with the one threat searcher
(:class:`~gomoku.ai.threats.ThreatSearch`) on a small budget:

4. win by continuous fours (VCF) if it finds such a win;
5. if the opponent has an open three or a VCF: the best-scoring point after
   which it has neither (checked over the best points, the points of its
   threat and of its line); failing that, ``easy``'s defence;
6. win by threes and fours (VCT) if it finds one;
7. if the opponent has a VCT (as if we passed): the best-scoring point
   after which it has none;
8. otherwise the best-scoring point, after a second look at the few best: a
   move's score gains half the value of the second-best move it leaves us
   (the best one the opponent will block; two good follow-ups it cannot).

The reads are narrow: they find the tactics a club player sees at a glance,
not every forced win.  Under the renju rule a black player never picks a
forbidden point, and a white player does not waste moves stopping black
threats that need a forbidden point.
"""

from __future__ import annotations

import enum
import math
import random
import threading
import time
from collections.abc import Callable, Iterable

from gomoku.ai.budget import Budget
from gomoku.ai.parameters import (
    EASY_RANDOMNESS,
    NORMAL_CLASS_SCORES,
    NORMAL_DEFENCE,
    NORMAL_DEFENCE_WIDTH,
    NORMAL_FOLLOW_UP,
    NORMAL_FOLLOW_UP_WIDTH,
    NORMAL_LINE_SCORES,
    NORMAL_RANDOMNESS,
    NORMAL_THREAT_NODES,
    NORMAL_URGENCY,
    NORMAL_VCT_DEPTH,
    SLIP_TEMPERATURE,
    SLIP_WIDTH,
)
from gomoku.ai.result import SearchResult
from gomoku.ai.searchboard import Mirror, SearchBoard
from gomoku.ai.threats import ThreatSearch
from gomoku.board import Board, GameOverError
from gomoku.patterns import C_FOUR, C_OPEN_THREE, SHAPE_COUNT, cell_class, histograms, shape_counts
from gomoku.point import Point
from gomoku.rules import BLACK, OPPONENT, Rule

#: A list of (score, cell), best first.
Ranked = list[tuple[float, int]]


def _shape_value(histogram: int) -> int:
    """What ``normal`` makes of a cell's four line shapes: its class's score, else its lines' sum."""
    winning = NORMAL_CLASS_SCORES.get(cell_class(histogram)[0])
    if winning is not None:
        return winning
    count = shape_counts(histogram)
    return sum(NORMAL_LINE_SCORES[shape] * count[shape] for shape in range(SHAPE_COUNT))


#: :func:`_shape_value` of every histogram, worked out once (495 of them).
SHAPE_VALUES: dict[int, int] = {histogram: _shape_value(histogram) for histogram in histograms()}


class Style(enum.Enum):
    """How a greedy player ranks quiet moves."""

    URGENCY = "urgency"  # document 000: the win-combination tables' urgency, attack plus defence
    SHAPES = "shapes"  # the pattern layer's cell scores, with threat reads


class GreedyPlayer:
    """A greedy player of one :class:`Style`.

    ``randomness`` is the fraction of the best score within which moves count
    as equally good; one of them is picked at random (reproducibly for a given
    ``seed``).  ``randomness=0`` always plays the first best point.

    ``slips`` (0 to 1) is a handicap for the weaker levels: that share of the
    moves is played without reading the position, the way a beginner misses
    an open three: a softmax draw over the best
    :data:`~gomoku.ai.parameters.SLIP_WIDTH` by the player's own ranking (a
    move scoring a share ``s`` below the best has ``exp(-s / SLIP_TEMPERATURE)``
    times its chance), so a slip is a plausible move, never a wild one.  A
    five is always taken, a five always blocked and an open four always made.
    """

    def __init__(
        self,
        name: str,
        style: Style,
        randomness: float = EASY_RANDOMNESS,
        seed: int | None = None,
        slips: float = 0.0,
    ):
        self.name = name
        self.style = style
        self.randomness = randomness
        self.slips = slips
        self._random = random.Random(seed)
        #: the search board kept in step with the game, move by move
        self._mirror = Mirror()

    def choose_move(
        self, board: Board, stop: threading.Event | None = None, think_time: float | None = None
    ) -> SearchResult:
        """The greedy move for the side to move (``stop`` and ``think_time`` are ignored: this is quick)."""
        if board.is_game_over():
            raise GameOverError(f"the game is over ({board.outcome}): there is no move to choose")
        started = time.perf_counter()
        if board.stone_count == 0:
            centre = board.size // 2
            return SearchResult(Point(centre, centre), reason="centre")
        position = _Position(board, self._mirror.follow(board))
        cell, reason = self._choose(position)
        return SearchResult(
            board.point_of(cell), reason=reason, nodes=position.nodes, seconds=time.perf_counter() - started
        )

    # -- the decision procedure -------------------------------------------------

    def _choose(self, position: _Position) -> tuple[int, str]:
        """The cell to play and the step that chose it."""
        board, search, me, opponent = position.board, position.search, position.me, position.opponent
        wins = [board.index_of(p) for p in board.winning_points(board.turn)]
        if wins:
            return wins[0], "five"
        blocks = position.allowed(board.index_of(p) for p in board.winning_points(board.turn.opponent))
        if blocks:
            return self._best(position, blocks), "block five"
        attacks = search.winning_fours(me)
        if attacks:
            return self._best(position, attacks), "open four"
        if self.slips > 0 and self._random.random() < self.slips:
            cells = position.candidates()
            if self.style is Style.URGENCY:
                urgency = position.board.tables.urgency
                ranked: Ranked = [(float(urgency[me][c] + urgency[opponent][c]), c) for c in cells]
                ranked.sort(reverse=True)
            else:
                ranked = self._ranked(position, cells)
            if ranked:
                return self._slip(position, ranked), "slip"
        if self.style is Style.SHAPES:
            return self._shapes_move(position)
        threats = search.winning_fours(opponent)
        if threats:
            defence = self._fewest_open_fours(position, threats)
            if defence is not None:
                return defence, "stop open four"
        return self._best(position, position.candidates()), "urgency"

    def _fewest_open_fours(self, position: _Position, threats: list[int]) -> int | None:
        """The point that leaves the opponent fewest open-four points, best score first."""
        search, opponent = position.search, position.opponent
        blockers = set(threats) | set(search.cells_at_least(opponent, C_FOUR))
        scored: list[tuple[int, int]] = []
        for blocker in position.allowed(sorted(blockers)):
            search.play(blocker)
            scored.append((len(search.winning_fours(opponent)), blocker))
            search.undo()
        if not scored:
            return None
        fewest = min(remaining for remaining, _ in scored)
        return self._best(position, [cell for remaining, cell in scored if remaining == fewest])

    def _shapes_move(self, position: _Position) -> tuple[int, str]:
        """Steps 4 to 8 of ``normal``: threats on both sides, then the best shapes."""
        search, me, opponent = position.search, position.me, position.opponent
        ranked = self._ranked(position, position.candidates())
        if not ranked:
            return self._pick(position, []), "no candidates"
        win = position.threat_win(me, threes=False)
        if win is not None:
            return win, "vcf"
        open_threes = search.winning_fours(opponent)
        their_fours = position.threat_line(opponent, threes=False)
        if open_threes or their_fours is not None:
            urgent = set(open_threes) | set(search.cells_at_least(opponent, C_FOUR)) | set(their_fours or [])
            defence = self._defence(position, ranked, urgent, threes=False)
            if defence is not None:
                return defence, "stop threat"
            fallback = self._fewest_open_fours(position, open_threes) if open_threes else None
            return (fallback if fallback is not None else self._pick(position, ranked)), "stop threat"
        win = position.threat_win(me, threes=True)
        if win is not None:
            return win, "vct"
        their_threes = position.threat_line(opponent, threes=True)
        if their_threes is not None:
            urgent = set(their_threes) | set(search.cells_at_least(opponent, C_OPEN_THREE))
            defence = self._defence(position, ranked, urgent, threes=True)
            if defence is not None:
                return defence, "stop vct"
        return self._quiet_move(position, ranked), "shapes"

    def _defence(self, position: _Position, ranked: Ranked, urgent: set[int], threes: bool) -> int | None:
        """The best-scoring move after which the opponent has no open three and no threat win.

        Tried: the best :data:`NORMAL_DEFENCE_WIDTH` points, then the points of
        the threat (``urgent``), best first.
        """
        search = position.search
        score = {cell: value for value, cell in ranked}
        order = [cell for _, cell in ranked[:NORMAL_DEFENCE_WIDTH]]
        order += sorted(urgent - set(order), key=lambda c: score.get(c, 0.0), reverse=True)
        for cell in position.allowed(order):
            search.play(cell)
            try:
                safe = not search.winning_fours(position.opponent) and (
                    position.threat_win(position.opponent, threes=False) is None
                    and (not threes or position.threat_win(position.opponent, threes=True) is None)
                )
            finally:
                search.undo()
            if safe:
                return cell
        return None

    def _quiet_move(self, position: _Position, ranked: Ranked) -> int:
        """The move when neither side has a threat to play or stop.

        The best-scoring points are scored again with what they leave for our
        next move: not the best follow-up (the opponent blocks that one) but
        the second best, so moves that prepare two threats at once win out.
        """
        search, me = position.search, position.me
        rescored = []
        for value, cell in ranked[:NORMAL_FOLLOW_UP_WIDTH]:
            search.play(cell)
            value_of = position.values(me)
            follow_ups = sorted((value_of(q) for q in position.near(cell)), reverse=True)
            search.undo()
            second = follow_ups[1] if len(follow_ups) > 1 else 0
            rescored.append((value + NORMAL_FOLLOW_UP * second, cell))
        rescored.sort(reverse=True)
        return self._pick(position, rescored + ranked[NORMAL_FOLLOW_UP_WIDTH:])

    def _ranked(self, position: _Position, cells: list[int]) -> Ranked:
        """``cells`` by ``normal``'s score, best first: our shapes, the opponent's we take, urgency."""
        search, tables, me, opponent = position.search, position.board.tables, position.me, position.opponent
        mine, theirs = position.values(me), position.values(opponent)
        own_urgency, other_urgency = tables.urgency[me], tables.urgency[opponent]
        spare_forbidden = position.board.rule is Rule.RENJU and opponent == BLACK
        ranked: Ranked = []
        for cell in cells:
            defence = theirs(cell) + NORMAL_URGENCY * other_urgency[cell]
            if spare_forbidden and search.cls[BLACK][cell] >= C_OPEN_THREE and search.forbidden(cell):
                defence = 0.0  # black may not play there: nothing to stop
            ranked.append((mine(cell) + NORMAL_URGENCY * own_urgency[cell] + NORMAL_DEFENCE * defence, cell))
        ranked.sort(reverse=True)
        return ranked

    def _best(self, position: _Position, cells: list[int]) -> int:
        """The best-scoring of ``cells`` the side to move may play, with a little randomness."""
        if self.style is Style.URGENCY:
            urgency, me, opponent = position.board.tables.urgency, position.me, position.opponent
            ranked: Ranked = sorted(((float(urgency[me][c] + urgency[opponent][c]), c) for c in cells), reverse=True)
        else:
            ranked = self._ranked(position, cells)
        return self._pick(position, ranked)

    def _pick(self, position: _Position, ranked: Ranked) -> int:
        """One of the near-best of ``ranked`` (best first) the side to move may play."""
        allowed: Ranked = []
        for value, cell in ranked:
            if allowed and value < allowed[0][0] - abs(allowed[0][0]) * self.randomness:
                break
            if position.legal(cell):
                allowed.append((value, cell))
        if not allowed:
            return position.allowed(position.empty_cells())[0]
        if self.randomness <= 0 or len(allowed) == 1:
            return allowed[0][1]
        return self._random.choice(allowed)[1]

    def _slip(self, position: _Position, ranked: Ranked) -> int:
        """A softmax draw among the best :data:`SLIP_WIDTH` legal moves of ``ranked`` (best first)."""
        options = [(value, cell) for value, cell in ranked if position.legal(cell)][:SLIP_WIDTH]
        top = options[0][0]
        scale = max(1.0, abs(top)) * SLIP_TEMPERATURE
        weights = [math.exp((value - top) / scale) for value, _ in options]
        return self._random.choices([cell for _, cell in options], weights)[0]


class _Position:
    """One move's view of the game: the board (read only), its search board and the small threat reads."""

    def __init__(self, board: Board, search: SearchBoard) -> None:
        self.board = board
        self.search = search
        self.me = self.search.side
        self.opponent = OPPONENT[self.me]
        #: nodes spent by the threat reads
        self.nodes = 0

    def values(self, colour: int) -> Callable[[int], float]:
        """``normal``'s value of each empty cell for ``colour``, as a function of the cell (read live)."""
        codes = self.search.code[colour]
        return lambda cell: SHAPE_VALUES[codes[cell]]

    def legal(self, cell: int) -> bool:
        """Whether the side to move may play the empty ``cell``."""
        return self.search.legal(self.me, cell)

    def allowed(self, cells: Iterable[int]) -> list[int]:
        """``cells`` without the points the side to move may not play."""
        return [c for c in cells if self.legal(c)]

    def empty_cells(self) -> list[int]:
        """Every empty cell."""
        return [c for c, v in enumerate(self.search.cells) if not v]

    def candidates(self) -> list[int]:
        """Empty cells a stone of either side could make a shape with: where any sensible move lies."""
        mine, theirs = self.search.score[self.me], self.search.score[self.opponent]
        urgency = self.board.tables.urgency
        found = [
            c for c in self.empty_cells() if mine[c] or theirs[c] or urgency[self.me][c] or urgency[self.opponent][c]
        ]
        return found or self.empty_cells()

    def near(self, cell: int) -> list[int]:
        """The empty cells sharing a row of five with ``cell``: where its stone changes the shapes."""
        cells = self.search.cells
        return [q for q in self.search.reach[cell] if not cells[q]]

    def threat_win(self, colour: int, threes: bool) -> int | None:
        """The first move of ``colour``'s win by fours (or threes and fours), read on a small budget."""
        line = self.threat_line(colour, threes, first_only=True)
        return line[0] if line else None

    def threat_line(self, colour: int, threes: bool, first_only: bool = False) -> list[int] | None:
        """``colour``'s threat win as a line of points (``None`` if none is found on the small budget).

        For the side not to move, the read is as if we passed.
        """
        search = self.search
        passed = colour != search.side
        if passed:
            search.pass_turn()
        try:
            solver = ThreatSearch(search, Budget(max_nodes=NORMAL_THREAT_NODES))
            move = solver.vct(depth=NORMAL_VCT_DEPTH) if threes else solver.vcf()
            self.nodes += solver.nodes
            if move is None:
                return None
            return [move] if first_only else (solver.line(threes=threes) or [move])
        finally:
            if passed:
                search.pass_turn()


def easy(
    seed: int | None = None,
    think_time: float | None = None,
    randomness: float = EASY_RANDOMNESS,
    name: str = "easy",
    slips: float = 0.0,
) -> GreedyPlayer:
    """Document 000's greedy picker: the most urgent cell (weights 1/5/20/80)."""
    return GreedyPlayer(name, Style.URGENCY, randomness, seed, slips)


def normal(
    seed: int | None = None,
    think_time: float | None = None,
    randomness: float = NORMAL_RANDOMNESS,
    name: str = "normal",
    slips: float = 0.0,
) -> GreedyPlayer:
    """The best greedy player: shapes and follow-ups for attack and defence, and small threat reads."""
    return GreedyPlayer(name, Style.SHAPES, randomness, seed, slips)
