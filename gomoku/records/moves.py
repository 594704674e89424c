"""Plain move lists: renju notation separated by spaces, commas or semicolons (``h8 i9, j10``), black first."""

from __future__ import annotations

import re

from gomoku.i18n import _
from gomoku.point import Point, parse_point, to_notation
from gomoku.records.record import MAX_POINT_TEXT, GameRecord, RecordError, cut
from gomoku.rules import Rule


def parse_moves(text: str, size: int = 15) -> list[Point]:
    """The moves written in renju notation in ``text`` (``"h8 i9, j10"``), black first."""
    moves = []
    for number, word in enumerate(re.split(r"[\s,;]+", text.strip()), 1):
        if not word:
            continue
        where = _("move {number}").format(number=number)
        if len(word) > MAX_POINT_TEXT:
            not_point = _("{text} is not a point: write a column then a row, like h8").format(text=repr(cut(word)))
            raise RecordError(not_point, where)
        try:
            moves.append(parse_point(word, size))
        except ValueError as error:
            raise RecordError(str(error), where) from None
    return moves


def format_moves(moves: list[Point] | tuple[Point, ...], size: int = 15) -> str:
    """``moves`` in renju notation, separated by spaces."""
    return " ".join(to_notation(move, size) for move in moves)


def read_move_list(text: str, size: int = 15, rule: Rule = Rule.FREESTYLE) -> GameRecord:
    """A record from a plain move list; the moves are checked on a board."""
    board = GameRecord(size, rule, tuple(parse_moves(text, size))).to_board()
    return GameRecord.from_board(board)


def write_move_list(record: GameRecord) -> str:
    """``record``'s moves as a move list file: one line."""
    return format_moves(record.moves, record.size) + "\n"
