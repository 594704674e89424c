"""Computer players.  Every level is a :class:`~gomoku.ai.base.Player`; make one by name."""

from __future__ import annotations

from collections.abc import Callable

from gomoku.ai import greedy, search
from gomoku.ai.base import Decision, Player
from gomoku.errors import GomokuError


class UnknownLevelError(GomokuError, ValueError):
    """A level name that is not one of :data:`LEVELS`."""


#: The levels by name, weakest first.  Each factory takes keyword arguments
#: ``seed`` (for reproducible random choices) and ``think_time`` (seconds a
#: move may take; levels that do not search ignore it).
LEVELS: dict[str, Callable[..., Player]] = {
    "easy": greedy.easy,
    "normal": greedy.normal,
    "hard": search.hard,
}


def make_player(level: str, seed: int | None = None, think_time: float | None = None) -> Player:
    """A new player of ``level`` (one of :data:`LEVELS`)."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise UnknownLevelError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}") from None
    return factory(seed=seed, think_time=think_time)


__all__ = ["LEVELS", "Decision", "Player", "UnknownLevelError", "make_player"]
