"""The game session of network play, as a pure state machine ("sans-IO"): what host and guest share.

:class:`~gomoku.net.host.HostSession` (``host.py``) and
:class:`~gomoku.net.guest.GuestSession` (``guest.py``) are the two roles.

A session never touches a socket, a thread or the clock.  Its caller feeds it
what happened -- :meth:`~Session.connection_made`, :meth:`~Session.receive`
(bytes as they arrived), :meth:`~Session.connection_lost`, :meth:`~Session.tick`
(time passed), and the local player's commands (:meth:`~Session.play`,
:meth:`~Session.step`, :meth:`~Session.offer`, :meth:`~Session.answer`,
:meth:`~Session.resign`, :meth:`~Session.chat`, :meth:`~Session.leave`) --
with the time ``now`` in seconds, and gets back a list of
:mod:`gomoku.net.events` values: bytes to send, connections to close, and
events for the player.  :meth:`~Session.next_deadline` says when to call
:meth:`~Session.tick` next, so the socket loop sleeps until then and never
spins.  Connections are named by integers the caller chooses.

**One referee.**  Each side's :class:`Table` holds the core
:class:`~gomoku.game.Game` (board, opening, clock by seat, result, undo
policy): no rule, clock arithmetic or opening step is written here.
:class:`HostSession` listens, authenticates guests with the join code, sets
the game (rule, size, who begins) and is the referee of record: it plays
every action, its own and the guest's, through its game, which refuses with
a reason anything not allowed (out of turn, on a taken, off-board or
renju-forbidden point, a step the opening rule does not take), keeps the
time, and alone declares a game over.  It keeps the game when the guest's
connection drops (its clock paused) and resumes it when the guest comes back
with the code and a move list that fits.  :class:`GuestSession` connects,
proves the code, checks that the host proves it too, and plays every action
the host sends through a game of its own (without a clock: the clocks it
shows are the host's readings): a host that breaks the rules is a
desynchronised game, and the guest ends the connection rather than show a
board that is not the host's.

**Races.**  Both sides act at once, so the rules keep them in step without
locks: moves carry their number (``ply``) and offers the game's count of
actions (``at``), and a message about a position that has since changed is
refused or ignored; an offer (undo, draw, rematch) stands until answered, the
one who offered may not act meanwhile, an action by the other side lapses
it, and at most one offer is pending at a time (if two cross, the host's
stands, except that the same draw or rematch asked by both is agreed).  The
guest's own move is on its board at once; if the host refuses it (or ended
the game before it arrived) the guest takes it back.  The host never takes
back anything it has not agreed to.

**Resume.**  The guest's ``auth`` carries its match, game number and moves.
The host resumes when the match is its own and the moves fit: the guest's
list is the host's, or a beginning of it (the guest missed the last
messages), or the host's and one more move of the guest's own (it never
arrived).  Anything else is another game, and the guest is told so.  The
guest checks the host's list the same way.

Errors of the peer's making (a malformed line, a line too long, a flood, a
message not allowed in this state) end that connection with an ``error``
line saying why; they never raise out of a session.  The host's game
survives them: it waits for the guest to come back.

**Languages.**  What crosses the network is a code, never a sentence: a
refusal's :class:`~gomoku.net.match.Why`, a goodbye's
:class:`~gomoku.net.match.Farewell`, an error's ``code``.  Each side says
them in its own language (:func:`refusal_text`, :func:`peer_error_text`,
:func:`failure_text`) when it makes the event for its player; an error's
English ``reason`` is for logs only.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from gomoku.board import Board, IllegalMoveError
from gomoku.clock import NO_CLOCK, Clock, ClockSpec
from gomoku.game import Game, GameError, Refusal, UndoPolicy
from gomoku.i18n import _, ngettext
from gomoku.net import auth
from gomoku.net import events as ev
from gomoku.net.errors import ProtocolError, VersionError
from gomoku.net.handshake import Stage, next_stage
from gomoku.net.limits import Limits, TokenBucket
from gomoku.net.match import (
    ChatLine,
    Farewell,
    MatchRecord,
    OfferKind,
    Request,
    Role,
    Series,
    Times,
    Why,
    role_of,
    seat_of,
)
from gomoku.net.protocol import (
    ERROR_CODES,
    MAX_CHAT,
    MAX_CHAT_LINES,
    MAX_NAME,
    MAX_PING_ID,
    MAX_REASON,
    PROTOCOL,
    VERSION,
    Answer,
    Bye,
    Chat,
    Error,
    Hello,
    LineReader,
    Message,
    Offer,
    Ping,
    Pong,
    ResumeRecord,
    clean_text,
    decode,
    encode,
)
from gomoku.net.snapshot import ClockView, LinkState, OpeningView, Snapshot, TableView
from gomoku.openings import Action, OpeningMove, OpeningRule, OpeningState, Seat, swap_owner
from gomoku.point import Point
from gomoku.rules import Outcome, Rule, Stone

#: Pings remembered while waiting for their pong: a pong older than this many pings is not worth timing.
_PINGS_KEPT = 4
#: The offers that, asked by both players at once, are agreed (an undo asked by both is two different undos).
AGREED_WHEN_CROSSED = frozenset({OfferKind.DRAW, OfferKind.REMATCH})

Outputs = list[ev.Output]


def fits(ours: tuple[Point, ...], theirs: tuple[Point, ...], next_is_theirs: bool) -> bool:
    """Whether ``theirs`` (the guest's list) fits ``ours`` (the host's) for a resume.

    It fits when it is ``ours`` or a beginning of it, or ``ours`` and one more
    move when the move after ``ours`` is theirs to make (``next_is_theirs``,
    as the game after ``ours`` says): a move that never arrived.
    """
    if len(theirs) <= len(ours):
        return theirs == ours[: len(theirs)]
    return len(theirs) == len(ours) + 1 and theirs[:-1] == ours and next_is_theirs


def turn_text(who: str, turn: Stone | None) -> str:
    """It is not our turn, as our player reads it: ``who`` acts (``turn``: their colour; ``None``: an opening step)."""
    if turn is None:
        return _("it is {who}'s step in the opening: wait for them").format(who=who)
    if turn is Stone.BLACK:
        return _("it is black's turn: wait for {who}'s move").format(who=who)
    return _("it is white's turn: wait for {who}'s move").format(who=who)


def refusal_text(why: Why, what: Request, who: str, turn: Stone | None = None) -> str:
    """Why our ``what`` was refused, as our player reads it in the language in use.

    ``who`` is the other player (by name, or "the host"); ``turn`` the colour
    whose move it is (``None``: an opening step is awaited), for
    :attr:`~gomoku.net.match.Why.NOT_YOUR_TURN`.  The host sends only ``why``:
    the guest says it in its own words.
    """
    if why is Why.NOT_YOUR_TURN:
        return turn_text(who, turn)
    if why is Why.MOVED_ON:
        if what is Request.STEP:
            return _("the opening moved on before your step arrived: look and choose again")
        return _("the position changed before your move arrived: look and play again")
    if why is Why.GAME_OVER:
        if what is Request.OFFER:
            return _("the game is over: offer a rematch instead")
        if what is Request.RESIGN:
            return _("the game is already over")
        return _("the game is over: offer a rematch")
    if why is Why.WAITING:
        if what is Request.OFFER:
            return _("wait for the answer to your offer")
        return _("wait for the answer to your offer first")
    if why is Why.CROSSED:
        return _("{who}'s offer crossed yours: answer it first").format(who=who)
    texts = {
        Why.OPENING: _("the opening is under way: take its step"),
        Why.CHANGED: _("a move was played meanwhile: ask again"),
        Why.NO_OFFER: _("there is no such offer to answer"),
        Why.NOT_OVER: _("the game is not over: finish it first"),
        Why.NOTHING_TO_UNDO: _("there is no move of yours to take back"),
        Why.ILLEGAL: _("{who}'s game does not allow that move: look and play again").format(who=who),
        Why.OPENING_RULE: _("the opening rule does not allow that step now: look and choose again"),
        Why.OPENING_OVER: _("the opening is over: play a move"),
        Why.WATCHING: _("you are watching: a watcher cannot play"),
        Why.NO_CHAT: _("the host does not let watchers chat"),
    }
    return texts[why]


def farewell_text(why: Farewell, who: str) -> str:
    """The other player's goodbye as our player reads it: ``who`` left, and why."""
    if why is Farewell.REPLACED:
        return _("{who} closed this connection: you joined again from another connection").format(who=who)
    return _("{who} left").format(who=who)


