"""Puzzle collections: the built-in one the package ships, and a player's own files.

A collection is several puzzles in the plain-text form, one after another
(:func:`gomoku.records.read_puzzles_text`; ``docs/puzzles.md`` describes it).
The built-in collection is package data, ``gomoku/data/puzzles.txt``, made by
``tools/make_puzzles.py`` from the computer's games and proven by the threat
solvers; it is read through :mod:`importlib.resources`, so an installed wheel
(or a zip) reads it as a checkout does.  Nothing here draws anything: the
puzzle screen and the player's progress use these.

What makes a position a collection's puzzle is read here too, once for the
generator, the benchmark that re-proves every built-in puzzle and the tests:
:func:`read_goal` (the goal the side to move's shortest proven win reaches),
:func:`only_defence` (the one move that stops the opponent's forced win),
:func:`prove` (whether a puzzle's stated goal and solution hold) and
:func:`position_key` (a position the same under the board's 8 symmetries).
"""

from __future__ import annotations

import functools
import threading
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from gomoku.ai.budget import Budget
from gomoku.ai.searchboard import SearchBoard
from gomoku.ai.threats import ThreatSearch
from gomoku.board import Board
from gomoku.openings import board_symmetries
from gomoku.point import Point
from gomoku.puzzles import PUZZLE_READING, Goal, Puzzle, try_move
from gomoku.records import Format, RecordError, format_of, read_puzzle, read_puzzles_text, read_text
from gomoku.records.puzzle import FIRST_LINE
from gomoku.review import ForcedWin, ReviewSettings, WinKind, forced_win
from gomoku.rules import Rule, Stone

#: Where the built-in collection lives inside the package (``pyproject.toml`` ships it as package data).
BUILTIN_FOLDER = "data"
BUILTIN_FILE = "puzzles.txt"


@functools.cache
def builtin_puzzles() -> tuple[Puzzle, ...]:
    """The built-in collection, in its file's order; read once (the file never changes while the game runs).

    A broken built-in file is a packaging bug: :class:`~gomoku.records.RecordError` says where, and the
    tests read the file on every run so none ships.
    """
    text = resources.files("gomoku").joinpath(BUILTIN_FOLDER).joinpath(BUILTIN_FILE).read_text(encoding="utf-8")
    try:
        return read_puzzles_text(text)
    except RecordError as error:
        raise error.in_file(f"gomoku/{BUILTIN_FOLDER}/{BUILTIN_FILE}") from None


def read_collection(path: Path | str) -> tuple[Puzzle, ...]:
    """The puzzles in a player's file: a collection in the plain-text form (one or more puzzles), or any one
    puzzle :func:`~gomoku.records.read_puzzle` reads (SGF with set-up stones, a record's final position).

    Raises :class:`~gomoku.records.RecordError` with the file in its ``path``, and for a collection the
    puzzle's number and line in its ``where``.
    """
    path = Path(path)
    text = read_text(path)
    kind = format_of(path, text)
    has_puzzles = any(line.strip().lower() == FIRST_LINE for line in text.split("\n"))
    if kind is Format.PUZZLE or (kind is Format.MOVES and has_puzzles):
        try:
            return read_puzzles_text(text)
        except RecordError as error:
            raise error.in_file(str(path)) from None
    return (read_puzzle(path),)


# -- what makes a position a puzzle -------------------------------------------------------------------

#: A quick first reading, to pass over the moves that plainly lose before the puzzle reading reads the rest:
#: the review's default nodes (5,000 a search) and depth (8 threats), at most 5 s.  A win it finds is a real
#: win (the threat searcher's failures are conservative), so a move it refutes is refuted.
SCAN = ReviewSettings(nodes=5_000, vct_depth=8, read_time=5.0, refine_positions=0)


@dataclass(frozen=True)
class Found:
    """A position read as a puzzle: its goal and its solution (the shortest winning line, or the one defence)."""

    goal: Goal
    solution: tuple[Point, ...]
    #: the opponent's win the side to move must stop (a defence), or ``None``
    threat: ForcedWin | None = None


