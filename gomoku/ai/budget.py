"""One budget for every search: a deadline, a node cap and a stop event, checked in one place.

The alpha-beta search and the threat searcher both count their nodes on a
:class:`Budget` and call :meth:`Budget.tick`; when the deadline passes, the
node cap is reached or another thread sets the stop event (the game is quit,
the engine's clock runs out) it raises :class:`OutOfBudget`, which each
search catches at its root to return the best it knows.

Deadlines are read on a :class:`Timer` (not a game clock: that is
:class:`gomoku.clock.Clock`): the wall clock in play, or a
:class:`NodeTimer` whose "seconds" are nodes searched, so that a benchmark
can give a player a fixed number of nodes a move and get the same game
however loaded the machine is (every time share of the move keeps its
meaning: a share of the nodes instead of a share of the seconds).
"""

from __future__ import annotations

import threading
import time

from gomoku.ai.parameters import TIME_CHECK_INTERVAL


class OutOfBudget(Exception):
    """A search spent its nodes or its time, or was asked to stop."""


class Timer:
    """The wall clock (:func:`time.perf_counter`); searches report their nodes to it, which it ignores."""

    __slots__ = ()

    #: A budget reports its nodes and checks the time once every this many nodes.
    check_interval = TIME_CHECK_INTERVAL

    def now(self) -> float:
        """The current time in seconds."""
        return time.perf_counter()

    def spend(self, nodes: int) -> None:
        """Count ``nodes`` searched (only a :class:`NodeTimer` moves with them)."""


class NodeTimer(Timer):
    """A timer that moves only as nodes are searched: ``nodes_per_second`` of them make a second.

    Deterministic: the same position and the same node rate give the same
    search, whatever else the machine is doing.
    """

    __slots__ = ("nodes", "nodes_per_second")

    #: Every node is reported: many reads of a few dozen nodes each would otherwise take no time at all.
    check_interval = 1

    def __init__(self, nodes_per_second: float) -> None:
        self.nodes_per_second = nodes_per_second
        #: nodes reported so far
        self.nodes = 0

    def now(self) -> float:
        return self.nodes / self.nodes_per_second

    def spend(self, nodes: int) -> None:
        self.nodes += nodes


#: The wall clock (stateless, so one serves everyone).
WALL_TIMER = Timer()


class Budget:
    """How much one search may spend: until ``deadline`` (a time on ``timer``, the wall clock by
    default), at most ``max_nodes`` nodes, and only while ``stop`` is not set (each optional).
    """

    __slots__ = ("_countdown", "deadline", "max_nodes", "nodes", "stop", "timer")

    def __init__(
        self,
        deadline: float | None = None,
        max_nodes: int | None = None,
        stop: threading.Event | None = None,
        timer: Timer = WALL_TIMER,
    ) -> None:
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.stop = stop
        self.timer = timer
        #: nodes counted so far
        self.nodes = 0
        self._countdown = timer.check_interval

    def tick(self) -> None:
        """Count one node; raises :class:`OutOfBudget` when the budget is spent."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfBudget
        self._countdown -= 1
        if self._countdown <= 0:
            interval = self._countdown = self.timer.check_interval
            self.timer.spend(interval)
            if self.expired():
                raise OutOfBudget

    def expired(self) -> bool:
        """Whether the deadline has passed or the stop event is set (the node cap is :meth:`tick`'s)."""
        return (self.deadline is not None and self.timer.now() > self.deadline) or (
            self.stop is not None and self.stop.is_set()
        )
