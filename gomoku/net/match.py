"""The match of network play as values: roles, offers, endings, black's choice, results and records.

One home for what host, guest, protocol and front end all name: every closed
set is an enum here, and the text a person reads of it is said once.  The
wire keeps its words (``"host"``, ``"undo"``, ``"no-five-left"``); they are
each enum's ``value`` and only :mod:`gomoku.net.protocol` reads or writes them.

**Endings.**  How a game ended is an :class:`Ending`.  The ones the board
decides (five, the board full, no five left for either side, black without a
legal move) are the core's :class:`~gomoku.rules.Termination`, one for one
(:meth:`Ending.of`), and read as the core's own :class:`~gomoku.rules.Outcome`
sentence; the ones players decide (a resignation, a draw agreed) are the
match's.  A flag fall is the core's :attr:`~gomoku.rules.Termination.TIME`
(a loss, or a draw when the other side could no longer make five), decided
by the host's clock rather than the board.

Pure: no sockets, threads or clock.  The core knows nothing of this module.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from gomoku.clock import NO_CLOCK, Clock, ClockSpec, SideTime
from gomoku.openings import OpeningRule
from gomoku.point import MAX_SIZE, MIN_SIZE, Point
from gomoku.rules import Outcome, Rule, Stone, Termination


class Role(enum.Enum):
    """Which side of a network game: the host listens and referees, the guest joins."""

    HOST = "host"
    GUEST = "guest"

    @property
    def other(self) -> Role:
        return Role.GUEST if self is Role.HOST else Role.HOST

    @property
    def title(self) -> str:
        """``the host`` or ``the guest``: how a side is named when it has no name."""
        return f"the {self.value}"


class OfferKind(enum.Enum):
    """What one player may ask the other: take back moves, agree a draw, play again."""

    UNDO = "undo"
    DRAW = "draw"
    REMATCH = "rematch"

    @property
    def request(self) -> str:
        """What the offer asks for, as the end of "Ann asks ..."."""
        return _REQUESTS[self]


_REQUESTS = {
    OfferKind.UNDO: "to take back a move",
    OfferKind.DRAW: "for a draw",
    OfferKind.REMATCH: "for a rematch (colours swapped)",
}


class Request(enum.Enum):
    """What a player asks of the game: the session does it, or refuses it by name and says why."""

    MOVE = "move"
    OFFER = "offer"
    ANSWER = "answer"
    RESIGN = "resign"
    CHAT = "chat"
    #: a step of the opening rule (place a stone, swap, declare, offer or pick a 5th move)
    STEP = "step"


class BlackChoice(enum.Enum):
    """Who plays black in a hosted match's first game (rematches swap colours)."""

    RANDOM = "random"
    HOST = "host"
    GUEST = "guest"

    @property
    def role(self) -> Role | None:
        """The role this choice names, or ``None`` for the coin."""
        return None if self is BlackChoice.RANDOM else Role(self.value)

    @property
    def label(self) -> str:
        """Who plays black, as a menu or the host's screen says it."""
        return "drawn at random" if self is BlackChoice.RANDOM else f"the {self.value}"


class Ending(enum.Enum):
    """How a game ended.  The board's endings carry the core's :class:`Termination`."""

    FIVE = "five"
    FULL = "full"
    NO_FIVE_LEFT = "no-five-left"
    NO_LEGAL_MOVE = "no-legal-move"
    TIME = "time"
    RESIGN = "resign"
    AGREED = "agreed"

    @property
    def termination(self) -> Termination | None:
        """The core's termination of an ending the board decided, ``None`` for the players' endings."""
        return _TERMINATIONS.get(self)

    @property
    def by_board(self) -> bool:
        """Whether the position itself ended the game (so both boards must show it)."""
        return self in _BY_BOARD

    @classmethod
    def of(cls, termination: Termination) -> Ending:
        """The ending of a game the board ended with ``termination``."""
        return _ENDINGS[termination]


_TERMINATIONS = {
    Ending.FIVE: Termination.FIVE,
    Ending.FULL: Termination.DRAW,
    Ending.NO_FIVE_LEFT: Termination.NO_FIVE_LEFT,
    Ending.NO_LEGAL_MOVE: Termination.NO_LEGAL_MOVE,
    Ending.TIME: Termination.TIME,
    Ending.RESIGN: Termination.RESIGNATION,
    Ending.AGREED: Termination.AGREEMENT,
}
#: The endings the position itself decides.
_BY_BOARD = frozenset({Ending.FIVE, Ending.FULL, Ending.NO_FIVE_LEFT, Ending.NO_LEGAL_MOVE})
_ENDINGS = {termination: ending for ending, termination in _TERMINATIONS.items()}
#: The endings without a winner.
_DRAW_ONLY = frozenset({Ending.FULL, Ending.NO_FIVE_LEFT, Ending.NO_LEGAL_MOVE, Ending.AGREED})
#: The endings with or without one: a flag fall is a draw when the other side could no longer make five.
_EITHER = frozenset({Ending.TIME})


