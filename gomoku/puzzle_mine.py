"""Puzzles from the player's own games: every missed win and decisive mistake a review finds becomes one.

A reviewed game (:class:`~gomoku.review.GameReview`) names the moves that let
a forced win go (a *missed win*) and the move that handed the opponent the
win that decided the game (the *decisive mistake*).  Each is a position
worth solving again:

- a missed win: the position before the move, the mover to play, the goal
  the win's kind (a win by fours for a five or fours, else by fours and
  threes), the win the review found as the solution;
- a decisive mistake: the position before the move, the goal the only
  defence, kept only when the solver confirms it: the mover had no win of
  its own there, and a move it could have played instead (the analyst's
  choice, its line's first move, or the point the opponent's win starts on)
  leaves the opponent surely without a forced win;
- the win that decided the game, when the decision gave no defence to
  find: the first position of the winner's unbroken run of forced wins to
  the end, the winner to play, its win as the solution.  A game lost to a
  forced attack from a position already lost (the review blames no move
  then: "lost from move N") still gives the player the attack that beat
  them to solve; a game won so gives the win again.

Each puzzle's source names the game (its date, the opponent, the move), in
English like every collection's; it has no name (the screen says its goal),
and its id is its position's (:func:`~gomoku.puzzle_progress.position_key`).
The puzzles are kept in the data folder as a collection, *your puzzles*
(:func:`mine_path`); a position already there is not added twice
(:func:`merged`).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from gomoku.board import Board
from gomoku.i18n import _, os_error_text
from gomoku.point import Point
from gomoku.puzzle_progress import position_key
from gomoku.puzzles import PUZZLE_READING, Goal, Puzzle
from gomoku.records import RecordError, read_puzzles_text, write_puzzles_text
from gomoku.review import ForcedWin, GameReview, Mark, MoveReview, ReviewSettings, WinKind, forced_win
from gomoku.userdirs import atomic_write_text, data_dir, move_aside


@dataclass(frozen=True)
class GameSource:
    """The game the puzzles come from, as their source names it: when it was played and against whom."""

    played: datetime | None = None
    #: the other player as the source names it: a level (``hard``), an engine, a name; for a record, its two
    #: players (``Ann v Bob``); ``""``: not known
    opponent: str = ""
    #: a record's file name (``lost.sgf``), when the game was opened from a file; ``""`` for a game played here
    record: str = ""

    def said(self, number: int) -> str:
        """``game of 2026-12-02 14:39 against hard, move 23``, or for a record opened from a file
        ``game lost.sgf (Ann v Bob), move 7`` (English: a collection's words)."""
        parts = ["game"]
        if self.record:
            parts.append(self.record)
        if self.played is not None:
            parts.append(f"of {self.played:%Y-%m-%d %H:%M}")
        if self.opponent:
            parts.append(f"({self.opponent})" if self.record else f"against {self.opponent}")
        return f"{' '.join(parts)}, move {number}"


def game_puzzles(
    board: Board,
    review: GameReview,
    source: GameSource = GameSource(),
    settings: ReviewSettings = PUZZLE_READING,
    stop: threading.Event | None = None,
) -> tuple[Puzzle, ...]:
    """The puzzles of a reviewed game (``board`` holds its moves from the empty board), in the game's order."""
    found: list[Puzzle] = []
    defended = False  # the decision gave its defence puzzle
    for move in review.moves:
        if move.number > len(board.moves):
            break
        before = Board.from_moves(board.moves[: move.number - 1], board.size, board.rule)
        if Mark.MISSED_WIN in move.marks and move.had_win is not None:
            found.append(_missed_win(before, move, source))
        if Mark.DECISIVE in move.marks and move.opponent_win is not None:
            reading = review.readings[move.number - 1] if move.number - 1 < len(review.readings) else None
            if reading is not None and reading.win is not None:
                continue  # the mover could win there: the missed win is the puzzle, not a defence
            defence = confirmed_defence(before, move, settings, stop)
            if defence is not None:
                found.append(Puzzle.from_board(before, Goal.DEFENCE, (defence,), source=source.said(move.number)))
                defended = True
    deciding = None if defended else deciding_win(board, review, source)
    if deciding is not None:
        found.append(deciding)
    return tuple(replace(puzzle, id=position_key(puzzle)) for puzzle in found)


def deciding_win(board: Board, review: GameReview, source: GameSource = GameSource()) -> Puzzle | None:
    """The position where the forced win that decided the game began, its holder to play (``None``: no such win,
    or only a five to take there)."""
    if review.final_win is None:
        return None
    _holder, first = review.final_win
    win = review.readings[first].win if first < len(review.readings) else None
    if win is None or win.kind is WinKind.FIVE or first > len(board.moves):
        return None
    before = Board.from_moves(board.moves[:first], board.size, board.rule)
    return _win_puzzle(before, win, source.said(first + 1))


def _missed_win(before: Board, move: MoveReview, source: GameSource) -> Puzzle:
    """The position where ``move`` let a forced win go, with that win as the solution."""
    assert move.had_win is not None
    return _win_puzzle(before, move.had_win, source.said(move.number))


def _win_puzzle(before: Board, win: ForcedWin, source: str) -> Puzzle:
    """The puzzle of winning from ``before`` as ``win`` does: its goal the win's kind (by fours for a five or
    fours, else by fours and threes), its line the solution."""
    goal = Goal.THREES if win.kind is WinKind.VCT else Goal.FOURS
    return Puzzle.from_board(before, goal, win.line, source=source)


def defence_candidates(before: Board, move: MoveReview) -> list[Point]:
    """The moves to try as the defence the mover missed: the analyst's choice, its line's, the opponent's key point."""
    candidates = [move.best, *move.instead[:1]]
    if move.opponent_win is not None and move.opponent_win.line:
        candidates.append(move.opponent_win.line[0])
    seen: list[Point] = []
    for point in candidates:
        if point is not None and point != move.move and point not in seen and before.is_legal(point):
            seen.append(point)
    return seen


def confirmed_defence(
    before: Board, move: MoveReview, settings: ReviewSettings = PUZZLE_READING, stop: threading.Event | None = None
) -> Point | None:
    """A move instead of the decisive mistake after which the opponent surely has no forced win (``None``: none)."""
    for point in defence_candidates(before, move):
        board = before.copy()
        board.play(point)
        win, proven = forced_win(board, settings, stop)
        if win is None and proven:
            return point
    return None


def merged(kept: Sequence[Puzzle], found: Sequence[Puzzle]) -> tuple[tuple[Puzzle, ...], int]:
    """``kept`` with the puzzles of ``found`` whose position it lacks added at the end, and how many were added."""
    keys = {position_key(puzzle) for puzzle in kept}
    added: list[Puzzle] = []
    for puzzle in found:
        key = position_key(puzzle)
        if key not in keys:
            keys.add(key)
            added.append(puzzle)
    return tuple(kept) + tuple(added), len(added)


# -- the file of your puzzles ---------------------------------------------------------

#: The file of *your puzzles* in the data folder: a collection in the plain-text form.
MINE_NAME = "my-puzzles.txt"


def mine_path(environ: Mapping[str, str] = os.environ) -> Path:
    """Where *your puzzles* are kept."""
    return data_dir(environ) / MINE_NAME


def load_mine(path: Path | None = None) -> tuple[tuple[Puzzle, ...], str]:
    """*Your puzzles*, and a sentence if the file could not be used: a damaged one (not UTF-8, not a collection)
    is kept aside, one the system will not read is left where it is; either way none are read."""
    path = path or mine_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return (), ""
    except OSError as error:
        return (), _("Your puzzles cannot be read ({reason}): {path} is left as it is.").format(
            reason=os_error_text(error), path=path
        )
    except UnicodeDecodeError:
        return (), _kept_aside(path, _("not UTF-8 text"))
    try:
        return read_puzzles_text(text), ""
    except RecordError as error:
        return (), _kept_aside(path, str(error))


def _kept_aside(path: Path, detail: str) -> str:
    """Keep the damaged file at ``path`` aside (:func:`~gomoku.userdirs.move_aside`) and say so."""
    try:
        kept = move_aside(path)
    except OSError as moving:
        return _("Your puzzles are damaged ({detail}) and cannot be kept aside ({reason}).").format(
            detail=detail, reason=os_error_text(moving)
        )
    return _("Your puzzles were damaged ({detail}): the file is kept as {name}.").format(detail=detail, name=kept.name)


def save_mine(puzzles: Sequence[Puzzle], path: Path | None = None) -> None:
    """Keep *your puzzles* at ``path`` (default :func:`mine_path`), atomically; raises :class:`OSError`."""
    atomic_write_text(path or mine_path(), write_puzzles_text(puzzles))


def add_to_mine(found: Sequence[Puzzle], path: Path | None = None) -> tuple[int, str]:
    """Add the puzzles of ``found`` not yet among *your puzzles* to the file: how many were added, and a sentence
    if the file there could not be used (:func:`load_mine`: a damaged one is kept aside first, and said).

    A file that could not be read nor kept aside stays as it is, and nothing is written over it (nothing is
    added).  Raises :class:`OSError` when the file cannot be written.
    """
    path = path or mine_path()
    kept, problem = load_mine(path)
    if problem and path.exists():
        return 0, problem
    puzzles, added = merged(kept, found)
    if added:
        save_mine(puzzles, path)
    return added, problem
