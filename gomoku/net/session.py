"""The game session of network play, host and guest, as a pure state machine ("sans-IO").

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

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from gomoku.board import Board, IllegalMoveError
from gomoku.net import auth
from gomoku.net import events as ev
from gomoku.net.errors import ProtocolError
from gomoku.net.limits import Limits, TokenBucket
from gomoku.net.protocol import (
    BLACK_CHOICES,
    MATCH_BYTES,
    MAX_CHAT,
    MAX_NAME,
    MAX_PING_ID,
    OFFER_KINDS,
    PROTOCOL,
    VERSION,
    Answer,
    Auth,
    Bye,
    Chat,
    Error,
    Hello,
    LineReader,
    Message,
    Move,
    Offer,
    Over,
    Ping,
    Pong,
    Refuse,
    Resign,
    ResumeRecord,
    Start,
    Welcome,
    clean_text,
    decode,
    encode,
)
from gomoku.point import MAX_SIZE, MIN_SIZE, Point
from gomoku.rules import Rule, Stone

#: Pings remembered while waiting for their pong: a pong older than this many pings is not worth timing.
_PINGS_KEPT = 4

Outputs = list[ev.Output]


@dataclass(frozen=True)
class GameSettings:
    """What the host chooses: the rule, the board size, and who plays black in the first game.

    ``black`` is ``host``, ``guest`` or ``random``; rematches alternate it.
    """

    rule: Rule = Rule.FREESTYLE
    size: int = 15
    black: str = "random"

    def __post_init__(self) -> None:
        if not MIN_SIZE <= self.size <= MAX_SIZE:
            raise ValueError(f"board size must be {MIN_SIZE} to {MAX_SIZE}, not {self.size}")
        if self.black not in BLACK_CHOICES:
            raise ValueError(f"black must be one of {', '.join(BLACK_CHOICES)}, not {self.black!r}")


@dataclass(frozen=True)
class MatchRecord:
    """The host's game as a value, to autosave and to resume from after a restart."""

    match: bytes
    game: int
    rule: Rule
    size: int
    black: str
    moves: tuple[Point, ...]
    result: ev.Result | None = None


def _other(role: str) -> str:
    return "guest" if role == "host" else "host"


def _compatible(ours: tuple[Point, ...], theirs: tuple[Point, ...], theirs_stone: Stone) -> bool:
    """Whether ``theirs`` (the guest's list) fits ``ours`` (the host's) for a resume.

    It fits when it is ``ours`` or a beginning of it, or ``ours`` and one more
    move, made by the guest (``theirs_stone``): a move that never arrived.
    """
    if len(theirs) <= len(ours):
        return theirs == ours[: len(theirs)]
    extra_mover = Stone.BLACK if len(ours) % 2 == 0 else Stone.WHITE
    return len(theirs) == len(ours) + 1 and theirs[:-1] == ours and extra_mover is theirs_stone


@dataclass
class _Pending:
    """An offer waiting for its answer: of ``kind``, at move count ``ply``, made by ``role``."""

    kind: str
    ply: int
    by: str


class _Table:
    """One game between the two players: the board, the colours, the pending offer, the result."""

    def __init__(self, match: bytes, game: int, rule: Rule, size: int, black: str,
                 moves: tuple[Point, ...] = ()) -> None:
        self.match = match
        self.game = game
        self.black = black
        self.board = Board.from_moves(moves, size, rule)
        self.result: ev.Result | None = None
        self.pending: _Pending | None = None
        #: Guest only: a resignation or draw is sent and the host's verdict awaited.
        self.awaiting_verdict = False

    def stone_of(self, role: str) -> Stone:
        return Stone.BLACK if self.black == role else Stone.WHITE

    @property
    def ply(self) -> int:
        return len(self.board.moves)

    @property
    def moves(self) -> tuple[Point, ...]:
        return tuple(self.board.moves)

    @property
    def in_play(self) -> bool:
        return self.result is None and not self.board.is_game_over()

    def last_mover(self) -> Stone | None:
        return self.board.turn.opponent if self.ply else None

    def undo_count(self, role: str) -> int:
        """Moves an undo asked by ``role`` takes back: to ``role``'s last move, so it is its turn again."""
        if self.last_mover() is self.stone_of(role):
            return 1
        return 2 if self.ply >= 2 else 0

    def take_back(self, count: int) -> tuple[Point, ...]:
        return tuple(self.board.undo() for _ in range(count))

    def offer_problem(self, kind: str, role: str) -> str | None:
        """Why ``role`` may not offer ``kind`` now, or ``None`` if it may."""
        if kind == "rematch":
            return None if not self.in_play else "the game is not over: finish it first"
        if not self.in_play or self.awaiting_verdict:
            return "the game is over: offer a rematch instead"
        if kind == "undo" and self.undo_count(role) == 0:
            return "there is no move of yours to take back"
        return None


