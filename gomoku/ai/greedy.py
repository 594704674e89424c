"""Greedy players: pick a move from both sides' urgency and line shapes, without a game-tree search.

Both levels first play the obvious tactics, in this order:

1. complete a five if possible;
2. otherwise stop the opponent's five;
3. otherwise make an open four (or two fours at once) if possible: it wins next move.

``easy`` is document 000 as written, plus the obvious defence:

4. if the opponent could make an open four next move, take the point that
   leaves them the fewest ways to do it (never hand over an open four that one
   stone could have prevented);
5. otherwise the most urgent cell by the win-combination tables' urgency
   (weights 1/5/20/80 for one to four stones), attack and defence summed.

``normal`` scores each point near the stones by the shapes a stone there makes
along its four lines (five, open four, four, open three, three, open two, two,
and the double threats four-three and double three): its own shapes plus,
discounted, the opponent's shapes it takes away.  Open twos weigh almost as
much as threes: they are what double threats grow from, and a greedy player
that builds them wins games instead of filling the board.  Then it reads
threats on both sides, each reading capped by a small budget of points
visited (:class:`ThreatReader`):

4. win by continuous fours (VCF) if it finds such a win;
5. if the opponent has no open three and no VCF: make a double threat (two
   open threes, or fours leading to one) or an open three that every block
   still loses to, if it finds one;
6. if the opponent has an open three, a VCF, or a double threat or winning
   open three of its own: the best-scoring point after which it has none
   (checked over the best-scoring points, the points of its threat, then a
   few more points down the ranking);
7. otherwise the best-scoring point, after a second look at the few best: a
   move's score gains half the value of the second-best move it leaves us
   (the best one the opponent will block; two good follow-ups it cannot).

The threat reading is narrow and approximate (an open three is a line where
a stone makes three in two five-cell windows; any five-cell window counts as
a five, overlines included): it finds the tactics a club player sees at a
glance, not every forced win.  Measured with ``benchmarks/strength.py``,
``normal`` beats ``easy`` in about 85% of games from varied openings.

``normal``'s default randomness is small (0.1%: exact and near-exact ties):
its scores add large and small terms, and at 2% the random pick often took a
visibly weaker move (the win rate against ``easy`` dropped by about 4 points).

Under the renju rule a black player never picks a forbidden point, and a white
player does not waste moves stopping black threats that need a forbidden point.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterable

from gomoku.ai.searchboard import neighbourhoods
from gomoku.board import Board
from gomoku.combos import DIRECTIONS, CombinationTables
from gomoku.point import Point
from gomoku.rules import Rule, Stone

#: Scores of what one move makes for one side (``normal``).
FIVE = 10_000_000
WINNING_FOUR = 1_000_000  # an open four, or two fours at once
FOUR_THREE = 200_000
DOUBLE_THREE = 50_000
SHAPE_SCORES = {"four": 2_500, "open_three": 3_000, "three": 400, "open_two": 2_000, "two": 60}
#: How much the opponent's shapes at a point count against ours.
DEFENCE_FACTOR = 0.35
#: Document 000's urgency (weights 1/5/20/80) added to each side's shapes, to break ties.
URGENCY_WEIGHT = 0.5
#: How much the second-best shape a move leaves us for the next move adds to its score,
#: and over how many of the best-scoring points ``normal`` looks at that.
FOLLOW_UP = 0.5
FOLLOW_UP_WIDTH = 4  # 6 won ~1 point more against easy (within noise) at 1.7x the time
#: Points (moves tried) one threat reading may visit.
THREAT_BUDGET = 150
#: How many attacking moves deep a threat reading goes.
THREAT_DEPTH = 6
#: How many open threes a threat reading may play, and how many it tries at each point.
THREES_DEPTH = 1
THREE_WIDTH = 3
#: How many of the best-scoring points ``normal`` checks when it must defend.
DEFENCE_WIDTH = 8
#: If none of those stops the threats, it goes on down the ranking to this many times as many.
SECOND_LOOK = 3
#: How far along its lines a move changes what the next move can make.
REACH = 4

#: Counts of the shapes one move makes: five, open fours, fours, open threes,
#: threes, open twos, twos (one per line, the strongest shape on that line).
ShapeCounts = tuple[int, int, int, int, int, int, int]


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
    found = {
        member
        for combo in tables.live[stone][4]
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
    candidates = {
        member
        for combo in tables.live[stone][3]
        for member in tables.combinations[combo]
        if not cells[member]
    }
    found = [c for c in candidates if len(four_completions(tables, cells, c, stone)) >= 2]
    if board.rule.restricts(Stone(stone)):
        found = [c for c in found if board.foul(board.point_of(c)) is None]
    return sorted(found)


def shape_counts(tables: CombinationTables, cells: list[int], cell: int, stone: int) -> ShapeCounts:
    """The shapes ``stone`` makes along the four lines through the empty ``cell`` by playing it.

    A line with a five-cell window already holding four of the stone's stones
    (and none of the opponent's) makes a five; windows holding three make a
    four, open if they leave two different completion cells; two windows
    holding two make an open three, one a (closed) three; likewise for twos.
    """
    own, other = tables.counts[stone], tables.counts[3 - stone]
    combinations = tables.combinations
    five = open_fours = fours = open_threes = threes = open_twos = twos = 0
    for line in tables.through_direction[cell]:
        held2 = held1 = 0
        completion = -1  # the first completion cell found on this line
        two_completions = False
        for combo in line:
            if other[combo]:
                continue
            held = own[combo]
            if held == 4:
                five = 1
            elif held == 3:
                # The window holds three stones, ``cell`` and exactly one other empty cell.
                for member in combinations[combo]:
                    if member != cell and not cells[member]:
                        if completion < 0:
                            completion = member
                        elif member != completion:
                            two_completions = True
                        break
            elif held == 2:
                held2 += 1
            elif held == 1:
                held1 += 1
        if two_completions:
            open_fours += 1
        elif completion >= 0:
            fours += 1
        elif held2 >= 2:
            open_threes += 1
        elif held2:
            threes += 1
        elif held1 >= 2:
            open_twos += 1
        elif held1:
            twos += 1
    return five, open_fours, fours, open_threes, threes, open_twos, twos


def shape_value(counts: ShapeCounts) -> float:
    """What the shapes of one move are worth to the side that makes them."""
    five, open_fours, fours, open_threes, threes, open_twos, twos = counts
    if five:
        return FIVE
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
    )


class ThreatReader:
    """Reads forced wins for ``attacker`` on ``board`` (a scratch board it changes and restores).

    The attacker is to move.  A *four* threatens five next move and must be
    answered at its completion point; an *open three* threatens an open four
    and must be answered at one of the empty points of its windows.  A win is
    a line of such threats that ends in an open four, two fours at once, or
    two open threes at once.  A four-three is such a line: the four, its
    answer, then the open four.

    :meth:`fours_win` reads fours only (VCF); :meth:`threat_win` also takes
    double threes and lets the attacker play up to ``threes`` open threes, each
    of which must win against every block.  A three (or double three) that the
    defender can block with a four of its own does not count: that block gains
    it a move.  Other counter-fours of the defender are not read, so a quiet
    win is only played when the defender has no VCF.  Each reading visits at
    most ``budget`` points and gives up (returns ``None``) when the budget runs
    out.
    """

    def __init__(self, board: Board, attacker: int, budget: int | None = None) -> None:
        self.board = board
        self.tables = board.tables
        self.cells = board.cells
        self.attacker = attacker
        self.defender = 3 - attacker
        self.restricted = board.rule.restricts(Stone(attacker))
        self.limit = THREAT_BUDGET if budget is None else budget
        self.budget = self.limit
        #: The attacker's live windows holding three and two stones, in table order
        #: (each reading restores the position, so these stay true).
        self.threes = sorted(self.tables.live[attacker][3])
        self.twos = sorted(self.tables.live[attacker][2])

    def fours_win(self) -> int | None:
        """The first move of a win by continuous fours, if one is found."""
        return self._read(0, False)

    def threat_win(self, threes: int | None = None) -> int | None:
        """The first move of a win by fours and up to ``threes`` open threes (default :data:`THREES_DEPTH`)."""
        return self._read(THREES_DEPTH if threes is None else threes, True)

    def _read(self, threes: int, double_threes: bool) -> int | None:
        self.budget = self.limit
        return self._search(
            self.threes,
            self.twos,
            THREAT_DEPTH,
            threes,
            double_threes,
        )

    # -- the reading ------------------------------------------------------------

    def _foul(self, cell: int) -> bool:
        return self.restricted and self.board.foul(self.board.point_of(cell)) is not None

    def _put(self, cell: int, stone: int) -> None:
        _put(self.board, cell, stone)

    def _take(self, cell: int, stone: int) -> None:
        _take(self.board, cell, stone)

    def _live(self, combos: list[int], stone: int, held: int) -> list[int]:
        """Those of ``combos`` that hold ``held`` of ``stone``'s stones and none of the other side's."""
        own, other = self.tables.counts[stone], self.tables.counts[3 - stone]
        return [c for c in combos if own[c] == held and not other[c]]

    def _through(self, cell: int, stone: int, held: int) -> list[int]:
        """The live windows through ``cell`` holding ``held`` of ``stone``'s stones."""
        return self._live(list(self.tables.through[cell]), stone, held)

    def _search(
        self,
        threes: list[int],
        twos: list[int],
        depth: int,
        threes_left: int,
        double_threes: bool,
        last: int | None = None,
    ) -> int | None:
        """A winning first move for the attacker (to move), from its windows of three and two.

        After the first move only threats that use the attacker's ``last``
        stone are tried (fours in ``threes``, which holds the windows through
        it, and threes on its lines): a threat that does not depend on it
        could have been played first.  Double threes may combine any windows.
        """
        tables, cells, attacker, defender = self.tables, self.cells, self.attacker, self.defender
        threes = self._live(threes, attacker, 3)
        seen: set[int] = set()
        fours: list[tuple[int, int]] = []
        for combo in threes:
            for cell in tables.combinations[combo]:
                if cells[cell] or cell in seen:
                    continue
                seen.add(cell)
                if self.budget <= 0:
                    return None
                self.budget -= 1
                completions = four_completions(tables, cells, cell, attacker)
                if self._foul(cell):
                    continue
                if len(completions) >= 2:
                    return cell
                fours.append((cell, completions.pop()))
        if double_threes:
            twos = self._live(twos, attacker, 2)
            doubles, singles = self._three_points(twos, threes_left > 0)
            if last is not None:
                lines = {member for combo in tables.through[last] for member in tables.combinations[combo]}
                singles = [cell for cell in singles if cell in lines]
            for cell in doubles:
                if self.budget <= 0:
                    return None
                self.budget -= 1
                if shape_counts(tables, cells, cell, attacker)[3] < 2 or self._foul(cell):
                    continue
                self._put(cell, attacker)
                answered = self._blocked_with_four(self._through(cell, attacker, 3))
                self._take(cell, attacker)
                if not answered:
                    return cell
        if depth <= 1:
            return None
        for cell, answer in fours:
            self._put(cell, attacker)
            self._put(answer, defender)
            found = None
            if not self._through(answer, defender, 4):
                found = self._search(
                    self._through(cell, attacker, 3),
                    twos + self._through(cell, attacker, 2) if double_threes else twos,
                    depth - 1,
                    threes_left,
                    double_threes,
                    cell,
                )
            self._take(answer, defender)
            self._take(cell, attacker)
            if found is not None:
                return cell
            if self.budget <= 0:
                return None
        if double_threes and threes_left > 0:
            for cell in singles[:THREE_WIDTH]:
                if self.budget <= 0:
                    return None
                if self._three_wins(cell, twos, depth, threes_left):
                    return cell
        return None

    def _three_points(self, twos: list[int], singles_too: bool) -> tuple[list[int], list[int]]:
        """Points where the attacker may make two open threes, and (if asked) one, most promising first.

        A point makes an open three along a line when it lies in two of the
        attacker's live windows of two along that line.  Single-three points
        come best first: those on more lines with a window of two, then those
        in more such windows.
        """
        tables, cells = self.tables, self.cells
        directions, combinations = tables.directions, tables.combinations
        windows: dict[int, int] = {}  # cell * 4 + direction -> windows of two there
        for combo in twos:
            direction = directions[combo]
            for cell in combinations[combo]:
                if not cells[cell]:
                    key = cell * 4 + direction
                    windows[key] = windows.get(key, 0) + 1
        open_lines: dict[int, int] = {}
        for key, count in windows.items():
            if count >= 2:
                open_lines[key >> 2] = open_lines.get(key >> 2, 0) + 1
        doubles = [cell for cell, lines in open_lines.items() if lines >= 2]
        if not singles_too:
            return doubles, []
        promise: dict[int, tuple[int, int]] = {}
        for key, count in windows.items():
            lines, total = promise.get(key >> 2, (0, 0))
            promise[key >> 2] = (lines + 1, total + count)
        singles = [cell for cell, lines in open_lines.items() if lines == 1]
        singles.sort(key=promise.__getitem__, reverse=True)
        return doubles, singles

    def _blocked_with_four(self, made: list[int]) -> bool:
        """Whether the defender can block one of the attacker's windows ``made`` with a four of its own.

        Such a block gains the defender a move: the attacker must answer the four.
        """
        tables, cells = self.tables, self.cells
        own, other = tables.counts[self.defender], tables.counts[self.attacker]
        return any(
            own[combo] == 3 and not other[combo]
            for window in made
            for member in tables.combinations[window]
            if not cells[member]
            for combo in tables.through[member]
        )

    def _three_wins(self, cell: int, twos: list[int], depth: int, threes_left: int) -> bool:
        """Whether the open three the attacker makes at ``cell`` wins against every block."""
        tables, cells, attacker, defender = self.tables, self.cells, self.attacker, self.defender
        if self._foul(cell):
            return False
        self.budget -= 1
        self._put(cell, attacker)
        made = self._through(cell, attacker, 3)
        blocks = {member for combo in made for member in tables.combinations[combo] if not cells[member]}
        twos = twos + self._through(cell, attacker, 2)
        wins = bool(made) and not self._blocked_with_four(made)
        for block in blocks if wins else ():
            self._put(block, defender)
            wins = self._search(made, twos, depth - 1, threes_left - 1, True, cell) is not None
            self._take(block, defender)
            if not wins:
                break
        self._take(cell, attacker)
        return wins


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
        self._lines: dict[int, list[tuple[int, ...]]] = {}

    def choose_move(self, board: Board, stop: threading.Event | None = None) -> Point:
        """The greedy move for the side to move (``stop`` is ignored: this never takes long)."""
        if board.is_game_over():
            raise ValueError("the game is over: there is no move to choose")
        return board.point_of(self._choose_cell(board.copy()))

    # -- the decision procedure -------------------------------------------------

    def _choose_cell(self, board: Board) -> int:
        """The move on ``board``, a scratch copy this may change and restore."""
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
        if self.style == "shapes":
            return self._shapes_move(board, me)
        threats = winning_four_points(board, opponent)
        if threats:
            defence = self._defence(board, threats, opponent)
            if defence is not None:
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
        me = 3 - opponent
        scored: list[tuple[int, int]] = []
        for blocker in self._allowed(board, _blockers(board, threats, opponent)):
            _put(board, blocker, me)
            remaining = sum(
                1
                for threat in threats
                if threat != blocker and len(four_completions(tables, cells, threat, opponent)) >= 2
            )
            _take(board, blocker, me)
            scored.append((remaining, blocker))
        if not scored:
            return None
        fewest = min(remaining for remaining, _ in scored)
        return self._best(board, [cell for remaining, cell in scored if remaining == fewest])

    def _shapes_move(self, board: Board, me: int) -> int:
        """Steps 4 to 7 of ``normal``: threats on both sides, then the best shapes."""
        opponent = 3 - me
        ranked, shapes = self._ranked(board, me)
        if not ranked:
            return self._pick(board, [])
        mine, theirs = ThreatReader(board, me), ThreatReader(board, opponent)
        open_threes = winning_four_points(board, opponent)
        their_line = theirs.fours_win()
        if open_threes or their_line is not None:
            win = mine.fours_win()
            if win is not None:
                return win
        else:
            win = mine.threat_win()  # its fours come first: a VCF if there is one
            if win is not None:
                return win
            their_line = theirs.threat_win()
            if their_line is None:
                return self._quiet_move(board, me, ranked, shapes)
        urgent = {cell for _, cell in ranked[:DEFENCE_WIDTH]}
        if their_line is not None:
            urgent.add(their_line)
        if open_threes:
            urgent |= _blockers(board, open_threes, opponent)
        score = dict((cell, value) for value, cell in ranked)
        order = sorted(self._allowed(board, urgent), key=lambda c: score.get(c, 0.0), reverse=True)
        further = ranked[DEFENCE_WIDTH : DEFENCE_WIDTH * SECOND_LOOK]
        order += self._allowed(board, (cell for _, cell in further if cell not in urgent))
        for cell in order:
            if self._stops_threats(board, cell, me):
                return cell
        if open_threes:
            defence = self._defence(board, open_threes, opponent)
            if defence is not None:
                return defence
        return self._pick(board, ranked)

    def _quiet_move(
        self, board: Board, me: int, ranked: list[tuple[float, int]], shapes: dict[int, float]
    ) -> int:
        """The move when neither side has a threat to play or stop.

        The best-scoring points are scored again with what they leave for our
        next move: not the best follow-up (the opponent blocks that one) but
        the second best, so moves that prepare two threats at once win out.
        """
        best = sorted(((value, cell) for cell, value in shapes.items()), reverse=True)
        rescored = [
            (value + FOLLOW_UP * self._second_follow_up(board, me, cell, best), cell)
            for value, cell in ranked[:FOLLOW_UP_WIDTH]
        ]
        rescored.sort(reverse=True)
        return self._pick(board, rescored + ranked[FOLLOW_UP_WIDTH:])

    def _second_follow_up(self, board: Board, me: int, cell: int, best: list[tuple[float, int]]) -> float:
        """The second-best shape value ``me`` could make after playing ``cell``.

        ``best`` holds the shape values of the candidate points before the
        move, best first; only the points on the move's four lines change.
        """
        tables, cells = board.tables, board.cells
        lines = self._lines.get(board.size)
        if lines is None:
            lines = self._lines[board.size] = _lines_through(board.size, REACH)
        line = [other for other in lines[cell] if not cells[other]]
        changed = set(line)
        values = [value for value, other in best if other not in changed and other != cell][:2]
        _put(board, cell, me)
        values += [shape_value(shape_counts(tables, cells, other, me)) for other in line]
        _take(board, cell, me)
        values.sort(reverse=True)
        return values[1] if len(values) > 1 else 0.0

    def _stops_threats(self, board: Board, cell: int, me: int) -> bool:
        """Whether after ``me`` plays ``cell`` the opponent has no open three, VCF or double threat."""
        opponent = 3 - me
        _put(board, cell, me)
        safe = not winning_four_points(board, opponent) and (
            ThreatReader(board, opponent).threat_win() is None
        )
        _take(board, cell, me)
        return safe

    def _ranked(
        self, board: Board, me: int, cells: Iterable[int] | None = None
    ) -> tuple[list[tuple[float, int]], dict[int, float]]:
        """``cells`` (by default the candidates) by score, best first, and each one's own shape value."""
        tables, stones = board.tables, board.cells
        opponent = 3 - me
        spare_forbidden = board.rule is Rule.RENJU and me == Stone.WHITE
        ranked: list[tuple[float, int]] = []
        shapes: dict[int, float] = {}
        own_urgency, other_urgency = tables.urgency[me], tables.urgency[opponent]
        for cell in self._candidates(board) if cells is None else cells:
            # A side with no urgency at the cell has no live window there holding
            # its stones, hence no shape: skip counting it.
            attack = defence = 0.0
            if own_urgency[cell]:
                attack = shape_value(shape_counts(tables, stones, cell, me))
            shapes[cell] = attack
            attack += URGENCY_WEIGHT * own_urgency[cell]
            if other_urgency[cell]:
                defence = shape_value(shape_counts(tables, stones, cell, opponent))
                defence += URGENCY_WEIGHT * other_urgency[cell]
            if defence >= DOUBLE_THREE and spare_forbidden and board.foul(board.point_of(cell)) is not None:
                defence = 0  # black may not play there: nothing to stop
            ranked.append((attack + DEFENCE_FACTOR * defence, cell))
        ranked.sort(reverse=True)
        return ranked, shapes

    def _candidates(self, board: Board) -> list[int]:
        """Empty cells within two points of a stone: where any sensible move lies."""
        neighbours = neighbourhoods(board.size, 2)
        cells = board.cells
        near: set[int] = set()
        for cell, value in enumerate(cells):
            if value:
                near.update(neighbours[cell])
        return sorted(c for c in near if not cells[c])

    def _best(self, board: Board, cells: list[int]) -> int:
        """The best-scoring of ``cells`` the side to move may play, with a little randomness."""
        me = int(board.turn)
        if self.style == "urgency":
            urgency = board.tables.urgency
            ranked = sorted(((urgency[me][c] + urgency[3 - me][c], c) for c in cells), reverse=True)
        else:
            ranked = self._ranked(board, me, cells)[0]
        return self._pick(board, ranked)

    def _pick(self, board: Board, ranked: list[tuple[float, int]]) -> int:
        """One of the near-best of ``ranked`` (best first) the side to move may play."""
        restricted = board.rule.restricts(board.turn)
        allowed: list[tuple[float, int]] = []
        for value, cell in ranked:
            if allowed and value < allowed[0][0] - abs(allowed[0][0]) * self.randomness:
                break
            if restricted and board.foul(board.point_of(cell)) is not None:
                continue
            allowed.append((value, cell))
        if not allowed:
            return self._allowed(board, (c for c, v in enumerate(board.cells) if not v))[0]
        if self.randomness <= 0 or len(allowed) == 1:
            return allowed[0][1]
        return self._random.choice(allowed)[1]


def _put(board: Board, cell: int, stone: int) -> None:
    """Try ``stone`` on ``cell`` of the player's scratch board, for look-ahead.

    Only the cells and the stone counts change (urgency is not needed while
    reading ahead and would cost far more to update); :func:`_take` undoes it.
    """
    board.cells[cell] = stone
    board.tables.place(cell, stone, urgency=False)


def _take(board: Board, cell: int, stone: int) -> None:
    """Undo :func:`_put`."""
    board.cells[cell] = 0
    board.tables.remove(cell, stone, urgency=False)


def _blockers(board: Board, threats: list[int], opponent: int) -> set[int]:
    """The opponent's open-four points and the points that would complete its fours from them."""
    blockers = set(threats)
    for threat in threats:
        blockers |= four_completions(board.tables, board.cells, threat, opponent)
    return blockers


def _lines_through(size: int, reach: int) -> list[tuple[int, ...]]:
    """For each cell, the other cells at most ``reach`` points away along its four lines."""
    result = []
    for cell in range(size * size):
        x0, y0 = cell % size, cell // size
        result.append(
            tuple(
                (y0 + step * dy) * size + x0 + step * dx
                for dx, dy in DIRECTIONS
                for step in range(-reach, reach + 1)
                if step and 0 <= x0 + step * dx < size and 0 <= y0 + step * dy < size
            )
        )
    return result


def easy(
    seed: int | None = None, think_time: float | None = None, randomness: float = 0.02
) -> GreedyPlayer:
    """Document 000's greedy picker: the most urgent cell (weights 1/5/20/80)."""
    return GreedyPlayer("easy", "urgency", randomness, seed)


def normal(
    seed: int | None = None, think_time: float | None = None, randomness: float = 0.001
) -> GreedyPlayer:
    """The best greedy player: shapes and follow-ups for attack and defence, and a narrow reading of threats."""
    return GreedyPlayer("normal", "shapes", randomness, seed)
