"""The ``--solve`` front end: read a position from a file, solve it, print the verdict as text or JSON.

``python -m gomoku --solve FILE`` reads a puzzle (the plain-text form of
``docs/puzzles.md``, an SGF with set-up stones) or a game record (its final
position), and prints the board and whether the side to move wins by fours,
by fours and threes, or neither within the budget
(:data:`~gomoku.puzzles.PUZZLE_READING`), with the winning line in renju
notation.  ``--json`` prints :func:`to_data` instead (English field names).
A file that cannot be read is said on stderr with exit status 2; Ctrl-C
stops the search (exit status 130).
"""

from __future__ import annotations

import json
import sys
import threading
from typing import TextIO

from gomoku.i18n import _
from gomoku.point import to_notation
from gomoku.puzzles import Puzzle, Solution, solve
from gomoku.records import RecordError, read_puzzle
from gomoku.review import WinKind
from gomoku.rules import Rule, Stone

#: The exit status of a file that cannot be read as a position (as argparse's for a bad command line).
BROKEN_FILE = 2
#: The exit status when Ctrl-C stops the search.
CANCELLED = 130


def verdict(solution: Solution, size: int) -> str:
    """The solver's answer as a sentence in the language in use ("black to move wins by fours: ...")."""
    black = solution.side is Stone.BLACK
    if solution.win is not None:
        said = _("black to move wins by {win}") if black else _("white to move wins by {win}")
        return said.format(win=solution.win.said(size, whole=True))
    if solution.proven:
        return (
            _("black to move has no win by fours or by fours and threes")
            if black
            else (_("white to move has no win by fours or by fours and threes"))
        )
    if black:
        return _("black to move: no win by fours or by fours and threes was found within the budget (not proven)")
    return _("white to move: no win by fours or by fours and threes was found within the budget (not proven)")


#: How JSON names each kind of win (English, as a program reads it).
_KINDS = {WinKind.FIVE: "five", WinKind.VCF: "fours", WinKind.VCT: "fours and threes"}


def to_data(puzzle: Puzzle, solution: Solution) -> dict[str, object]:
    """The puzzle and the solver's answer as plain data with English field names, for ``--json``."""
    size = puzzle.size
    block = solution.forbidden_block
    return {
        "size": size,
        "rule": puzzle.rule.value,
        "to_move": str(puzzle.turn),
        "goal": puzzle.goal.value,
        "name": puzzle.name,
        "source": puzzle.source,
        "stated_solution": [to_notation(point, size) for point in puzzle.solution],
        "win": None if solution.kind is None else _KINDS[solution.kind],
        "line": [to_notation(point, size) for point in solution.line],
        "proven": solution.proven,
        "forbidden_block": None if block is None else to_notation(block, size),
    }


def run_solve(
    path: str,
    rule: Rule | None = None,
    size: int | None = None,
    as_json: bool = False,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Solve the position in the file at ``path`` and print the answer; returns the exit status (0 answered,
    2 the file cannot be read, 130 stopped)."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        puzzle = read_puzzle(path, rule or Rule.FREESTYLE, size or 15)
    except RecordError as error:
        print(f"gomoku: {error}", file=err)
        return BROKEN_FILE
    stop = threading.Event()
    try:
        solution = solve(puzzle, stop=stop)
    except KeyboardInterrupt:
        stop.set()
        print("\ngomoku: " + _("solving cancelled"), file=err)
        return CANCELLED
    if as_json:
        json.dump(to_data(puzzle, solution), out, indent=1)
        out.write("\n")
        return 0
    if puzzle.name:
        out.write(puzzle.name + "\n")
    out.write(str(puzzle.board()) + "\n" + verdict(solution, puzzle.size) + "\n")
    return 0
