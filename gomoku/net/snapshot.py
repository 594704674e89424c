"""What a session shows its player, as one immutable value: the board, the turn, the offers, the chat, the link.

A front end draws a network game from the last :class:`Snapshot` it was
given and keeps no game of its own: the session (:mod:`gomoku.net.session`)
is the only place a move, an offer or an ending is judged.

**Crossing threads.**  The session lives in the network thread.  After each
input it has handled, :class:`~gomoku.net.connection.Peer` takes
:meth:`Session.snapshot` and queues it with every event of that input as an
:class:`Update`; the UI thread reads those from the queue.  A snapshot is a
frozen value whose board is a copy no one writes to (a new one is made when
the position changes), so the UI can keep it and draw it while the network
thread goes on: nothing is shared that either side changes.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from gomoku.board import Board
from gomoku.clock import Clock
from gomoku.game import clock_side
from gomoku.i18n import N_, _
from gomoku.net import events as ev
from gomoku.net.match import NO_SERIES, ChatLine, MatchRecord, OfferKind, Role, Series, Times, seat_of, times_of
from gomoku.net.protocol import ResumeRecord
from gomoku.openings import OpeningRule, OpeningStep
from gomoku.point import Point
from gomoku.rules import Outcome, Stone


class LinkState(enum.Enum):
    """The connection to the opponent, as the player sees it."""

    #: Guest: a connection is being made (not yet at the table).
    CONNECTING = "connecting"
    #: Both players are at the table.
    CONNECTED = "connected"
    #: Host: the guest is not (or no longer) connected; the game is kept for them.
    WAITING = "waiting"
    #: Guest: the connection to the host has ended; joining again resumes the game.
    LOST = "connection lost"

    @property
    def label(self) -> str:
        """The state as a status line shows it, in the language in use (the value stays English)."""
        return _(_LINK_LABELS[self])


_LINK_LABELS = {
    LinkState.CONNECTING: N_("connecting"),
    LinkState.CONNECTED: N_("connected"),
    LinkState.WAITING: N_("waiting"),
    LinkState.LOST: N_("connection lost"),
}


@dataclass(frozen=True)
class OpeningView:
    """The opening rule's state as our player sees it: the step, whose it is, the colours so far.

    ``step`` is the core's (:class:`gomoku.openings.OpeningStep`: its prompt, action,
    options, area and count), ``None`` once the opening is over; ``mine``
    whether it is ours to take (the colour we hold now, tentative until the
    opening ends, is the table's ``my_stone``); ``swap_owner`` who decides the next
    swap (``None``: no swap is left); ``area`` the points a stone may go on
    now (empty: anywhere, or no stone to place); ``offers`` the 5th moves
    offered so far; ``history`` every step so far, as a move list shows it.
    """

    rule: OpeningRule
    step: OpeningStep | None
    mine: bool
    swap_owner: Role | None
    area: frozenset[Point]
    offers: tuple[Point, ...]
    history: tuple[str, ...]


@dataclass(frozen=True)
class ClockView:
    """Both players' clocks: the host's game's clock, or on the guest the host's last reading, running since it came.

    The clock's sides are the seats' (:func:`~gomoku.game.clock_side`);
    ``first`` is the role in the first seat, so each role finds its own time
    whatever colour it holds.  A screen asks :meth:`left` with its own ``now``
    (the same monotonic seconds the session is given), so the clocks tick
    between snapshots.
    """

    clock: Clock
    first: Role

    def side(self, role: Role) -> Stone:
        """The side of :attr:`clock` that holds ``role``'s time."""
        return clock_side(seat_of(role, self.first))

    def left(self, role: Role, now: float) -> float:
        """``role``'s time before its flag falls, at ``now`` (main time, or the byo-yomi period under way)."""
        return self.clock.remaining(self.side(role), now)

    def periods(self, role: Role, now: float) -> int:
        """``role``'s byo-yomi periods left at ``now``."""
        return self.clock.periods_left(self.side(role), now)

    def times(self, now: float) -> Times:
        """The clock's reading at ``now``, by role (what a save keeps)."""
        return times_of(self.clock, self.first, now)

    @property
    def running(self) -> Role | None:
        """The role whose time runs (``None``: both stopped)."""
        if self.clock.running is None or self.clock.since is None:
            return None
        return next(role for role in Role if self.side(role) is self.clock.running)


@dataclass(frozen=True)
class TableView:
    """The current game: the position (a copy), our colour, the pending offers, the result.

    ``offer_in`` is the opponent's offer waiting for our answer, ``offer_out``
    ours waiting for theirs; ``forbidden`` the points the rule forbids the side
    to move (black's, under renju); ``my_turn`` whether we may play a move now
    (not during the opening: ``opening`` says whose step it is); ``clock``
    both players' clocks (``None`` without one).
    """

    match: bytes
    game: int
    board: Board
    my_stone: Stone
    my_turn: bool
    forbidden: frozenset[Point] = frozenset()
    result: Outcome | None = None
    offer_in: OfferKind | None = None
    offer_out: OfferKind | None = None
    opening: OpeningView | None = None
    clock: ClockView | None = None

    @property
    def over(self) -> bool:
        return self.result is not None or self.board.is_game_over()

    @property
    def in_progress(self) -> bool:
        """Whether leaving now leaves this game unfinished."""
        return bool(self.board.moves) and not self.over


@dataclass(frozen=True)
class Snapshot:
    """Everything a session shows its player; ``table`` is ``None`` before the first game starts.

    ``saved`` is what this side keeps to resume (the host's match, the guest's
    resume record): the autosave's network part.  ``series`` is the match's
    running score (the current game counted once over); ``watchers`` the
    names of those watching; ``watching`` whether this side only watches
    (then ``players`` names the host and the guest, and every action is
    refused); ``watch_code`` the watchers' code (the host's, for its panel)
    and ``watch_chat`` whether the host lets watchers chat.
    """

    role: Role
    opponent: str
    link: LinkState
    table: TableView | None = None
    chat: tuple[ChatLine, ...] = ()
    rtt: float | None = None
    saved: MatchRecord | ResumeRecord | None = None
    series: Series = NO_SERIES
    watchers: tuple[str, ...] = ()
    watching: bool = False
    players: tuple[str, str] = ("", "")
    watch_code: str = ""
    watch_chat: bool = False

    def who(self, line: ChatLine) -> str:
        """The name to show before a chat line: ``you``, the opponent's, a watcher's (or, watching, a player's)."""
        if line.by is None:
            return line.name
        if self.watching:
            return self.player(line.by)
        return _("you") if line.by is self.role else self.opponent

    def player(self, role: Role) -> str:
        """``role``'s name as this side knows it (``the host`` / ``the guest`` without one)."""
        name = self.players[0] if role is Role.HOST else self.players[1]
        return name or role.title

    @property
    def score(self) -> str:
        """The series' score as a line says it (the host's name first)."""
        return self.series.text(self.player(Role.HOST), self.player(Role.GUEST))


@dataclass(frozen=True)
class Update:
    """One event of a session and the snapshot taken after the input that made it."""

    event: ev.Event
    snapshot: Snapshot
