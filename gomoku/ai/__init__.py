"""Computer players.  Every level is a :class:`~gomoku.ai.base.Player`; make one by name or number.

The levels climb from 1 to 10.  Below ``easy`` (3) the greedy player slips
on purpose (a share of its quiet moves drawn among its best few, see
:class:`~gomoku.ai.greedy.GreedyPlayer`); between ``normal`` (5) and
``hard`` (8) the search runs on a fixed number of nodes a move (the same
strength on any machine); above ``hard`` it thinks longer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from gomoku.ai import greedy, search
from gomoku.ai.base import Player
from gomoku.ai.parameters import (
    BEGINNER_SLIPS,
    CASUAL_SLIPS,
    CLUB_NODES,
    DEFAULT_THINK_TIME,
    EXPERT_THINK_TIME,
    MASTER_THINK_TIME,
    NOVICE_SLIPS,
    STRONG_NODES,
)
from gomoku.ai.result import SearchResult
from gomoku.errors import GomokuError
from gomoku.i18n import N_, _, pgettext


class UnknownLevelError(GomokuError, ValueError):
    """A level name or number that is not one of :data:`LEVELS`."""


@dataclass(frozen=True)
class Level:
    """One computer level: its number on the ladder, its name, what it is like, how to make one.

    ``make`` takes keyword arguments ``seed`` (for reproducible random choices),
    ``think_time`` (seconds a move may take; levels that do not search ignore
    it) and ``max_nodes`` (a node budget a move instead of the time, for
    benchmarks; only searching levels use it).
    """

    number: int
    name: str
    #: one line for the menu: what playing this level is like, in English with ``{nodes}`` and ``{seconds}``
    #: to fill (marked for the catalogs; :attr:`description` says it in the language in use)
    blurb: str
    make: Callable[..., Player]
    #: whether the level searches (and so takes a think time)
    searches: bool = False
    #: the seconds a move it thinks unless told otherwise, for a level whose strength comes from its think time
    #: (``None``: a level that does not think by time; a node-budgeted one plays alike at any think time)
    seconds: float | None = None
    #: the positions a move it searches, for a level whose strength comes from a node budget
    nodes: int | None = None
    #: whether it plays the opening book's winning and good moves where the book has them (the stronger levels,
    #: ``strong`` and up: a weaker level playing book moves would open stronger than it plays; docs/levels.md)
    reads_book: bool = False

    @property
    def description(self) -> str:
        """One line for the menu, in the language in use: what playing this level is like."""
        seconds = f"{self.seconds:g}" if self.seconds is not None else ""
        nodes = f"{self.nodes:,}" if self.nodes is not None else ""
        return _(self.blurb).format(nodes=nodes, seconds=seconds)

    def said(self) -> str:
        """The level's name as a player reads it, in the language in use (``name`` is what ``--level`` takes)."""
        return _level_names().get(self.name, self.name)

    @property
    def timed(self) -> bool:
        """Whether the think time changes how it plays."""
        return self.seconds is not None

    def __call__(
        self, seed: int | None = None, think_time: float | None = None, max_nodes: int | None = None
    ) -> Player:
        """A new player of this level."""
        if self.searches:
            return self.make(seed=seed, think_time=think_time, max_nodes=max_nodes)
        return self.make(seed=seed, think_time=think_time)


_LADDER = (
    Level(
        1,
        "beginner",
        N_("takes a five and blocks one, but half its quiet moves are loose"),
        partial(greedy.easy, name="beginner", slips=BEGINNER_SLIPS),
    ),
    Level(
        2,
        "novice",
        N_("like beginner, with fewer loose moves"),
        partial(greedy.easy, name="novice", slips=NOVICE_SLIPS),
    ),
    Level(3, "easy", N_("plays the most urgent point, never looks ahead"), greedy.easy),
    Level(
        4,
        "casual",
        N_("reads short threats like normal, but some quiet moves are loose"),
        partial(greedy.normal, name="casual", slips=CASUAL_SLIPS),
    ),
    Level(5, "normal", N_("builds shapes and reads short threat wins, no search"), greedy.normal),
    Level(
        6,
        "club",
        N_("searches a few moves ahead ({nodes} positions a move)"),
        partial(search.hard, name="club", nodes=CLUB_NODES),
        searches=True,
        nodes=CLUB_NODES,
    ),
    Level(
        7,
        "strong",
        N_("searches deeper ({nodes} positions a move)"),
        partial(search.hard, name="strong", nodes=STRONG_NODES),
        searches=True,
        nodes=STRONG_NODES,
        reads_book=True,
    ),
    Level(
        8,
        "hard",
        N_("threat search and alpha-beta for the think time ({seconds} s)"),
        search.hard,
        searches=True,
        seconds=DEFAULT_THINK_TIME,
        reads_book=True,
    ),
    Level(
        9,
        "expert",
        N_("hard with {seconds} s a move"),
        partial(search.hard, name="expert", default_time=EXPERT_THINK_TIME),
        searches=True,
        seconds=EXPERT_THINK_TIME,
        reads_book=True,
    ),
    Level(
        10,
        "master",
        N_("hard with {seconds} s a move"),
        partial(search.hard, name="master", default_time=MASTER_THINK_TIME),
        searches=True,
        seconds=MASTER_THINK_TIME,
        reads_book=True,
    ),
)


def _level_names() -> dict[str, str]:
    """The levels' names as players read them, by ``--level`` name, in the language in use (said when asked)."""
    return {
        "beginner": pgettext("level", "beginner"),
        "novice": pgettext("level", "novice"),
        "easy": pgettext("level", "easy"),
        "casual": pgettext("level", "casual"),
        "normal": pgettext("level", "normal"),
        "club": pgettext("level", "club"),
        "strong": pgettext("level", "strong"),
        "hard": pgettext("level", "hard"),
        "expert": pgettext("level", "expert"),
        "master": pgettext("level", "master"),
    }


#: The levels by name, weakest first (``LEVELS[name].number`` is its place on the ladder, 1 to 10).
LEVELS: dict[str, Level] = {level.name: level for level in _LADDER}


def level_named(text: str) -> Level:
    """The level called ``text``: a name (``hard``) or a number on the ladder (``8``)."""
    key = text.strip().lower()
    if key.isdigit():
        for level in _LADDER:
            if level.number == int(key):
                return level
    elif key in LEVELS:
        return LEVELS[key]
    raise UnknownLevelError(
        _("unknown level {text}: choose 1 to {count} or one of {names}").format(
            text=repr(text), count=len(_LADDER), names=", ".join(LEVELS)
        )
    ) from None


def make_player(
    level: str, seed: int | None = None, think_time: float | None = None, max_nodes: int | None = None
) -> Player:
    """A new player of ``level`` (a name or number of :data:`LEVELS`)."""
    return level_named(level)(seed=seed, think_time=think_time, max_nodes=max_nodes)


__all__ = ["LEVELS", "Level", "Player", "SearchResult", "UnknownLevelError", "level_named", "make_player"]