@dataclass(frozen=True)
class Result:
    """How a game ended: the winner's colour (``None`` for a draw) and the :class:`Ending`."""

    winner: Stone | None
    ending: Ending

    def __post_init__(self) -> None:
        if self.ending not in _EITHER and (self.winner is None) != (self.ending in _DRAW_ONLY):
            raise ValueError(f"{self.ending.value} cannot end a game with winner {self.winner}")

    @classmethod
    def of(cls, outcome: Outcome) -> Result:
        """The result of a game the board ended."""
        return cls(outcome.winner, Ending.of(outcome.termination))

    def __str__(self) -> str:
        """One phrase per ending: the core's for the board's ("draw: neither side can make five any more")."""
        termination = self.ending.termination
        assert termination is not None, "every ending is one of the core's"
        return str(Outcome(termination, self.winner))


def endings_table() -> str:
    """Every ending as a Markdown table: its word on the wire, the core's termination, its sentence.

    ``docs/network.md`` shows it (a test checks that it does).
    """
    rows = ["| ending | core termination | the player reads |", "| --- | --- | --- |"]
    for ending in Ending:
        termination = ending.termination
        winner = None if ending in _DRAW_ONLY else Stone.BLACK
        core = f"`Termination.{termination.name}`" if termination is not None else "(the players')"
        rows.append(f"| `{ending.value}` | {core} | {Result(winner, ending)} |")
    return "\n".join(rows)


@dataclass(frozen=True)
class GameSettings:
    """What the host chooses: the rule, the board size, who begins the first game, the opening rule and the clock.

    ``black`` names the player who plays black, or under an opening rule the
    first player (who places the first stones; swaps may change the colours).
    """

    rule: Rule = Rule.FREESTYLE
    size: int = 15
    black: BlackChoice = BlackChoice.RANDOM
    opening: OpeningRule = OpeningRule.NONE
    clock: ClockSpec = NO_CLOCK

    def __post_init__(self) -> None:
        if not MIN_SIZE <= self.size <= MAX_SIZE:
            raise ValueError(f"board size must be {MIN_SIZE} to {MAX_SIZE}, not {self.size}")
        if not isinstance(self.black, BlackChoice):
            raise TypeError(f"black is a BlackChoice, not {self.black!r}")


#: The settings of a host that chose nothing.
DEFAULT_SETTINGS = GameSettings()


@dataclass(frozen=True)
class ChatLine:
    """One line of the match's chat: who wrote it (by role) and what (cleaned)."""

    by: Role
    text: str


@dataclass(frozen=True)
class MatchRecord:
    """The host's match as a value, to autosave and to resume from after a restart.

    ``black`` is the role that began game ``game`` (black, or the first player
    of its opening rule); ``chat`` the match's last lines, so both sides keep
    them across a reconnection or a restart; ``steps`` the opening's steps as
    text (:meth:`gomoku.openings.OpeningMove.text`); ``times`` the clock as it
    stood (each role's time left, the side to move's current move not charged).
    """

    match: bytes
    game: int
    rule: Rule
    size: int
    black: Role
    moves: tuple[Point, ...]
    result: Result | None = None
    chat: tuple[ChatLine, ...] = ()
    opening: OpeningRule = OpeningRule.NONE
    steps: tuple[str, ...] = ()
    clock: ClockSpec = NO_CLOCK
    times: Times | None = None


@dataclass(frozen=True)
class Times:
    """Both players' clocks by role, as the host's clock reads them (seconds).

    ``host`` and ``guest`` are each one's main time left at the start of the
    current move, ``host_periods`` and ``guest_periods`` their byo-yomi
    periods left; ``running`` is the role whose time runs (``None``: both
    stopped, as while the guest is away or after the game) and ``used`` what
    its current move has taken so far.  Roles, not colours: colours may
    change hands during an opening, a player's clock does not.
    """

    host: float
    guest: float
    host_periods: int = 0
    guest_periods: int = 0
    running: Role | None = None
    used: float = 0.0


#: The side of the core's two-sided :class:`~gomoku.clock.Clock` that keeps each role's time.
CLOCK_SIDE = {Role.HOST: Stone.BLACK, Role.GUEST: Stone.WHITE}
_SIDE_ROLE = {stone: role for role, stone in CLOCK_SIDE.items()}


def times_of(clock: Clock, now: float) -> Times:
    """What ``clock`` (its sides by :data:`CLOCK_SIDE`) reads at ``now``."""
    host, guest = clock.side(CLOCK_SIDE[Role.HOST]), clock.side(CLOCK_SIDE[Role.GUEST])
    running = _SIDE_ROLE[clock.running] if clock.running is not None else None
    return Times(host.main, guest.main, host.periods, guest.periods, running, clock.elapsed(now))


def clock_of(spec: ClockSpec, times: Times, now: float, running: bool = True) -> Clock:
    """A clock that reads ``times`` at ``now``, its side running from ``now`` (stopped unless ``running``)."""
    host = SideTime(times.host, times.host_periods)
    guest = SideTime(times.guest, times.guest_periods)
    side = CLOCK_SIDE[times.running] if times.running is not None else None
    clock = Clock(spec, host, guest, side, now if side is not None else None, times.used)
    return clock if running else clock.pause(now)
