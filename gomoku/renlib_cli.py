"""The ``--import-lib`` front end: a RenLib library read, turned into book positions, merged into a book file.

``python -m gomoku --import-lib FILE.lib [--output BOOK]`` reads the library
(:mod:`gomoku.records.renlib`), makes a book of its lines under ``--rule``
(renju by default), merges it into the player's own book for that rule and size
(the one the game reads, :func:`gomoku.books.own_book_path`), or into the book
file ``BOOK`` (made if it does not exist; the library's marks and comments win where both have one), and prints
what it read and added.  A library or a book that cannot be read is said on
stderr with exit status 2, and nothing is written.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from gomoku.book import Book, BookError
from gomoku.books import own_book_path
from gomoku.i18n import N_plural, _, ngettext, os_error_text
from gomoku.records import RecordError
from gomoku.records.book import read_book, write_book
from gomoku.records.renlib import DEFAULT_ENCODING, SIZE, import_renlib, read_renlib_file
from gomoku.rules import Rule
from gomoku.userdirs import atomic_write_text

#: The exit status of a library or a book that cannot be read (as argparse's for a bad command line).
BROKEN_FILE = 2
#: What the book could not hold, said when there is some: moves RenLib marked, board texts, moves the rule
#: refuses, passes (:class:`~gomoku.records.renlib.RenlibImport` counts them).
_MARKS_LEFT = N_plural(
    "{count} marked move put in without a mark: RenLib's marks are bookmarks, not judgements",
    "{count} marked moves put in without a mark: RenLib's marks are bookmarks, not judgements",
)
_BOARD_TEXTS_LEFT = N_plural(
    "{count} board text left out: a book has no labels", "{count} board texts left out: a book has no labels"
)
_REFUSED_LEFT = N_plural(
    "{count} move left out, with the moves after it: the rule refuses it",
    "{count} moves left out, with the moves after them: the rule refuses them",
)
_PASSES_LEFT = N_plural(
    "{count} move left out: a pass or after one (a book's stones say whose move it is)",
    "{count} moves left out: passes and the moves after them (a book's stones say whose move it is)",
)


def run_import(
    path: str,
    output: str | None,
    rule: Rule | None = None,
    encoding: str | None = None,
    size: int | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Import the library at ``path`` (comments in the code page ``encoding``, Windows-1252 by default) into the
    book file ``output`` (``None``: the player's own book) for ``rule`` (renju) on ``size`` (15; a larger board
    has the library's at its centre); returns the exit status (0 done, 2 a file cannot be read or written)."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        library = read_renlib_file(path, encoding or DEFAULT_ENCODING)
    except RecordError as error:
        print(f"gomoku: {error}", file=err)
        return BROKEN_FILE
    try:
        imported = import_renlib(library, rule or Rule.RENJU, size or SIZE)
    except BookError as error:
        print(f"gomoku: {error}", file=err)
        return BROKEN_FILE
    target = Path(output) if output is not None else own_book_path(imported.book.rule, imported.book.size)
    try:
        book = _read_book(target, imported.book)
        before = len(book)
        book.merge(imported.book)
        atomic_write_text(target, write_book(book), private=False)
    except (RecordError, BookError) as error:
        print(f"gomoku: {error}", file=err)
        print("gomoku: " + _("nothing was written"), file=err)
        return BROKEN_FILE
    except OSError as error:
        problem = _("cannot write it ({reason})").format(reason=os_error_text(error))
        print(f"gomoku: {RecordError(problem, path=str(target))}", file=err)
        return BROKEN_FILE
    name = Path(path).name
    lines = [
        ngettext(
            "{file}: {count} move read into the book", "{file}: {count} moves read into the book", imported.moves
        ).format(file=name, count=imported.moves),
        ngettext("{count} comment kept", "{count} comments kept", imported.comments).format(count=imported.comments),
    ]
    for count, forms in (
        (imported.marks, _MARKS_LEFT),
        (imported.board_texts, _BOARD_TEXTS_LEFT),
        (imported.refused, _REFUSED_LEFT),
        (imported.after_pass, _PASSES_LEFT),
    ):
        if count:
            lines.append(ngettext(*forms, count).format(count=count))
    if library.note():
        lines.append(library.note())
    new = len(book) - before
    lines.append(
        ngettext(
            "the book {file} now knows {count} position ({new} new)",
            "the book {file} now knows {count} positions ({new} new)",
            len(book),
        ).format(file=target, count=len(book), new=new)
    )
    out.write("\n".join(lines) + "\n")
    return 0


def _read_book(path: Path, imported: Book) -> Book:
    """The book already in the file at ``path``, or a new one for the imported book's rule and size."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Book(imported.rule, imported.size)
    except (OSError, UnicodeDecodeError) as error:
        reason = os_error_text(error) if isinstance(error, OSError) else _("not UTF-8 text")
        raise RecordError(_("cannot read it ({reason})").format(reason=reason), path=str(path)) from None
    try:
        return read_book(text)
    except RecordError as error:
        raise error.in_file(str(path)) from None
