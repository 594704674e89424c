"""Puzzles: a position, the side to move, the rule and a goal, proven by the threat solvers.

A :class:`Puzzle` is data: the stones of a set-up position, whose move it
is, the rule, the :class:`Goal`, its solution (the main line: the winner's
moves and the forced answers) and where it comes from.  Nothing here reads
files (:mod:`gomoku.records` does: SGF with set-up stones, and the plain-text
form of ``docs/puzzles.md``) or draws anything.

The solvers are :class:`~gomoku.ai.threats.ThreatSearch`, asked as the
review asks them (:func:`gomoku.review.forced_win`: a five, else a win by
fours, else by fours and threes, each line checked on a real board):

- :func:`solve` says whether the side to move wins by fours, by fours and
  threes, or neither within the budget, with the winning line;
- :func:`try_move` judges a move a player tries: any move the solver proves
  winning is accepted (re-proven, not compared with the stated solution),
  and the defender then answers with its longest resistance; any other move
  is refused with the reason ("white blocks at g7 and no win is left").

Goals: a win by fours (VCF), a win by fours and threes (VCT), the only
defence against the opponent's forced win, and, under renju, a win by white
that drives black into a forbidden point: the solver counts a four whose only
block is forbidden for black as won, so such a win is proven like any other
(:attr:`Solution.forbidden_block` names the point).
"""

from __future__ import annotations

import enum
import re
import threading
import time
from dataclasses import dataclass

from gomoku.ai.budget import Budget
from gomoku.ai.parameters import VCF_DEPTH
from gomoku.ai.searchboard import SearchBoard
from gomoku.ai.threats import ThreatSearch
from gomoku.board import Board, IllegalMoveError
from gomoku.errors import GomokuError
from gomoku.i18n import _
from gomoku.point import Point
from gomoku.review import DEEP, ForcedWin, ReviewSettings, WinKind, forced_win
from gomoku.rules import Rule, Stone

#: How hard a puzzle is read: the review's deep setting (100,000 nodes a threat search, wins by
#: fours and threes up to 12 threats, at most 60 s a search).  A puzzle is one position, and a
#: collection's puzzles are solved by hand in at most 10 moves or so; the review's default (5,000
#: nodes) missed 4 of 13 wins the deep setting found on a game (``gomoku/review.py``).
PUZZLE_READING = DEEP

#: A puzzle's id: a short stable name a collection and the player's progress know it by (``f-0123``):
#: letters, digits, ``-``, ``_`` and ``.``, at most 32 of them (ASCII, so every file and terminal keeps it).
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}")
#: The grades a puzzle may have.  A grade is the puzzle's starting rating on the Glicko scale
#: (:mod:`gomoku.glicko`: 1500 is a newcomer's rating), which a player's progress seeds the puzzle's own
#: Glicko-2 rating with; 400 to 3000 spans the Elo-like scale from a first game to the strongest players.
MIN_GRADE = 400
MAX_GRADE = 3000


class PuzzleError(GomokuError, ValueError):
    """A puzzle that does not hold together: a stone twice or off the board, a solution the board refuses."""


class Goal(enum.Enum):
    """What a puzzle asks of the side to move (the values are the names files and JSON use)."""

    #: win by continuous fours (VCF)
    FOURS = "fours"
    #: win by fours and threes (VCT)
    THREES = "fours and threes"
    #: find the only move after which the opponent has no forced win
    DEFENCE = "defence"
    #: renju, white to move: win by driving black into a forbidden point
    FORBIDDEN = "forbidden"

    def said(self) -> str:
        """The goal as a player reads it, in the language in use."""
        if self is Goal.FOURS:
            return _("win by fours")
        if self is Goal.THREES:
            return _("win by fours and threes")
        if self is Goal.DEFENCE:
            return _("find the only defence")
        return _("win by driving black into a forbidden point")


