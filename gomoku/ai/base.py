"""What every computer player is, and what it says about the move it chose.

A player is one object, kept for a whole game, with one method that picks a
move and returns a :class:`~gomoku.ai.result.SearchResult`: the move and what
the player found (its score or a forced win, how deep it looked, how many
positions, the line it expects).  The Gomocup engine prints it as
``MESSAGE`` lines, the UI can show it; a player may keep what it learnt
between moves (``hard`` keeps its transposition table), so front ends hold
one player per game.  Abilities only some players have are protocols of
their own, checked with ``isinstance``: :class:`Ponders`,
:class:`LimitsMemory`, :class:`Starts`, :class:`Closes`.

A player that cannot give a move at all (an outside engine that crashed,
hung or broke its protocol) raises a :class:`PlayerError`: a front end may go
on without it, and a match (:mod:`gomoku.ai.arena`) counts it a forfeit.
"""

from __future__ import annotations

import threading
from typing import Protocol, runtime_checkable

from gomoku.ai.result import SearchResult
from gomoku.board import Board
from gomoku.errors import GomokuError


class PlayerError(GomokuError):
    """A player gave no move: an outside engine that would not start, crashed, hung or answered nonsense.

    Our own levels never raise it (an exception of theirs is a bug); the
    engine manager's :class:`~gomoku.gomocup.manager.EngineError` is one.
    """


@runtime_checkable
class Ponders(Protocol):
    """A player that can think on the opponent's time (``hard`` and up): see :mod:`gomoku.ai.ponder`."""

    def ponder(
        self,
        board: Board,
        stop: threading.Event | None = None,
        max_nodes: int | None = None,
        think_time: float | None = None,
    ) -> object:
        """Search the position after the reply ``board``'s side to move is expected to make, until ``stop``."""
        ...


@runtime_checkable
class LimitsMemory(Protocol):
    """A player whose tables can be held within a memory bound (the Gomocup brain's ``INFO max_memory``)."""

    def set_memory_limit(self, max_bytes: int) -> None:
        """Keep the player's tables within ``max_bytes`` (0: its default)."""
        ...


@runtime_checkable
class Starts(Protocol):
    """A player that gets ready for a game before its first move: an outside engine starts its process."""

    def start(self, board: Board) -> None:
        """Be ready to move in ``board``'s game (its size and rule), so the first move's time is thinking only.

        Raises :class:`PlayerError` when the player cannot play at all.
        """
        ...


@runtime_checkable
class Closes(Protocol):
    """A player that holds something until it is closed: an outside engine's process."""

    def close(self) -> None:
        """Let go of what the player holds; it may start again on its next move."""
        ...


class Player(Protocol):
    """A computer player.  The UI, the Gomocup engine and the benchmarks all use this."""

    #: The level's name as the command line spells it (``easy``, ``normal``, ...).
    name: str

    def choose_move(
        self, board: Board, stop: threading.Event | None = None, think_time: float | None = None
    ) -> SearchResult:
        """The move this player makes for the side to move on ``board``, and what it found.

        ``board`` is left exactly as it was given (it is never written to).
        ``stop``, when set from another thread, asks a long search to return
        its best move so far; ``think_time`` (seconds) overrides the player's
        own for this move.  Raises :class:`~gomoku.board.GameOverError` if the
        game is over.
        """
        ...
