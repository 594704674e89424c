"""The opening book: positions, the moves known in each, and what is known of each move.

A :class:`Book` is a tree of positions and moves for one rule and one board
size (a renju book is not a freestyle book: the same stones can be won under
one and lost under the other).  Each position it knows holds its moves, each
with a :class:`BookMark` (good, bad, winning, losing, even, or none) and a
comment, and may hold a comment of its own.

A position is found **whatever its rotation or reflection**: the book keeps
each position once, under a canonical key (the smallest of the eight images
of its stones, :func:`~gomoku.openings.board_symmetries`), and its moves in
that canonical orientation.  :meth:`Book.lookup` maps them back onto the
board it was asked about, so a move written for h8 h9 i9 is shown on the
same shape played anywhere, turned or mirrored.  When the position is itself
symmetrical, every image of a book move is shown (after h8 alone, i9 good
means g9, g7 and i7 are as good).

The side to move follows from the stones (black first, moves alternate), so
a position whose stones no game can reach (two more black stones than white)
has no place in a book: :class:`BookError` says so.

The book is a value in memory; :mod:`gomoku.records.book` reads and writes
its plain-text form and exports it as SGF with variations.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from gomoku.board import Board
from gomoku.errors import GomokuError
from gomoku.i18n import _, pgettext
from gomoku.openings import board_symmetries
from gomoku.point import Point, to_notation
from gomoku.rules import Rule, Stone


class BookError(GomokuError, ValueError):
    """A book asked for something it cannot hold (another rule or size, a position no game reaches)."""


class BookMark(enum.Enum):
    """What the book says of a move; the value is the English word the book's files write."""

    NONE = "none"
    GOOD = "good"
    BAD = "bad"
    WINNING = "winning"
    LOSING = "losing"
    EVEN = "even"

    def said(self) -> str:
        """The mark as a player reads it, in the language in use ("good", "losing"); ``value`` stays English."""
        if self is BookMark.GOOD:
            return pgettext("mark", "good")
        if self is BookMark.BAD:
            return pgettext("mark", "bad")
        if self is BookMark.WINNING:
            return pgettext("mark", "winning")
        if self is BookMark.LOSING:
            return pgettext("mark", "losing")
        if self is BookMark.EVEN:
            return pgettext("mark", "even")
        return pgettext("mark", "no mark")

    def __str__(self) -> str:
        return self.value


#: The stones of a position: each point with its colour.
Stones = Mapping[Point, Stone]
#: A position's canonical key: its stones as flat cells (``y * size + x``) with their colour, sorted.
Key = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class BookMove:
    """One move of a book position, as seen on the board asked about: the point, its mark and comment."""

    point: Point
    mark: BookMark = BookMark.NONE
    comment: str = ""

    def text(self, size: int) -> str:
        """The move as the book's lines say it, in English: ``i9 good``, ``j10`` (no mark)."""
        name = to_notation(self.point, size)
        return name if self.mark is BookMark.NONE else f"{name} {self.mark.value}"


@dataclass(frozen=True)
class BookPosition:
    """What the book knows of one position, in the orientation of the board it was asked about."""

    #: the book's moves here, each image of a symmetrical position's move included, in row order
    moves: tuple[BookMove, ...]
    #: the comment on the position itself
    comment: str = ""

    def move(self, point: Point | tuple[int, int]) -> BookMove | None:
        """The book's move at ``point``, or ``None`` when the book does not know it."""
        for move in self.moves:
            if move.point == tuple(point):
                return move
        return None

    @property
    def marked(self) -> tuple[BookMove, ...]:
        """The moves with a mark, best first (winning, good, even, bad, losing), then in row order."""
        ranked = sorted(self.moves, key=lambda move: MARK_ORDER.index(move.mark))
        return tuple(move for move in ranked if move.mark is not BookMark.NONE)


#: The marks from best to worst for the side that plays the move (a screen lists a position's moves so).
MARK_ORDER = (BookMark.WINNING, BookMark.GOOD, BookMark.EVEN, BookMark.NONE, BookMark.BAD, BookMark.LOSING)


@dataclass
class _Entry:
    """One position as the book keeps it: moves by canonical cell, and its own comment."""

    moves: dict[int, tuple[BookMark, str]] = field(default_factory=dict)
    comment: str = ""


@dataclass(frozen=True)
class _Frame:
    """A position put into the book's canonical orientation: its key, and the symmetries that do it."""

    key: Key
    #: every symmetry that maps the asked position onto the canonical one (more than one: it is symmetrical),
    #: each as a table of where every cell goes (see :func:`_cell_maps`)
    forward: tuple[tuple[int, ...], ...]


