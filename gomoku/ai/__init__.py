"""Computer players.  Every level is a :class:`~gomoku.ai.base.Player`; make one by name."""

from __future__ import annotations

from collections.abc import Callable

from gomoku.ai import greedy
from gomoku.ai.base import Player

#: The levels by name, weakest first; each factory takes an optional ``seed``.
LEVELS: dict[str, Callable[..., Player]] = {
    "easy": greedy.easy,
    "normal": greedy.normal,
}


def make_player(level: str, seed: int | None = None) -> Player:
    """A new player of ``level`` (one of :data:`LEVELS`)."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}") from None
    return factory(seed=seed)


__all__ = ["LEVELS", "Player", "make_player"]