@dataclass(frozen=True)
class Puzzle:
    """A position to solve: its stones, whose move it is, the rule, the goal, the solution and its source."""

    stones: tuple[tuple[Point, Stone], ...]
    turn: Stone = Stone.BLACK
    rule: Rule = Rule.FREESTYLE
    size: int = 15
    goal: Goal = Goal.THREES
    #: The main line from the position: the solver's moves and the answers, side to move first.
    solution: tuple[Point, ...] = ()
    name: str = ""
    #: Where the puzzle comes from: a collection, a game (``"game.sgf, move 31"``), a file.
    source: str = ""
    #: A short stable name within its collection (``f-0123``, :data:`ID_PATTERN`); ``""`` for none.
    id: str = ""
    #: The puzzle's starting rating on the Glicko scale (:data:`MIN_GRADE` to :data:`MAX_GRADE`);
    #: ``None`` when ungraded (a player's progress then starts it at a newcomer's 1500).
    grade: int | None = None

    def board(self) -> Board:
        """The puzzle's position on a new board, its side to move to play; :class:`PuzzleError` if it cannot be."""
        try:
            return Board.from_position(self.stones, self.size, self.rule, self.turn)
        except ValueError as error:
            raise PuzzleError(str(error)) from None

    def checked(self) -> Puzzle:
        """The puzzle itself, once its id and grade are well formed, its position sets up and its solution
        plays on it; else :class:`PuzzleError`."""
        check_id(self.id)
        if self.grade is not None and not MIN_GRADE <= self.grade <= MAX_GRADE:
            raise PuzzleError(grade_problem(str(self.grade)))
        board = self.board()
        for number, move in enumerate(self.solution, 1):
            try:
                board.play(move)
            except IllegalMoveError as error:
                where = _("solution move {number}").format(number=number)
                # i18n: where in a puzzle, then what is wrong there: "solution move 3: h8 is taken: ..."
                raise PuzzleError(_("{where}: {problem}").format(where=where, problem=error)) from None
        return self

    @classmethod
    def from_board(
        cls,
        board: Board,
        goal: Goal = Goal.THREES,
        solution: tuple[Point, ...] = (),
        name: str = "",
        source: str = "",
        id: str = "",
        grade: int | None = None,
    ) -> Puzzle:
        """The position on ``board`` (set-up stones and moves alike) as a puzzle for its side to move."""
        stones = tuple((point, stone) for point in board_points(board) if (stone := board[point]) is not None)
        return cls(stones, board.turn, board.rule, board.size, goal, solution, name, source, id, grade)


def check_id(ident: str) -> str:
    """``ident`` itself when it is a well-formed id (:data:`ID_PATTERN`) or none (``""``); else :class:`PuzzleError`."""
    if ident and not ID_PATTERN.fullmatch(ident):
        problem = _("the id {id} may have only letters, digits, '-', '_' and '.', at most 32 of them")
        raise PuzzleError(problem.format(id=repr(ident[:40])))
    return ident


def parse_grade(text: str) -> int:
    """A grade as files write it (a whole number, ``1500``); :class:`PuzzleError` for anything else."""
    text = text.strip()
    if not re.fullmatch(r"\d{1,5}", text) or not MIN_GRADE <= int(text) <= MAX_GRADE:
        raise PuzzleError(grade_problem(text))
    return int(text)


def grade_problem(text: str) -> str:
    """What is wrong with a grade, for people."""
    problem = _("the grade {grade} is not a whole number from {low} to {high} (a puzzle rating such as 1500)")
    return problem.format(grade=repr(text[:20]), low=MIN_GRADE, high=MAX_GRADE)


def board_points(board: Board) -> list[Point]:
    """Every point of ``board``, row by row from the top."""
    return [board.point_of(cell) for cell in range(board.size * board.size)]


@dataclass(frozen=True)
class Solution:
    """What the solvers found for the side to move: a forced win and its line, or none (and whether that is sure)."""

    side: Stone
    win: ForcedWin | None
    #: whether "no win" is proven: the searches finished within their budget
    proven: bool = True

    @property
    def kind(self) -> WinKind | None:
        """How the side to move wins (a five, fours, fours and threes), ``None`` for no win."""
        return None if self.win is None else self.win.kind

    @property
    def line(self) -> tuple[Point, ...]:
        """The winning line: the winner's moves and the forced answers, ending with the five (or short of it,
        where black may not block)."""
        return () if self.win is None else self.win.line

    @property
    def forbidden_block(self) -> Point | None:
        """Under renju: the point black would have to block on but may not, where the winning line stops."""
        return None if self.win is None or self.win.block is None else self.win.block[0]


def solve(
    target: Puzzle | Board, settings: ReviewSettings = PUZZLE_READING, stop: threading.Event | None = None
) -> Solution:
    """Whether the side to move of ``target`` wins by a five, by fours, by fours and threes, or neither.

    The first win found is the shortest kind (a five before fours before
    threes) and, within it, a shortest line.  ``settings`` bound each search
    (nodes, threats deep, seconds); a search that runs out says "no win"
    with :attr:`Solution.proven` false.
    """
    board = target.board() if isinstance(target, Puzzle) else target
    win, proven = forced_win(board, settings, stop)
    return Solution(board.turn, win, proven)


def wins_for(goal: Goal, win: ForcedWin | None) -> bool:
    """Whether ``win`` is a win of the kind ``goal`` asks for (a five always is; fours ask for no threes)."""
    if win is None:
        return False
    return goal is not Goal.FOURS or win.kind is not WinKind.VCT


