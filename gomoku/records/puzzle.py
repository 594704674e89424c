"""The plain-text puzzle form: a first line ``gomoku puzzle``, header lines, and the board drawn as a diagram.

::

    gomoku puzzle
    name: Two fours
    rule: freestyle
    to move: black
    goal: fours
    solution: k8 i6 k7 k9 l7

    15 . . . . . . . . . . . . . . .
    ...
     1 . . . . . . . . . . . . . . .
       a b c d e f g h i j k l m n o

Header lines are ``key: value`` (the keys in English, any order, each at most
once): ``rule`` (``freestyle``, ``standard``, ``renju``, ``caro``; default
freestyle), ``to move`` (``black`` or ``white``; default: black when both
have as many stones), ``goal`` (a :class:`~gomoku.puzzles.Goal` value:
``fours``, ``fours and threes``, ``defence``, ``forbidden``; default fours
and threes), ``solution`` (the main line in renju notation, the side to move
first), ``name`` and ``source``.  The diagram is the whole board, top row
first: ``X`` black, ``O`` white, ``.`` empty, with or without the row numbers
and the column letters that ``str(board)`` prints; its rows give the size.
``id`` (a short stable name, ``f-0123``) and ``grade`` (the puzzle's starting
rating, a whole number such as ``1500``) serve collections.  Blank lines and
lines starting with ``#`` are skipped.

A *collection* is several puzzles in one file, one after another, each
starting with its own ``gomoku puzzle`` line (:func:`read_puzzles_text`,
:func:`write_puzzles_text`); an error names the puzzle's number and the line
in the file, and no two puzzles may share an id.  ``docs/puzzles.md``
describes both for players.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TypeVar

from gomoku.i18n import _
from gomoku.point import MAX_SIZE, MIN_SIZE, Point
from gomoku.puzzles import Goal, Puzzle, PuzzleError, check_id, parse_grade
from gomoku.records.moves import format_moves, parse_moves
from gomoku.records.record import RecordError, content_lines, cut
from gomoku.rules import Rule, Stone

#: The first line of the form, which says what the file is.
FIRST_LINE = "gomoku puzzle"
#: The header keys, in the order the writer writes them.
KEYS = ("id", "name", "source", "rule", "to move", "goal", "grade", "solution")
_COLOURS = {"black": Stone.BLACK, "white": Stone.WHITE}
_STONES = {"X": Stone.BLACK, "O": Stone.WHITE}
_HEADER = re.compile(r"([a-z ]+?)\s*:\s*(.*)")
_ROW = re.compile(r"\s*\d*\s*([XO.](?:\s*[XO.])*)\s*")
_LETTERS = re.compile(r"\s*[a-z](?:\s+[a-z])*\s*")


def read_puzzle_text(text: str) -> Puzzle:
    """A puzzle from the plain-text form; :class:`RecordError` names the line of what is wrong."""
    lines = _lines(text)
    starts = _starts(lines)
    if len(starts) > 1:
        raise RecordError(_("this file is a collection of puzzles: open one of them at a time"))
    return _read_one(lines, 1)


def read_puzzles_text(text: str) -> tuple[Puzzle, ...]:
    """The puzzles of a collection, in order: each in the plain-text form, starting with its ``gomoku puzzle``
    line.  :class:`RecordError` names the puzzle's number and the line in the text of what is wrong, a text
    with no puzzle, and two puzzles with the same id."""
    lines = _lines(text)
    starts = _starts(lines)
    if not starts:
        raise RecordError(_not_a_puzzle())
    for _nothing in content_lines(lines[: starts[0]], FIRST_LINE, _not_a_puzzle()):
        pass  # only blank lines and comments before the first puzzle's own first line: the check is the reading
    puzzles: list[Puzzle] = []
    ids: dict[str, int] = {}
    for number, (start, end) in enumerate(zip(starts, starts[1:] + [len(lines) + 1]), 1):
        try:
            puzzle = _read_one(lines[start - 1 : end - 1], start)
            if puzzle.id in ids:
                problem = _("the id {id} is puzzle {number}'s already: each puzzle needs its own")
                raise RecordError(problem.format(id=repr(puzzle.id), number=ids[puzzle.id]))
        except RecordError as error:
            where = error.where or _("line {line}").format(line=start)
            # i18n: which puzzle of a collection, then where in the file: "puzzle 3, line 45"
            raise RecordError(error.problem, _("puzzle {number}, {where}").format(number=number, where=where)) from None
        if puzzle.id:
            ids[puzzle.id] = number
        puzzles.append(puzzle)
    return tuple(puzzles)


def _not_a_puzzle() -> str:
    """What a text that does not begin as a puzzle is told (in the language in use)."""
    return _("not a puzzle: the first line must be '{first}'").format(first=FIRST_LINE)


def _lines(text: str) -> list[str]:
    """The lines of a text, a byte-order mark dropped."""
    return text.lstrip("\ufeff").split("\n")


def _starts(lines: list[str]) -> list[int]:
    """The numbers (from 1) of the lines that start a puzzle."""
    return [number for number, line in enumerate(lines, 1) if line.strip().lower() == FIRST_LINE]


def _read_one(lines: list[str], first_number: int) -> Puzzle:
    """The puzzle in ``lines``, whose first is line ``first_number`` of its text (for the errors)."""
    header: dict[str, str] = {}
    #: where each header line is, for the errors that concern one line
    places: dict[str, str] = {}
    rows: list[str] = []
    for line, where in content_lines(lines, FIRST_LINE, _not_a_puzzle(), first_number):
        if _ROW.fullmatch(line):
            rows.append(re.sub(r"[\s\d]", "", line))
            continue
        if rows and _LETTERS.fullmatch(line):
            continue
        found = _HEADER.fullmatch(line)
        key = found.group(1).lower() if found else ""
        if found is None or key not in KEYS:
            keys = ", ".join(KEYS)
            problem = _("{text} is neither a header line ({keys}) nor a row of the board (X, O and .)")
            raise RecordError(problem.format(text=repr(cut(line)), keys=keys), where)
        if key in header:
            raise RecordError(_("{key} is given twice").format(key=repr(key)), where)
        if rows:
            raise RecordError(_("header lines come before the board"), where)
        header[key] = found.group(2).strip()
        places[key] = where
    size = len(rows)
    if not MIN_SIZE <= size <= MAX_SIZE or any(len(row) != size for row in rows):
        problem = _("the board must be drawn whole: {low} to {high} rows, each with as many points as rows")
        raise RecordError(problem.format(low=MIN_SIZE, high=MAX_SIZE))
    # the stones straight from the rows (top row first), as Board.from_diagram reads them: a collection is read
    # whole, and each board built costs its tables (the puzzle's check below builds the one it needs)
    stones = tuple(
        (Point(x, y), _STONES[mark]) for y, row in enumerate(rows) for x, mark in enumerate(row) if mark in _STONES
    )
    rule = _choice(header, "rule", {rule.value: rule for rule in Rule}, Rule.FREESTYLE)
    goal = _choice(header, "goal", {goal.value: goal for goal in Goal}, Goal.THREES)
    blacks = sum(1 for _point, stone in stones if stone is Stone.BLACK)
    turn = _choice(header, "to move", _COLOURS, Stone.BLACK if 2 * blacks <= len(stones) else Stone.WHITE)
    solution = tuple(parse_moves(header.get("solution", ""), size))
    name, source = header.get("name", ""), header.get("source", "")
    ident = _checked(check_id, header, places, "id", "")
    grade = _checked(parse_grade, header, places, "grade", None)
    try:
        return Puzzle(stones, turn, rule, size, goal, solution, name, source, ident, grade).checked()
    except PuzzleError as error:
        raise RecordError(str(error), places.get("solution", "")) from None


_Value = TypeVar("_Value")
_Default = TypeVar("_Default")


def _checked(
    parse: Callable[[str], _Value], header: dict[str, str], places: dict[str, str], key: str, default: _Default
) -> _Value | _Default:
    """The value of header line ``key`` as ``parse`` reads it, ``default`` without one; an error names its line."""
    if key not in header:
        return default
    try:
        return parse(header[key])
    except PuzzleError as error:
        raise RecordError(str(error), places[key]) from None


def _choice(header: dict[str, str], key: str, values: dict[str, _Value], default: _Value) -> _Value:
    """The value a header line names, from ``values``; ``default`` when the line is absent."""
    if key not in header:
        return default
    text = header[key].lower()
    if text not in values:
        names = ", ".join(values)
        raise RecordError(_("{key}: {value} is not one of {names}").format(key=key, value=repr(cut(text)), names=names))
    return values[text]


def write_puzzle_text(puzzle: Puzzle) -> str:
    """``puzzle`` in the plain-text form."""
    values = {
        "name": puzzle.name,
        "source": puzzle.source,
        "rule": puzzle.rule.value,
        "to move": str(puzzle.turn),
        "goal": puzzle.goal.value,
        "solution": format_moves(puzzle.solution, puzzle.size),
        "id": puzzle.id,
        "grade": "" if puzzle.grade is None else str(puzzle.grade),
    }
    lines = [FIRST_LINE] + [f"{key}: {values[key]}" for key in KEYS if values[key]]
    return "\n".join(lines) + "\n\n" + str(puzzle.board()) + "\n"


def write_puzzles_text(puzzles: Iterable[Puzzle]) -> str:
    """``puzzles`` as a collection: each in the plain-text form, a blank line between them."""
    return "\n".join(write_puzzle_text(puzzle) for puzzle in puzzles)