def peer_error_text(code: str, who: str, seated: bool, role: Role) -> str:
    """Why the other side ended the connection with an ``error`` of ``code``, as our player (``role``) reads it.

    ``who`` is the other side (by name, or "the host"); ``seated``: whether the
    game had begun on this connection.
    """
    if code == "timeout":
        if seated:
            return _("{who} heard nothing from you for too long").format(who=who)
        return _("the handshake took too long: connect again")
    if code == "bad-code":
        if role is Role.GUEST:
            return _("wrong code: check the code the host shows and join again")
        return _("the guest found that this host does not know the code")
    if code == "different-game":
        if role is Role.GUEST:
            return _("this host is playing another game: join without the old game's save, or ask for a new code")
        return _("the guest found that this host's game is not the one it was playing")
    if code == "busy":
        return _("this game already has two players")
    if code == "crowded":
        return _("too many connections at once: try again in a few seconds")
    if code == "full":
        return _("too many people watch this game already: try again later")
    texts = {
        "version": _("{who} speaks another version of gomoku: install the same gomoku version on both sides"),
        "desync": _("{who} found that the two games disagree"),
        "flood": _("{who} closed the connection: too many messages too fast"),
        "too-long": _("{who} closed the connection: a line was too long"),
    }
    return texts.get(code, _("{who} could not read a message from this side")).format(who=who)


def failure_text(error: ProtocolError, who: str) -> str:
    """Why we end the connection on ``error`` (the peer broke the protocol), as our player reads it.

    The error's English message is the detail of a malformed line, for logs: the
    sentence is said by its code, with the detail only where no sentence can say it.
    """
    if isinstance(error, VersionError):
        if error.theirs is None:
            return _("{who} does not speak {protocol}: check the address and port").format(who=who, protocol=PROTOCOL)
        return _(
            "{who} speaks {protocol} version {theirs} and this gomoku speaks version {ours}: "
            "install the same gomoku version on both sides"
        ).format(who=who, protocol=PROTOCOL, theirs=error.theirs, ours=VERSION)
    if error.code == "flood":
        return _("too many messages too fast from {who}: the connection is closed").format(who=who)
    if error.code == "too-long":
        return _("{who} sent a line that is too long: the connection is closed").format(who=who)
    if error.code == "bad-code":
        return _("the host does not know the code: check the address and the code")
    if error.code == "different-game":
        return _("the host's game is not the one you were playing: join without resuming")
    if error.code == "desync":
        return _("{who}'s game and this one disagree ({detail})").format(who=who, detail=error)
    return _("{who} sent what this gomoku cannot read ({detail})").format(who=who, detail=error)


