"""The live analyst's worker: thinks about the position shown on the one pool, posting its lines as they deepen.

A :class:`~gomoku.tui.effects.StartAnalysis` starts one job:
:func:`gomoku.ai.analysis.analyse` on the position, each deeper answer
posted as :class:`~gomoku.tui.events.Analysed`.
:class:`~gomoku.tui.effects.CancelAnalysis` sets the job's stop event: the
search stops at its next check and nothing more of that job is posted.
Jobs run one at a time (a lock), so a cancelled search has ended before the
next position's begins: the analyst never takes two threads of a shared
machine.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial

from gomoku.ai.analysis import Analysis, analyse
from gomoku.tui.effects import CancelAnalysis, StartAnalysis
from gomoku.tui.events import Analysed, Event, Failed
from gomoku.tui.workers import Job

#: How a position is analysed: the board, the stop event, where each answer goes (tests give their own).
Analyse = Callable[..., Analysis]


class Analyst:
    """Analyses positions on the worker pool, one job per :class:`StartAnalysis`, each stopped at once on cancel."""

    def __init__(self, post: Callable[[Event], None], submit: Callable[[Job], None], run: Analyse = analyse) -> None:
        self._post = post
        self._submit = submit
        self._analyse = run
        self._stops: dict[int, threading.Event] = {}
        self._lock = threading.Lock()
        self._one_at_a_time = threading.Lock()

    def start(self, effect: StartAnalysis) -> None:
        stop = threading.Event()
        with self._lock:
            self._stops[effect.job] = stop
        self._submit(partial(self._run, effect, stop))

    def cancel(self, effect: CancelAnalysis) -> None:
        with self._lock:
            stop = self._stops.pop(effect.job, None)
        if stop is not None:
            stop.set()

    def stop(self) -> None:
        """Stop every analysis (at exit)."""
        with self._lock:
            stops, self._stops = list(self._stops.values()), {}
        for stop in stops:
            stop.set()

    def _run(self, effect: StartAnalysis, stop: threading.Event) -> None:
        job = effect.job

        def deeper(analysis: Analysis) -> None:
            if not stop.is_set():
                self._post(Analysed(job, analysis))

        with self._one_at_a_time:
            if stop.is_set():
                return
            try:
                self._analyse(effect.board, stop=stop, on_update=deeper)
            except Exception as error:  # the game goes on: the screen says why there is no analysis
                if not stop.is_set():
                    self._post(Failed(job, str(error) or type(error).__name__))
            finally:
                with self._lock:
                    self._stops.pop(job, None)
