"""The game session of network play, as a pure state machine ("sans-IO"): what host and guest share.

:class:`~gomoku.net.host.HostSession` (``host.py``) and
:class:`~gomoku.net.guest.GuestSession` (``guest.py``) are the two roles.

A session never touches a socket, a thread or the clock.  Its caller feeds it
what happened -- :meth:`~Session.connection_made`, :meth:`~Session.receive`
(bytes as they arrived), :meth:`~Session.connection_lost`, :meth:`~Session.tick`
(time passed), and the local player's commands (:meth:`~Session.play`,
:meth:`~Session.offer`, :meth:`~Session.answer`, :meth:`~Session.resign`,
:meth:`~Session.chat`, :meth:`~Session.leave`) -- with the time ``now`` in
seconds, and gets back a list of :mod:`gomoku.net.events` values: bytes to
send, connections to close, and events for the player.
:meth:`~Session.next_deadline` says when to call :meth:`~Session.tick` next,
so the socket loop sleeps until then and never spins.  Connections are named
by integers the caller chooses.

**Roles.**  :class:`HostSession` listens, authenticates guests with the join
code, sets the game (rule, size, who plays black) and is the referee of
record: it checks every move of the guest with the core
:class:`~gomoku.Board` and refuses, with a reason, anything not allowed (a
move out of turn, on a taken, off-board or renju-forbidden point; an offer
that cannot be made now), and it alone declares a game over.  It keeps the
game when the guest's connection drops and resumes it when the guest comes
back with the code and a move list that fits.  :class:`GuestSession`
connects, proves the code, checks that the host proves it too, and checks
every move the host sends with its own board: a host that breaks the rules
is a desynchronised game, and the guest ends the connection rather than show
a board that is not the host's.

**Races.**  Both sides act at once, so the rules keep them in step without
locks: moves carry their number (``ply``), and a message about a position
that has since changed is refused or ignored; an offer (undo, draw, rematch)
stands until answered, the one who offered may not move meanwhile, a move by
the other side lapses it, and at most one offer is pending at a time (if the
two cross, the host's stands).  The guest's own move is on its board at once;
if the host refuses it (or ended the game before it arrived) the guest takes
it back.  The host never takes back anything it has not agreed to.

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
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from gomoku.board import Board, IllegalMoveError
from gomoku.clock import Clock
from gomoku.net import auth
from gomoku.net import events as ev
from gomoku.net.errors import ProtocolError
from gomoku.net.handshake import Stage, next_stage
from gomoku.net.limits import Limits, TokenBucket
from gomoku.net.match import CLOCK_SIDE, ChatLine, MatchRecord, OfferKind, Request, Result, Role
from gomoku.net.protocol import (
    MAX_CHAT,
    MAX_CHAT_LINES,
    MAX_NAME,
    MAX_PING_ID,
    Answer,
    Bye,
    Chat,
    Error,
    Hello,
    LineReader,
    Message,
    Move,
    Offer,
    Ping,
    Pong,
    ResumeRecord,
    clean_text,
    decode,
    encode,
)
from gomoku.net.snapshot import ClockView, LinkState, OpeningView, Snapshot, TableView
from gomoku.openings import (
    Action,
    OpeningError,
    OpeningMove,
    OpeningRule,
    OpeningState,
    Seat,
    point_after_stay,
    swap_owner,
)
from gomoku.point import Point
from gomoku.rules import Rule, Stone

#: Pings remembered while waiting for their pong: a pong older than this many pings is not worth timing.
_PINGS_KEPT = 4

Outputs = list[ev.Output]


def fits(ours: tuple[Point, ...], theirs: tuple[Point, ...], theirs_stone: Stone) -> bool:
    """Whether ``theirs`` (the guest's list) fits ``ours`` (the host's) for a resume.

    It fits when it is ``ours`` or a beginning of it, or ``ours`` and one more
    move, made by the guest (``theirs_stone``): a move that never arrived.
    """
    if len(theirs) <= len(ours):
        return theirs == ours[: len(theirs)]
    extra_mover = Stone.BLACK if len(ours) % 2 == 0 else Stone.WHITE
    return len(theirs) == len(ours) + 1 and theirs[:-1] == ours and extra_mover is theirs_stone


@dataclass
class Pending:
    """An offer waiting for its answer: of ``kind``, at move count ``ply``, made by ``role``."""

    kind: OfferKind
    ply: int
    by: Role


class Table:
    """One game between the two players: the board, the opening, the colours, the pending offer, the result.

    ``first`` is the role that begins: it plays black, or under an opening
    rule it is the first player, and the opening's swaps decide who ends up
    with black.  ``steps`` replays the opening's steps so far (a resumed game);
    ``moves`` are all the stones on the board, the opening's included.
    Raises :class:`~gomoku.openings.OpeningError` or
    :class:`~gomoku.board.IllegalMoveError` if they are not a legal game.
    """

    def __init__(
        self,
        match: bytes,
        game: int,
        rule: Rule,
        size: int,
        first: Role,
        moves: tuple[Point, ...] = (),
        opening: OpeningRule = OpeningRule.NONE,
        steps: tuple[OpeningMove, ...] = (),
    ) -> None:
        self.match = match
        self.game = game
        self.first = first
        self.board = Board(size, rule)
        self.opening = OpeningState.start(opening)
        for step in steps:
            self.opening = self.opening.apply(self.board, step)
        placed = tuple(self.board.moves)
        if moves[: len(placed)] != placed:
            raise IllegalMoveError("the moves are not the opening's stones")
        if len(moves) > len(placed) and not self.opening.done:
            raise IllegalMoveError("moves were played before the opening was over")
        for point in moves[len(placed) :]:
            self.board.play(point)
        self.result: Result | None = None
        self.pending: Pending | None = None
        #: Guest only: a resignation or draw is sent and the host's verdict awaited.
        self.awaiting_verdict = False

    def seat_of(self, role: Role) -> Seat:
        """``role``'s seat in the opening: the first player or the second."""
        return Seat.FIRST if role is self.first else Seat.SECOND

    def role_of(self, seat: Seat) -> Role:
        """The role in ``seat``."""
        return self.first if seat is Seat.FIRST else self.first.other

    @property
    def black(self) -> Role:
        """The role holding black now (for good once the opening is over)."""
        return self.role_of(self.opening.black)

    def stone_of(self, role: Role) -> Stone:
        return Stone.BLACK if self.black == role else Stone.WHITE

    @property
    def in_opening(self) -> bool:
        """Whether the opening rule's steps are still under way."""
        return not self.opening.done

    @property
    def decider(self) -> Role:
        """Who must act now: the opening step's player, else the side to move (the core's rule)."""
        return self.role_of(self.opening.actor(self.board))

    @property
    def steps(self) -> tuple[OpeningMove, ...]:
        """The opening's steps so far."""
        return tuple(event.move for event in self.opening.events)

    @property
    def ply(self) -> int:
        return len(self.board.moves)

    @property
    def opening_stones(self) -> int:
        """The stones the opening placed (an undo never takes them back)."""
        return self.opening.stones

    @property
    def moves(self) -> tuple[Point, ...]:
        return tuple(self.board.moves)

    @property
    def in_play(self) -> bool:
        return self.result is None and not self.board.is_game_over()

    def last_mover(self) -> Stone | None:
        return self.board.turn.opponent if self.ply else None

    def undo_count(self, role: Role) -> int:
        """Moves an undo asked by ``role`` takes back: to ``role``'s last move, so it is its turn again.

        Never into the opening: its stones and swaps stand.
        """
        count = 1 if self.last_mover() is self.stone_of(role) else 2
        return count if self.ply - count >= self.opening_stones else 0

    def take_back(self, count: int) -> tuple[Point, ...]:
        return tuple(self.board.undo() for _ in range(count))

    def offer_problem(self, kind: OfferKind, role: Role) -> str | None:
        """Why ``role`` may not offer ``kind`` now, or ``None`` if it may."""
        if kind is OfferKind.REMATCH:
            return None if not self.in_play else "the game is not over: finish it first"
        if not self.in_play or self.awaiting_verdict:
            return "the game is over: offer a rematch instead"
        if kind is OfferKind.UNDO and self.in_opening:
            return "the opening's steps cannot be taken back"
        if kind is OfferKind.UNDO and self.undo_count(role) == 0:
            return "there is no move of yours to take back"
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
    """What host and guest share: connections, the heartbeat, the game's moves, offers and chat.

    Subclasses handle the handshake (:meth:`_handshake`) and the moves,
    offers and game ends that differ between the referee and the guest.
    """

    role: Role

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
        #: The last board handed out in a snapshot, and the moves it was a copy of.
        self._board_copy: tuple[Table | None, tuple[Point, ...], Board | None, frozenset[Point]] = (
            None,
            (),
            None,
            frozenset(),
        )
        #: Whether a connection to the opponent was ever at the table (a guest that never got there failed to join).
        self._ever_seated = False
        #: The latest time the caller gave (commands without a time of their own are taken at it).
        self._now = 0.0

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
        return self._table.board.copy() if self._table else None

    @property
    def my_stone(self) -> Stone | None:
        """Our colour in the current game."""
        return self._table.stone_of(self.role) if self._table else None

    @property
    def result(self) -> Result | None:
        """How the current game ended, or ``None`` while it goes on."""
        return self._table.result if self._table else None

    @property
    def saved(self) -> MatchRecord | ResumeRecord | None:
        """What this side keeps to resume the game later (its autosave's network part)."""
        raise NotImplementedError

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
                game=table.game,
                board=board,
                my_stone=mine,
                my_turn=self._move_problem(table, self.role) is None and self._peer is not None,
                forbidden=forbidden,
                result=table.result,
                offer_in=pending.kind if pending is not None and pending.by is not self.role else None,
                offer_out=pending.kind if pending is not None and pending.by is self.role else None,
                opening=self._opening_view(table) if table.opening.rule is not OpeningRule.NONE else None,
                clock=ClockView(clock) if clock is not None and clock.enabled else None,
            )
        return Snapshot(
            role=self.role,
            opponent=self._opponent_title(),
            link=self.link_state,
            table=view,
            chat=tuple(self._chat),
            rtt=self._rtt if self._peer is not None else None,
            saved=self.saved,
        )

    def _opening_view(self, table: Table) -> OpeningView:
        """The opening as our player sees it (see :class:`~gomoku.net.snapshot.OpeningView`)."""
        state, size = table.opening, table.board.size
        step = state.step
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
        return "you" if role is self.role else self._opponent_title()

    def _clock(self) -> Clock | None:
        """The game's clock as this side knows it (the host's own, the guest's copy of its readings)."""
        raise NotImplementedError

    def _board_view(self, table: Table) -> tuple[Board, frozenset[Point]]:
        """A copy of the board for snapshots, made again only when the position changed."""
        moves = table.moves
        kept_table, kept_moves, kept_board, kept_forbidden = self._board_copy
        if kept_board is not None and kept_table is table and kept_moves == moves:
            return kept_board, kept_forbidden
        board = table.board.copy()
        forbidden: frozenset[Point] = frozenset()
        if board.rule.restricts(Stone.BLACK) and board.turn is Stone.BLACK and table.in_play:
            forbidden = frozenset(board.forbidden_points())
        self._board_copy = (table, moves, board, forbidden)
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
        because = f" ({reason})" if reason else ""
        if seated:
            self._lost(link, f"the connection to {self._who(link)} was lost{because}{self._what_next()}", out)
        else:
            self._lost(link, self._not_joined(because), out)
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
            self._fail(link, error.code, str(error), out)
        return out

    def tick(self, now: float) -> Outputs:
        """Time has passed: send the pings that are due, drop the peers that went quiet, let a flag fall."""
        self._now = now
        out: Outputs = []
        self._timed(now, out)
        for link in list(self._links.values()):
            if link.stage is not Stage.SEATED:
                if now >= link.deadline:
                    self._fail(link, "timeout", "the handshake took too long: connect again", out)
                continue
            if now - link.last_heard >= self.limits.peer_timeout:
                silent = round(now - link.last_heard)
                ours = f"no word from {self._who(link)} for {silent} s" + self._what_next()
                theirs = f"{self.name or self.role.title} heard nothing from you for {silent} s"
                self._fail(link, "timeout", ours, out, to_peer=theirs)
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
        """Play ``point`` for us (at ``now``, for the clock)."""
        now = self._at(now)
        out: Outputs = []
        table = self._ready(Request.MOVE, out)
        if table is None:
            return out
        point = Point(*point)
        problem = self._move_problem(table, self.role)
        if problem is None:
            try:
                table.board.check_move(point)
            except IllegalMoveError as error:
                problem = str(error)
        if problem:
            out.append(ev.Refused(Request.MOVE, problem))
            return out
        if self._flag_fell(table, now, out):
            return out
        ply, used = table.ply, self._used(now)
        self._place(table, point, mine=True, out=out)
        self._send(self._peer, Move(ply=ply, x=point.x, y=point.y, ms=round(used * 1000)), out)
        self._after_move(table, out)
        return out

    def step(self, move: OpeningMove, now: float | None = None) -> Outputs:
        """Take an opening step for us (place a stone, swap, declare, offer or pick a 5th move).

        A stone placed at a swap step means "keep the colours, then this
        point" for whichever point step keeping leads to (a stone, or a 5th
        move offered), so a screen may send every point as a stone.
        """
        now = self._at(now)
        out: Outputs = []
        table = self._ready(Request.STEP, out)
        if table is None:
            return out
        move = point_after_stay(table.opening, move)
        problem = self._step_problem(table, self.role, move)
        if problem:
            out.append(ev.Refused(Request.STEP, problem))
            return out
        if not self._flag_fell(table, now, out):
            self._own_step(table, move, out)
        return out

    def _step_problem(self, table: Table, role: Role, move: OpeningMove) -> str | None:
        """Why ``role`` may not take ``move`` now (the rule's own words), or ``None``: tried on a copy."""
        if not table.in_opening:
            return "the opening is over: play on as usual"
        if table.pending is not None and table.pending.by is role:
            return "wait for the answer to your offer first"
        try:
            table.opening.apply(table.board.copy(), move, table.seat_of(role))
        except OpeningError as error:
            return str(error)
        return None

    def _take_step(self, table: Table, role: Role, move: OpeningMove, out: Outputs) -> None:
        """Take a checked opening step on the table; a stone it places lapses a pending offer."""
        ply = table.ply
        table.opening = table.opening.apply(table.board, move, table.seat_of(role))
        out.append(ev.StepTaken(move, role is self.role, table.opening.step, table.stone_of(self.role)))
        if table.ply != ply and table.pending is not None:
            out.append(ev.OfferCancelled(table.pending.kind, table.pending.by is self.role))
            table.pending = None

    def offer(self, kind: OfferKind, now: float | None = None) -> Outputs:
        """Ask the opponent for an undo, a draw or a rematch."""
        self._at(now)
        out: Outputs = []
        table = self._ready(Request.OFFER, out, game_over_ok=True, kind=kind)
        if table is None:
            return out
        problem = table.offer_problem(kind, self.role)
        if problem is None and table.pending is not None:
            problem = (
                "wait for the answer to your offer"
                if table.pending.by is self.role
                else f"answer {self._opponent_title()}'s offer first: y accepts, n declines"
            )
        if problem:
            out.append(ev.Refused(Request.OFFER, problem, kind))
            return out
        table.pending = Pending(kind, table.ply, self.role)
        self._send(self._peer, Offer(kind=kind, ply=table.ply), out)
        out.append(ev.OfferSent(kind))
        return out

    def answer(self, accept: bool, now: float | None = None) -> Outputs:
        """Say yes or no to the opponent's pending offer."""
        self._at(now)
        out: Outputs = []
        table = self._ready(Request.ANSWER, out, game_over_ok=True)
        if table is None:
            return out
        pending = table.pending
        if pending is None or pending.by is self.role:
            out.append(ev.Refused(Request.ANSWER, "there is no offer to answer"))
            return out
        table.pending = None
        self._send(self._peer, Answer(kind=pending.kind, ply=pending.ply, accept=accept), out)
        out.append(ev.AnswerSent(pending.kind, accept))
        if accept:
            self._accepted(table, pending, out)
        return out

    def resign(self, now: float | None = None) -> Outputs:
        """Give up the current game."""
        self._at(now)
        out: Outputs = []
        table = self._ready(Request.RESIGN, out)
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
        if self._peer is None:
            out.append(ev.Refused(Request.CHAT, self._absent()))
        else:
            self._send(self._peer, Chat(text=text), out)
            self._keep_chat(ChatLine(self.role, text))
            out.append(ev.ChatSent(text))
        return out

    def _keep_chat(self, line: ChatLine) -> None:
        self._chat = (self._chat + [line])[-MAX_CHAT_LINES:]

    def leave(self, reason: str = "the other player left", now: float | None = None) -> Outputs:
        """Say goodbye on every connection and close them all."""
        self._at(now)
        out: Outputs = []
        for link in list(self._links.values()):
            self._send(link, Bye(reason=clean_text(reason)[:200]), out)
            self._close(link, "leaving", out)
        return out

    # -- shared machinery ---------------------------------------------------------

    def _send(self, link: Link | None, message: Message, out: Outputs) -> None:
        if link is not None and not link.closed:
            out.append(ev.Send(link.conn, encode(message)))

    def _close(self, link: Link, reason: str, out: Outputs) -> None:
        link.stage = Stage.CLOSED
        self._links.pop(link.conn, None)
        out.append(ev.Close(link.conn, reason))

    def _fail(self, link: Link, code: str, reason: str, out: Outputs, to_peer: str = "") -> None:
        """End ``link`` with an ``error`` line: the peer broke the protocol or went quiet.

        ``reason`` is for our player; ``to_peer``, if given, is the sentence the peer reads instead.
        """
        if link.closed:
            return
        self._send(link, Error(code=code, reason=to_peer or reason), out)
        self._close(link, reason, out)
        self._lost(link, reason, out, code=code)

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
        return ""

    def _not_joined(self, because: str) -> str:
        """What a connection that ended before it reached the table means to our player."""
        return f"a connection ended before it reached the game{because}"

    def _absent(self) -> str:
        return "not connected"

    def _ready(
        self, what: Request, out: Outputs, game_over_ok: bool = False, kind: OfferKind | None = None
    ) -> Table | None:
        """The table if a command may act on it now; else a :class:`Refused` in ``out``."""
        table = self._table
        if self._peer is None or table is None:
            out.append(ev.Refused(what, self._absent(), kind))
            return None
        if not game_over_ok and (not table.in_play or table.awaiting_verdict):
            out.append(ev.Refused(what, "the game is over: offer a rematch", kind))
            return None
        return table

    def _move_problem(self, table: Table, role: Role) -> str | None:
        """Why ``role`` may not move now (turn, pending offer), or ``None``."""
        if not table.in_play or table.awaiting_verdict:
            return "the game is over: offer a rematch"
        step = table.opening.step
        if step is not None:
            return f"the opening is under way: {step.prompt[0].lower()}{step.prompt[1:]}"
        if table.board.turn is not table.stone_of(role):
            mover = self._opponent_title() if role is self.role else (self.name or self.role.title)
            return f"it is {table.board.turn}'s turn: wait for {mover}'s move"
        if table.pending is not None and table.pending.by is role:
            return "wait for the answer to your offer first"
        return None

    def _place(self, table: Table, point: Point, mine: bool, out: Outputs) -> None:
        """Put a checked move on the board; it lapses a pending offer."""
        ply = table.ply
        stone = table.board.turn
        outcome = table.board.play(point)
        out.append(ev.MovePlayed(point, stone, mine, ply, outcome))
        if table.pending is not None:
            out.append(ev.OfferCancelled(table.pending.kind, table.pending.by is self.role))
            table.pending = None

    def _dispatch(self, link: Link, message: Message, now: float, out: Outputs) -> None:
        """Handle one message from ``link``."""
        if isinstance(message, Error):
            self._close(link, message.reason, out)
            self._peer_error(link, message, out)
        elif isinstance(message, Bye):
            self._close(link, message.reason, out)
            self._lost(link, f"{self._who(link)} left: {message.reason}", out, left=True)
        elif link.stage is not Stage.SEATED:
            then = next_stage(self.role, link.stage, message.TYPE)
            if then is None:
                raise ProtocolError(f"{message.TYPE} is not allowed during the handshake")
            self._handshake(link, message, now, out)
            if not link.closed:
                link.stage = then
        elif isinstance(message, Ping):
            self._send(link, Pong(id=message.id), out)
        elif isinstance(message, Pong):
            sent = link.pings.pop(message.id, None)
            if sent is not None:
                self._rtt = max(0.0, now - sent)
                out.append(ev.RoundTrip(self._rtt))
        elif isinstance(message, Chat):
            if message.text:
                self._keep_chat(ChatLine(self.role.other, message.text))
                out.append(ev.ChatReceived(self._who(link), message.text))
        else:
            self._game_message(link, message, out)

    def _peer_error(self, link: Link, message: Error, out: Outputs) -> None:
        """The peer ended the connection with an error: its reason, and what our player does next."""
        self._lost(link, message.reason + self._what_next(), out)

    def _greeted(self, link: Link, hello: Hello, same_role: str) -> None:
        """Take the peer's ``hello``: it must come from the other role (else ``same_role`` is the error)."""
        if hello.role is self.role:
            raise ProtocolError(same_role)
        link.peer_nonce = hello.nonce
        link.peer_name = hello.name

    # -- what subclasses define ---------------------------------------------------

    def _timed(self, now: float, out: Outputs) -> None:
        """What the clock does as time passes (the host's flag falls; the guest only shows)."""

    def _flag_fell(self, table: Table, now: float, out: Outputs) -> bool:
        """Whether a flag has fallen by ``now`` (the host ends the game then); a guest leaves it to the host."""
        return False

    def _used(self, now: float) -> float:
        """What our current move has taken so far, by our own clock (0 without one)."""
        clock = self._clock()
        if clock is None or clock.running is not CLOCK_SIDE[self.role]:
            return 0.0
        return clock.elapsed(now)

    def _own_step(self, table: Table, move: OpeningMove, out: Outputs) -> None:
        raise NotImplementedError

    def _handshake(self, link: Link, message: Message, now: float, out: Outputs) -> None:
        raise NotImplementedError

    def _game_message(self, link: Link, message: Message, out: Outputs) -> None:
        raise NotImplementedError

    def _after_move(self, table: Table, out: Outputs) -> None:
        raise NotImplementedError

    def _accepted(self, table: Table, pending: Pending, out: Outputs) -> None:
        raise NotImplementedError

    def _resign(self, table: Table, role: Role, out: Outputs) -> None:
        raise NotImplementedError