def read_goal(
    board: Board, settings: ReviewSettings = PUZZLE_READING, stop: threading.Event | None = None
) -> Found | None:
    """The attacking puzzle the position on ``board`` is: the goal its side to move's shortest proven win
    reaches, and that win's whole line; ``None`` for no win, a five already there to take, or a win by fours
    and threes when "no win by fours" is not proven (the puzzle would state a longer win than there may be).

    A win whose line stops at a four black may not block (renju, white to move) is a :attr:`Goal.FORBIDDEN`
    puzzle; under other rules such a win cannot be.
    """
    win, _proven = forced_win(board, settings, stop)
    if win is None or win.kind is WinKind.FIVE:
        return None
    if win.kind is WinKind.VCT and not _no_win_by_fours(board, settings, stop):
        return None
    whole = _whole_line(board, win, settings, stop)
    if whole is None:
        return None
    line, forbidden = whole
    if forbidden:
        return Found(Goal.FORBIDDEN, line)
    return Found(Goal.FOURS if win.kind is WinKind.VCF else Goal.THREES, line)


#: The most pieces a winning line is put together from (:func:`_whole_line`): far more than a line needs.
MOST_PIECES = 8


def _whole_line(
    board: Board, win: ForcedWin, settings: ReviewSettings, stop: threading.Event | None
) -> tuple[tuple[Point, ...], bool] | None:
    """``win``'s line carried on to the five (or to the four black may not block, then ``True``).

    The solver's line of a win by threes follows one answer each move and may stop while the winner is
    still to move (its proof stands), or where no answer matters (two open threes): the loser then blocks
    one, and the rest is the winner's shortest win from there, read again.
    ``None`` when the rest is not found within the budget.
    """
    side = board.turn
    board = board.copy()
    line: list[Point] = []
    piece: ForcedWin | None = win
    for _ in range(MOST_PIECES):
        if piece is None:
            return None
        for point in piece.line:
            board.play(point)
        line.extend(piece.line)
        if board.outcome is not None:
            return (tuple(line), False) if board.outcome.winner is side else None
        if piece.block is not None:
            return tuple(line), True
        if board.turn is not side:  # the winner's threats left no answer that matters: block one of them
            block = _a_block(board, side)
            if block is None:
                return None
            board.play(block)
            line.append(block)
        piece, _proven = forced_win(board, settings, stop)
    return None


def _a_block(board: Board, side: Stone) -> Point | None:
    """A natural answer when no answer stops ``side``'s threats: a point where it would make an open four (or
    two fours), else its five point; ``None`` if the side to move may play none of them."""
    search = SearchBoard.from_board(board)
    for cell in search.winning_fours(int(side)) + search.fives(int(side)):
        point = board.point_of(cell)
        if board.is_legal(point):
            return point
    return None


def _no_win_by_fours(board: Board, settings: ReviewSettings, stop: threading.Event | None) -> bool:
    """Whether the side to move surely has no win by fours (the search finished within its budget)."""
    solver = ThreatSearch(SearchBoard.from_board(board), _budget(settings, stop))
    return solver.vcf(shortest=True) is None and not solver.exhausted


def _budget(settings: ReviewSettings, stop: threading.Event | None) -> Budget:
    return Budget(time.perf_counter() + settings.read_time, settings.nodes, stop)


def opponent_threat(
    board: Board, settings: ReviewSettings = PUZZLE_READING, stop: threading.Event | None = None
) -> ForcedWin | None:
    """The forced win the opponent of the side to move would have if it were its move (``None``: none, or a
    four already on the board, which leaves one block and no puzzle)."""
    stones = [(point, stone) for point in _points(board) if (stone := board[point]) is not None]
    passed = Board.from_position(stones, board.size, board.rule, board.turn.opponent)
    win, _proven = forced_win(passed, settings, stop)
    return None if win is None or win.kind is WinKind.FIVE else win


def only_defence(
    board: Board,
    settings: ReviewSettings = PUZZLE_READING,
    scan: ReviewSettings = SCAN,
    stop: threading.Event | None = None,
) -> Found | None:
    """The defence puzzle the position on ``board`` is: the opponent has a forced win, and exactly one move
    of the side to move leaves it none, proven; ``None`` otherwise (no threat, two defences or more, none,
    or one the budget could not prove).

    Every legal move is tried, the points of the opponent's winning line first (the likely defences, so a
    position with two is given up soon): ``scan`` first (the opponent's winning move tried again, then its
    whole reading; a win it finds refutes the move), then ``settings``, under which a defence must be proven
    (the opponent's searches finished with no win).
    """
    threat = opponent_threat(board, scan, stop) or opponent_threat(board, settings, stop)
    if threat is None:
        return None
    board = board.copy()
    first = set(threat.line)
    left: list[Point] = []
    quick_defences = 0
    for point in sorted(_points(board), key=lambda point: point not in first):
        if stop is not None and stop.is_set():
            return None
        if not board.is_legal(point):
            continue
        board.play(point)
        try:
            refuted, proven = _refuted(board, threat, scan, stop)
        finally:
            board.undo()
        if not refuted:
            left.append(point)
            quick_defences += proven
            if quick_defences > 1:
                return None  # two moves already hold against the quick reading: not one defence
    defences: list[Point] = []
    for point in left:
        board.play(point)
        try:
            win, proven = forced_win(board, settings, stop)
        finally:
            board.undo()
        if win is None and not proven:
            return None
        if win is None:
            defences.append(point)
            if len(defences) > 1:
                return None
    return Found(Goal.DEFENCE, tuple(defences), threat) if defences else None


