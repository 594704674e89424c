"""The books a session reads: the built-in opening book and the player's own, by rule and board size.

The built-in book is package data, ``gomoku/data/book-<rule>.txt`` (renju,
standard and freestyle on 15x15), made by ``tools/make_book.py`` by
analysis; it is read through :mod:`importlib.resources`, as the built-in
puzzles are.  The player's own book is a file of the same plain-text form
in the data folder, ``book-<rule>-<size>.txt`` (:func:`own_book_path`),
written by the marks and comments the replay and analysis screens make.

A :class:`Library` is a value: reading it changes nothing, and a mark or a
comment gives a new library (:meth:`Library.marked`, :meth:`Library.commented`)
whose shelf for that game has the player's book changed, copied first, so a
screen holding the old library sees the old book.  What is shown for a
position is the two books merged, the player's marks and comments over the
built-in ones (:meth:`~gomoku.book.Book.merge`).

A player's book file that cannot be read is said (:attr:`Library.problems`)
and left where it is while play goes on without it; the first edit of that
game's book keeps it aside (``book-renju-15.txt.corrupt-<UTC time>``)
before writing the new one, so nothing the player wrote is lost.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from importlib import resources
from pathlib import Path

from gomoku.board import Board
from gomoku.book import Book, BookMark, BookMove, BookPosition
from gomoku.i18n import _
from gomoku.point import Point
from gomoku.records.book import read_book, write_book, write_sgf_book
from gomoku.records.record import RecordError
from gomoku.rules import Rule
from gomoku.userdirs import atomic_write_text, data_dir

#: Where the built-in books live inside the package (``pyproject.toml`` ships ``data/*.txt``).
BUILTIN_FOLDER = "data"
#: The board size the built-in books are for (the canonical openings are 15x15 shapes).
BUILTIN_SIZE = 15
#: A player's book file: ``book-<rule>-<size>.txt`` in the data folder.
_OWN_NAME = re.compile(r"book-([a-z]+)-(\d{1,2})\.txt")
#: The order a mark key goes round the marks (``none`` takes the player's mark away).
MARK_CYCLE = (BookMark.GOOD, BookMark.BAD, BookMark.WINNING, BookMark.LOSING, BookMark.EVEN, BookMark.NONE)

#: A game's books are found by its rule and board size.
Game = tuple[Rule, int]


def builtin_name(rule: Rule) -> str:
    """The file name of ``rule``'s built-in book (``tools/make_book.py`` writes the same name)."""
    return f"book-{rule.value}.txt"


@functools.cache
def builtin_book(rule: Rule, size: int) -> Book:
    """The built-in book for ``rule`` on ``size`` (empty where none is shipped); read once.

    A broken built-in file is a packaging bug: :class:`~gomoku.records.RecordError` says where, and the tests
    read every shipped book so none ships.
    """
    if size != BUILTIN_SIZE:
        return Book(rule, size)
    place = resources.files("gomoku").joinpath(BUILTIN_FOLDER).joinpath(builtin_name(rule))
    if not place.is_file():
        return Book(rule, size)
    try:
        return read_book(place.read_text(encoding="utf-8"))
    except RecordError as error:
        raise error.in_file(f"gomoku/{BUILTIN_FOLDER}/{builtin_name(rule)}") from None


def own_book_path(rule: Rule, size: int, folder: Path | None = None) -> Path:
    """Where the player's own book for ``rule`` on ``size`` is kept (``folder``: the data folder by default)."""
    return (folder if folder is not None else data_dir()) / f"book-{rule.value}-{size}.txt"


def _copy(book: Book) -> Book:
    """A book equal to ``book`` that can be changed without changing it."""
    copy = Book(book.rule, book.size)
    copy.merge(book)
    return copy


@dataclass(frozen=True)
class Shelf:
    """One game's books: the built-in one, the player's own, and the two merged (what is shown)."""

    builtin: Book
    own: Book
    #: where the player's book is kept
    path: Path
    #: why the player's file could not be read (``""``: it could, or there is none); kept aside on the first save
    damaged: str = ""

    @functools.cached_property
    def merged(self) -> Book:
        """The built-in book with the player's over it: their marks and comments win."""
        book = _copy(self.builtin)
        book.merge(self.own)
        return book


