"""The puzzles' worker: moves judged by the solvers and a reviewed game's puzzles collected, on the one pool.

A :class:`~gomoku.tui.effects.JudgePuzzleMove` runs
:func:`gomoku.puzzles.try_move` (it may take seconds: the screen shows a
spinner meanwhile) and posts :class:`~gomoku.tui.events.PuzzleJudged`; a
:class:`~gomoku.tui.effects.CollectPuzzles` finds a reviewed game's puzzles
(:func:`gomoku.puzzle_mine.game_puzzles`), adds the new ones to *your
puzzles* and posts :class:`~gomoku.tui.events.PuzzlesCollected`.
:class:`~gomoku.tui.effects.CancelPuzzleJob` stops either: nothing more of it
is posted.  The progress and the collections are read and the progress
written on the file worker's lane, in order (:func:`read_puzzles`,
:func:`save_progress`), as the settings are.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date
from functools import partial

from gomoku import puzzle_mine, puzzle_progress
from gomoku.i18n import _, join_sentences, os_error_text
from gomoku.jobs import Job, Jobs
from gomoku.puzzle_sets import builtin_puzzles
from gomoku.puzzles import try_move
from gomoku.review import ReviewCancelled
from gomoku.tui.effects import CancelPuzzleJob, CollectPuzzles, JudgePuzzleMove, LoadPuzzles, SavePuzzleProgress
from gomoku.tui.events import Event, PuzzleJudged, PuzzlesCollected, PuzzlesRead, Report


def read_puzzles(effect: LoadPuzzles) -> Event:
    """The progress, the built-in collection and *your puzzles*, with what could not be used said."""
    progress, progress_problem = puzzle_progress.load_progress()
    mine, mine_problem = puzzle_mine.load_mine()
    notice = join_sentences(progress_problem, mine_problem)
    return PuzzlesRead(effect.job, date.today(), progress, builtin_puzzles(), mine, notice)


def save_progress(effect: SavePuzzleProgress) -> Event | None:
    """Keep the progress; a report if it cannot be written (the progress on the screen goes on)."""
    try:
        puzzle_progress.save_progress(effect.progress)
    except OSError as error:
        return Report(_("Your puzzle progress cannot be saved: {reason}.").format(reason=os_error_text(error)))
    return None


class Puzzler:
    """Judges puzzle moves and collects a game's puzzles on the worker pool, one job per effect, each cancellable."""

    def __init__(self, post: Callable[[Event], None], submit: Callable[[Job], None]) -> None:
        self._post = post
        self._jobs = Jobs(submit)

    def judge(self, effect: JudgePuzzleMove) -> None:
        self._jobs.start(effect.job, partial(self._judge, effect))

    def collect(self, effect: CollectPuzzles) -> None:
        self._jobs.start(effect.job, partial(self._collect, effect))

    def cancel(self, effect: CancelPuzzleJob) -> None:
        self._jobs.cancel(effect.job)

    def stop(self) -> None:
        """Stop every job (at exit)."""
        self._jobs.stop_all()

    def _judge(self, effect: JudgePuzzleMove, stop: threading.Event) -> None:
        attempt = try_move(effect.puzzle, effect.move, stop=stop)
        if not stop.is_set():
            self._post(PuzzleJudged(effect.job, attempt))

    def _collect(self, effect: CollectPuzzles, stop: threading.Event) -> None:
        try:
            found = puzzle_mine.game_puzzles(effect.board, effect.review, effect.source, stop=stop)
            if stop.is_set():
                return
            added, notice = puzzle_mine.add_to_mine(found)
        except ReviewCancelled:
            return
        except OSError as error:
            self._post(PuzzlesCollected(effect.job, 0, os_error_text(error)))
            return
        self._post(PuzzlesCollected(effect.job, added, notice=notice))
