"""The match of network play as values: roles, offers, black's choice, settings, records and clock readings.

One home for what host, guest, protocol and front end all name: every closed
set is an enum here, and the text a person reads of it is said once.  The
wire keeps its words (``"host"``, ``"undo"``); they are each enum's
``value`` and only :mod:`gomoku.net.protocol` reads or writes them.

**Endings.**  How a game ended is the core's :class:`~gomoku.rules.Outcome`
(its :class:`~gomoku.rules.Termination` names every way: five, the board
full, no five left, no legal move, time, resignation, agreement), decided by
the host's core :class:`~gomoku.game.Game`; :mod:`gomoku.net.protocol` gives
each termination its word on the wire.  :data:`VERDICTS` are the endings the
guest takes on the host's word, since its board cannot show them.

Pure: no sockets, threads or clock.  The core knows nothing of this module.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from gomoku.clock import NO_CLOCK, Clock, ClockSpec, SideTime
from gomoku.game import Refusal, clock_side
from gomoku.i18n import _, ngettext, pgettext
from gomoku.openings import OpeningRule, Seat
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
        """``the host`` or ``the guest``: how a side is named when it has no name (in the language in use)."""
        return _("the host") if self is Role.HOST else _("the guest")


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


class Why(enum.Enum):
    """Why the host refused a guest's request: a code on the wire (``refuse``'s ``why``).

    Each side says it in its own language (:func:`gomoku.net.session.refusal_text`):
    no sentence of the host's crosses the network.
    """

    #: A move or step that crossed an action of the host's: the position it was made on is gone.
    MOVED_ON = "moved-on"
    #: A move while the opening rule awaits a step.
    OPENING = "opening"
    #: The game is over (a resignation, a move or a step too late).
    GAME_OVER = "game-over"
    #: The guest's own offer awaits the host's answer.
    WAITING = "waiting"
    #: The host's offer crossed the guest's: the host's stands.
    CROSSED = "crossed"
    #: An offer about a position an action has changed since.
    CHANGED = "changed"
    #: An answer to an offer that is not pending.
    NO_OFFER = "no-offer"
    #: A rematch asked during the game.
    NOT_OVER = "not-over"
    #: An undo with no move of the guest's to take back.
    NOTHING_TO_UNDO = "nothing-to-undo"
    #: It is the host's turn, or the host's step of the opening.
    NOT_YOUR_TURN = "not-your-turn"
    #: The host's game does not allow the move (taken, off the board, forbidden).
    ILLEGAL = "illegal"
    #: The opening rule does not allow the step now.
    OPENING_RULE = "opening-rule"
    #: A step after the opening is over.
    OPENING_OVER = "opening-over"
    #: A watcher asked to move, take a step, offer, answer or resign: a watcher never plays.
    WATCHING = "watching"
    #: A watcher's chat when the host does not let watchers chat.
    NO_CHAT = "no-chat"

    @staticmethod
    def of(refusal: Refusal) -> Why:
        """The code of the core game's kind of no."""
        return _WHY_OF_REFUSAL.get(refusal, Why.ILLEGAL)

    @property
    def refusal(self) -> Refusal | None:
        """The core game's kind of no this code says, if it is one."""
        return _REFUSAL_OF_WHY.get(self)


_WHY_OF_REFUSAL = {
    Refusal.GAME_OVER: Why.GAME_OVER,
    Refusal.NOT_YOUR_TURN: Why.NOT_YOUR_TURN,
    Refusal.ILLEGAL_MOVE: Why.ILLEGAL,
    Refusal.OPENING: Why.OPENING_RULE,
    Refusal.OPENING_OVER: Why.OPENING_OVER,
    Refusal.NOTHING_TO_UNDO: Why.NOTHING_TO_UNDO,
}
_REFUSAL_OF_WHY = {why: refusal for refusal, why in _WHY_OF_REFUSAL.items()}


class Farewell(enum.Enum):
    """Why a side said goodbye: a code on the wire (``bye``'s ``why``), said by each side in its own language."""

    #: The player left (quit the game or cancelled).
    QUIT = "quit"
    #: The host: the guest joined again from another connection, which replaces this one.
    REPLACED = "replaced"


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
        if self is BlackChoice.RANDOM:
            return pgettext("setting", "drawn at random")
        return pgettext("setting", "the host") if self is BlackChoice.HOST else pgettext("setting", "the guest")


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
    """One line of the match's chat: who wrote it (by role; ``None``: a watcher, called ``name``) and what (cleaned).

    A watcher's line is shown as it comes but is not kept with the match
    (``start`` and the save carry the players' lines only: :attr:`kept`).
    """

    by: Role | None
    text: str
    name: str = ""

    @property
    def kept(self) -> bool:
        """Whether the match keeps this line across reconnections (a player's, not a watcher's)."""
        return self.by is not None