class Book:
    """An opening book for one rule and board size: positions, their moves with marks and comments."""

    def __init__(self, rule: Rule = Rule.RENJU, size: int = 15) -> None:
        self.rule = rule
        self.size = size
        self._entries: dict[Key, _Entry] = {}

    # -- finding a position ----------------------------------------------------------

    def _frame(self, stones: Stones) -> _Frame:
        """The canonical key of ``stones`` and the symmetries that reach it; :class:`BookError` for a position no
        game reaches."""
        blacks = sum(1 for stone in stones.values() if stone is Stone.BLACK)
        if blacks - (len(stones) - blacks) not in (0, 1):
            raise BookError(
                _("a position with {black} black and {white} white stones is no game's: a book cannot hold it").format(
                    black=blacks, white=len(stones) - blacks
                )
            )
        size = self.size
        placed = [(point.y * size + point.x, int(stone)) for point, stone in stones.items()]
        images = [
            (tuple(sorted((where[cell], colour) for cell, colour in placed)), where) for where in _cell_maps(size)
        ]
        key = min(cells for cells, _where in images)
        return _Frame(key, tuple(where for cells, where in images if cells == key))

    def _stones_of(self, board: Board) -> dict[Point, Stone]:
        """The stones on ``board``, once it is checked to be this book's rule and size."""
        if board.rule is not self.rule or board.size != self.size:
            raise BookError(
                _("this book is for {rule} on {size}x{size}, not {other} on {other_size}x{other_size}").format(
                    rule=self.rule.said(),
                    size=self.size,
                    other=board.rule.said(),
                    other_size=board.size,
                )
            )
        return stones_of(board)

    def key_of(self, stones: Stones) -> Key:
        """The position ``stones`` up to rotation and reflection: equal for every image of the same position.

        Raises :class:`BookError` for a position no game reaches.
        """
        return self._frame(stones).key

    def fits(self, board: Board) -> bool:
        """Whether ``board`` is of this book's rule and size (only then does the book know its positions)."""
        return board.rule is self.rule and board.size == self.size

    def lookup(self, board: Board) -> BookPosition | None:
        """What the book knows of ``board``'s position, in its orientation; ``None`` if nothing (or another rule)."""
        if not self.fits(board):
            return None
        return self.lookup_stones(stones_of(board))

    def lookup_stones(self, stones: Stones) -> BookPosition | None:
        """What the book knows of the position ``stones``, in their orientation; ``None`` if nothing."""
        try:
            frame = self._frame(stones)
        except BookError:
            return None
        entry = self._entries.get(frame.key)
        if entry is None:
            return None
        moves: dict[Point, BookMove] = {}
        size = self.size
        for cell, (mark, comment) in entry.moves.items():
            for where in frame.forward:
                asked = where.index(cell)
                point = Point(asked % size, asked // size)
                moves.setdefault(point, BookMove(point, mark, comment))
        ordered = tuple(moves[point] for point in sorted(moves, key=lambda point: (point.y, point.x)))
        return BookPosition(ordered, entry.comment)

    # -- changing the book -----------------------------------------------------------

    def _canonical_move(self, frame: _Frame, stones: Stones, move: Point) -> int:
        """``move`` as a canonical cell: the smallest of its images under the symmetries that reach the key."""
        if not (0 <= move.x < self.size and 0 <= move.y < self.size):
            raise BookError(_("{point} is off the {size}x{size} board").format(point=tuple(move), size=self.size))
        if move in stones:
            raise BookError(_("{point} is already taken").format(point=to_notation(move, self.size)))
        cell = move.y * self.size + move.x
        return min(where[cell] for where in frame.forward)

    def set_move(self, stones: Stones, move: Point, mark: BookMark | None = None, comment: str | None = None) -> None:
        """Put ``move`` into the position ``stones``, with ``mark`` and ``comment`` when given (``None`` keeps
        what the book had; a new move starts unmarked and without comment)."""
        frame = self._frame(stones)
        cell = self._canonical_move(frame, stones, Point(*move))
        entry = self._entries.setdefault(frame.key, _Entry())
        old_mark, old_comment = entry.moves.get(cell, (BookMark.NONE, ""))
        entry.moves[cell] = (old_mark if mark is None else mark, old_comment if comment is None else comment.strip())

    def set_mark(self, board: Board, move: Point | tuple[int, int], mark: BookMark) -> None:
        """Mark ``move`` in ``board``'s position (the move joins the book if it was not there)."""
        self.set_move(self._stones_of(board), Point(*move), mark=mark)

    def set_comment(self, board: Board, move: Point | tuple[int, int] | None, text: str) -> None:
        """Write ``text`` on ``move`` in ``board``'s position, or on the position itself (``move`` ``None``);
        an empty text removes the comment."""
        stones = self._stones_of(board)
        if move is None:
            self.set_position_comment(stones, text)
        else:
            self.set_move(stones, Point(*move), comment=text)

    def set_position_comment(self, stones: Stones, text: str) -> None:
        """Write ``text`` on the position ``stones`` itself; an empty text removes the comment."""
        key = self._frame(stones).key
        entry = self._entries.setdefault(key, _Entry())
        entry.comment = text.strip()
        if not entry.comment and not entry.moves:
            del self._entries[key]

    def remove(self, board: Board, move: Point | tuple[int, int]) -> bool:
        """Take ``move`` out of ``board``'s position; whether the book had it."""
        stones = self._stones_of(board)
        frame = self._frame(stones)
        entry = self._entries.get(frame.key)
        if entry is None:
            return False
        cell = self._canonical_move(frame, stones, Point(*move))
        found = entry.moves.pop(cell, None) is not None
        if not entry.moves and not entry.comment:
            del self._entries[frame.key]
        return found

    def add_line(
        self,
        moves: Sequence[Point | tuple[int, int]],
        mark: BookMark | None = None,
        comment: str | None = None,
        start: Stones | None = None,
    ) -> None:
        """Put a line of play into the book: each move in the position before it (unmarked when new), the last
        with ``mark`` and ``comment`` when given.  The line starts from ``start`` (the empty board by default).

        Raises :class:`BookError` when a move of the line is off the board or on a stone.
        """
        stones = dict(start or {})
        for number, move in enumerate(moves, 1):
            point = Point(*move)
            last = number == len(moves)
            self.set_move(stones, point, mark if last else None, comment if last else None)
            stones[point] = _mover(stones)

    def merge(self, other: Book) -> None:
        """Add ``other``'s positions and moves to this book; where both know a move, ``other``'s mark and
        comment win when it has one.  Raises :class:`BookError` for a book of another rule or size."""
        if (other.rule, other.size) != (self.rule, self.size):
            raise BookError(
                _("a book for {other} on {other_size}x{other_size} cannot join one for {rule} on {size}x{size}").format(
                    other=other.rule.said(), other_size=other.size, rule=self.rule.said(), size=self.size
                )
            )
        for key, theirs in other._entries.items():
            mine = self._entries.setdefault(key, _Entry())
            for cell, (mark, comment) in theirs.moves.items():
                old_mark, old_comment = mine.moves.get(cell, (BookMark.NONE, ""))
                mine.moves[cell] = (
                    mark if mark is not BookMark.NONE else old_mark,
                    comment or old_comment,
                )
            mine.comment = theirs.comment or mine.comment

    # -- reading the whole book ------------------------------------------------------

    def positions(self) -> Iterator[tuple[dict[Point, Stone], BookPosition]]:
        """Every position the book knows, in its canonical orientation, with what the book knows of it
        (in the order of their keys: fewer stones first)."""
        for key in sorted(self._entries, key=lambda key: (len(key), key)):
            stones = {Point(cell % self.size, cell // self.size): Stone(colour) for cell, colour in key}
            position = self.lookup_stones(stones)
            assert position is not None
            yield stones, position

    def __len__(self) -> int:
        """How many positions the book knows."""
        return len(self._entries)

    def __contains__(self, board: object) -> bool:
        return isinstance(board, Board) and self.lookup(board) is not None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Book):
            return NotImplemented
        return (self.rule, self.size, self._entries) == (other.rule, other.size, other._entries)

    def __repr__(self) -> str:
        return f"Book(rule={self.rule.value}, size={self.size}, positions={len(self)})"


def stones_of(board: Board) -> dict[Point, Stone]:
    """The stones on ``board``, each point with its colour."""
    size = board.size
    return {Point(cell % size, cell // size): Stone(value) for cell, value in enumerate(board.cells) if value}


def next_to_move(stones: Iterable[Stone]) -> Stone:
    """The side to move in a book position: black when both have as many stones, else white."""
    colours = list(stones)
    blacks = sum(1 for stone in colours if stone is Stone.BLACK)
    return Stone.BLACK if blacks * 2 <= len(colours) else Stone.WHITE


def _mover(stones: Stones) -> Stone:
    return next_to_move(stones.values())


@cache
def _cell_maps(size: int) -> tuple[tuple[int, ...], ...]:
    """For each of :func:`~gomoku.openings.board_symmetries` (same order), where it takes every cell
    (``y * size + x``): a position's images are then table lookups, not a point made per stone and symmetry
    (a RenLib library of 35,000 positions wrote several times faster so)."""
    return tuple(
        tuple((image := symmetry(Point(cell % size, cell // size))).y * size + image.x for cell in range(size * size))
        for symmetry in board_symmetries(size)
    )


__all__ = [
    "MARK_ORDER",
    "Book",
    "BookError",
    "BookMark",
    "BookMove",
    "BookPosition",
    "next_to_move",
    "stones_of",
]
