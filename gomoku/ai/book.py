"""The computer and the opening book: the mark an evaluation gives a move, and the book move a level plays.

A book's marks are words (:class:`~gomoku.book.BookMark`); an analysis
gives numbers.  :func:`mark_for` is the one home of the bridge: the mover's
win rate after the move (:meth:`~gomoku.ai.result.SearchResult.win_rate`,
the same curve the review and the live analysis read) cut into five bands by
the thresholds below.  ``tools/make_book.py`` marks the built-in book so.

:func:`book_choice` is what a level that reads the book plays from it: a
winning move if the book knows one, else a good one, drawn with the
player's own seeded random numbers (a fixed-seed game stays the same game);
never a bad, losing, even or unmarked move, and never an illegal one (a
renju book read on a board where the point is forbidden for black).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from gomoku.ai.result import SearchResult
from gomoku.board import Board
from gomoku.book import BookMark, BookPosition
from gomoku.point import Point

#: The mover's win rate from which a move is marked ``winning``: past the 88% of a "clear edge"
#: (:data:`~gomoku.ai.result.HARD_EVAL_SCALE`), where hard's scores ran when one side was clearly ahead
#: (83-95% in normal-vs-easy games); a proven forced win is 100%.
WINNING_RATE = 0.90
#: From here a move is ``good``: hard's balanced middlegames ran at 60-65% for the side ahead, so 60% is an
#: edge worth playing for and 40-60% is ``even``.
GOOD_RATE = 0.60
#: From here (up to :data:`GOOD_RATE`) a move is ``even``: the mirror of :data:`GOOD_RATE`.
EVEN_RATE = 0.40
#: From here (up to :data:`EVEN_RATE`) a move is ``bad``; below it ``losing``: the mirror of
#: :data:`WINNING_RATE`.
BAD_RATE = 0.10

#: The marks a level that reads the book plays, best first: it plays the best mark the position has.
PLAYED_MARKS = (BookMark.WINNING, BookMark.GOOD)

#: What a player that reads a book asks it: what the book knows of a board's position (``None``: nothing).
BookLookup = Callable[[Board], "BookPosition | None"]


@runtime_checkable
class ReadsBook(Protocol):
    """A player that plays from an opening book (``strong`` and up: :attr:`gomoku.ai.Level.reads_book`)."""

    def from_book(self, position: BookPosition | None, board: Board) -> SearchResult | None:
        """Its book move on ``board`` from what the book knows there (:func:`book_choice`); ``None``: none."""
        ...


def mark_for(rate: float) -> BookMark:
    """The book's mark for a move after which the mover's win rate is ``rate`` (0..1)."""
    if rate >= WINNING_RATE:
        return BookMark.WINNING
    if rate >= GOOD_RATE:
        return BookMark.GOOD
    if rate >= EVEN_RATE:
        return BookMark.EVEN
    if rate >= BAD_RATE:
        return BookMark.BAD
    return BookMark.LOSING


def mark_of_result(result: SearchResult, scale: float) -> BookMark | None:
    """The mark of an analysed move (``result``'s value is the mover's, on the analyst's ``scale``);
    ``None`` when the move was not valued exactly (a bound says too little to mark it)."""
    rate = result.win_rate(scale)
    if rate is None or (result.win_in is None and not result.exact):
        return None
    return mark_for(rate)


def book_choice(position: BookPosition | None, board: Board, rng: random.Random) -> Point | None:
    """The book move a level plays on ``board``: one of the best-marked of :data:`PLAYED_MARKS`, legal there,
    drawn with ``rng``; ``None`` when the book has none (the level then searches)."""
    if position is None or board.is_game_over():
        return None
    for mark in PLAYED_MARKS:
        moves = [move.point for move in position.moves if move.mark is mark and board.is_legal(move.point)]
        if moves:
            return moves[0] if len(moves) == 1 else rng.choice(moves)
    return None


__all__ = [
    "BAD_RATE",
    "EVEN_RATE",
    "GOOD_RATE",
    "PLAYED_MARKS",
    "WINNING_RATE",
    "BookLookup",
    "ReadsBook",
    "book_choice",
    "mark_for",
    "mark_of_result",
]
