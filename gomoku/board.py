"""The board: stones, side to move, play/undo/redo with history, and the outcome.

``Board`` is the one object every front end and player touches, in the manner
of python-chess: :meth:`Board.play` a point, :meth:`Board.undo` it,
:meth:`Board.redo` it again, read :attr:`Board.outcome`.  Illegal moves raise
precise :class:`IllegalMoveError` subclasses with messages a player can act on.
The win-combination tables (:mod:`gomoku.combos`) ride along and are updated on
every move and undo.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from gomoku import renju
from gomoku.combos import CombinationTables
from gomoku.errors import GomokuError
from gomoku.i18n import _
from gomoku.point import DIRECTIONS, MAX_SIZE, MIN_SIZE, Point, to_notation
from gomoku.rules import EMPTY, Outcome, Rule, Stone, Termination

_MARKS = {EMPTY: ".", Stone.BLACK: "X", Stone.WHITE: "O"}
_STONE_OF_MARK = {".": EMPTY, "X": Stone.BLACK, "O": Stone.WHITE}


class IllegalMoveError(GomokuError, ValueError):
    """A move the rules do not allow; the message says why and what to do instead."""


class OffBoardError(IllegalMoveError):
    """The point is outside the board."""


class OccupiedError(IllegalMoveError):
    """The point already holds a stone."""


class GameOverError(IllegalMoveError):
    """The game has ended; no more moves."""


class ForbiddenMoveError(IllegalMoveError):
    """Black may not play here under the renju rule."""

    def __init__(self, message: str, foul: renju.Foul) -> None:
        super().__init__(message)
        self.foul = foul


class HistoryError(GomokuError, IndexError):
    """Nothing to undo, or nothing to redo."""


class Board:
    """A square gomoku board under one :class:`Rule`, with its move history."""

    def __init__(self, size: int = 15, rule: Rule = Rule.FREESTYLE) -> None:
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise ValueError(f"board size must be {MIN_SIZE} to {MAX_SIZE}, not {size}")
        self.size = size
        self.rule = rule
        self._cells: list[int] = [EMPTY] * (size * size)
        self._history: list[int] = []
        self._redo: list[int] = []
        self._first_turn = Stone.BLACK
        self._setup_stones = 0
        self._outcome: Outcome | None = None
        self.tables = CombinationTables(
            size, exact=(rule.exact_five(Stone.BLACK), rule.exact_five(Stone.WHITE)), flank_block=rule.blocks_fives
        )

    # -- reading the position -------------------------------------------------

    @property
    def cells(self) -> list[int]:
        """The board as a flat list indexed ``y * size + x`` (0 empty, 1 black, 2 white).

        Read it, do not write it: the board and its tables must agree.
        """
        return self._cells

    @property
    def turn(self) -> Stone:
        """The side to move."""
        return self._first_turn if len(self._history) % 2 == 0 else self._first_turn.opponent

    @property
    def moves(self) -> list[Point]:
        """The moves played so far, in order (stones set up by a diagram are not moves)."""
        return [self.point_of(cell) for cell in self._history]

    def mover(self, ply: int) -> Stone:
        """The colour that made move ``ply`` (0-based, an index into :attr:`moves`; negative counts from the end).

        The one place that knows who made each ply: the sides alternate from
        the first side to move (black, or the side a diagram gave), so nobody
        else works it out from parity.  Raises ``IndexError`` past the moves.
        """
        count = len(self._history)
        index = ply + count if ply < 0 else ply
        if not 0 <= index < count:
            raise IndexError(f"move {ply} is not on the board ({count} moves)")
        return self._first_turn if index % 2 == 0 else self._first_turn.opponent

    @property
    def plies(self) -> list[tuple[Point, Stone]]:
        """The moves played so far with the colour that made each, in order."""
        return [(self.point_of(cell), self.mover(index)) for index, cell in enumerate(self._history)]

    @property
    def last_move(self) -> Point | None:
        """The most recent move, or ``None``."""
        return self.point_of(self._history[-1]) if self._history else None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on.

        Set by the move that ends it, in this order: a winning row
        (:attr:`Termination.FIVE`), the board full (:attr:`Termination.DRAW`),
        no win combination left alive for either side
        (:attr:`Termination.NO_FIVE_LEFT`), or, under renju, black to move
        with every empty point forbidden (:attr:`Termination.NO_LEGAL_MOVE`).
        Undo clears it.  Stones set up by :meth:`from_diagram` are not judged.
        """
        return self._outcome

    def is_game_over(self) -> bool:
        """Whether the game has ended: a five, a full board, no five left, or no legal move."""
        return self._outcome is not None

    @property
    def can_redo(self) -> bool:
        """Whether :meth:`redo` has a move to replay."""
        return bool(self._redo)

    @property
    def stone_count(self) -> int:
        """How many stones are on the board."""
        return self._setup_stones + len(self._history)

    def index_of(self, point: Point | tuple[int, int]) -> int:
        """The flat cell index of ``point``; raises :class:`OffBoardError` if it is off the board."""
        x, y = point
        if not (0 <= x < self.size and 0 <= y < self.size):
            off = _("{point} is off the {size}x{size} board: pick a point on it")
            raise OffBoardError(off.format(point=tuple(point), size=self.size))
        return y * self.size + x

    def point_of(self, cell: int) -> Point:
        """The point of a flat cell index."""
        return Point(cell % self.size, cell // self.size)

    def __getitem__(self, point: Point | tuple[int, int]) -> Stone | None:
        """The stone at ``point``, or ``None`` if it is empty."""
        value = self._cells[self.index_of(point)]
        return Stone(value) if value else None

    def is_empty(self, point: Point | tuple[int, int]) -> bool:
        """Whether ``point`` is on the board and holds no stone."""
        x, y = point
        return 0 <= x < self.size and 0 <= y < self.size and not self._cells[y * self.size + x]

    def empty_points(self) -> Iterator[Point]:
        """Every empty point, row by row."""
        size = self.size
        return (Point(c % size, c // size) for c, v in enumerate(self._cells) if not v)

    def notation(self, point: Point | tuple[int, int]) -> str:
        """``point`` in renju notation on this board (``h8``)."""
        return to_notation(point, self.size)

    def foul(self, point: Point | tuple[int, int]) -> renju.Foul | None:
        """The renju foul black would commit at the empty ``point``, if the rule restricts black."""
        if self.rule is not Rule.RENJU:
            return None
        cell = self.index_of(point)
        if self._cells[cell]:
            return None
        return renju.foul_at(self._cells, self.size, cell)

    def forbidden_points(self) -> list[Point]:
        """Every point black may not play under the renju rule (empty for other rules)."""
        if self.rule is not Rule.RENJU:
            return []
        return [self.point_of(cell) for cell in renju.forbidden_points(self._cells, self.size)]

    # -- changing the position ------------------------------------------------

    def check_move(self, point: Point | tuple[int, int]) -> int:
        """The cell index of ``point`` if the side to move may play it; raises why not."""
        cell = self.index_of(point)
        name = self.notation(point)
        if self._outcome is not None:
            raise GameOverError(
                _("the game is over: {outcome} Start a new game or undo.").format(outcome=self._outcome.said(self.size))
            )
        if self._cells[cell]:
            raise OccupiedError(_("{point} is taken: pick an empty point").format(point=name))
        if self.rule.restricts(self.turn):
            foul = renju.foul_at(self._cells, self.size, cell)
            if foul is not None:
                raise ForbiddenMoveError(renju.forbidden(name, foul, pick=True), foul)
        return cell

    def is_legal(self, point: Point | tuple[int, int]) -> bool:
        """Whether the side to move may play ``point`` now (:meth:`check_move` without the reason)."""
        try:
            self.check_move(point)
        except IllegalMoveError:
            return False
        return True

    def play(self, point: Point | tuple[int, int]) -> Outcome | None:
        """Play ``point`` for the side to move; returns the outcome if the move ends the game."""
        cell = self.check_move(point)
        if self._redo and self._redo[-1] == cell:
            self._redo.pop()
        else:
            self._redo.clear()
        self._place(cell)
        return self._outcome

    def undo(self) -> Point:
        """Take back the last move; it can be replayed with :meth:`redo`."""
        if not self._history:
            raise HistoryError(_("nothing to undo"))
        cell = self._history.pop()
        stone = self._cells[cell]
        self._cells[cell] = EMPTY
        self.tables.remove(cell, stone)
        self._outcome = None
        self._redo.append(cell)
        return self.point_of(cell)

    def redo(self) -> Point:
        """Replay the last undone move."""
        if not self._redo:
            raise HistoryError(_("nothing to redo"))
        point = self.point_of(self._redo[-1])
        self.play(point)
        return point

    def _place(self, cell: int) -> None:
        stone = self.turn
        self._cells[cell] = stone
        self.tables.place(cell, stone)
        self._history.append(cell)
        line = self._winning_line(cell, stone)
        if line:
            self._outcome = Outcome(Termination.FIVE, stone, line)
        elif self.stone_count == self.size * self.size:
            self._outcome = Outcome(Termination.DRAW, None)
        elif not (self.tables.alive[Stone.BLACK] or self.tables.alive[Stone.WHITE]):
            self._outcome = Outcome(Termination.NO_FIVE_LEFT, None)
        elif self.rule.restricts(stone.opponent) and self._black_is_stuck():
            self._outcome = Outcome(Termination.NO_LEGAL_MOVE, None)

    def _black_is_stuck(self) -> bool:
        """Whether black, to move under renju, may play none of the empty points.

        Judging the whole board costs about a third of a millisecond on 15x15,
        so two cheap tests come first.  Every forbidden point needs at least
        four black stones on its lines within five points of it (an overline
        five, two fours three each, two threes two each), and one black stone
        is that near to at most 40 points: so there are at most ten forbidden
        points per black stone, and with more empty points than that some point
        is legal.  Else one empty point is judged alone; only if it is
        forbidden is every empty point judged.
        """
        cells, size = self._cells, self.size
        empty = size * size - self.stone_count
        if empty > 10 * cells.count(Stone.BLACK):
            return False
        if renju.foul_at(cells, size, cells.index(EMPTY)) is None:
            return False
        return len(renju.forbidden_points(cells, size)) == empty

    def _winning_line(self, cell: int, stone: Stone) -> tuple[Point, ...]:
        """The winning row through ``cell`` for ``stone``, looking only along its four lines."""
        run = self._winning_run(cell, stone)
        if run is None:
            return ()
        size = self.size
        (dx, dy), back, ahead = run
        x0, y0 = cell % size, cell // size
        return tuple(sorted(Point(x0 + k * dx, y0 + k * dy) for k in range(-back, ahead + 1)))

    def _winning_run(self, cell: int, stone: int) -> tuple[tuple[int, int], int, int] | None:
        """The first of ``cell``'s four lines where ``stone`` on it makes a winning row.

        ``cell`` counts as holding ``stone`` whatever it holds now, so this
        judges a stone just placed and a stone only imagined alike.  The answer
        is the direction and how many of ``stone``'s stones run from the cell
        backwards and forwards along it; ``None`` if no line wins under the
        board's rule (:meth:`Rule.is_win`).  This is the one run-length test
        behind the outcome, :meth:`wins_at` and :meth:`winning_points`.
        """
        size, cells, is_win = self.size, self._cells, self.rule.is_win
        side = Stone(stone)
        opponent = side.opponent
        x0, y0 = cell % size, cell // size
        for dx, dy in DIRECTIONS:
            x, y, back = x0 - dx, y0 - dy, 0
            while 0 <= x < size and 0 <= y < size and cells[y * size + x] == stone:
                x, y, back = x - dx, y - dy, back + 1
            # an end blocks when an opponent stone holds it; the edge blocks nothing
            blocked = int(0 <= x < size and 0 <= y < size and cells[y * size + x] == opponent)
            x, y, ahead = x0 + dx, y0 + dy, 0
            while 0 <= x < size and 0 <= y < size and cells[y * size + x] == stone:
                x, y, ahead = x + dx, y + dy, ahead + 1
            blocked += 0 <= x < size and 0 <= y < size and cells[y * size + x] == opponent
            if is_win(back + ahead + 1, side, blocked):
                return (dx, dy), back, ahead
        return None

    # -- winning points -------------------------------------------------------

    def wins_at(self, point: Point | tuple[int, int], stone: Stone) -> bool:
        """Whether ``stone`` on the empty ``point`` would make a winning row under the board's rule.

        An occupied point wins nothing (``False``); a point off the board
        raises :class:`OffBoardError`.  Whose turn it is does not matter.
        """
        cell = self.index_of(point)
        return not self._cells[cell] and self._winning_run(cell, stone) is not None

    def winning_points(self, stone: Stone | None = None) -> list[Point]:
        """The empty points where ``stone`` (default: the side to move) would win at once.

        Under the board's rule: five or more in freestyle, exactly five in
        standard, exactly five for black and five or more for white in renju,
        five or more but no five blocked at both ends in caro.
        The candidates come from the combination tables (the empty cell of
        each live combination holding four of ``stone``'s stones: every
        winning row contains one), and each is confirmed with the run-length
        test the board uses for its own outcome.  Ascending cell order (row by
        row, top first).
        """
        side = self.turn if stone is None else stone
        tables, cells = self.tables, self._cells
        candidates = {
            member for combo in tables.live[side][4] for member in tables.combinations[combo] if not cells[member]
        }
        return [self.point_of(cell) for cell in sorted(candidates) if self._winning_run(cell, side) is not None]

    # -- building and copying -------------------------------------------------

    @classmethod
    def from_moves(cls, moves: Iterable[Point | tuple[int, int]], size: int = 15, rule: Rule = Rule.FREESTYLE) -> Board:
        """A board after playing ``moves`` in order, black first."""
        board = cls(size, rule)
        for move in moves:
            board.play(move)
        return board

    @classmethod
    def from_diagram(cls, diagram: str, rule: Rule = Rule.FREESTYLE, turn: Stone | None = None) -> Board:
        """A position drawn as rows of ``X`` (black), ``O`` (white) and ``.`` (empty).

        The drawing is the whole board, top row first; row numbers and the
        column-letter line that ``str(board)`` prints are allowed and ignored.
        The side to move is black when both have as many stones, else white,
        unless ``turn`` says otherwise.  The stones are a set-up position, not
        moves: they cannot be undone.
        """
        rows: list[list[int]] = []
        for raw in diagram.strip("\n").splitlines():
            text = raw.strip().lstrip("0123456789").replace(" ", "")
            if text and set(text) <= set(_STONE_OF_MARK):
                rows.append([_STONE_OF_MARK[mark] for mark in text])
        size = len(rows)
        if any(len(row) != size for row in rows):
            raise ValueError(f"a diagram must be square: {size} rows of {size} points")
        stones = [(Point(x, y), Stone(v)) for y, row in enumerate(rows) for x, v in enumerate(row) if v]
        return cls.from_position(stones, size, rule, turn)

    @classmethod
    def from_position(
        cls,
        stones: Iterable[tuple[Point | tuple[int, int], Stone]],
        size: int = 15,
        rule: Rule = Rule.FREESTYLE,
        turn: Stone | None = None,
    ) -> Board:
        """A set-up position: ``stones`` (each a point and its colour) placed, not played, and ``turn`` to move.

        The side to move is black when both have as many stones, else white,
        unless ``turn`` says otherwise.  The stones cannot be undone; a point
        given twice or off the board raises ``ValueError``.
        """
        board = cls(size, rule)
        placed = [(board.index_of(point), stone) for point, stone in stones]
        if len({cell for cell, _stone in placed}) != len(placed):
            raise ValueError("a set-up position names a point twice")
        blacks = sum(1 for _, stone in placed if stone is Stone.BLACK)
        whites = len(placed) - blacks
        board._first_turn = turn or (Stone.BLACK if blacks <= whites else Stone.WHITE)
        for cell, stone in placed:
            board._cells[cell] = stone
            board.tables.place(cell, stone)
        board._setup_stones = len(placed)
        return board

    @property
    def setup(self) -> list[tuple[Point, Stone]]:
        """The stones of the set-up position (:meth:`from_position`, :meth:`from_diagram`) as they stand
        with the moves taken back: each point and its colour, row by row from the top."""
        played = set(self._history)
        return [
            (self.point_of(cell), Stone(value))
            for cell, value in enumerate(self._cells)
            if value and cell not in played
        ]

    def copy(self) -> Board:
        """An independent board with the same position, history and redo list."""
        clone = Board.__new__(Board)
        clone.__dict__.update(self.__dict__)
        clone._cells = list(self._cells)
        clone._history = list(self._history)
        clone._redo = list(self._redo)
        clone.tables = self.tables.copy()
        return clone

    def __str__(self) -> str:
        """The position as a diagram: row numbers on the left, column letters below."""
        width = len(str(self.size))
        lines = []
        for y in range(self.size):
            row = self._cells[y * self.size : (y + 1) * self.size]
            marks = " ".join(_MARKS[v] for v in row)
            lines.append(f"{self.size - y:>{width}} {marks}")
        letters = " ".join(chr(ord("a") + x) for x in range(self.size))
        lines.append(f"{'':>{width}} {letters}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Board(size={self.size}, rule={self.rule.value}, moves={len(self._history)})"
