"""What the game history adds up to: wins, losses and draws by level, rule, colour and opening, streaks, a rating.

Pure arithmetic on :class:`~gomoku.history.GameEntry` values, nothing kept:
the history screen and ``--history`` compute these from the games each time.
Only the games the player played alone count (one colour of their own:
against the computer, an outside engine, or a person over the network);
watched games and two players on one keyboard are in the list, not in the
figures.

**The rating** is Glicko-2 (:mod:`gomoku.glicko`) against the level ladder:
each game against one of the computer's levels is a rating period of one
game whose opponent is the level's measured strength
(:func:`gomoku.ai.ladder.level_rating`) with a small deviation
(:data:`LEVEL_DEVIATION`).  Games against people and outside engines are not
rated: their strength is not known.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from gomoku.ai import LEVELS
from gomoku.ai.ladder import level_rating
from gomoku.glicko import Rating, Result, updated
from gomoku.history import GameEntry, OpponentKind, PlayerResult
from gomoku.i18n import _
from gomoku.rules import Rule, Stone
from gomoku.sprt import Tally

K = TypeVar("K")

#: The deviation each level is rated with as an opponent: a level does not learn or tire, so its strength is a
#: fixed quantity; 30 (a tenth of a newcomer's 350) lets each game count nearly fully, where the ladder's own
#: 95% intervals (+-124 to +-258: 336 games) would make every game against a level count far less.
LEVEL_DEVIATION = 30.0
#: Rounding of the rating and its deviation as shown: Glicko's figures are not meaningful to the last point.
SHOWN_ROUNDING = 10


@dataclass
class Statistics:
    """The player's figures: a tally overall and by level, rule, colour and named opening (the match's
    :class:`~gomoku.sprt.Tally`: wins, losses, draws), and the streaks.

    ``streak`` is the run of equal results the last games make (``None``
    with no game), ``best_streak`` the longest run of wins.
    """

    total: Tally = field(default_factory=Tally)
    #: the levels weakest first, as the ladder has them (not in the order they were first played)
    by_level: dict[str, Tally] = field(default_factory=dict)
    by_rule: dict[Rule, Tally] = field(default_factory=dict)
    by_colour: dict[Stone, Tally] = field(default_factory=dict)
    by_opening: dict[str, Tally] = field(default_factory=dict)
    streak: tuple[PlayerResult, int] | None = None
    best_streak: int = 0


def statistics(entries: Iterable[GameEntry]) -> Statistics:
    """The figures of the player's games among ``entries`` (oldest first, as the history lists them)."""
    stats = Statistics()
    run = 0
    for entry in entries:
        result = entry.player_result()
        if result is None:
            continue
        score = entry.score()
        assert entry.you is not None and score is not None
        stats.total = stats.total.plus(score)
        if entry.opponent_kind is OpponentKind.LEVEL and entry.level:
            _count(stats.by_level, entry.level, score)
        _count(stats.by_rule, entry.record.rule, score)
        _count(stats.by_colour, entry.you, score)
        if entry.opening_name:
            _count(stats.by_opening, entry.opening_name, score)
        if stats.streak is not None and stats.streak[0] is result:
            stats.streak = (result, stats.streak[1] + 1)
        else:
            stats.streak = (result, 1)
        run = run + 1 if result is PlayerResult.WIN else 0
        stats.best_streak = max(stats.best_streak, run)
    stats.by_level = dict(sorted(stats.by_level.items(), key=lambda item: _ladder_place(item[0])))
    return stats


def _ladder_place(level: str) -> int:
    """Where ``level`` stands on the ladder, weakest first (:attr:`~gomoku.ai.Level.number`; a name the ladder
    lacks after every level)."""
    return LEVELS[level].number if level in LEVELS else len(LEVELS) + 1


def _count(tallies: dict[K, Tally], key: K, score: float) -> None:
    """One more game scored ``score`` in ``tallies[key]``."""
    tallies[key] = tallies.get(key, Tally()).plus(score)


def rated(entry: GameEntry) -> bool:
    """Whether ``entry`` counts for the rating: the player against one of the computer's measured levels."""
    return (
        entry.opponent_kind is OpponentKind.LEVEL
        and entry.score() is not None
        and level_rating(entry.level) is not None
    )


def rating(entries: Iterable[GameEntry]) -> Rating:
    """The player's Glicko-2 rating after the rated games among ``entries``, in the order given (oldest first)."""
    current = Rating()
    for entry in entries:
        if not rated(entry):
            continue
        strength = level_rating(entry.level)
        score = entry.score()
        assert strength is not None and score is not None
        current = updated(current, [Result(Rating(strength, LEVEL_DEVIATION), score)])
    return current


def next_level(player: Rating) -> str | None:
    """The weakest level rated above ``player``: the one to try next (``None``: above every level)."""
    for name in LEVELS:
        strength = level_rating(name)
        if strength is not None and strength > player.rating:
            return name
    return None


def shown(value: float) -> int:
    """A rating figure as shown: rounded to :data:`SHOWN_ROUNDING`."""
    return int(round(value / SHOWN_ROUNDING) * SHOWN_ROUNDING)


def rating_sentence(player: Rating, games: int) -> str:
    """The rating in one sentence, in the language in use: ``about 1650 +- 120: club is your next level``."""
    if games == 0:
        return _("No rating yet: play a level of the computer to get one.")
    level = next_level(player)
    facts = {"rating": shown(player.rating), "deviation": shown(player.deviation)}
    if level is None:
        return _("Rated about {rating} ± {deviation}: above every level of the computer.").format(**facts)
    return _("Rated about {rating} ± {deviation}: {level} is your next level.").format(
        level=LEVELS[level].said(), **facts
    )


def rated_games(entries: Sequence[GameEntry]) -> int:
    """How many of ``entries`` count for the rating."""
    return sum(1 for entry in entries if rated(entry))


__all__ = [
    "LEVEL_DEVIATION",
    "Statistics",
    "Tally",
    "next_level",
    "rated",
    "rated_games",
    "rating",
    "rating_sentence",
    "statistics",
]
