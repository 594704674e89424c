"""The opening book on the replay and the live analysis: its line, its marks on the board, and the player's edits.

The replay, and the game screen while the live analysis is on, show what the
books (the built-in one and the player's own, :class:`~gomoku.books.Library`)
know of the position shown: the line ``book: i9 good, j10 losing`` with
the player's comments on the move just played and on the position
(:func:`panel_lines`), and a sign on each marked book move's empty point
(:func:`draw_marks`, under the analysis's ``1`` ``2`` ``3``).

``M`` (:data:`~gomoku.tui.bindings.BOOK_MARK`) gives a move the next mark
of :data:`~gomoku.books.MARK_CYCLE` in the player's book and ``E``
(:data:`~gomoku.tui.bindings.BOOK_COMMENT`) opens the prompt for a comment
on it; either is saved at once (a :class:`~gomoku.tui.effects.SaveBook`).
The move is the one the player points at (:func:`target`): on the game
screen the empty point under the cursor, in the position shown; else, and
in the replay, the last move, in the position before it.
"""

from __future__ import annotations

from gomoku.board import Board
from gomoku.book import BookMark, BookMove, BookPosition
from gomoku.bookline import book_text, comment_lines
from gomoku.books import MARK_CYCLE, Library
from gomoku.i18n import _
from gomoku.point import Point
from gomoku.tui import draw
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import SaveBook
from gomoku.tui.layout import BoardLayout
from gomoku.tui.model import Prompt, PromptKind
from gomoku.tui.screen import Reply, alerted, said

#: The sign of each mark on a book move's empty point: annotation signs, one column each.
SIGNS = {
    BookMark.WINNING: "*",
    BookMark.GOOD: "!",
    BookMark.EVEN: "=",
    BookMark.BAD: "?",
    BookMark.LOSING: "x",
}


def panel_lines(library: Library, board: Board) -> list[str]:
    """The book's line for the position ``board`` shows, then the player's book's comments on the move that
    reached it and on the position (none when the books know nothing there).

    The comments are the player's own book's (theirs, and the RenLib libraries they imported): the built-in
    book's say only which analysis gave the mark, in English, and stay in its file.
    """
    text = book_text(library.lookup(board), board.size)
    shelf = library.shelves.get((board.rule, board.size))
    comments = comment_lines(board, shelf.own.lookup) if shelf is not None else []
    return ([text] if text else []) + comments


def draw_marks(win: Window, layout: BoardLayout, position: BookPosition | None, board: Board, theme: Theme) -> None:
    """A sign (:data:`SIGNS`) on each marked book move's empty point."""
    if position is None:
        return
    for move in position.moves:
        sign = SIGNS.get(move.mark)
        if sign is not None and board.is_empty(move.point):
            row, col = layout.screen_of(move.point)
            draw.put(win, row, col, draw.on_point(layout, sign), theme("hint"))


def target(board: Board, cursor: Point | None = None) -> tuple[Board, Point] | None:
    """The position and the move an edit is about: the empty point under ``cursor`` in ``board``'s position,
    else the last move in the position before it; ``None`` at the start with no cursor on an empty point."""
    if cursor is not None and board.is_empty(cursor) and not board.is_game_over():
        return board, cursor
    last = board.last_move
    if last is None:
        return None
    before = board.copy()
    before.undo()
    return before, last


def _pointed(library: Library, board: Board, cursor: Point | None) -> tuple[Board, Point, BookMove | None] | Reply:
    """The position and move an edit is about (:func:`target`) with the player's own book move there, or the
    reply that says there is none."""
    found = target(board, cursor)
    if found is None:
        return alerted(_("There is no move to mark here: step to a move (or put the cursor on an empty point)."))
    position, move = found
    return position, move, library.own(position, move)


def mark(library: Library, board: Board, cursor: Point | None = None) -> Reply:
    """``M``: the next mark for the move pointed at, in the player's book, saved at once."""
    pointed = _pointed(library, board, cursor)
    if isinstance(pointed, Reply):
        return pointed
    position, move, own = pointed
    old = own.mark if own is not None else BookMark.NONE
    new = MARK_CYCLE[(MARK_CYCLE.index(old) + 1) % len(MARK_CYCLE)] if old in MARK_CYCLE else MARK_CYCLE[0]
    changed, save = library.marked(position, move, new)
    name = position.notation(move)
    if new is BookMark.NONE:
        text = _("{move}: your mark taken away (M marks it again).").format(move=name)
    else:
        text = _("{move} marked {mark} in your book (M for the next mark, E for a comment).").format(
            move=name, mark=new.said()
        )
    return said(text, (SaveBook(save),), library=changed)


def comment_prompt(library: Library, board: Board, cursor: Point | None = None) -> Reply:
    """``E``: the prompt for the player's comment on the move pointed at (its comment so far to edit)."""
    pointed = _pointed(library, board, cursor)
    if isinstance(pointed, Reply):
        return pointed
    position, move, own = pointed
    text = own.comment if own is not None else ""
    return Reply(overlay=Prompt(PromptKind.BOOK_COMMENT, text, fresh=False, book=(position, move)))


def write_comment(library: Library, prompt: Prompt) -> Reply:
    """The prompt's Enter: its text as the player's comment on its move, saved at once (empty: taken away)."""
    assert prompt.book is not None
    position, move = prompt.book
    changed, save = library.commented(position, move, prompt.text)
    name = position.notation(move)
    if prompt.text.strip():
        text = _("Comment on {move} written in your book.").format(move=name)
    else:
        text = _("Comment on {move} taken away from your book.").format(move=name)
    return said(text, (SaveBook(save),), library=changed)


__all__ = ["SIGNS", "comment_prompt", "draw_marks", "mark", "panel_lines", "target", "write_comment"]
