"""The levels' measured strength: each level's Elo from the ladder run, the one home of those figures.

``benchmarks/ladder.py`` measures every level against its neighbours and
against Rapfi's node ladder, and ``docs/levels.md`` prints the table of its
last full run (``tests/test_history_stats.py`` checks that the table there
and the figures here agree).  The figures are Elo anchored at Rapfi
``max_node`` 3,000 = 0, each with its 95% interval; :data:`RATING_OFFSET`
puts them on the Glicko scale a player's rating lives on
(:mod:`gomoku.glicko`), so that the history can rate a player against the
levels they beat and lose to (:mod:`gomoku.history_stats`).
"""

from __future__ import annotations

from dataclasses import dataclass

from gomoku.glicko import START_RATING


@dataclass(frozen=True)
class Measured:
    """A level's measured strength: Elo (Rapfi ``max_node`` 3,000 = 0) and the 95% interval's half-width."""

    elo: float
    interval: float


#: Each level's Elo from the ladder run printed in ``docs/levels.md`` (384 games of 15x15 freestyle on the
#: held-out balanced openings, 2026-12-02: ``python benchmarks/ladder.py --engine /path/to/pbrain-rapfi --games 20
#: --engine-games 10 --long-games 14 --nodes-per-second 24000 --jobs 2 --results ladder.jsonl``).
MEASURED: dict[str, Measured] = {
    "beginner": Measured(-678, 252),
    "novice": Measured(-528, 207),
    "easy": Measured(-392, 173),
    "casual": Measured(-385, 159),
    "normal": Measured(-366, 151),
    "club": Measured(-136, 128),
    "strong": Measured(-47, 120),
    "hard": Measured(61, 121),
    "expert": Measured(178, 121),
    "master": Measured(134, 130),
}

#: The level a newcomer is taken to be as strong as: the menu's default level, so that a newcomer's
#: Glicko rating (1500) stands level with it on the ladder.
NEWCOMER_LEVEL = "normal"
#: What turns a ladder Elo into a rating on the Glicko scale: the newcomer's level lands on 1500.
RATING_OFFSET = START_RATING - MEASURED[NEWCOMER_LEVEL].elo


def level_rating(level: str) -> float | None:
    """``level``'s strength on the Glicko scale a player's rating uses (``None``: a level not measured)."""
    measured = MEASURED.get(level)
    return None if measured is None else measured.elo + RATING_OFFSET


__all__ = ["MEASURED", "NEWCOMER_LEVEL", "RATING_OFFSET", "Measured", "level_rating"]
