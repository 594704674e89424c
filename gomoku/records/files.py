"""Record files: the :class:`Format` enum, the format of a file, and reading or writing one whole.

A file's format is its suffix (``.sgf``, ``.psq``); a file with another name
is told by how it starts (``(`` SGF, ``Piskvorky`` .psq, ``{`` one of the
game's own kept games), and anything else is a move list.  Reading checks
everything and raises :class:`~gomoku.records.record.RecordError` with the
file in :attr:`~gomoku.records.record.RecordError.path`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from pathlib import Path

from gomoku.i18n import _, os_error_text
from gomoku.puzzles import Puzzle
from gomoku.records.moves import read_move_list, write_move_list
from gomoku.records.psq import read_psq, write_psq
from gomoku.records.puzzle import FIRST_LINE, read_puzzle_text, write_puzzle_text
from gomoku.records.record import GameRecord, RecordError
from gomoku.records.save import read_save
from gomoku.records.sgf import read_sgf, read_sgf_puzzle, write_sgf, write_sgf_puzzle
from gomoku.rules import Rule
from gomoku.userdirs import atomic_write_text

#: The largest record file read: a 25x25 game is a few kilobytes; SGF from other programs
#: may carry long comments and variations, but 16 MB is no game record.
MAX_RECORD_BYTES = 16 << 20


class Format(enum.Enum):
    """The formats a record file can be in."""

    SGF = "sgf"
    PSQ = "psq"
    #: A plain move list (``h8 i9 j10``): any file that is none of the others.
    MOVES = "moves"
    #: One of the game's own kept games (:mod:`gomoku.savegame`): read, never written as a record.
    SAVE = "save"
    #: A puzzle in the plain-text form (:mod:`gomoku.records.puzzle`): a position, not a game.
    PUZZLE = "puzzle"

    @property
    def suffix(self) -> str:
        """The file suffix that names the format (``""``: none does)."""
        return _SUFFIXES.get(self, "")


_SUFFIXES = {Format.SGF: ".sgf", Format.PSQ: ".psq", Format.PUZZLE: ".puzzle"}
#: How each format's text starts, for a file whose name does not say.
_STARTS = {"(": Format.SGF, "Piskvorky": Format.PSQ, "{": Format.SAVE, FIRST_LINE: Format.PUZZLE}


def format_of(path: Path | str, text: str | None = None) -> Format:
    """The format of a record file: by its suffix, else by how its ``text`` starts; a move list otherwise."""
    suffix = Path(path).suffix.lower()
    for kind, named in _SUFFIXES.items():
        if suffix == named:
            return kind
    if text is not None:
        start = text.lstrip("\ufeff \t\r\n")
        for opening, kind in _STARTS.items():
            if start.startswith(opening):
                return kind
    return Format.MOVES


def _readers(rule: Rule, size: int) -> dict[Format, Callable[[str], GameRecord]]:
    """Each format's reader; ``rule`` and ``size`` serve the formats that do not say."""
    return {
        Format.SGF: read_sgf,
        Format.PSQ: lambda text: read_psq(text, rule),
        Format.MOVES: lambda text: read_move_list(text, size, rule),
        Format.SAVE: read_save,
        Format.PUZZLE: _not_a_game,
    }


def _not_a_game(text: str) -> GameRecord:
    """A puzzle file read as a game record: it holds a position, not a game."""
    raise RecordError(_("this is a puzzle, not a game record: open it with --solve"))


#: Each format's writer; a kept game is not written as a record, so a name that says no format gets a move list.
_WRITERS: dict[Format, Callable[[GameRecord], str]] = {
    Format.SGF: write_sgf,
    Format.PSQ: write_psq,
    Format.MOVES: write_move_list,
}


def read_record(path: Path | str, rule: Rule = Rule.FREESTYLE, size: int = 15) -> GameRecord:
    """The record in the file at ``path``; ``rule`` and ``size`` serve formats that lack them.

    Raises :class:`RecordError` for a file that cannot be read or parsed,
    with the file in :attr:`~RecordError.path`.
    """
    path = Path(path)
    text = read_text(path)
    try:
        return _readers(rule, size)[format_of(path, text)](text)
    except RecordError as error:
        raise error.in_file(str(path)) from None


def read_text(path: Path) -> str:
    """The text of the record file at ``path``, line ends as text mode reads them; :class:`RecordError` if it
    cannot be read, is far too big, or is not UTF-8 text."""
    where = str(path)
    raw = read_bytes(path, MAX_RECORD_BYTES, _("over {size} MB, far too big for a game record"))
    try:
        text = raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")  # as text mode reads it
    except UnicodeDecodeError:
        raise RecordError(_("not a text file (expected UTF-8 SGF, .psq or moves)"), path=where) from None
    return text


def read_bytes(path: Path, most: int, too_big: str) -> bytes:
    """The bytes of the file at ``path``; :class:`RecordError` if it cannot be read, or holds more than ``most``
    bytes (``too_big`` says so, its ``{size}`` the limit in MB): reading stops there, whatever the file's size."""
    try:
        with path.open("rb") as stream:
            raw = stream.read(most + 1)
    except OSError as error:
        reason = os_error_text(error)
        raise RecordError(_("cannot read it ({reason})").format(reason=reason), path=str(path)) from None
    if len(raw) > most:
        raise RecordError(too_big.format(size=most >> 20), path=str(path))
    return raw


def read_puzzle(path: Path | str, rule: Rule = Rule.FREESTYLE, size: int = 15) -> Puzzle:
    """The puzzle in the file at ``path``: the plain-text form, an SGF (set-up stones and the solution, or a
    game's final position), or any other record's final position; ``rule`` and ``size`` serve formats that
    lack them.  Raises :class:`RecordError` with the file in :attr:`~RecordError.path`.
    """
    path = Path(path)
    text = read_text(path)
    kind = format_of(path, text)
    try:
        if kind is Format.PUZZLE:
            return read_puzzle_text(text)
        if kind is Format.SGF:
            return read_sgf_puzzle(text)
        board = _readers(rule, size)[kind](text).to_board()
        if board.outcome is not None:
            ended = _("the game is over ({outcome}): there is nothing left to solve")
            raise RecordError(ended.format(outcome=board.outcome.said(board.size)))
    except RecordError as error:
        raise error.in_file(str(path)) from None
    return Puzzle.from_board(board, source=path.name)


def write_puzzle(path: Path | str, puzzle: Puzzle) -> None:
    """Write ``puzzle`` to ``path`` atomically: SGF for ``.sgf``, the plain-text form for any other name."""
    path = Path(path)
    text = write_sgf_puzzle(puzzle) if format_of(path) is Format.SGF else write_puzzle_text(puzzle)
    atomic_write_text(path, text, private=False)


def write_record(path: Path | str, record: GameRecord) -> None:
    """Write ``record`` to ``path`` atomically, in the format its suffix names.

    ``.sgf`` and ``.psq`` as such; any other name gets a plain move list.
    """
    path = Path(path)
    atomic_write_text(path, _WRITERS.get(format_of(path), write_move_list)(record), private=False)
