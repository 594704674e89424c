"""The file worker: file jobs (records saved, loaded and listed, the settings) one at a time, in order."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from gomoku.i18n import _
from gomoku.jobs import Lane, Pool
from gomoku.tui.events import Event, Report


class FileWorker:
    """Does file jobs one at a time, in order, on a lane of the worker pool, and posts the events they answer with."""

    def __init__(self, post: Callable[[Event], None], pool: Pool | None = None) -> None:
        self._post = post
        self._lane = Lane((pool or Pool()).submit)

    def submit(self, work: Callable[[], Event | None]) -> None:
        self._lane.put(partial(self._run, work))

    def close(self, timeout: float = 5.0) -> None:
        """Finish the jobs handed over (settings to remember), for at most ``timeout`` seconds."""
        self._lane.wait(timeout)

    def _run(self, work: Callable[[], Event | None]) -> None:
        try:
            event = work()
        except Exception as error:  # a bug in a job must not end the worker: say it
            event = Report(_("A file job failed: {error!r}.").format(error=error))
        if event is not None:
            self._post(event)
