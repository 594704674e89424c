"""What the opening book says of a position in one line, and where a game left the book.

The live analysis and the replay show a position's book moves as one short
line, ``book: i9 good, j10 losing`` (:func:`book_text`: the marked moves
best first, then the unmarked ones); the review says where a game left the
book (:func:`book_exit`: the first move played in a position the book
knows that is not one of its moves), with what the book had there.  Both
read the book through a lookup (a board in, what the book knows of it out),
so they serve the built-in book, the player's own, or both merged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gomoku import textwidth
from gomoku.board import Board
from gomoku.book import MARK_ORDER, BookMark, BookMove, BookPosition
from gomoku.i18n import _, pgettext
from gomoku.point import Point, to_notation
from gomoku.rules import Rule

#: What the book knows of a board's position (``None``: nothing).
Lookup = Callable[[Board], "BookPosition | None"]
#: The most book moves one line names (a line beside the board has room for about that many).
SHOWN = 4
#: The most columns of a book comment the screens show (its first line; the file keeps it whole).
COMMENT_COLUMNS = 60


def ranked(position: BookPosition) -> tuple[BookMove, ...]:
    """The position's book moves, best mark first (winning, good, even, unmarked, bad, losing), then row order."""
    return tuple(sorted(position.moves, key=lambda move: MARK_ORDER.index(move.mark)))


def move_text(move: BookMove, size: int) -> str:
    """One book move as a player reads it: ``i9 good``, or ``i9`` with no mark (the mark in the language in use)."""
    name = to_notation(move.point, size)
    if move.mark is BookMark.NONE:
        return name
    # i18n: a book move and its mark, as in "i9 good"
    return pgettext("book move", "{move} {mark}").format(move=name, mark=move.mark.said())


def moves_text(position: BookPosition, size: int, shown: int = SHOWN) -> str:
    """The position's book moves in a list, best first: ``i9 good, j10 losing`` (``...`` when there are more)."""
    moves = ranked(position)
    text = ", ".join(move_text(move, size) for move in moves[:shown])
    return text + (", ..." if len(moves) > shown else "")


def book_text(position: BookPosition | None, size: int, shown: int = SHOWN) -> str:
    """The line the analysis and the replay show: ``book: i9 good, j10 losing`` (``""``: the book knows nothing
    here, or only a comment)."""
    if position is None or not position.moves:
        return ""
    return _("book: {moves}").format(moves=moves_text(position, size, shown))


def comment_lines(board: Board, lookup: Lookup, columns: int = COMMENT_COLUMNS) -> list[str]:
    """What the book's comments say of the position ``board`` shows: the comment on the move that reached it
    (``book on j10: the sure way``), then the position's own; each its first line, cut to ``columns``.

    A comment is the book author's text (yours, a RenLib library's, the built-in analysis's), shown as written.
    """
    lines = []
    last = board.last_move
    if last is not None:
        before = board.copy()
        before.undo()
        position = lookup(before)
        move = position.move(last) if position is not None else None
        if move is not None and move.comment:
            lines.append(
                _("book on {move}: {comment}").format(
                    move=to_notation(last, board.size), comment=_first_line(move.comment, columns)
                )
            )
    here = lookup(board)
    if here is not None and here.comment:
        lines.append(_("book on this position: {comment}").format(comment=_first_line(here.comment, columns)))
    return lines


def _first_line(comment: str, columns: int) -> str:
    """A comment's first line, cut to ``columns`` (``...`` where more follows)."""
    first, _newline, rest = comment.strip().partition("\n")
    if textwidth.width(first) <= columns and not rest:
        return first
    return textwidth.fit(first, columns - 3) + "..."


@dataclass(frozen=True)
class BookExit:
    """Where a game left the book: the move's number and point, and what the book had in its position."""

    number: int
    played: Point
    position: BookPosition

    def said(self, size: int) -> str:
        """``left the book at move 7 (book: i9 good)``, in the language in use."""
        return _("Left the book at move {number} (book: {moves}).").format(
            number=self.number, moves=moves_text(self.position, size)
        )

    def english(self, size: int) -> str:
        """The same in English (a record's comment, the JSON)."""
        moves = ", ".join(move.text(size) for move in ranked(self.position)[:SHOWN])
        return f"Left the book at move {self.number} (book: {moves})."


def book_exit(moves: Sequence[Point], size: int, rule: Rule, lookup: Lookup) -> BookExit | None:
    """The first move of ``moves`` (from the empty board) played where the book knows moves and this is not
    one of them; ``None`` when the game never left it (or the book knows nothing of its start)."""
    board = Board(size, rule)
    for number, move in enumerate(moves, 1):
        position = lookup(board)
        if position is not None and position.moves and position.move(move) is None:
            return BookExit(number, move, position)
        try:
            board.play(move)
        except ValueError:
            return None
        if board.is_game_over():
            return None
    return None


__all__ = [
    "COMMENT_COLUMNS",
    "SHOWN",
    "BookExit",
    "Lookup",
    "book_exit",
    "book_text",
    "comment_lines",
    "move_text",
    "moves_text",
    "ranked",
]
