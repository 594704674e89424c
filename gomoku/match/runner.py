"""A match: its games laid out from the openings, played one or several at once, stopped by a count or an SPRT.

:class:`MatchPlan` lays the games out: game ``2k`` and ``2k + 1`` share
opening ``k`` (the set taken again from its start when the games outnumber
it), the first contender black in the first of the pair and white in the
second.  :func:`run_jobs` plays jobs in worker processes (engines are
processes of their own anyway) and yields each result as it comes;
:func:`run_match` adds the tally from the first contender's side and the
stop: after ``games`` games, or as soon as the SPRT accepts a hypothesis
(the games still in play are then stopped and left out, so the verdict
is the one the test reached).  ``benchmarks/strength.py`` runs its
games through :func:`run_jobs` too: one home for the match loop.
"""

from __future__ import annotations

import multiprocessing
import queue
import signal
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar, cast

from gomoku.match.game import Conditions, Contender, GameOutcome, GameSpec, play
from gomoku.openings import Seat
from gomoku.point import Point
from gomoku.sprt import Sprt, Tally, Verdict

#: How long the match waits for a game at a time before it looks again (so Ctrl-C is heard at once).
POLL_SECONDS = 0.2
#: How the worker processes start: from a clean server process where there is one (POSIX), else a fresh
#: interpreter.  A plain ``fork`` copies a process that may already run threads (an engine's readers, a
#: caller's own), which can deadlock the child; Python 3.12+ warns of it and 3.14 no longer forks by default.
START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"

Job = TypeVar("Job")
Result = TypeVar("Result")


def run_jobs(
    jobs: Sequence[Job], worker: Callable[[Job], Result], concurrency: int = 1
) -> Generator[tuple[int, Result], None, None]:
    """``worker(job)`` for each job, ``concurrency`` at a time in worker processes (one: here, in order),
    yielded as (the job's index, its result) as each finishes.

    No more than ``concurrency`` jobs are ever handed out.  Closing the
    iterator early (a stop, Ctrl-C) ends the worker processes at once: the
    jobs in play are dropped (an engine they ran sees its input close), the
    rest never start.  The workers leave Ctrl-C to this process, which
    stops them.  ``worker`` must be a module's function (it is sent to the
    processes by name); an exception in it is raised here.
    """
    if concurrency <= 1:
        for index, job in enumerate(jobs):
            yield index, worker(job)
        return
    finished: queue.SimpleQueue[tuple[int, Result | None, BaseException | None]] = queue.SimpleQueue()
    waiting = iter(enumerate(jobs))
    context = multiprocessing.get_context(START_METHOD)
    with context.Pool(concurrency, initializer=_leave_interrupts) as pool:  # its exit ends the workers
        out = 0

        def hand_out() -> int:
            handed = 0
            for index, job in waiting:

                def done(result: Result, at: int = index) -> None:
                    finished.put((at, result, None))

                def failed(error: BaseException, at: int = index) -> None:
                    finished.put((at, None, error))

                pool.apply_async(worker, (job,), callback=done, error_callback=failed)
                handed += 1
                if out + handed >= concurrency:
                    break
            return handed

        out += hand_out()
        while out:
            try:
                index, result, error = finished.get(timeout=POLL_SECONDS)
            except queue.Empty:
                continue  # waiting in slices keeps Ctrl-C heard
            out -= 1
            if error is not None:
                raise error
            yield index, cast(Result, result)
            out += hand_out()
        pool.close()
        pool.join()


def _leave_interrupts() -> None:
    """A worker ignores Ctrl-C: the match's own process hears it and ends the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass(frozen=True)
class MatchPlan:
    """What a match plays: the two contenders, the openings, how many games and under what conditions."""

    first: Contender
    second: Contender
    openings: tuple[tuple[Point, ...], ...]
    games: int
    conditions: Conditions = field(default_factory=Conditions)
    seed: int = 0

    def spec(self, number: int) -> GameSpec:
        """Game ``number`` (from 0): its pair's opening, the first contender black in the pair's first game.

        The levels' seeds come from the pair, so both games of a pair and a
        rerun of the match draw the same choices.
        """
        pair = number // 2
        first, second = (self.first, self.second) if number % 2 == 0 else (self.second, self.first)
        opening = self.openings[pair % len(self.openings)]
        return GameSpec(number, pair, opening, first, second, self.conditions, self.seed + 2 * pair)

    def specs(self) -> list[GameSpec]:
        return [self.spec(number) for number in range(self.games)]


def first_seat(outcome: GameOutcome) -> Seat:
    """The seat the plan's first contender held in ``outcome``'s game."""
    return Seat.FIRST if outcome.spec.number % 2 == 0 else Seat.SECOND


@dataclass
class MatchState:
    """A match as it goes: the games finished (in the order they finished) and the first contender's tally."""

    plan: MatchPlan
    sprt: Sprt | None = None
    outcomes: list[GameOutcome] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)
    verdict: Verdict = Verdict.CONTINUE

    def add(self, outcome: GameOutcome) -> None:
        self.outcomes.append(outcome)
        self.tally = self.tally.plus(outcome.points(first_seat(outcome)))
        if self.sprt is not None:
            self.verdict = self.sprt.verdict(self.tally)


def run_match(
    state: MatchState, concurrency: int = 1, on_game: Callable[[MatchState, GameOutcome], None] | None = None
) -> MatchState:
    """Play ``state``'s plan until its games are played or its SPRT accepts a hypothesis, adding each game to
    ``state`` as it finishes (so a match stopped by Ctrl-C keeps what it played); ``on_game`` sees each game
    with the state after it."""
    games = run_jobs(state.plan.specs(), play, concurrency)
    try:
        for _index, outcome in games:
            state.add(outcome)
            if on_game is not None:
                on_game(state, outcome)
            if state.verdict is not Verdict.CONTINUE:
                break
    finally:
        games.close()
    return state


__all__ = ["MatchPlan", "MatchState", "first_seat", "run_jobs", "run_match"]