def codes_table() -> str:
    """The codes that cross the network for a sentence, as a Markdown table: what each side reads in English.

    ``refuse`` and ``bye`` carry ``why`` and ``error`` its ``code``: the
    receiver says them in its own language (here the English, for a guest
    refused a move by Hana, or told by Hana).  ``docs/network.md`` shows it.
    """
    rows = ["| message | code | the player reads (English) |", "| --- | --- | --- |"]
    for why in Why:
        rows.append(f"| `refuse` | `{why.value}` | {refusal_text(why, Request.MOVE, 'Hana', Stone.BLACK)} |")
    for farewell in Farewell:
        rows.append(f"| `bye` | `{farewell.value}` | {farewell_text(farewell, 'Hana')} |")
    for code in ERROR_CODES:
        rows.append(f"| `error` | `{code}` | {peer_error_text(code, 'Hana', True, Role.GUEST)} |")
    return "\n".join(rows)


def then_text(reason: str, what_next: str) -> str:
    """A sentence and what our player does next, joined as the language joins them."""
    if not what_next:
        return reason
    # i18n: what happened to the connection, then what the player does next ("waiting for the guest to come back")
    return _("{reason}: {what_next}").format(reason=reason, what_next=what_next)


@dataclass(frozen=True)
class Pending:
    """An offer waiting for its answer: of ``kind``, after ``at`` actions of the game, made by ``role``."""

    kind: OfferKind
    at: int
    by: Role


class Table:
    """One game between the two players: the core :class:`~gomoku.game.Game`, who sits where, the pending offer.

    ``first`` is the role in the first seat: it plays black, or under an
    opening rule it is the first player, and the opening's swaps decide who
    ends up with black.  ``number`` counts the match's games (rematches).
    """

    def __init__(self, match: bytes, number: int, first: Role, game: Game) -> None:
        self.match = match
        self.number = number
        self.first = first
        self.game = game
        self.pending: Pending | None = None
        #: Guest only: a resignation or draw is sent and the host's verdict awaited.
        self.awaiting_verdict = False

    @classmethod
    def new(
        cls, match: bytes, number: int, first: Role, rule: Rule, size: int, opening: OpeningRule, clock: ClockSpec
    ) -> Table:
        """A fresh game (over the network an undo goes back to the asker's own turn)."""
        return cls(match, number, first, Game.new(rule, size, opening, clock, UndoPolicy.TO_SEAT))

    @classmethod
    def replayed(
        cls,
        match: bytes,
        number: int,
        first: Role,
        rule: Rule,
        size: int,
        moves: tuple[Point, ...],
        opening: OpeningRule = OpeningRule.NONE,
        steps: tuple[OpeningMove, ...] = (),
        clock: ClockSpec = NO_CLOCK,
        times: Times | None = None,
    ) -> Table:
        """A game picked up again: the opening's ``steps`` taken, then the rest of ``moves`` played.

        ``moves`` are all the stones on the board, the opening's included;
        ``times`` the clock as it stood (full when not given; it stands still
        until the game goes on).  Raises :class:`~gomoku.openings.OpeningError`
        or :class:`~gomoku.board.IllegalMoveError` if they are not a legal game.
        """
        board = Board(size, rule)
        state = OpeningState.start(opening)
        for step in steps:
            state = state.apply(board, step)
        placed = tuple(board.moves)
        if moves[: len(placed)] != placed:
            raise IllegalMoveError(_("the moves are not the opening's stones"))
        if len(moves) > len(placed) and not state.done:
            raise IllegalMoveError(_("moves were played before the opening was over"))
        for point in moves[len(placed) :]:
            board.play(point)
        seats = times.by_seat(first) if times is not None else None
        game = Game.resumed(board, state, clock, seats, times.used if times else 0.0, UndoPolicy.TO_SEAT)
        return cls(match, number, first, game)

    def seat_of(self, role: Role) -> Seat:
        """``role``'s seat: the first player or the second."""
        return seat_of(role, self.first)

    def role_of(self, seat: Seat) -> Role:
        """The role in ``seat``."""
        return role_of(seat, self.first)

    def stone_of(self, role: Role) -> Stone:
        """The colour ``role`` holds now (tentative while the opening may still swap)."""
        return self.game.colour_of(self.seat_of(role))

    @property
    def acting(self) -> Role | None:
        """The role whose action the game waits for (an opening step or a move), ``None`` once it is over."""
        seat = self.game.acting_seat
        return self.role_of(seat) if seat is not None else None

    @property
    def ply(self) -> int:
        """How many stones are on the board (the opening's included)."""
        return len(self.game.board.moves)

    @property
    def moves(self) -> tuple[Point, ...]:
        return tuple(self.game.board.moves)

    @property
    def steps(self) -> tuple[OpeningMove, ...]:
        """The opening's steps as the players took them (a point at a swap step keeps the colours by itself)."""
        return tuple(event.move for event in self.game.opening.events if not event.implied)

    @property
    def in_play(self) -> bool:
        """Whether the game goes on (on the guest, no resignation or draw of ours awaits the host's verdict)."""
        return not self.game.over and not self.awaiting_verdict

    @property
    def winner(self) -> Role | None:
        """The role that won the game (``None``: a draw, or it goes on)."""
        result = self.game.result
        if result is None or result.winner is None:
            return None
        return Role.HOST if self.stone_of(Role.HOST) is result.winner else Role.GUEST

    def offer_problem(self, kind: OfferKind, role: Role) -> Why | None:
        """Why ``role`` may not offer ``kind`` now (a code: :func:`refusal_text` says it), or ``None`` if it may."""
        if kind is OfferKind.REMATCH:
            return None if self.game.over else Why.NOT_OVER
        if not self.in_play:
            return Why.GAME_OVER
        if kind is OfferKind.UNDO and self.game.undo_count(self.seat_of(role)) == 0:
            return Why.NOTHING_TO_UNDO
        return None