class _Link:
    """One connection: its line reader, rate limit, handshake stage and heartbeat."""

    def __init__(self, conn: int, now: float, limits: Limits) -> None:
        self.conn = conn
        self.reader = LineReader(limits.max_line)
        self.bucket = TokenBucket(limits.line_rate, limits.line_burst, now)
        self.stage = "hello"
        self.deadline = now + limits.handshake
        self.last_heard = now
        self.next_ping = float("inf")
        self.pings: dict[int, float] = {}
        self.ping_id = 0
        self.nonce = b""
        self.peer_nonce = b""
        self.peer_name = ""
        self.closed = False


class Session:
    """What host and guest share: connections, the heartbeat, the game's moves, offers and chat.

    Subclasses handle the handshake (:meth:`_handshake`) and the moves,
    offers and game ends that differ between the referee and the guest.
    """

    role = ""

    def __init__(self, code: str, name: str, *, limits: Limits = Limits(),
                 random_bytes: Callable[[int], bytes] = secrets.token_bytes) -> None:
        self.code = auth.format_code(code)
        self.name = clean_text(name)[:MAX_NAME]
        self.limits = limits
        self._random_bytes = random_bytes
        self._links: dict[int, _Link] = {}
        self._peer: _Link | None = None
        self._table: _Table | None = None

    # -- reading ----------------------------------------------------------------

    @property
    def connected(self) -> bool:
        """Whether the opponent is connected and authenticated."""
        return self._peer is not None

    @property
    def opponent_name(self) -> str:
        """The opponent's name as they gave it (cleaned), or ``""`` before they joined."""
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
    def result(self) -> ev.Result | None:
        """How the current game ended, or ``None`` while it goes on."""
        return self._table.result if self._table else None

    @property
    def saved(self) -> MatchRecord | ResumeRecord | None:
        """What this side keeps to resume the game later (its autosave's network part)."""
        raise NotImplementedError

    def next_deadline(self) -> float | None:
        """When :meth:`tick` must run next (``None``: nothing is timed)."""
        times = []
        for link in self._links.values():
            if link.stage == "seated":
                times += [link.next_ping, link.last_heard + self.limits.peer_timeout]
            else:
                times.append(link.deadline)
        return min(times, default=None)

    # -- the caller's inputs -----------------------------------------------------

    def connection_made(self, conn: int, now: float) -> Outputs:
        """A connection ``conn`` is open."""
        self._links[conn] = _Link(conn, now, self.limits)
        return []

    def connection_lost(self, conn: int, now: float, reason: str = "") -> Outputs:
        """Connection ``conn`` closed from the other end (or failed)."""
        link = self._links.pop(conn, None)
        if link is None or link.closed:
            return []
        link.closed = True
        out: Outputs = []
        self._lost(link, f"the connection to {self._who(link)} was lost"
                   + (f" ({reason})" if reason else "") + self._what_next(), out)
        return out

    def receive(self, conn: int, data: bytes, now: float) -> Outputs:
        """Bytes arrived on connection ``conn``."""
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
        """Time has passed: send the pings that are due, drop the peers that went quiet."""
        out: Outputs = []
        for link in list(self._links.values()):
            if link.stage != "seated":
                if now >= link.deadline:
                    self._fail(link, "timeout", "the handshake took too long: connect again", out)
                continue
            if now - link.last_heard >= self.limits.peer_timeout:
                silent = round(now - link.last_heard)
                self._fail(link, "timeout", f"no word from {self._who(link)} for {silent} s"
                           + self._what_next(), out)
            elif now >= link.next_ping:
                link.ping_id = (link.ping_id + 1) % (MAX_PING_ID + 1)
                link.pings[link.ping_id] = now
                for old in sorted(link.pings)[:-_PINGS_KEPT]:
                    del link.pings[old]
                link.next_ping = now + self.limits.ping_interval
                self._send(link, Ping(id=link.ping_id), out)
        return out

    # -- the local player's commands -------------------------------------------

    def play(self, point: Point | tuple[int, int]) -> Outputs:
        """Play ``point`` for us."""
        out: Outputs = []
        table = self._ready("move", out)
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
            out.append(ev.Refused("move", problem))
            return out
        ply = table.ply
        self._place(table, point, mine=True, out=out)
        self._send(self._peer, Move(ply=ply, x=point.x, y=point.y), out)
        self._after_move(table, out)
        return out

    def offer(self, kind: str) -> Outputs:
        """Ask the opponent for an ``undo``, a ``draw`` or a ``rematch``."""
        if kind not in OFFER_KINDS:
            raise ValueError(f"an offer is one of {', '.join(OFFER_KINDS)}, not {kind!r}")
        out: Outputs = []
        table = self._ready(kind, out, game_over_ok=True)
        if table is None:
            return out
        problem = table.offer_problem(kind, self.role)
        if problem is None and table.pending is not None:
            problem = ("wait for the answer to your offer" if table.pending.by == self.role
                       else "answer the opponent's offer first")
        if problem:
            out.append(ev.Refused(kind, problem))
            return out
        table.pending = _Pending(kind, table.ply, self.role)
        self._send(self._peer, Offer(kind=kind, ply=table.ply), out)
        return out

    def answer(self, accept: bool) -> Outputs:
        """Say yes or no to the opponent's pending offer."""
        out: Outputs = []
        table = self._ready("answer", out, game_over_ok=True)
        if table is None:
            return out
        pending = table.pending
        if pending is None or pending.by == self.role:
            out.append(ev.Refused("answer", "there is no offer to answer"))
            return out
        table.pending = None
        self._send(self._peer, Answer(kind=pending.kind, ply=pending.ply, accept=accept), out)
        if accept:
            self._accepted(table, pending, out)
        return out

    def resign(self) -> Outputs:
        """Give up the current game."""
        out: Outputs = []
        table = self._ready("resign", out)
        if table is not None:
            self._resign(table, self.role, out)
        return out

    def chat(self, text: str) -> Outputs:
        """Send a line of chat (cleaned, and cut to :data:`MAX_CHAT` characters)."""
        out: Outputs = []
        text = clean_text(text)[:MAX_CHAT]
        if not text:
            return out
        if self._peer is None:
            out.append(ev.Refused("chat", self._absent()))
        else:
            self._send(self._peer, Chat(text=text), out)
        return out

    def leave(self, reason: str = "the other player left") -> Outputs:
        """Say goodbye on every connection and close them all."""
        out: Outputs = []
        for link in list(self._links.values()):
            self._send(link, Bye(reason=clean_text(reason)[:200]), out)
            self._close(link, "leaving", out)
        return out

    # -- shared machinery ---------------------------------------------------------

    def _send(self, link: _Link | None, message: Message, out: Outputs) -> None:
        if link is not None and not link.closed:
            out.append(ev.Send(link.conn, encode(message)))

    def _close(self, link: _Link, reason: str, out: Outputs) -> None:
        link.closed = True
        self._links.pop(link.conn, None)
        out.append(ev.Close(link.conn, reason))

    def _fail(self, link: _Link, code: str, reason: str, out: Outputs) -> None:
        """End ``link`` with an ``error`` line: the peer broke the protocol or went quiet."""
        if link.closed:
            return
        self._send(link, Error(code=code, reason=reason), out)
        self._close(link, reason, out)
        self._lost(link, reason, out, code=code)

    def _lost(self, link: _Link, reason: str, out: Outputs, left: bool = False,
              code: str = "") -> None:
        """``link`` is gone; if it was the opponent's, say so (``code``: the error we sent)."""
        if link is self._peer:
            self._peer = None
            if self._table is not None:
                self._table.pending = None
            out.append(ev.PeerLeft(reason) if left else ev.ConnectionLost(reason))

    def _seat(self, link: _Link, now: float) -> None:
        link.stage = "seated"
        link.next_ping = now + self.limits.ping_interval
        self._peer = link

    def _who(self, link: _Link) -> str:
        return link.peer_name or ("the guest" if self.role == "host" else "the host")

    def _what_next(self) -> str:
        return ""

    def _absent(self) -> str:
        return "not connected"

    def _ready(self, what: str, out: Outputs, game_over_ok: bool = False) -> _Table | None:
        """The table if a command may act on it now; else a :class:`Refused` in ``out``."""
        table = self._table
        if self._peer is None or table is None:
            out.append(ev.Refused(what, self._absent()))
            return None
        if not game_over_ok and (not table.in_play or table.awaiting_verdict):
            out.append(ev.Refused(what, "the game is over: offer a rematch"))
            return None
        return table

    def _move_problem(self, table: _Table, role: str) -> str | None:
        """Why ``role`` may not move now (turn, pending offer), or ``None``."""
        if not table.in_play or table.awaiting_verdict:
            return "the game is over: offer a rematch"
        if table.board.turn is not table.stone_of(role):
            return f"it is {table.board.turn}'s turn: wait for the other move"
        if table.pending is not None and table.pending.by == role:
            return "wait for the answer to your offer first"
        return None

    def _place(self, table: _Table, point: Point, mine: bool, out: Outputs) -> None:
        """Put a checked move on the board; it lapses a pending offer."""
        ply = table.ply
        stone = table.board.turn
        outcome = table.board.play(point)
        out.append(ev.MovePlayed(point, stone, mine, ply, outcome))
        if table.pending is not None:
            out.append(ev.OfferCancelled(table.pending.kind, table.pending.by == self.role))
            table.pending = None

    def _dispatch(self, link: _Link, message: Message, now: float, out: Outputs) -> None:
        """Handle one message from ``link``."""
        if isinstance(message, Error):
            self._close(link, message.reason, out)
            self._peer_error(link, message, out)
        elif isinstance(message, Bye):
            self._close(link, message.reason, out)
            self._lost(link, f"{self._who(link)} left: {message.reason}" + self._what_next(),
                       out, left=True)
        elif link.stage != "seated":
            self._handshake(link, message, now, out)
        elif isinstance(message, Ping):
            self._send(link, Pong(id=message.id), out)
        elif isinstance(message, Pong):
            sent = link.pings.pop(message.id, None)
            if sent is not None:
                out.append(ev.RoundTrip(max(0.0, now - sent)))
        elif isinstance(message, Chat):
            if message.text:
                out.append(ev.ChatReceived(self._who(link), message.text))
        else:
            self._game_message(link, message, out)

    def _peer_error(self, link: _Link, message: Error, out: Outputs) -> None:
        self._lost(link, message.reason, out)

    def _greeted(self, link: _Link, hello: Hello, same_role: str) -> None:
        """Take the peer's ``hello``: it must come from the other role (else ``same_role`` is the error)."""
        if hello.role == self.role:
            raise ProtocolError(same_role)
        link.peer_nonce = hello.nonce
        link.peer_name = hello.name

    # -- what subclasses define ---------------------------------------------------

    def _handshake(self, link: _Link, message: Message, now: float, out: Outputs) -> None:
        raise NotImplementedError

    def _game_message(self, link: _Link, message: Message, out: Outputs) -> None:
        raise NotImplementedError

    def _after_move(self, table: _Table, out: Outputs) -> None:
        raise NotImplementedError

    def _accepted(self, table: _Table, pending: _Pending, out: Outputs) -> None:
        raise NotImplementedError

    def _resign(self, table: _Table, role: str, out: Outputs) -> None:
        raise NotImplementedError


