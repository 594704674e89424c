"""The computer's worker: thinks about :class:`~gomoku.tui.effects.StartAi` jobs on the worker pool.

Each answer is posted as :class:`~gomoku.tui.events.AiDone`; pondering
(:class:`~gomoku.tui.effects.StartPonder`) runs on the same pool with the
player that makes the computer's moves.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from functools import partial

from gomoku.ai import Player, make_player
from gomoku.ai.base import Closes, Ponders
from gomoku.ai.book import ReadsBook
from gomoku.ai.opening import OpeningPlayer, Placement
from gomoku.gomocup.manager import EngineError
from gomoku.i18n import _
from gomoku.jobs import Jobs, Pool
from gomoku.openings import OpeningMove
from gomoku.point import Point
from gomoku.tui.effects import AiKind, CancelAi, CancelPonder, StartAi, StartPonder
from gomoku.tui.events import AiDone, Event

#: What one opening decision of the computer may spend reading positions, in seconds.
OPENING_THINK_TIME = 1.5
#: What reading the placements for a player who asked (``B``) may spend, in seconds: twice the computer's own
#: decision, as the player waits for it with nothing else to do (12 candidates, a quarter of a second each).
BALANCE_THINK_TIME = 3.0


class Computer:
    """Thinks about :class:`StartAi` jobs on the worker pool and posts each answer as :class:`AiDone`.

    One player per level and colour, so a player's own randomness (and its
    search tables) carry on from move to move; a lock per player, so a job
    that was cancelled finishes with it before the next one starts.
    """

    def __init__(
        self,
        seed: int | None,
        post: Callable[[Event], None],
        pool: Pool | None = None,
        make: Callable[..., Player] | None = None,
    ) -> None:
        self.seed = seed
        self._make = make
        self._post = post
        self._jobs = Jobs((pool or Pool()).submit)
        self._players: dict[tuple[str, int], tuple[Player, threading.Lock]] = {}

    def start(self, job: StartAi) -> None:
        player, lock = self._player(job)
        self._jobs.start(job.job, partial(self._think, job, player, lock))

    def cancel(self, job: CancelAi | CancelPonder) -> None:
        self._jobs.cancel(job.job)

    def ponder(self, job: StartPonder) -> None:
        """Think on the human's time with the player that makes the computer's moves (a level that can)."""
        player, lock = self._player_for(job.level, int(job.board.turn.opponent))
        if isinstance(player, Ponders):
            self._jobs.start(job.job, partial(self._ponder, job, player, lock))

    def stop(self) -> None:
        """Stop every job (at exit), and end the outside engines' processes."""
        self._jobs.stop_all()
        for player, _lock in self._players.values():
            if isinstance(player, Closes):
                player.close()

    def _player(self, job: StartAi) -> tuple[Player, threading.Lock]:
        return self._player_for(job.level, int(job.board.turn) if job.kind is AiKind.MOVE else 0)

    def _player_for(self, level: str, colour: int) -> tuple[Player, threading.Lock]:
        """The player of ``level`` making the moves of ``colour`` (0: hints), and its lock."""
        key = (level, colour)
        if key not in self._players:
            seed = None if self.seed is None else self.seed + key[1]
            make = self._make or make_player  # a level's name; the loop's Players knows the outside engines too
            self._players[key] = (make(level, seed=seed), threading.Lock())
        return self._players[key]

    def _think(self, job: StartAi, player: Player, lock: threading.Lock, stop: threading.Event) -> None:
        started = time.monotonic()
        with lock:
            if stop.is_set():
                return
            step: OpeningMove | None = None
            placements: tuple[Placement, ...] = ()
            try:
                if job.kind is AiKind.OPENING and job.opening is not None:
                    step = self._opening_step(job)
                    point: Point | None = step.point
                elif job.kind is AiKind.BALANCE and job.opening is not None:
                    placements = self._reader(BALANCE_THINK_TIME, stop).ranked(job.opening, job.board.copy())
                    point = placements[0].point if placements else None
                    if point is None:
                        raise ValueError(_("no stone is placed or offered now"))
                else:
                    booked = player.from_book(job.book, job.board) if isinstance(player, ReadsBook) else None
                    if booked is None:
                        booked = player.choose_move(job.board, stop, think_time=job.think_time)  # never writes it
                    point = booked.move
                error, engine = "", ""
            except EngineError as exc:  # an outside engine: said by its name and what happened to it
                point, error, engine = None, exc.reason, exc.engine
            except Exception as exc:  # the game goes on: the state shows the error
                point, error, engine = None, str(exc) or type(exc).__name__, ""
        thought = time.monotonic() - started  # what the game clock charges (not the pace's wait)
        remaining = job.delay - thought
        if remaining > 0:
            stop.wait(remaining)
        if not stop.is_set():
            self._post(AiDone(job.job, point, error, engine, opening_move=step, thought=thought, placements=placements))

    def _ponder(self, job: StartPonder, player: Ponders, lock: threading.Lock, stop: threading.Event) -> None:
        """Ponder until stopped (or its last stage is done), holding the player: its move waits for the lock."""
        with lock:
            if not stop.is_set():
                try:
                    player.ponder(job.board, stop, think_time=job.think_time)  # never writes the board
                except Exception:  # pondering is a bonus: a failure costs only what it would have found
                    pass

    def _opening_step(self, job: StartAi) -> OpeningMove:
        """The computer's step in an opening: read with ``hard``'s search at every level (the
        greedy levels give no score to read), :data:`OPENING_THINK_TIME` for the whole decision, or
        less when the clock's share (the job's think time) is smaller."""
        assert job.opening is not None
        think = OPENING_THINK_TIME if job.think_time is None else min(OPENING_THINK_TIME, job.think_time)
        return self._reader(think).decide(job.opening, job.board.copy())

    def _reader(self, think: float, stop: threading.Event | None = None) -> OpeningPlayer:
        """The opening reader on ``hard``'s search (the computer's own steps and a player's ``B`` read alike)."""
        key = ("hard", -1)
        if key not in self._players:
            self._players[key] = (make_player("hard", seed=self.seed), threading.Lock())
        return OpeningPlayer(self._players[key][0], think_time=think, stop=stop)