class Link:
    """One connection: its line reader, rate limit, handshake stage and heartbeat."""

    def __init__(self, conn: int, now: float, limits: Limits) -> None:
        self.conn = conn
        self.reader = LineReader(limits.max_line)
        self.bucket = TokenBucket(limits.line_rate, limits.line_burst, now)
        self.stage = Stage.HELLO
        self.deadline = now + limits.handshake
        self.last_heard = now
        self.next_ping = float("inf")
        self.pings: dict[int, float] = {}
        self.ping_id = 0
        self.nonce = b""
        self.peer_nonce = b""
        self.peer_name = ""

    @property
    def closed(self) -> bool:
        return self.stage is Stage.CLOSED


class Session:
    """What host and guest share: connections, the heartbeat, the game's actions, offers and chat.

    Subclasses handle the handshake (:meth:`_handshake`) and what differs
    between the referee and the guest: how an action is taken (the host
    takes it, the guest asks), the clock, the verdicts.
    """

    role: Role
    #: Whether this side only watches (a :class:`~gomoku.net.watcher.WatcherSession`).
    watching = False

    def __init__(
        self,
        code: str,
        name: str,
        *,
        limits: Limits = Limits(),
        random_bytes: Callable[[int], bytes] = secrets.token_bytes,
    ) -> None:
        self.code = auth.format_code(code)
        self.name = clean_text(name)[:MAX_NAME]
        self.limits = limits
        self._random_bytes = random_bytes
        self._links: dict[int, Link] = {}
        self._peer: Link | None = None
        self._table: Table | None = None
        self._opponent = ""
        self._chat: list[ChatLine] = []
        self._rtt: float | None = None
        #: The last board handed out in a snapshot, the game's board it is a copy of, and black's forbidden points.
        self._board_copy: tuple[Board | None, Board | None, frozenset[Point]] = (None, None, frozenset())
        #: Whether a connection to the opponent was ever at the table (a guest that never got there failed to join).
        self._ever_seated = False
        #: The latest time the caller gave (commands without a time of their own are taken at it).
        self._now = 0.0
        #: The score of the match's finished games before the current one (the host's, as ``start`` says it).
        self._series = Series()
        #: The watchers' names, as the host knows them or its last ``audience`` said.
        self._watcher_names: tuple[str, ...] = ()
        #: Whether the host lets watchers chat.
        self._watch_chat = False

    # -- reading ----------------------------------------------------------------

    @property
    def connected(self) -> bool:
        """Whether the opponent is connected and authenticated."""
        return self._peer is not None

    @property
    def opponent_name(self) -> str:
        """The opponent's name as they gave it (cleaned), or ``""`` while they are not connected."""
        return self._peer.peer_name if self._peer else ""

    @property
    def board(self) -> Board | None:
        """A copy of the current game's board, or ``None`` before the first game."""
        return self._table.game.board.copy() if self._table else None

    @property
    def my_stone(self) -> Stone | None:
        """Our colour in the current game."""
        return self._table.stone_of(self.role) if self._table else None

    @property
    def result(self) -> Outcome | None:
        """How the current game ended (the core's :class:`~gomoku.rules.Outcome`), or ``None`` while it goes on."""
        return self._table.game.result if self._table else None

    @property
    def saved(self) -> MatchRecord | ResumeRecord | None:
        """What this side keeps to resume the game later (its autosave's network part)."""
        raise NotImplementedError

    @property
    def series(self) -> Series:
        """The match's running score: its finished games, the current one counted once it is over."""
        table = self._table
        if table is None or table.game.result is None:
            return self._series
        return self._series.add(table.winner)

    @property
    def watchers(self) -> tuple[str, ...]:
        """The names of the people watching the game."""
        return self._watcher_names

    def _players(self) -> tuple[str, str]:
        """The host's and the guest's names as our player reads them (``""``: not known)."""
        if self.role is Role.HOST:
            return self.name, self._opponent
        return self._opponent, self.name

    def _kept_chat(self) -> tuple[ChatLine, ...]:
        """The players' lines of the chat: what the match keeps (a watcher's line is only shown as it comes)."""
        return tuple(line for line in self._chat if line.kept)

    @property
    def link_state(self) -> LinkState:
        """The connection to the opponent as the player sees it."""
        if self._peer is not None:
            return LinkState.CONNECTED
        return self._away()

    def snapshot(self) -> Snapshot:
        """What our player sees now, as one immutable value (see :mod:`gomoku.net.snapshot`)."""
        table = self._table
        view = None
        if table is not None:
            board, forbidden = self._board_view(table)
            pending = table.pending
            mine = table.stone_of(self.role)
            clock = self._clock()
            view = TableView(
                match=table.match,
                game=table.number,
                board=board,
                my_stone=mine,
                my_turn=self._may_move(table, self.role) and self._peer is not None,
                forbidden=forbidden,
                result=table.game.result,
                offer_in=pending.kind if pending is not None and pending.by is not self.role else None,
                offer_out=pending.kind if pending is not None and pending.by is self.role else None,
                opening=self._opening_view(table) if table.game.opening.rule is not OpeningRule.NONE else None,
                clock=ClockView(clock, table.first) if clock is not None and clock.enabled else None,
            )
        return Snapshot(
            role=self.role,
            opponent=self._opponent_title(),
            link=self.link_state,
            table=view,
            chat=tuple(self._chat),
            rtt=self._rtt if self._peer is not None else None,
            saved=self.saved,
            series=self.series,
            watchers=self._watcher_names,
            watching=self.watching,
            players=self._players(),
            watch_code=self._watch_code(),
            watch_chat=self._watch_chat,
        )

    def _watch_code(self) -> str:
        """The watchers' code, for the host's panel (``""``: none, or not the host)."""
        return ""

    def _opening_view(self, table: Table) -> OpeningView:
        """The opening as our player sees it (see :class:`~gomoku.net.snapshot.OpeningView`)."""
        state, size = table.game.opening, table.game.board.size
        step = table.game.opening_step
        placing = step is not None and step.action is Action.PLACE and step.area.side is not None
        history = state.history(size, lambda seat: self._name_of(table.role_of(seat)))
        owner = swap_owner(state)
        return OpeningView(
            rule=state.rule,
            step=step,
            mine=step is not None and table.role_of(step.seat) is self.role,
            swap_owner=table.role_of(owner) if owner is not None else None,
            area=frozenset(step.area.points(size)) if placing and step is not None else frozenset(),
            offers=state.offers,
            history=history,
        )

    def _name_of(self, role: Role) -> str:
        """How a move list names ``role``: ``you``, or the opponent's name."""
        return _("you") if role is self.role else self._opponent_title()

    def _board_view(self, table: Table) -> tuple[Board, frozenset[Point]]:
        """A copy of the board for snapshots, made again only when the position changed.

        A game never changes a board it holds (each action makes a new one),
        so the copy is kept for as long as the game's board is the same object.
        """
        source = table.game.board
        kept_source, kept_board, kept_forbidden = self._board_copy
        if kept_board is not None and kept_source is source:
            return kept_board, kept_forbidden
        board = source.copy()
        forbidden: frozenset[Point] = frozenset()
        if board.rule.restricts(Stone.BLACK) and board.turn is Stone.BLACK and not table.game.over:
            forbidden = frozenset(board.forbidden_points())
        self._board_copy = (source, board, forbidden)
        return board, forbidden

    def _opponent_title(self) -> str:
        """The opponent's name, or ``the host`` / ``the guest`` before they gave one."""
        return self._opponent or self.role.other.title

    def _away(self) -> LinkState:
        """The link state while the opponent is not at the table."""
        raise NotImplementedError

    def next_deadline(self) -> float | None:
        """When :meth:`tick` must run next (``None``: nothing is timed)."""
        times = []
        for link in self._links.values():
            if link.stage is Stage.SEATED:
                times += [link.next_ping, link.last_heard + self.limits.peer_timeout]
            else:
                times.append(link.deadline)
        return min(times, default=None)

    # -- the caller's inputs -----------------------------------------------------

    def connection_made(self, conn: int, now: float) -> Outputs:
        """A connection ``conn`` is open."""
        self._now = now
        self._links[conn] = Link(conn, now, self.limits)
        return []

    def connection_lost(self, conn: int, now: float, reason: str = "") -> Outputs:
        """Connection ``conn`` closed from the other end (or failed)."""
        self._now = now
        link = self._links.pop(conn, None)
        if link is None or link.closed:
            return []
        seated = link.stage is Stage.SEATED
        link.stage = Stage.CLOSED
        out: Outputs = []
        if seated:
            if reason:
                lost = _("the connection to {who} was lost ({reason})").format(who=self._who(link), reason=reason)
            else:
                lost = _("the connection to {who} was lost").format(who=self._who(link))
            self._lost(link, then_text(lost, self._what_next()), out)
        else:
            self._lost(link, self._not_joined(reason), out)
        return out

    def receive(self, conn: int, data: bytes, now: float) -> Outputs:
        """Bytes arrived on connection ``conn``."""
        self._now = now
        link = self._links.get(conn)
        out: Outputs = []
        if link is None or link.closed:
            return out
        try:
            for line in link.reader.feed(data):
                if not link.bucket.take(now):
                    raise ProtocolError("too many messages too fast: the connection is closed", "flood")
                link.last_heard = now
                self._dispatch(link, decode(line), now, out)
                if link.closed:
                    break
        except ProtocolError as error:
            self._fail(link, error.code, str(error), out, failure_text(error, self._who(link)))
        return out

    def tick(self, now: float) -> Outputs:
        """Time has passed: send the pings that are due, drop the peers that went quiet, let a flag fall."""
        self._now = now
        out: Outputs = []
        self._timed(now, out)
        for link in list(self._links.values()):
            if link.stage is not Stage.SEATED:
                if now >= link.deadline:
                    shown = _("the handshake took too long: connect again")
                    self._fail(link, "timeout", "the handshake took too long", out, shown)
                continue
            if now - link.last_heard >= self.limits.peer_timeout:
                silent = round(now - link.last_heard)
                heard = ngettext("no word from {who} for {count} s", "no word from {who} for {count} s", silent)
                ours = then_text(heard.format(who=self._who(link), count=silent), self._what_next())
                self._fail(link, "timeout", f"no word for {silent} s", out, ours)
            elif now >= link.next_ping:
                link.ping_id = (link.ping_id + 1) % (MAX_PING_ID + 1)
                link.pings[link.ping_id] = now
                for old in sorted(link.pings)[:-_PINGS_KEPT]:
                    del link.pings[old]
                link.next_ping = now + self.limits.ping_interval
                self._send(link, Ping(id=link.ping_id), out)
        return out

    # -- the local player's commands -------------------------------------------

    def _at(self, now: float | None) -> float:
        """The time of a command: its own, or the latest the caller gave."""
        if now is not None:
            self._now = max(self._now, now)
        return self._now

    def play(self, point: Point | tuple[int, int], now: float | None = None) -> Outputs:
        """Play ``point`` for us (at ``now``, for the clock); during the opening, the step it means.

        Under an opening rule a point is what the step takes (a stone, an
        offered or picked 5th move, or at a swap step keeping the colours and
        that point: :meth:`~gomoku.openings.OpeningState.point_move`), so a
        screen may send every point as a move.
        """
        now = self._at(now)
        out: Outputs = []
        table = self._ready(Request.MOVE, out, now)
        if table is None:
            return out
        if not table.game.opening.done:
            return self._step(table, table.game.opening.point_move(point), now, out)
        problem = self._waiting(table, self.role)
        if problem:
            out.append(ev.Refused(Request.MOVE, refusal_text(problem, Request.MOVE, self._opponent_title())))
            return out
        try:
            game = table.game.play(point, table.seat_of(self.role), now)
        except GameError as error:
            out.append(ev.Refused(Request.MOVE, self._refusal(error, table), refusal=error.kind))
            return out
        self._own_move(table, game, Point(*point), out)
        return out

    def step(self, move: OpeningMove, now: float | None = None) -> Outputs:
        """Take an opening step for us (place a stone, swap, declare, offer or pick a 5th move).

        A stone placed at a swap step means "keep the colours, then this
        point" for whichever point step keeping leads to (a stone, or a 5th
        move offered): the core's game reads it so.
        """
        now = self._at(now)
        out: Outputs = []
        table = self._ready(Request.STEP, out, now)
        if table is None:
            return out
        return self._step(table, move, now, out)

    def _step(self, table: Table, move: OpeningMove, now: float, out: Outputs) -> Outputs:
        """Our opening step ``move``, tried on the game (refused with the core's reason), then taken or asked for."""
        problem = self._waiting(table, self.role)
        if problem:
            out.append(ev.Refused(Request.STEP, refusal_text(problem, Request.STEP, self._opponent_title())))
            return out
        try:
            game = table.game.step(move, table.seat_of(self.role), now)
        except GameError as error:
            out.append(ev.Refused(Request.STEP, self._refusal(error, table), refusal=error.kind))
            return out
        self._own_step(table, game, move, out)
        return out

    def _waiting(self, table: Table, role: Role) -> Why | None:
        """Why ``role`` may not act now though the game would let it: its own offer awaits an answer."""
        if table.pending is not None and table.pending.by is role:
            return Why.WAITING
        return None

    def _refusal(self, error: GameError, table: Table) -> str:
        """The core's refusal of our action as our player reads it: whose turn it is by the opponent's name."""
        if error.kind is not Refusal.NOT_YOUR_TURN:
            return str(error)
        return turn_text(self._opponent_title(), None if table.game.in_opening else table.game.board.turn)

    def _lapse(self, table: Table, out: Outputs) -> None:
        """An action was taken: it lapses a pending offer (the offer was about the position before it)."""
        if table.pending is not None:
            out.append(ev.OfferCancelled(table.pending.kind, table.pending.by is self.role))
            table.pending = None

    def _moved(self, table: Table, game: Game, point: Point, role: Role, out: Outputs) -> None:
        """``role``'s move at ``point`` is taken: ``game`` is the table's game after it."""
        ply, stone = table.ply, table.stone_of(role)
        table.game = game
        out.append(ev.MovePlayed(point, stone, role is self.role, ply, game.board.outcome))
        self._lapse(table, out)

    def _stepped(self, table: Table, game: Game, move: OpeningMove, role: Role, out: Outputs) -> None:
        """``role``'s opening step ``move`` is taken: ``game`` is the table's game after it."""
        table.game = game
        out.append(ev.StepTaken(move, role is self.role, game.opening_step, table.stone_of(self.role)))
        self._lapse(table, out)

    def _undone(self, table: Table, by: Role, now: float, out: Outputs) -> None:
        """An undo asked by ``by`` was agreed: the game takes back to ``by``'s own turn (the core's policy)."""
        before = table.game
        table.game = before.undo(table.seat_of(by), now)
        words = before.actions()[len(table.game.actions()) :]
        out.append(ev.MovesTakenBack(words, table.ply))

    def offer(self, kind: OfferKind, now: float | None = None) -> Outputs:
        """Ask the opponent for an undo, a draw or a rematch."""
        now = self._at(now)
        out: Outputs = []
        table = self._ready(Request.OFFER, out, now, game_over_ok=True, kind=kind)
        if table is None:
            return out
        pending = table.pending
        if pending is not None and pending.by is not self.role and pending.kind is kind in AGREED_WHEN_CROSSED:
            return self.answer(True, now)  # the opponent asked for the same: that is a yes
        problem = table.offer_problem(kind, self.role)
        if problem is not None:
            text = refusal_text(problem, Request.OFFER, self._opponent_title())
            out.append(ev.Refused(Request.OFFER, text, kind, problem.refusal))
            return out
        if table.pending is not None:
            if table.pending.by is self.role:
                text = refusal_text(Why.WAITING, Request.OFFER, self._opponent_title())
            else:
                text = _("answer {who}'s offer first: y accepts, n declines").format(who=self._opponent_title())
            out.append(ev.Refused(Request.OFFER, text, kind))
            return out
        table.pending = Pending(kind, table.game.action_count, self.role)
        self._send(self._peer, Offer(kind=kind, at=table.game.action_count), out)
        out.append(ev.OfferSent(kind))
        return out

    def answer(self, accept: bool, now: float | None = None) -> Outputs:
        """Say yes or no to the opponent's pending offer."""
        now = self._at(now)
        out: Outputs = []
        table = self._ready(Request.ANSWER, out, now, game_over_ok=True)
        if table is None:
            return out
        pending = table.pending
        if pending is None or pending.by is self.role:
            out.append(ev.Refused(Request.ANSWER, _("there is no offer to answer")))
            return out
        table.pending = None
        self._send(self._peer, Answer(kind=pending.kind, at=pending.at, accept=accept), out)
        out.append(ev.AnswerSent(pending.kind, accept))
        if accept:
            self._accepted(table, pending, out)
        return out

    def resign(self, now: float | None = None) -> Outputs:
        """Give up the current game."""
        now = self._at(now)
        out: Outputs = []
        table = self._ready(Request.RESIGN, out, now)
        if table is not None:
            self._resign(table, self.role, out)
        return out

    def chat(self, text: str, now: float | None = None) -> Outputs:
        """Send a line of chat (cleaned, and cut to :data:`MAX_CHAT` characters)."""
        self._at(now)
        out: Outputs = []
        text = clean_text(text)[:MAX_CHAT]
        if not text:
            return out
        refusal = self._absent() if self._peer is None else self._chat_refusal()
        if refusal:
            out.append(ev.Refused(Request.CHAT, refusal))
        else:
            self._send(self._peer, Chat(text=text), out)
            self._keep_chat(self._own_line(text))
            out.append(ev.ChatSent(text))
        return out

    def _chat_refusal(self) -> str:
        """Why our player may not chat now though connected (``""``: they may)."""
        return ""

    def _own_line(self, text: str) -> ChatLine:
        """Our own line of chat as the chat panel keeps it."""
        return ChatLine(self.role, text)

    def _keep_chat(self, line: ChatLine) -> None:
        self._chat = (self._chat + [line])[-MAX_CHAT_LINES:]

    def leave(self, reason: str = "the player left", now: float | None = None) -> Outputs:
        """Say goodbye on every connection and close them all (``reason`` is for logs: the peer reads its own words)."""
        self._at(now)
        out: Outputs = []
        for link in list(self._links.values()):
            self._send(link, Bye(why=Farewell.QUIT), out)
            self._close(link, f"leaving: {reason}", out)
        return out

    # -- shared machinery ---------------------------------------------------------

    def _send(self, link: Link | None, message: Message, out: Outputs) -> None:
        if link is not None and not link.closed:
            out.append(ev.Send(link.conn, encode(message)))

    def _close(self, link: Link, reason: str, out: Outputs) -> None:
        link.stage = Stage.CLOSED
        self._links.pop(link.conn, None)
        out.append(ev.Close(link.conn, reason))

    def _fail(self, link: Link, code: str, detail: str, out: Outputs, shown: str) -> None:
        """End ``link`` with an ``error`` line: the peer broke the protocol or went quiet.

        ``detail`` is English, for logs and the line's ``reason`` (the peer says
        ``code`` in its own words); ``shown`` is what our player reads.
        """
        if link.closed:
            return
        self._send(link, Error(code=code, reason=clean_text(detail)[:MAX_REASON]), out)
        self._close(link, detail, out)
        self._lost(link, shown, out, code=code)

    def _lost(self, link: Link, reason: str, out: Outputs, left: bool = False, code: str = "") -> None:
        """``link`` is gone; if it was the opponent's, say so (``code``: the error we sent)."""
        if link is self._peer:
            self._peer = None
            if self._table is not None:
                self._table.pending = None
            out.append(ev.PeerLeft(reason) if left else ev.ConnectionLost(reason))

    def _seat(self, link: Link, now: float) -> None:
        link.stage = Stage.SEATED
        link.next_ping = now + self.limits.ping_interval
        self._peer = link
        self._opponent = link.peer_name
        self._ever_seated = True
        self._rtt = None

    def _who(self, link: Link) -> str:
        return link.peer_name or self.role.other.title

    def _what_next(self) -> str:
        """What our player does after the connection to the opponent is lost (``""``: nothing to say)."""
        return ""

    def _not_joined(self, reason: str) -> str:
        """What a connection that ended before it reached the table means to our player (``reason``: the socket's)."""
        if reason:
            return _("a connection ended before it reached the game ({reason})").format(reason=reason)
        return _("a connection ended before it reached the game")

    def _absent(self) -> str:
        return _("not connected")

    def _ready(
        self, what: Request, out: Outputs, now: float, game_over_ok: bool = False, kind: OfferKind | None = None
    ) -> Table | None:
        """The table if a command may act on it at ``now`` (a flag fall judged first); else a refusal in ``out``."""
        table = self._table
        if self._peer is None or table is None:
            out.append(ev.Refused(what, self._absent(), kind))
            return None
        if self._timed(now, out):
            return None  # the flag fell first: the game is over, as the event just said
        if not game_over_ok and not table.in_play:
            out.append(ev.Refused(what, _("the game is over: offer a rematch"), kind, Refusal.GAME_OVER))
            return None
        return table

    def _may_move(self, table: Table, role: Role) -> bool:
        """Whether ``role`` may play a move now: the game goes on past its opening, it is ``role``'s turn, and
        ``role`` awaits no answer to an offer of its own."""
        if not table.in_play or table.game.opening_step is not None or table.acting is not role:
            return False
        return self._waiting(table, role) is None

    def _dispatch(self, link: Link, message: Message, now: float, out: Outputs) -> None:
        """Handle one message from ``link``."""
        if isinstance(message, Error):
            self._close(link, f"error {message.code}: {message.reason}", out)
            self._peer_error(link, message, out)
        elif isinstance(message, Bye):
            self._close(link, f"bye: {message.why.value}", out)
            self._lost(link, farewell_text(message.why, self._who(link)), out, left=True)
        elif link.stage is not Stage.SEATED:
            then = next_stage(self.role, link.stage, message.TYPE, self.watching)
            if then is None:
                raise ProtocolError(f"{message.TYPE} is not allowed during the handshake")
            self._handshake(link, message, now, out)
            if not link.closed:
                link.stage = then
        elif isinstance(message, Ping):
            self._send(link, Pong(id=message.id), out)
        elif isinstance(message, Pong):
            sent = link.pings.pop(message.id, None)
            if sent is not None and link is self._peer:
                self._rtt = max(0.0, now - sent)
                out.append(ev.RoundTrip(self._rtt))
        elif isinstance(message, Chat):
            if message.text:
                self._keep_chat(ChatLine(self.role.other, message.text))
                out.append(ev.ChatReceived(self._who(link), message.text))
        else:
            self._game_message(link, message, now, out)

    def _peer_error(self, link: Link, message: Error, out: Outputs) -> None:
        """The peer ended the connection with an error: its code in our words, and what our player does next."""
        self._lost(link, then_text(self._peer_error_text(link, message), self._what_next()), out)

    def _peer_error_text(self, link: Link, message: Error) -> str:
        """The peer's ``error`` as our player reads it (its ``reason`` is English, for logs: never shown)."""
        return peer_error_text(message.code, self._who(link), link is self._peer, self.role)

    def _greeted(self, link: Link, hello: Hello, same_role: str) -> None:
        """Take the peer's ``hello``: it must come from the other role (else ``same_role`` is the error)."""
        if hello.role is self.role:
            raise ProtocolError(same_role)
        link.peer_nonce = hello.nonce
        link.peer_name = hello.name

    # -- what subclasses define ---------------------------------------------------

    def _timed(self, now: float, out: Outputs) -> bool:
        """Time has passed: whether a flag fell by ``now`` and ended the game (the host judges; a guest never)."""
        return False

    def _clock(self) -> Clock | None:
        """The game's clock as this side knows it (the host's game's, the guest's copy of its readings)."""
        raise NotImplementedError

    def _own_move(self, table: Table, game: Game, point: Point, out: Outputs) -> None:
        """Our move, which ``game`` took: the host takes it, the guest shows it at once and sends it."""
        raise NotImplementedError

    def _own_step(self, table: Table, game: Game, move: OpeningMove, out: Outputs) -> None:
        """Our opening step, which ``game`` took: the host takes it, the guest asks the host for it."""
        raise NotImplementedError

    def _handshake(self, link: Link, message: Message, now: float, out: Outputs) -> None:
        raise NotImplementedError

    def _game_message(self, link: Link, message: Message, now: float, out: Outputs) -> None:
        raise NotImplementedError

    def _accepted(self, table: Table, pending: Pending, out: Outputs) -> None:
        raise NotImplementedError

    def _resign(self, table: Table, role: Role, out: Outputs) -> None:
        raise NotImplementedError