class HostSession(Session):
    """The host: authenticates the guest, sets the game, referees it, and keeps it across drops.

    ``record`` resumes a match saved before a restart (:attr:`saved`).
    ``rng`` picks black when the settings say ``random``.
    """

    role = "host"

    def __init__(self, code: str, name: str, settings: GameSettings = GameSettings(), *,
                 record: MatchRecord | None = None, rng: random.Random | None = None,
                 limits: Limits = Limits(),
                 random_bytes: Callable[[int], bytes] = secrets.token_bytes) -> None:
        super().__init__(code, name, limits=limits, random_bytes=random_bytes)
        self.settings = settings
        self._rng = rng or random.Random(int.from_bytes(random_bytes(8), "big"))
        if record is not None:
            self._table = _Table(record.match, record.game, record.rule, record.size,
                                 record.black, record.moves)
            self._table.result = record.result

    @property
    def saved(self) -> MatchRecord | None:
        """The match as a value for the autosave, or ``None`` before a guest ever joined."""
        t = self._table
        if t is None:
            return None
        return MatchRecord(t.match, t.game, t.board.rule, t.board.size, t.black, t.moves, t.result)

    def connection_made(self, conn: int, now: float) -> Outputs:
        out = super().connection_made(conn, now)
        link = self._links[conn]
        handshakes = sum(1 for other in self._links.values() if other.stage != "seated")
        if handshakes > self.limits.max_handshakes:
            reason = "too many connections at once: try again in a few seconds"
            self._fail(link, "busy", reason, out)
            out.append(ev.GuestRefused(reason))
            return out
        link.nonce = auth.new_nonce(self._random_bytes)
        self._send(link, Hello(protocol=PROTOCOL, version=VERSION, role="host",
                               name=self.name, nonce=link.nonce), out)
        return out

    def _what_next(self) -> str:
        return ": waiting for the guest to come back"

    def _absent(self) -> str:
        return "the guest is not connected: wait for them to join"

    def _refuse_guest(self, link: _Link, code: str, reason: str, out: Outputs) -> None:
        self._fail(link, code, reason, out)
        out.append(ev.GuestRefused(reason))

    def _handshake(self, link: _Link, message: Message, now: float, out: Outputs) -> None:
        if link.stage == "hello" and isinstance(message, Hello):
            self._greeted(link, message, "a host cannot join a host: one side must join with --join")
            link.stage = "auth"
        elif link.stage == "auth" and isinstance(message, Auth):
            if not auth.check_proof(self.code, "guest", link.nonce, link.peer_nonce, message.proof):
                self._refuse_guest(link, "bad-code", "wrong code: check the code the host shows "
                                   "and join again", out)
                return
            self._admit(link, message.resume, now, out)
        else:
            raise ProtocolError(f"{message.TYPE} is not allowed during the handshake")

    def _admit(self, link: _Link, resume: ResumeRecord | None, now: float, out: Outputs) -> None:
        """A guest proved the code: seat it, resuming the match if there is one."""
        table = self._table
        same_match = table is not None and resume is not None and resume.match == table.match
        if self._peer is not None and not same_match:
            self._refuse_guest(link, "busy", "this game already has two players", out)
            return
        if table is not None and not self._resumable(table, resume):
            self._refuse_guest(link, "different-game", "this host is playing another game: "
                               "join without the old game's save, or ask for a new code", out)
            return
        if self._peer is not None:
            old = self._peer
            self._send(old, Bye(reason="you joined again from another connection"), out)
            self._close(old, "replaced", out)
            self._peer = None
        resumed = table is not None
        if table is None:
            table = self._table = self._new_table(self._rng.random() < 0.5)
        table.pending = None
        self._seat(link, now)
        self._send(link, Welcome(proof=auth.proof(self.code, "host", link.nonce, link.peer_nonce)),
                   out)
        out.append(ev.OpponentJoined(link.peer_name))
        self._announce(table, resumed, out)

    def _resumable(self, table: _Table, resume: ResumeRecord | None) -> bool:
        if resume is None:
            return True
        if resume.match != table.match or resume.game > table.game:
            return False
        guest = table.stone_of("guest")
        return resume.game < table.game or _compatible(table.moves, resume.moves, guest)

    def _new_table(self, coin: bool) -> _Table:
        """Game 1 of a new match: the settings' black, or the coin's if they say random."""
        black = self.settings.black
        if black == "random":
            black = "host" if coin else "guest"
        match = self._random_bytes(MATCH_BYTES)
        return _Table(match, 1, self.settings.rule, self.settings.size, black)

    def _announce(self, table: _Table, resumed: bool, out: Outputs) -> None:
        """Send the game to the guest (and its end, if it is over); tell our player."""
        board = table.board
        self._send(self._peer, Start(match=table.match, game=table.game, rule=board.rule,
                                     size=board.size, black=table.black, moves=table.moves), out)
        out.append(ev.GameStarted(table.match, table.game, board.rule, board.size,
                                  table.stone_of("host"), table.moves, resumed))
        if table.result is not None:
            self._send(self._peer, self._over(table), out)

    @staticmethod
    def _over(table: _Table) -> Over:
        result = table.result
        assert result is not None
        winner = str(result.winner) if result.winner else "none"
        return Over(game=table.game, ply=table.ply, winner=winner, ending=result.ending)

    def _end(self, table: _Table, result: ev.Result, out: Outputs) -> None:
        """The referee's verdict: record it, tell the guest and our player."""
        table.result = result
        table.pending = None
        self._send(self._peer, self._over(table), out)
        out.append(ev.GameOver(table.game, table.ply, result))

    def _after_move(self, table: _Table, out: Outputs) -> None:
        outcome = table.board.outcome
        if outcome is not None:
            self._end(table, ev.Result(outcome.winner, "five" if outcome.winner else "full"), out)

    def _resign(self, table: _Table, role: str, out: Outputs) -> None:
        self._end(table, ev.Result(table.stone_of(_other(role)), "resign"), out)

    def _accepted(self, table: _Table, pending: _Pending, out: Outputs) -> None:
        if pending.kind == "undo":
            points = table.take_back(table.undo_count(pending.by))
            out.append(ev.MovesTakenBack(points, table.ply))
        elif pending.kind == "draw":
            self._end(table, ev.Result(None, "agreed"), out)
        else:
            self._rematch(table, out)

    def _rematch(self, table: _Table, out: Outputs) -> None:
        board = table.board
        self._table = _Table(table.match, table.game + 1, board.rule, board.size,
                             _other(table.black))
        self._announce(self._table, False, out)

    def _game_message(self, link: _Link, message: Message, out: Outputs) -> None:
        table = self._table
        assert table is not None
        if isinstance(message, Move):
            problem = self._guest_move_problem(table, message)
            if problem:
                self._send(link, Refuse(what="move", ply=message.ply, reason=problem), out)
                return
            self._place(table, Point(message.x, message.y), mine=False, out=out)
            self._after_move(table, out)
        elif isinstance(message, Offer):
            self._guest_offer(link, table, message, out)
        elif isinstance(message, Answer):
            self._guest_answer(link, table, message, out)
        elif isinstance(message, Resign):
            if not table.in_play:
                self._send(link, Refuse(what="resign", ply=table.ply,
                                        reason="the game is already over"), out)
            else:
                self._resign(table, "guest", out)
        else:
            raise ProtocolError(f"only the host sends {message.TYPE}")

    def _guest_move_problem(self, table: _Table, move: Move) -> str | None:
        if move.ply != table.ply and table.in_play:
            return "the position changed before your move arrived: look and play again"
        problem = self._move_problem(table, "guest")
        if problem is None:
            try:
                table.board.check_move((move.x, move.y))
            except IllegalMoveError as error:
                problem = str(error)
        return problem

    def _guest_offer(self, link: _Link, table: _Table, offer: Offer, out: Outputs) -> None:
        problem = table.offer_problem(offer.kind, "guest")
        if problem is None and offer.ply != table.ply:
            problem = "a move was played meanwhile: ask again"
        if problem is None and table.pending is not None:
            problem = ("the host's offer crossed yours: answer it first"
                       if table.pending.by == "host" else "wait for the answer to your offer")
        if problem:
            self._send(link, Refuse(what="offer", ply=offer.ply, reason=problem), out)
            return
        table.pending = _Pending(offer.kind, offer.ply, "guest")
        out.append(ev.OfferReceived(offer.kind))

    def _guest_answer(self, link: _Link, table: _Table, answer: Answer, out: Outputs) -> None:
        pending = table.pending
        if (pending is None or pending.by != "host" or pending.kind != answer.kind
                or pending.ply != answer.ply):
            self._send(link, Refuse(what=answer.TYPE, ply=answer.ply,
                                    reason="there is no such offer to answer"), out)
            return
        table.pending = None
        out.append(ev.OfferAnswered(pending.kind, answer.accept))
        if answer.accept:
            self._accepted(table, pending, out)