def _refuted(board: Board, threat: ForcedWin, scan: ReviewSettings, stop: threading.Event | None) -> tuple[bool, bool]:
    """Whether the side to move on ``board`` (the opponent, after a tried defence) still surely wins (its
    threat's first move proven again, else a win found by a quick reading), and whether a "no" is proven."""
    threes = threat.kind is WinKind.VCT
    solver = ThreatSearch(SearchBoard.from_board(board), _budget(scan, stop))
    first = threat.line[0]
    if board.is_legal(first) and solver.wins_with(board.index_of(first), threes, scan.vct_depth):
        return True, True
    win, proven = forced_win(board, scan, stop)
    return win is not None, proven


def _points(board: Board) -> list[Point]:
    return [board.point_of(cell) for cell in range(board.size * board.size)]


def prove(
    puzzle: Puzzle,
    settings: ReviewSettings = PUZZLE_READING,
    scan: ReviewSettings = SCAN,
    stop: threading.Event | None = None,
) -> tuple[str, ...]:
    """What is wrong with ``puzzle`` as a collection's puzzle, read by the solvers; ``()`` when it holds.

    It holds when the solvers find exactly what it states: for a win, the goal
    its shortest proven win reaches (so no shorter win of another kind, and no
    five to take), a line as long as the stated one, a first move the Puzzles
    screen accepts (:func:`~gomoku.puzzles.try_move`, the player's own judge),
    and the stated line ends in the win; for a defence, the one move that stops
    the opponent's win, which the screen accepts too.  The problems are English, for the
    collection's tools and tests (players never see them).
    """
    board = puzzle.board()
    if not puzzle.solution:
        return ("no solution is stated",)
    if puzzle.goal is Goal.DEFENCE:
        found = only_defence(board, settings, scan, stop)
        if found is None:
            return ("no single defence is proven",)
        if found.solution != puzzle.solution[:1]:
            return (f"the one defence is {board.notation(found.solution[0])}",)
        attempt = try_move(puzzle, puzzle.solution[0], settings, stop)
        if not attempt.accepted:
            return (f"the one defence is refused as a player's move: {attempt.reason}",)
        return ()
    found = read_goal(board, settings, stop)
    if found is None:
        return ("no win is proven (or a five is there to take, or no win by fours is not proven)",)
    problems = []
    if found.goal is not puzzle.goal:
        problems.append(f"the shortest win proves the goal {found.goal.value!r}, not {puzzle.goal.value!r}")
    if len(found.solution) != len(puzzle.solution):
        problems.append(f"the shortest win is {len(found.solution)} moves, the stated one {len(puzzle.solution)}")
    attempt = try_move(puzzle, puzzle.solution[0], settings, stop)
    if not attempt.accepted:
        problems.append(
            f"the stated first move {board.notation(puzzle.solution[0])} is refused as a player's move: "
            f"{attempt.reason}"
        )
    if not line_wins(board, puzzle.solution, puzzle.goal):
        problems.append("the stated line does not end in the win")
    return tuple(problems)


def line_wins(board: Board, line: tuple[Point, ...], goal: Goal) -> bool:
    """Whether ``line`` played from ``board`` ends in its first mover's five, or (a forbidden-point goal) in a
    four black may not block."""
    side = board.turn
    board = board.copy()
    for point in line:
        board.play(point)
    if board.outcome is not None:
        return board.outcome.winner is side
    fives = board.winning_points(side)
    forbidden = bool(fives) and board.turn is Stone.BLACK and all(board.foul(point) for point in fives)
    return goal is Goal.FORBIDDEN and forbidden


def position_key(puzzle: Puzzle) -> tuple[Rule, Stone, tuple[tuple[int, int, int], ...]]:
    """The puzzle's position, the same for all 8 rotations and reflections of it: the rule, the side to move,
    and the least of the 8 images of its stones."""
    images = (
        tuple(sorted((image.y, image.x, stone.value) for point, stone in puzzle.stones for image in [symmetry(point)]))
        for symmetry in board_symmetries(puzzle.size)
    )
    return puzzle.rule, puzzle.turn, min(images)