@dataclass(frozen=True)
class Attempt:
    """A move a player tried in a puzzle, and the verdict."""

    move: Point
    accepted: bool
    #: why the move is refused, for people (``""`` when accepted)
    reason: str = ""
    #: the defender's answer: its longest resistance to an accepted move, its refutation of a refused one
    reply: Point | None = None
    #: an accepted move's winning line from the move on; a refused defence's line of the opponent's win
    line: tuple[Point, ...] = ()


def try_move(
    puzzle: Puzzle, move: Point, settings: ReviewSettings = PUZZLE_READING, stop: threading.Event | None = None
) -> Attempt:
    """Judge ``move`` by the side to move of ``puzzle``: accepted if it reaches the goal (proven), else why not."""
    board = puzzle.board()
    try:
        board.check_move(move)
    except IllegalMoveError as error:
        return Attempt(move, False, str(error))
    if puzzle.goal is Goal.DEFENCE:
        return _try_defence(board, move, settings, stop)
    return _try_win(board, move, puzzle.goal, settings, stop)


def _try_defence(board: Board, move: Point, settings: ReviewSettings, stop: threading.Event | None) -> Attempt:
    """A defence is accepted when the opponent surely has no forced win after it."""
    side = board.turn
    board.play(move)
    threat, proven = forced_win(board, settings, stop)
    if threat is None and proven:
        return Attempt(move, True)
    if threat is None:
        return Attempt(move, False, _("no defence was proven: the search ran out of its budget"))
    reason = _("white still wins by {win}") if side is Stone.BLACK else _("black still wins by {win}")
    return Attempt(
        move, False, reason.format(win=threat.said(board.size)), threat.line[0] if threat.line else None, threat.line
    )


def _try_win(board: Board, move: Point, goal: Goal, settings: ReviewSettings, stop: threading.Event | None) -> Attempt:
    """A winning move is accepted when the solver proves it wins against every answer; the longest answer follows."""
    side = board.turn
    threes = goal is not Goal.FOURS
    search = SearchBoard.from_board(board)
    cell = board.index_of(move)
    solver = ThreatSearch(search, _budget(settings, stop))
    depth = settings.vct_depth if threes else VCF_DEPTH
    won = solver.wins_with(cell, threes, depth, shortest=True)
    search.play(cell)
    answers = solver.answers(threes)
    board.play(move)
    if board.outcome is not None:  # a five, or (rarely) a full board
        return Attempt(move, won, "" if won else board.outcome.said(board.size), None, (move,))
    if answers is None:
        if threes:
            reason = _("{point} makes no four and no open three: the other side may play anywhere")
        else:
            reason = _("{point} is no four: a win by fours plays a four every move")
        return Attempt(move, False, reason.format(point=board.notation(move)))
    # Each answer that matters, with the attacker's win after it (or none): the longest resistance, or a refutation.
    after: list[tuple[Point, ForcedWin | None, bool]] = []
    for answer in (board.point_of(cell) for cell in answers):
        if not board.is_legal(answer):
            continue
        board.play(answer)
        win, proven = forced_win(board, settings, stop)
        board.undo()
        after.append((answer, win if wins_for(goal, win) else None, proven))
    if won:
        if not after:  # no answer: two fives stand (one is blocked, the other made), or black may not block
            fives = board.winning_points(side)
            blocks = [point for point in fives if board.is_legal(point)]
            if not blocks:
                return Attempt(move, True, "", None, (move,))
            five = next(point for point in fives if point != blocks[0])
            return Attempt(move, True, "", blocks[0], (move, blocks[0], five))
        answer, win, _proven = max(after, key=lambda found: len(found[1].line) if found[1] else 0)
        line = (move, answer) + (win.line if win else ())
        return Attempt(move, True, "", answer, line)
    for answer, win, proven in after:
        if win is None and proven:
            return Attempt(move, False, _refutation(side.opponent, board.notation(answer)), answer)
    return Attempt(move, False, _("no win from {point} was found within the budget").format(point=board.notation(move)))


def _refutation(defender: Stone, point: str) -> str:
    """The defender's answer that leaves no win, as a sentence."""
    if defender is Stone.WHITE:
        return _("white blocks at {point} and no win is left").format(point=point)
    return _("black blocks at {point} and no win is left").format(point=point)


def _budget(settings: ReviewSettings, stop: threading.Event | None) -> Budget:
    """One search's budget under ``settings``: its nodes and its seconds."""
    return Budget(time.perf_counter() + settings.read_time, settings.nodes, stop)
