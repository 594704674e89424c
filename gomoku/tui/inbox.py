"""The loop's inbox: events posted by worker threads, in order, and a pipe that wakes the loop when one arrives."""

from __future__ import annotations

import os
import queue
import select
import time

from gomoku.tui.events import Event

#: Where ``select`` cannot wait on a console (Windows), how often the loop looks for keys.
CONSOLE_POLL = 0.02


class Inbox:
    """Events from worker threads, in order, and a pipe that wakes the loop when one arrives."""

    def __init__(self) -> None:
        self._events: queue.SimpleQueue[Event] = queue.SimpleQueue()
        self._read, self._write = os.pipe()
        for fd in (self._read, self._write):
            os.set_blocking(fd, False)

    @property
    def wake_fd(self) -> int:
        """The pipe's writing end (also the signal wake-up: a resize wakes the loop too)."""
        return self._write

    def put(self, event: Event) -> None:
        """Post ``event`` from any thread and wake the loop."""
        self._events.put(event)
        self.poke()

    def poke(self) -> None:
        """Wake the loop without an event (the network's own queue has one for it)."""
        try:
            os.write(self._write, b"!")
        except OSError:
            pass  # the pipe is full: the loop is awake already

    def wait(self, timeout: float, terminal: int | None) -> None:
        """Sleep until a key on ``terminal``, a posted event or ``timeout`` seconds."""
        if terminal is None:  # a console select cannot watch: look again soon
            time.sleep(min(timeout, CONSOLE_POLL))
            return
        try:
            select.select([terminal, self._read], [], [], timeout)
        except (OSError, ValueError):
            time.sleep(min(timeout, CONSOLE_POLL))
        try:
            while os.read(self._read, 4096):
                pass
        except OSError:
            pass

    def drain(self) -> list[Event]:
        """Every event posted so far, oldest first."""
        events = []
        while True:
            try:
                events.append(self._events.get_nowait())
            except queue.Empty:
                return events

    def close(self) -> None:
        for fd in (self._read, self._write):
            try:
                os.close(fd)
            except OSError:
                pass
