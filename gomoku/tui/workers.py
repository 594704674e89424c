"""The terminal game's one pool of worker threads, and lanes that keep jobs in order on it.

Everything slow runs here, off the loop's thread, so the screen stays live:
the computer's thinking (:class:`gomoku.tui.computer.Computer`), the review
(:class:`gomoku.tui.reviewer.Reviewer`), record files
(:class:`gomoku.tui.files.FileWorker`) and the autosave
(:class:`gomoku.tui.storage.Autosaver`).  The network connection keeps its
own socket thread (:mod:`gomoku.net.connection`).

- :class:`Pool` runs each job it is given on one of a few daemon threads
  (started when first needed), so a job stuck on a slow disk never keeps the
  program from ending.
- :class:`Lane` runs its jobs one at a time, in the order given, on the
  pool: file jobs and autosave writes must not overtake each other, and a
  lane holds a thread only while it has work.
"""

from __future__ import annotations

import queue
import threading
from collections import deque
from collections.abc import Callable

#: Threads in the pool: the computer's current job, one cancelled job still
#: winding down (it stops at its next check), the file lane and the autosave
#: lane each get one, and a review (or the analyst) one more, so none waits
#: for another in ordinary play.
POOL_WORKERS = 5

Job = Callable[[], None]


class Pool:
    """A few worker threads taking jobs from one queue; :meth:`submit` never blocks."""

    def __init__(self, workers: int = POOL_WORKERS, name: str = "gomoku-worker") -> None:
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._size = workers
        self._name = name
        self._threads: list[threading.Thread] = []
        self._unfinished = 0  # jobs handed over and not yet done
        self._lock = threading.Lock()
        self._closed = False

    def submit(self, job: Job) -> None:
        """Run ``job`` on a worker thread (a new one if every thread is busy and there is room)."""
        with self._lock:
            if self._closed:
                return
            self._unfinished += 1
            if self._unfinished > len(self._threads) and len(self._threads) < self._size:
                thread = threading.Thread(target=self._work, name=f"{self._name}-{len(self._threads)}", daemon=True)
                self._threads.append(thread)
                thread.start()
        self._jobs.put(job)

    def close(self) -> None:
        """Take no more jobs; the threads end when the jobs already handed over are done."""
        with self._lock:
            self._closed = True
            count = len(self._threads)
        for _ in range(count):
            self._jobs.put(None)

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            try:
                job()
            except Exception:  # a job reports its own errors; a bug in one must not end the thread
                pass
            with self._lock:
                self._unfinished -= 1


class Lane:
    """Jobs run one at a time, in order, on a :class:`Pool` (or any ``submit``)."""

    def __init__(self, submit: Callable[[Job], None]) -> None:
        self._submit = submit
        self._jobs: deque[Job] = deque()
        self._running = False
        self._done = threading.Condition()

    def put(self, job: Job) -> None:
        with self._done:
            self._jobs.append(job)
            if self._running:
                return
            self._running = True
        self._submit(self._drain)

    @property
    def busy(self) -> bool:
        with self._done:
            return self._running

    def wait(self, timeout: float) -> bool:
        """Wait until every job put so far is done; whether that happened within ``timeout`` seconds."""
        with self._done:
            return self._done.wait_for(lambda: not self._running, timeout)

    def _drain(self) -> None:
        while True:
            with self._done:
                if not self._jobs:
                    self._running = False
                    self._done.notify_all()
                    return
                job = self._jobs.popleft()
            try:
                job()
            except Exception:  # the job's own error handling failed: the lane goes on
                pass


class Stops:
    """The stop events of a worker's cancellable jobs, by job number: one home for start, cancel and stop-all.

    The computer, the analyst and the reviewer each keep one: :meth:`new`
    when a job starts, :meth:`cancel` when the state no longer wants its
    answer, :meth:`done` when it has answered, :meth:`stop_all` at exit.
    Safe to call from the loop's thread and the workers' at once.
    """

    def __init__(self) -> None:
        self._events: dict[int, threading.Event] = {}
        self._lock = threading.Lock()

    def new(self, job: int) -> threading.Event:
        """A fresh stop event for ``job``."""
        stop = threading.Event()
        with self._lock:
            self._events[job] = stop
        return stop

    def cancel(self, job: int) -> None:
        """Stop ``job`` (its answer is no longer wanted); a job already done or unknown is ignored."""
        with self._lock:
            stop = self._events.pop(job, None)
        if stop is not None:
            stop.set()

    def done(self, job: int) -> None:
        """Forget ``job``: it has answered."""
        with self._lock:
            self._events.pop(job, None)

    def stop_all(self) -> None:
        """Stop every job still running (at exit)."""
        with self._lock:
            events, self._events = list(self._events.values()), {}
        for stop in events:
            stop.set()
