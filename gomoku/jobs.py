"""Background work, one way for everyone: a pool of worker threads, lanes that keep jobs in order on it,
and cancellable jobs with their stop events.

Everything slow runs off the thread that must stay live: in the terminal
game, the computer's thinking, the review, the live analyst, record files
and the autosave (the loop's thread draws and reads keys); in the Gomocup
brain, the thinking and the pondering (the main thread answers by the
deadline, whatever the player is doing); in the engine manager, the readers
of an engine's output.  The network connection keeps its own socket thread
(:mod:`gomoku.net.connection`).

- :class:`Pool` runs each job it is given on one of a few daemon threads
  (started when first needed), so a job stuck on a slow disk or a hung
  engine never keeps the program from ending.
- :class:`Lane` runs its jobs one at a time, in the order given, on the
  pool: file jobs and autosave writes must not overtake each other, and a
  lane holds a thread only while it has work.
- :class:`Task` is one job's answer (or its error), awaited with a timeout,
  with the stop event that asks it to finish early: :meth:`Pool.run` hands
  one back.
- :class:`Jobs` is the start / cancel / stop-all of numbered cancellable
  jobs on a pool (the computer, the reviewer and the analyst each keep one);
  :class:`Stops` holds their stop events.

No curses, files or sockets here: the core's players may be run this way.
"""

from __future__ import annotations

import queue
import threading
from collections import deque
from collections.abc import Callable
from typing import Generic, TypeVar

#: Threads in the terminal game's pool: the computer's current job, one cancelled job still
#: winding down (it stops at its next check), the file lane and the autosave
#: lane each get one, and a review (or the analyst) one more, so none waits
#: for another in ordinary play.
POOL_WORKERS = 5

#: A job: run once on a worker thread; it reports its own answer and errors.
Job = Callable[[], None]
#: A cancellable job: given its stop event, which another thread sets to ask it to finish early.
Stoppable = Callable[[threading.Event], None]
T = TypeVar("T")


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

    def run(self, work: Callable[[threading.Event], T]) -> Task[T]:
        """Run ``work`` (given its stop event) on a worker thread; its :class:`Task` to await the answer."""
        task: Task[T] = Task(work)
        self.submit(task.run)
        return task

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

    :class:`Jobs` keeps one: :meth:`new` when a job starts, :meth:`cancel`
    when the state no longer wants its answer, :meth:`done` when it has
    answered, :meth:`stop_all` at exit.
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


class Task(Generic[T]):
    """One job's answer: ``work`` run once with :attr:`stop`, its result or error kept for whoever waits.

    :meth:`wait` waits with a timeout (the caller decides how long: the
    Gomocup brain's deadline); setting :attr:`stop` asks a searching player
    to return its best so far.  A task never raises on its worker thread.
    """

    def __init__(self, work: Callable[[threading.Event], T], stop: threading.Event | None = None) -> None:
        self._work = work
        #: set by anyone to ask the work to finish early
        self.stop = stop or threading.Event()
        self._done = threading.Event()
        self._result: T | None = None
        self._error: BaseException | None = None

    def run(self) -> None:
        """Do the work (on a worker thread), keeping its result or its error."""
        try:
            self._result = self._work(self.stop)
        except Exception as error:  # kept for the waiter: a job must never end its thread
            self._error = error
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        """Whether the work has ended (with a result or an error)."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the work has ended; whether it did within ``timeout`` seconds."""
        return self._done.wait(timeout)

    def result(self) -> T | None:
        """The work's result: ``None`` while it runs or if it failed (:attr:`error` says how)."""
        return self._result if self.done else None

    @property
    def error(self) -> BaseException | None:
        """The exception the work ended with, if it did."""
        return self._error if self.done else None


class Jobs:
    """Numbered cancellable jobs on a pool: one home for start, cancel and stop-all.

    ``start(number, work)`` runs ``work(stop)`` on the pool with a fresh stop
    event; ``cancel(number)`` sets it (the state no longer wants the answer:
    the work stops at its next check and posts nothing); ``stop_all()`` at
    exit.  A job is forgotten once its work returns, so an answered job is
    never "cancelled" late.  Safe to call from any thread.
    """

    def __init__(self, submit: Callable[[Job], None]) -> None:
        self._submit = submit
        self._stops = Stops()

    def start(self, number: int, work: Stoppable) -> threading.Event:
        """Run ``work`` for job ``number``; its stop event."""
        stop = self._stops.new(number)

        def run() -> None:
            try:
                work(stop)
            finally:
                self._stops.done(number)

        self._submit(run)
        return stop

    def cancel(self, number: int) -> None:
        """Stop job ``number`` (an unknown or finished one is ignored)."""
        self._stops.cancel(number)

    def stop_all(self) -> None:
        """Stop every job still running (at exit)."""
        self._stops.stop_all()


__all__ = ["Job", "Jobs", "Lane", "Pool", "Stoppable", "Stops", "Task"]
