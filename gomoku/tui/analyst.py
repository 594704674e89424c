"""The live analyst's worker: thinks about the position shown on the one pool, posting its lines as they deepen.

A :class:`~gomoku.tui.effects.StartAnalysis` starts one job:
:func:`gomoku.ai.analysis.analyse` on the position, each deeper answer
posted as :class:`~gomoku.tui.events.Analysed`.  An outside engine as the
analyst answers one move, but the search info it prints while it thinks
(``MESSAGE`` lines, a depth each for Rapfi) is posted as it arrives, so the
view deepens before the engine's move comes.
:class:`~gomoku.tui.effects.CancelAnalysis` sets the job's stop event: the
search stops at its next check and nothing more of that job is posted.
Jobs run one at a time (a lock), so a cancelled search has ended before the
next position's begins: the analyst never takes two threads of a shared
machine.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from gomoku.ai.analysis import analyse
from gomoku.ai.base import Closes, Player
from gomoku.ai.result import SearchResult
from gomoku.board import Board
from gomoku.gomocup.manager import EnginePlayer, Players
from gomoku.jobs import Job, Jobs
from gomoku.tui.effects import CancelAnalysis, StartAnalysis
from gomoku.tui.events import Analysed, Event, Failed

#: Seconds an outside engine thinks about a position for live analysis: one move is asked for (the protocol has
#: no "think until stopped"; its search info is shown as it comes), so twice the time ``hard`` takes for a move.
ENGINE_SECONDS = 2.0
#: How a position is analysed: the board, the stop event, where each answer goes (tests give their own).
Analyse = Callable[..., SearchResult | None]


class Analyst:
    """Analyses positions on the worker pool, one job per :class:`StartAnalysis`, each stopped at once on cancel."""

    def __init__(
        self,
        post: Callable[[Event], None],
        submit: Callable[[Job], None],
        run: Analyse = analyse,
        engines: Players | None = None,
    ) -> None:
        self._post = post
        self._jobs = Jobs(submit)
        self._analyse = run
        self._engines = engines
        #: the outside engines that analyse, by name, kept while the program runs (one process each)
        self._players: dict[str, Player] = {}
        self._one_at_a_time = threading.Lock()

    def start(self, effect: StartAnalysis) -> None:
        self._jobs.start(effect.job, partial(self._run, effect))

    def cancel(self, effect: CancelAnalysis) -> None:
        self._jobs.cancel(effect.job)

    def stop(self) -> None:
        """Stop every analysis (at exit), and end the outside engines' processes."""
        self._jobs.stop_all()
        for player in self._players.values():
            if isinstance(player, Closes):
                player.close()

    def _run(self, effect: StartAnalysis, stop: threading.Event) -> None:
        job = effect.job

        def deeper(analysis: SearchResult) -> None:
            if not stop.is_set():
                self._post(Analysed(job, analysis))

        with self._one_at_a_time:
            if stop.is_set():
                return
            try:
                if self._engines is not None and effect.analyst in self._engines.engines:
                    self._by_engine(effect, stop, deeper)
                else:
                    self._analyse(effect.board, stop=stop, on_update=deeper)
            except Exception as error:  # the game goes on: the screen says why there is no analysis
                if not stop.is_set():
                    self._post(Failed(job, str(error) or type(error).__name__))

    def _by_engine(self, effect: StartAnalysis, stop: threading.Event, deeper: Callable[[SearchResult], None]) -> None:
        """An outside engine's answer: its one best move, with its evaluation, depth and line (no multi-PV there)."""
        assert self._engines is not None
        name = effect.analyst
        if name not in self._players:
            self._players[name] = self._engines.make(name)
        board = effect.board
        player = self._players[name]

        def thinking(info: SearchResult) -> None:
            analysis = engine_analysis(board, info)
            if analysis is not None:
                deeper(analysis)

        if isinstance(player, EnginePlayer):
            decision = player.choose_move(board, stop, think_time=ENGINE_SECONDS, on_info=thinking)
        else:
            decision = player.choose_move(board, stop, think_time=ENGINE_SECONDS)
        deeper(replace(decision, pv=decision.line, final=True))


def engine_analysis(board: Board, info: SearchResult) -> SearchResult | None:
    """An engine's search info so far as an analysis still deepening: the first move of its line, on ``board``.

    ``None`` while the info names no move to play (no line yet, or a line
    whose first point is taken: the engine and we disagree on the board).
    """
    if not info.pv or not board.is_empty(info.pv[0]):
        return None
    return replace(info, move=info.pv[0], final=False)