class GuestSession(Session):
    """The guest: proves the code, checks the host proves it too, and follows the host's game.

    ``resume`` is the game this guest was playing (from :attr:`saved`
    of an earlier session, kept in its autosave); the host resumes it if it
    fits.  One connection at a time: after a drop, :meth:`connection_made`
    again reconnects with the same game.
    """

    role = "guest"

    def __init__(self, code: str, name: str, *, resume: ResumeRecord | None = None,
                 limits: Limits = Limits(),
                 random_bytes: Callable[[int], bytes] = secrets.token_bytes) -> None:
        super().__init__(code, name, limits=limits, random_bytes=random_bytes)
        self._resume = resume

    @property
    def saved(self) -> ResumeRecord | None:
        """What to present to the host to resume this game (keep it in the autosave)."""
        table = self._table
        if table is None:
            return self._resume
        return ResumeRecord(match=table.match, game=table.game, moves=table.moves)

    def _what_next(self) -> str:
        return ": join again with the same command to resume"

    def _absent(self) -> str:
        return "not connected to the host: join again to resume"

    def _peer_error(self, link: _Link, message: Error, out: Outputs) -> None:
        if link.stage != "seated":
            out.append(ev.JoinRefused(message.code, message.reason))
        else:
            self._lost(link, message.reason, out)

    def _lost(self, link: _Link, reason: str, out: Outputs, left: bool = False,
              code: str = "") -> None:
        """A connection that never got to the game is a failed join; a seated one, a lost game."""
        if link is self._peer:
            super()._lost(link, reason, out, left)
        elif code:
            out.append(ev.JoinRefused(code, reason))
        else:
            out.append(ev.ConnectionLost(reason))

    def _handshake(self, link: _Link, message: Message, now: float, out: Outputs) -> None:
        if link.stage == "hello" and isinstance(message, Hello):
            self._greeted(link, message, "two guests cannot play each other: one side must --host")
            link.nonce = auth.new_nonce(self._random_bytes)
            self._send(link, Hello(protocol=PROTOCOL, version=VERSION, role="guest",
                                   name=self.name, nonce=link.nonce), out)
            proof = auth.proof(self.code, "guest", link.peer_nonce, link.nonce)
            self._send(link, Auth(proof=proof, resume=self.saved), out)
            link.stage = "welcome"
        elif link.stage == "welcome" and isinstance(message, Welcome):
            if not auth.check_proof(self.code, "host", link.peer_nonce, link.nonce, message.proof):
                raise ProtocolError("the host does not know the code: check the address and the code",
                                    "bad-code")
            link.stage = "start"
        elif link.stage == "start" and isinstance(message, Start):
            self._seat(link, now)
            out.append(ev.OpponentJoined(link.peer_name))
            self._start(message, out)
        else:
            raise ProtocolError(f"{message.TYPE} is not allowed during the handshake")

    def _start(self, start: Start, out: Outputs) -> None:
        """The host's game: check it against ours if it is the one we were playing."""
        try:
            table = _Table(start.match, start.game, start.rule, start.size, start.black,
                           start.moves)
        except IllegalMoveError as error:
            raise ProtocolError(f"the host's moves are not a legal game ({error})", "desync") from None
        previous = self._table or self._resume
        lost: tuple[Point, ...] = ()
        resumed = previous is not None and previous.match == start.match
        if resumed and previous.game == start.game:
            mine = table.stone_of("guest")
            if not _compatible(start.moves, previous.moves, mine):
                raise ProtocolError("the host's game is not the one you were playing: "
                                    "join without resuming", "different-game")
            lost = previous.moves[len(start.moves):]
        elif resumed and previous.game > start.game:
            raise ProtocolError("the host went back to an earlier game", "desync")
        self._table = table
        board = table.board
        out.append(ev.GameStarted(start.match, start.game, board.rule, board.size,
                                  table.stone_of("guest"), table.moves,
                                  resumed and previous.game == start.game, lost))

    def _after_move(self, table: _Table, out: Outputs) -> None:
        """The host declares the end (``over``); the guest's board already shows a five."""

    def _resign(self, table: _Table, role: str, out: Outputs) -> None:
        table.awaiting_verdict = True
        table.pending = None
        self._send(self._peer, Resign(), out)

    def _accepted(self, table: _Table, pending: _Pending, out: Outputs) -> None:
        if pending.kind == "undo":
            points = table.take_back(table.undo_count(pending.by))
            out.append(ev.MovesTakenBack(points, table.ply))
        elif pending.kind == "draw":
            table.awaiting_verdict = True

    def _game_message(self, link: _Link, message: Message, out: Outputs) -> None:
        table = self._table
        assert table is not None
        if isinstance(message, Start):
            if message.match != table.match or message.game != table.game + 1:
                raise ProtocolError("the host started a game out of order", "desync")
            self._start(message, out)
        elif isinstance(message, Move):
            self._host_move(table, message, out)
        elif isinstance(message, Offer):
            if message.ply == table.ply and table.offer_problem(message.kind, "host") is None:
                if table.pending is not None and table.pending.by == "guest":
                    out.append(ev.OfferCancelled(table.pending.kind, True))
                table.pending = _Pending(message.kind, message.ply, "host")
                out.append(ev.OfferReceived(message.kind))
        elif isinstance(message, Answer):
            pending = table.pending
            if (pending is not None and pending.by == "guest" and pending.kind == message.kind
                    and pending.ply == message.ply):
                table.pending = None
                out.append(ev.OfferAnswered(pending.kind, message.accept))
                if message.accept:
                    self._accepted(table, pending, out)
        elif isinstance(message, Over):
            self._host_over(table, message, out)
        elif isinstance(message, Refuse):
            self._host_refusal(table, message, out)
        else:
            raise ProtocolError(f"only the guest sends {message.TYPE}")

    def _host_move(self, table: _Table, move: Move, out: Outputs) -> None:
        if table.result is not None or move.ply != table.ply:
            raise ProtocolError("the host's move does not follow the game", "desync")
        if table.board.turn is not table.stone_of("host"):
            raise ProtocolError("the host moved out of turn", "desync")
        try:
            table.board.check_move((move.x, move.y))
        except IllegalMoveError as error:
            raise ProtocolError(f"the host played an illegal move ({error})", "desync") from None
        self._place(table, Point(move.x, move.y), mine=False, out=out)

    def _take_back_own(self, table: _Table, ply: int, reason: str, out: Outputs) -> None:
        """Take our last move off the board: the host refused it or ended the game first."""
        if table.ply == ply + 1 and table.last_mover() is table.stone_of("guest"):
            (point,) = table.take_back(1)
            out.append(ev.MoveRefused(point, reason))

    def _host_over(self, table: _Table, over: Over, out: Outputs) -> None:
        if over.game != table.game:
            raise ProtocolError("the host ended a game that is not this one", "desync")
        self._take_back_own(table, over.ply, "the game ended before your move arrived", out)
        outcome = table.board.outcome
        winner = None if over.winner == "none" else Stone[over.winner.upper()]
        by_board = over.ending in ("five", "full")
        if table.ply != over.ply or by_board != (outcome is not None) or (
                outcome is not None and outcome.winner is not winner):
            raise ProtocolError("the host's result does not match the board", "desync")
        table.result = ev.Result(winner, over.ending)
        table.pending = None
        table.awaiting_verdict = False
        out.append(ev.GameOver(table.game, table.ply, table.result))

    def _host_refusal(self, table: _Table, refuse: Refuse, out: Outputs) -> None:
        if refuse.what == "move":
            self._take_back_own(table, refuse.ply, refuse.reason, out)
            return
        if refuse.what == "offer" and table.pending is not None and table.pending.by == "guest":
            table.pending = None
        if refuse.what == "resign":
            table.awaiting_verdict = False
        out.append(ev.Refused(refuse.what, refuse.reason))