@dataclass(frozen=True)
class Series:
    """The running score of a match's games (a game and its rematches, colours alternating), by role.

    ``host`` and ``guest`` count the games each won, ``draws`` the drawn ones.
    The host keeps it (and its save, and ``start``, carry it), so a guest that
    reconnects or a watcher who joins late sees the same score.  A small
    value for whoever records the match: the history keeps it with the game.
    """

    host: int = 0
    guest: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        """Games finished in the series."""
        return self.host + self.guest + self.draws

    def won(self, role: Role) -> int:
        """The games ``role`` won."""
        return self.host if role is Role.HOST else self.guest

    def add(self, winner: Role | None) -> Series:
        """The score after one more finished game, won by ``winner`` (``None``: a draw)."""
        if winner is Role.HOST:
            return Series(self.host + 1, self.guest, self.draws)
        if winner is Role.GUEST:
            return Series(self.host, self.guest + 1, self.draws)
        return Series(self.host, self.guest, self.draws + 1)

    def text(self, host: str, guest: str) -> str:
        """The score as a line says it: ``Hana 2 - 1 Gil, 1 draw`` (in the language in use)."""
        if self.draws:
            return ngettext(
                "{host} {won} - {lost} {guest}, {draws} draw",
                "{host} {won} - {lost} {guest}, {draws} draws",
                self.draws,
            ).format(host=host, won=self.host, lost=self.guest, guest=guest, draws=self.draws)
        return _("{host} {won} - {lost} {guest}").format(host=host, won=self.host, lost=self.guest, guest=guest)

    def record(self) -> str:
        """The score as a game record keeps it (machine-read, English): ``host 2 guest 1 draws 1``."""
        return f"host {self.host} guest {self.guest} draws {self.draws}"

    @classmethod
    def of_record(cls, text: str) -> Series | None:
        """The score :meth:`record` wrote as ``text``; ``None`` for any other text (a record's own ``RO``)."""
        words = text.split()
        if len(words) != 6 or words[0::2] != ["host", "guest", "draws"] or not all(w.isdigit() for w in words[1::2]):
            return None
        return cls(*(int(word) for word in words[1::2]))


#: A series with no finished game yet.
NO_SERIES = Series()


@dataclass(frozen=True)
class MatchRecord:
    """The host's match as a value, to autosave and to resume from after a restart.

    ``black`` is the role that began game ``game`` (black, or the first player
    of its opening rule); ``result`` how it ended (``None``: it goes on);
    ``chat`` the match's last lines, so both sides keep them across a
    reconnection or a restart; ``steps`` the opening's steps as the players
    took them, as text (:meth:`gomoku.openings.OpeningMove.text`; a point chosen
    at a swap step is one step, its kept colours implied); ``times`` the clock
    as it stood (each role's time left, the side to move's current move not
    charged, and what that move had used).
    """

    match: bytes
    game: int
    rule: Rule
    size: int
    black: Role
    moves: tuple[Point, ...]
    result: Outcome | None = None
    chat: tuple[ChatLine, ...] = ()
    opening: OpeningRule = OpeningRule.NONE
    steps: tuple[str, ...] = ()
    clock: ClockSpec = NO_CLOCK
    times: Times | None = None
    #: The score of the match's finished games before this one.
    series: Series = NO_SERIES


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

    def by_seat(self, first: Role) -> dict[Seat, SideTime]:
        """Each seat's time left, in a game that ``first`` begins."""
        return {
            seat_of(Role.HOST, first): SideTime(self.host, self.host_periods),
            seat_of(Role.GUEST, first): SideTime(self.guest, self.guest_periods),
        }


def seat_of(role: Role, first: Role) -> Seat:
    """``role``'s seat in a game that ``first`` begins: the first player or the second."""
    return Seat.FIRST if role is first else Seat.SECOND


def role_of(seat: Seat, first: Role) -> Role:
    """The role in ``seat`` of a game that ``first`` begins."""
    return first if seat is Seat.FIRST else first.other


def times_of(clock: Clock, first: Role, now: float) -> Times:
    """What a game's ``clock`` (its sides the seats', :func:`~gomoku.game.clock_side`) reads at ``now``, by role."""
    host, guest = (clock.side(clock_side(seat_of(role, first))) for role in (Role.HOST, Role.GUEST))
    seats = {clock_side(seat): seat for seat in Seat}
    running = role_of(seats[clock.running], first) if clock.running is not None else None
    return Times(host.main, guest.main, host.periods, guest.periods, running, clock.elapsed(now))


def clock_of(spec: ClockSpec, times: Times, first: Role, now: float, running: bool = True) -> Clock:
    """A clock (sides by seat) reading ``times`` at ``now``, its side running from ``now`` (stopped unless ``running``).

    What the guest shows: the host's last reading, running on from its arrival.
    """
    sides = {clock_side(seat): time for seat, time in times.by_seat(first).items()}
    side = clock_side(seat_of(times.running, first)) if times.running is not None else None
    clock = Clock(spec, sides[Stone.BLACK], sides[Stone.WHITE], side, now if side is not None else None, times.used)
    return clock if running else clock.pause(now)


#: The endings the guest takes on the host's word: its board cannot show them (a flag fall, a resignation, a
#: draw agreed); every other ending the guest's own board must show as the host says.
VERDICTS = frozenset({Termination.TIME, Termination.RESIGNATION, Termination.AGREEMENT})