@dataclass(frozen=True)
class Library:
    """The books of every game the session met, by rule and board size (see the module's text)."""

    shelves: Mapping[Game, Shelf] = field(default_factory=dict)
    #: the data folder the player's books are in (``None``: the user's data folder)
    folder: Path | None = None
    #: what could not be read, one sentence each (a damaged book of the player's), for the message line
    problems: tuple[str, ...] = ()

    def shelf(self, rule: Rule, size: int) -> Shelf:
        """The books of ``rule`` on ``size``: the loaded ones, else the built-in book and an empty one of the
        player's (a game the library had not met: its books are read when it is first edited)."""
        found = self.shelves.get((rule, size))
        if found is not None:
            return found
        return Shelf(builtin_book(rule, size), Book(rule, size), own_book_path(rule, size, self.folder))

    def lookup(self, board: Board) -> BookPosition | None:
        """What the books know of ``board``'s position (the player's marks over the built-in ones)."""
        shelf = self.shelves.get((board.rule, board.size))
        if shelf is None:
            return None
        return shelf.merged.lookup(board)

    def own(self, board: Board, move: Point) -> BookMove | None:
        """The player's own book's ``move`` in ``board``'s position, with their mark and comment (``None``: not in
        their book)."""
        position = self.shelf(board.rule, board.size).own.lookup(board)
        return position.move(move) if position is not None else None

    def marked(self, board: Board, move: Point, mark: BookMark) -> tuple[Library, BookSave]:
        """This library with ``mark`` on ``move`` in ``board``'s position in the player's book (``NONE`` takes
        their mark away: the move goes if it has no comment of theirs), and the save that keeps it."""
        shelf = self.shelf(board.rule, board.size)
        own = _copy(shelf.own)
        position = own.lookup(board)
        old = position.move(move) if position is not None else None
        if mark is BookMark.NONE and (old is None or not old.comment):
            own.remove(board, move)
        else:
            _join_line(own, board)
            own.set_mark(board, move, mark)
        return self._with(board, shelf, own)

    def commented(self, board: Board, move: Point | None, text: str) -> tuple[Library, BookSave]:
        """This library with ``text`` as the player's comment on ``move`` (``None``: on the position itself; an
        empty text takes it away), and the save that keeps it."""
        shelf = self.shelf(board.rule, board.size)
        own = _copy(shelf.own)
        if text.strip():
            _join_line(own, board)
        own.set_comment(board, move, text)
        return self._with(board, shelf, own)

    def _with(self, board: Board, shelf: Shelf, own: Book) -> tuple[Library, BookSave]:
        """This library with ``own`` as the player's book of ``shelf``, and the save that writes it (keeping a
        damaged file aside first; the new shelf's file is then the player's new one)."""
        shelves = dict(self.shelves)
        shelves[(board.rule, board.size)] = replace(shelf, own=own, damaged="")
        return replace(self, shelves=shelves), BookSave(shelf.path, write_book(own), bool(shelf.damaged))


def _join_line(own: Book, board: Board) -> None:
    """Put the moves that reached ``board`` into ``own`` (unmarked where new), so a mark made on a screen is
    written along the game's own line (``h8 h9 i9 : j10 good``) and exported as a variation from the empty
    board, not along an order of its stones the book makes up; a position set up from a diagram has no line."""
    if not board.setup:
        own.add_line(board.moves)


@dataclass(frozen=True)
class BookSave:
    """A player's book to write: where, its text, and whether the file there is damaged (kept aside first)."""

    path: Path
    text: str
    keep_aside: bool = False


#: No books at all (a state made without reading any: the tests' states).
NO_BOOKS = Library()


def load_library(folder: Path | None = None) -> Library:
    """The built-in books and the player's own from ``folder`` (the data folder by default).

    A player's file that cannot be read is said in :attr:`Library.problems`
    and left as it is; play goes on with the built-in book.
    """
    shelves: dict[Game, Shelf] = {}
    for rule in (Rule.RENJU, Rule.STANDARD, Rule.FREESTYLE):
        builtin = builtin_book(rule, BUILTIN_SIZE)
        if len(builtin):
            shelves[(rule, BUILTIN_SIZE)] = Shelf(builtin, Book(rule, BUILTIN_SIZE), own_book_path(rule, 15, folder))
    problems = []
    place = folder if folder is not None else data_dir()
    try:
        names = sorted(os.listdir(place))
    except OSError:
        names = []
    rules = {rule.value: rule for rule in Rule}
    for name in names:
        found = _OWN_NAME.fullmatch(name)
        if found is None or found.group(1) not in rules:
            continue
        rule, size = rules[found.group(1)], int(found.group(2))
        path = place / name
        builtin = builtin_book(rule, size)
        try:
            own = read_own(path, rule, size)
        except RecordError as error:
            problems.append(
                _("Your opening book {path} cannot be read ({problem}): play goes on without it.").format(
                    path=path, problem=error.detail
                )
            )
            shelves[(rule, size)] = Shelf(builtin, Book(rule, size), path, damaged=str(error))
            continue
        shelves[(rule, size)] = Shelf(builtin, own, path)
    return Library(shelves, folder, tuple(problems))


def read_own(path: Path, rule: Rule, size: int) -> Book:
    """The player's book at ``path``, which must be for ``rule`` on ``size`` (its name says so)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(str(error), path=str(path)) from None
    try:
        book = read_book(text)
    except RecordError as error:
        raise error.in_file(str(path)) from None
    if (book.rule, book.size) != (rule, size):
        raise RecordError(
            _("it is a book for {rule} on {size}x{size}, not what its name says").format(
                rule=book.rule.said(), size=book.size
            ),
            path=str(path),
        )
    return book


def save_own(save: BookSave) -> Path | None:
    """Write a player's book, keeping a damaged file aside first: the name it was kept as, else ``None``.
    Raises :class:`OSError` when the disk refuses."""
    aside = None
    if save.keep_aside and save.path.exists():
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
        aside = save.path.with_name(f"{save.path.name}.corrupt-{stamp}")
        os.replace(save.path, aside)
    save.path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(save.path, save.text, private=False)
    return aside


def export_sgf(library: Library, rule: Rule, size: int, path: Path) -> int:
    """Write the player's book of ``rule`` on ``size`` to ``path`` as SGF with variations; how many positions
    it holds.  Raises :class:`OSError` when the disk refuses."""
    own = library.shelf(rule, size).own
    atomic_write_text(path, write_sgf_book(own), private=False)
    return len(own)


__all__ = [
    "BUILTIN_SIZE",
    "MARK_CYCLE",
    "NO_BOOKS",
    "BookSave",
    "Library",
    "Shelf",
    "builtin_book",
    "builtin_name",
    "export_sgf",
    "load_library",
    "own_book_path",
    "read_own",
    "save_own",
]
