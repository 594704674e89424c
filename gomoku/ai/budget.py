"""One budget for every search: a deadline, a node cap and a stop event, checked in one place.

The alpha-beta search and the threat searcher both count their nodes on a
:class:`Budget` and call :meth:`Budget.tick`; when the deadline passes, the
node cap is reached or another thread sets the stop event (the game is quit,
the engine's clock runs out) it raises :class:`OutOfBudget`, which each
search catches at its root to return the best it knows.
"""

from __future__ import annotations

import threading
import time

from gomoku.ai.parameters import CLOCK_CHECK_INTERVAL


class OutOfBudget(Exception):
    """A search spent its nodes or its time, or was asked to stop."""


class Budget:
    """How much one search may spend: until ``deadline`` (a :func:`time.perf_counter` value),
    at most ``max_nodes`` nodes, and only while ``stop`` is not set (each optional).
    """

    __slots__ = ("_next_check", "deadline", "max_nodes", "nodes", "stop")

    def __init__(
        self,
        deadline: float | None = None,
        max_nodes: int | None = None,
        stop: threading.Event | None = None,
    ) -> None:
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.stop = stop
        #: nodes counted so far
        self.nodes = 0
        self._next_check = CLOCK_CHECK_INTERVAL

    def tick(self) -> None:
        """Count one node; raises :class:`OutOfBudget` when the budget is spent."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfBudget
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + CLOCK_CHECK_INTERVAL
            if self.expired():
                raise OutOfBudget

    def expired(self) -> bool:
        """Whether the deadline has passed or the stop event is set (the node cap is :meth:`tick`'s)."""
        return (self.deadline is not None and time.perf_counter() > self.deadline) or (
            self.stop is not None and self.stop.is_set()
        )
