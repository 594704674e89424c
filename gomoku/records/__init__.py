"""Game records in and out: SGF, Piskvork ``.psq``, plain move lists, the game's own kept games, puzzles, books.

One module per format (:mod:`~gomoku.records.sgf`, :mod:`~gomoku.records.psq`,
:mod:`~gomoku.records.moves`, :mod:`~gomoku.records.save`, :mod:`~gomoku.records.puzzle`,
:mod:`~gomoku.records.book`), what they share in :mod:`~gomoku.records.record`
(:class:`GameRecord`, :class:`RecordError`), and whole files in :mod:`~gomoku.records.files` (:class:`Format`,
:func:`format_of`, :func:`read_record`, :func:`write_record`).  This module
is the surface the rest of the package uses::

    from gomoku.records import read_record, write_record, GameRecord

    record = read_record("game.sgf")          # or .psq, a move list, a kept game
    write_record("game.psq", record)          # the suffix names the format
    puzzle = read_puzzle("vcf.puzzle")         # a set-up position: the plain-text form, SGF, or a game's end
    puzzles = read_puzzles_text(text)          # a collection: several puzzles in the plain-text form

Readers check everything and raise :class:`RecordError` (a ``ValueError``)
whose fields say which file, where in it, and what is wrong; every move is
replayed on a :class:`~gomoku.board.Board`, so a record that loads is a legal
game.
"""

from __future__ import annotations

from gomoku.records.book import read_book, read_sgf_book, write_book, write_sgf_book
from gomoku.records.files import Format, format_of, read_puzzle, read_record, read_text, write_puzzle, write_record
from gomoku.records.moves import format_moves, parse_moves, read_move_list
from gomoku.records.psq import read_psq, write_psq
from gomoku.records.puzzle import read_puzzle_text, read_puzzles_text, write_puzzle_text, write_puzzles_text
from gomoku.records.record import GameRecord, RecordError, load_board, outcome_of, result_of, result_text, time_result
from gomoku.records.save import read_save
from gomoku.records.sgf import Variation, read_sgf, read_sgf_puzzle, write_sgf, write_sgf_puzzle

__all__ = [
    "Format",
    "GameRecord",
    "RecordError",
    "Variation",
    "format_moves",
    "format_of",
    "load_board",
    "outcome_of",
    "parse_moves",
    "read_book",
    "read_move_list",
    "read_psq",
    "read_puzzle",
    "read_puzzle_text",
    "read_puzzles_text",
    "read_record",
    "read_save",
    "read_sgf",
    "read_sgf_book",
    "read_sgf_puzzle",
    "read_text",
    "result_of",
    "result_text",
    "time_result",
    "write_book",
    "write_psq",
    "write_puzzle",
    "write_puzzle_text",
    "write_puzzles_text",
    "write_record",
    "write_sgf",
    "write_sgf_book",
    "write_sgf_puzzle",
]
