"""The review's worker: runs :func:`gomoku.review.review_game` on the one pool, posting its progress and its end.

A :class:`~gomoku.tui.effects.StartReview` starts one review job; its
progress comes back as :class:`~gomoku.tui.events.ReviewProgress` events and
its result as :class:`~gomoku.tui.events.ReviewDone` (a failure as
``Failed``).  :class:`~gomoku.tui.effects.CancelReview` sets the job's stop
event: the core stops at its next check and raises
:class:`~gomoku.review.ReviewCancelled`, and nothing more of that job is
posted, so nothing of it is left behind.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from gomoku.ai import Player, make_player
from gomoku.ai.base import Closes
from gomoku.gomocup.manager import EnginePlayer
from gomoku.jobs import Job, Jobs
from gomoku.review import DEFAULT, ENGINE_EVAL_SCALE, ReviewCancelled, review_game
from gomoku.tui.effects import CancelReview, StartReview
from gomoku.tui.events import Event, Failed, ReviewDone, ReviewProgress

#: Makes the analyst a review asks for by name (a level; the loop may add outside engines).
AnalystMaker = Callable[[str], Player]


class Reviewer:
    """Reviews games on the worker pool, one job per :class:`StartReview`, each cancellable."""

    def __init__(
        self, post: Callable[[Event], None], submit: Callable[[Job], None], analyst: AnalystMaker = make_player
    ) -> None:
        self._post = post
        self._jobs = Jobs(submit)
        self._analyst = analyst

    def start(self, effect: StartReview) -> None:
        self._jobs.start(effect.job, partial(self._run, effect))

    def cancel(self, effect: CancelReview) -> None:
        self._jobs.cancel(effect.job)

    def stop(self) -> None:
        """Stop every review (at exit)."""
        self._jobs.stop_all()

    def _run(self, effect: StartReview, stop: threading.Event) -> None:
        job = effect.job

        def progress(done: int, total: int) -> None:
            if not stop.is_set():
                self._post(ReviewProgress(job, done, total))

        analyst = None
        try:
            analyst = self._analyst(effect.analyst)
            # an outside engine's scores are centi-units, ours ten thousands: the graph's scale follows
            settings = replace(DEFAULT, eval_scale=ENGINE_EVAL_SCALE) if isinstance(analyst, EnginePlayer) else DEFAULT
            book = effect.library.lookup if effect.library is not None else None
            review = review_game(
                effect.board, analyst, settings, progress=progress, stop=stop, result=effect.result, book=book
            )
        except ReviewCancelled:
            return
        except Exception as error:  # the game is kept: the screen says why the review could not be made
            if not stop.is_set():
                self._post(Failed(job, str(error) or type(error).__name__))
            return
        finally:
            if isinstance(analyst, Closes):  # an outside engine's process ends with its review
                analyst.close()
        if not stop.is_set():
            self._post(ReviewDone(job, review))
