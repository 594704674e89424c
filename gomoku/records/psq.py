"""Piskvork ``.psq`` files: the moves with the time each took, and the players.

A header ``Piskvorky 15x15, 0:0, 0``, then one ``x,y,time`` line per move
(1-based, ``x`` the column, time in ms), then optionally the two players (a
brain file for a computer Piskvork can run; for anyone else a line starting
``homo-``, which Piskvork reads as a human, and we follow with the name:
``homo-1 Ann``), then a status number.  The format has no rule and no result:
the reader takes the rule as an argument and works the result out from the
moves.
"""

from __future__ import annotations

import re

from gomoku.board import Board
from gomoku.i18n import _
from gomoku.point import Point
from gomoku.records.record import GameRecord, RecordError, board_size, cut, play_recorded, whole_number
from gomoku.rules import Rule

#: The name Piskvork writes for a human player (``homo-1`` is the first player); it
#: reads any line starting so as a human, and any other as a brain file to run.
PSQ_HUMAN = "homo-"
_PSQ_HUMAN_LINE = re.compile(r"homo-\d*\s*", re.IGNORECASE)
_PSQ_BRAIN = re.compile(r"(?:.*[\\/])?pbrain-.*|.*\.exe", re.IGNORECASE)

_PSQ_HEADER = re.compile(r"Piskvorky\s+(\d+)\s*x\s*(\d+)\s*(?:,\s*(-?\d+)\s*:\s*(-?\d+)\s*,\s*(\d+))?")
_PSQ_MOVE = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*(?:,\s*(-?\d+)\s*)?")
_PSQ_NUMBER = re.compile(r"\s*-?\d+\s*")
_PSQ_MOVE_START = re.compile(r"\s*-?\d+\s*,")


def read_psq(text: str, rule: Rule = Rule.FREESTYLE) -> GameRecord:
    """A record from a Piskvork ``.psq`` file, played under ``rule`` (the file does not say)."""
    lines = text.lstrip("\ufeff").splitlines()
    while lines and not lines[0].strip():
        lines.pop(0)
    header = _PSQ_HEADER.match(lines[0].strip()) if lines else None
    if header is None:
        raise RecordError(_("not a Piskvork .psq file: line 1 must be like 'Piskvorky 15x15, 0:0, 0'"))
    first = _("line {number}").format(number=1)
    width, height = whole_number(header.group(1), first), whole_number(header.group(2), first)
    if width != height:
        rectangular = _("{width}x{height} is rectangular: only square boards are supported")
        raise RecordError(rectangular.format(width=width, height=height), first)
    size = board_size(width, first)
    swapped = header.group(5) == "1"
    moves: list[Point] = []
    move_lines: list[int] = []
    times: list[float | None] = []
    index = 1
    while index < len(lines):
        line = lines[index]
        match = _PSQ_MOVE.fullmatch(line)
        if match is None:
            if not line.strip():
                index += 1
                continue
            _check_psq_trailer(lines, index)
            break
        where = _("line {number}").format(number=index + 1)
        x, y = whole_number(match.group(1), where) - 1, whole_number(match.group(2), where) - 1
        if not (0 <= x < size and 0 <= y < size):
            raise RecordError(
                _("{text} is off the {size}x{size} board (.psq points are 1 to {size})").format(
                    text=repr(cut(line.strip())), size=size
                ),
                where,
            )
        moves.append(Point(x, y))
        move_lines.append(index + 1)
        milliseconds = whole_number(match.group(3), where) if match.group(3) is not None else None
        times.append(milliseconds / 1000 if milliseconds is not None and milliseconds >= 0 else None)
        index += 1
    trailer = [line.strip() for line in lines[index:] if line.strip()]
    names = ["", ""]
    if len(trailer) >= 2 and not _PSQ_NUMBER.fullmatch(trailer[0]) and not _PSQ_NUMBER.fullmatch(trailer[1]):
        names = [_psq_player(line) for line in trailer[:2]]
    black, white = (names[1], names[0]) if swapped else (names[0], names[1])
    board = Board(size, rule)
    for move, line_number in zip(moves, move_lines):
        where = _("line {line} (move {number})").format(line=line_number, number=len(board.moves) + 1)
        play_recorded(board, move, where)
    return GameRecord.from_board(board, black=black, white=white).with_times(tuple(times))


def _check_psq_trailer(lines: list[str], index: int) -> None:
    """The moves end at ``lines[index]``: it must be the trailer (names, a status number), not a broken move.

    A line that starts like a move (``8,``) or is followed by more moves is a
    move that cannot be read: the record would silently lose every move after it.
    """
    line = lines[index]
    later = any(_PSQ_MOVE.fullmatch(rest) for rest in lines[index + 1 :])
    if _PSQ_MOVE_START.match(line) or later:
        raise RecordError(
            _("{text} is not a move: write x,y,time like 8,8,0").format(text=repr(cut(line.strip()))),
            _("line {number}").format(number=index + 1),
        )


def _psq_player(line: str) -> str:
    """A player's name from a .psq player line: ``homo-1 Ann`` is Ann, ``homo-1`` nobody, else the brain."""
    human = _PSQ_HUMAN_LINE.match(line)
    return line[human.end() :] if human else line


def _psq_player_line(name: str, number: int) -> str:
    """The .psq line of a player: a brain file as it is, anyone else as a human Piskvork will not try to run."""
    name = _one_line(name)
    if _PSQ_BRAIN.fullmatch(name):
        return name
    return f"{PSQ_HUMAN}{number} {name}" if name else f"{PSQ_HUMAN}{number}"


def write_psq(record: GameRecord) -> str:
    """``record`` as a Piskvork ``.psq`` file (each move's time in ms, 0 where unknown).

    The players are written when the record names one: a brain file
    (``pbrain-*``, ``*.exe``) as it is, any other name after ``homo-1`` or
    ``homo-2`` (``homo-1 Ann``), which Piskvork reads as a human rather
    than as a brain to load; :func:`read_psq` reads the name back.
    """
    lines = [f"Piskvorky {record.size}x{record.size}, 0:0, 0"]
    times = list(record.move_times) + [None] * (len(record.moves) - len(record.move_times))
    lines += [
        f"{move.x + 1},{move.y + 1},{round(spent * 1000) if spent is not None else 0}"
        for move, spent in zip(record.moves, times)
    ]
    if record.black or record.white:
        lines.append(_psq_player_line(record.black, 1))
        lines.append(_psq_player_line(record.white, 2))
    lines.append("-1")
    return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    return " ".join(text.split())
