"""The guest's session: it proves the code, checks the host proves it too, and follows the host's game.

The guest trusts the host as referee, but not blindly: it plays every action
the host sends through its own core :class:`~gomoku.game.Game` (built from
the host's ``start``), and an action its game refuses is a desynchronised
game: the guest hangs up.  Its own actions are tried on its game first, so a
refusal it can see is said at once with the core's reason.  Opening steps
are requests: the guest sends its ``step`` and takes it only when the host
sends it back (a step of the guest's seat the guest did not ask for is a
desynchronised game too).  Its game keeps no clock: the clocks it shows are
the host's readings (``time``), running on from the moment each arrived; a
lost connection stops them.  The endings its board cannot show (a flag fall,
a resignation, a draw agreed) it takes on the host's word.
"""

from __future__ import annotations

from typing import Any

from gomoku.board import IllegalMoveError
from gomoku.clock import NO_CLOCK, Clock, ClockSpec
from gomoku.game import Game, GameError
from gomoku.i18n import _
from gomoku.net import auth
from gomoku.net import events as ev
from gomoku.net import protocol as wire
from gomoku.net.errors import ProtocolError
from gomoku.net.match import VERDICTS, ChatLine, OfferKind, Request, Role, Times, Why, clock_of
from gomoku.net.protocol import PROTOCOL, VERSION
from gomoku.net.session import AGREED_WHEN_CROSSED, Link, Outputs, Pending, Session, Table, fits, refusal_text
from gomoku.net.snapshot import LinkState
from gomoku.openings import OpeningError, OpeningMove
from gomoku.point import Point


class GuestSession(Session):
    """The guest: proves the code, checks the host proves it too, and follows the host's game.

    ``resume`` is the game this guest was playing (from :attr:`saved`
    of an earlier session, kept in its autosave); the host resumes it if it
    fits.  One connection at a time: after a drop, :meth:`connection_made`
    again reconnects with the same game.  ``options`` are
    :class:`~gomoku.net.session.Session`'s (``limits``, ``random_bytes``).
    """

    role = Role.GUEST

    def __init__(self, code: str, name: str, *, resume: wire.ResumeRecord | None = None, **options: Any) -> None:
        super().__init__(code, name, **options)
        self._resume = resume
        self._spec: ClockSpec = NO_CLOCK
        #: The host's last reading, running from when it arrived (``None``: no clock, or none yet).
        self._reading: Clock | None = None
        #: The opening step we asked for and the host has not yet answered.
        self._step_sent: OpeningMove | None = None

    def _clock(self) -> Clock | None:
        return self._reading

    def _read(self, times: Times, out: Outputs) -> None:
        """The host's clock reading: the clocks shown run on from now."""
        if self._table is None:
            return
        self._reading = clock_of(self._spec, times, self._table.first, self._now, running=self._peer is not None)
        out.append(ev.ClockRead(times))

    @property
    def saved(self) -> wire.ResumeRecord | None:
        """What to present to the host to resume this game (keep it in the autosave)."""
        table = self._table
        if table is None:
            return self._resume
        return wire.ResumeRecord(match=table.match, game=table.number, moves=table.moves)

    def _away(self) -> LinkState:
        if self._ever_seated:
            return LinkState.LOST
        return LinkState.CONNECTING if self._links else LinkState.LOST

    def _what_next(self) -> str:
        return _("join again with the same command to resume")

    def _absent(self) -> str:
        return _("not connected to the host: join again to resume")

    def _not_joined(self, reason: str) -> str:
        if reason:
            return _(
                "no connection could be made to the host ({reason}): "
                "check the address and the port, and that the host is waiting"
            ).format(reason=reason)
        return _(
            "no connection could be made to the host: check the address and the port, and that the host is waiting"
        )

    def _peer_error(self, link: Link, message: wire.Error, out: Outputs) -> None:
        if link is not self._peer:  # (its stage is closed by now: the error closed it)
            out.append(ev.JoinRefused(message.code, self._peer_error_text(link, message)))
        else:
            super()._peer_error(link, message, out)

    def _lost(self, link: Link, reason: str, out: Outputs, left: bool = False, code: str = "") -> None:
        """A connection that never got to the game is a failed join; a seated one, a lost game (the clocks stop)."""
        if link is self._peer:
            if self._reading is not None:
                self._reading = self._reading.pause(self._now)
            self._step_sent = None
            super()._lost(link, reason, out, left)
        elif code:
            out.append(ev.JoinRefused(code, reason))
        else:
            out.append(ev.ConnectionLost(reason))

    def _handshake(self, link: Link, message: wire.Message, now: float, out: Outputs) -> None:
        if isinstance(message, wire.Hello):
            self._greeted(link, message, "two guests cannot play each other: one side must --host")
            link.nonce = auth.new_nonce(self._random_bytes)
            self._send(
                link,
                wire.Hello(protocol=PROTOCOL, version=VERSION, role=Role.GUEST, name=self.name, nonce=link.nonce),
                out,
            )
            proof = auth.proof(self.code, Role.GUEST, link.peer_nonce, link.nonce)
            resume = None if self.watching else self.saved
            self._send(link, wire.Auth(proof=proof, resume=resume, watch=self.watching), out)
        elif isinstance(message, wire.Welcome):
            if not auth.check_proof(self.code, Role.HOST, link.peer_nonce, link.nonce, message.proof):
                raise ProtocolError("the host does not know the code: check the address and the code", "bad-code")
        elif isinstance(message, wire.Start):
            self._seat(link, now)
            out.append(ev.OpponentJoined(link.peer_name))
            self._start(message, out)

    def _start(self, start: wire.Start, out: Outputs) -> None:
        """The host's game: check it against ours if it is the one we were playing."""
        try:
            steps = tuple(record.move() for record in start.steps)
            table = Table.replayed(
                start.match, start.game, start.black, start.rule, start.size, start.moves, start.opening, steps
            )
        except (IllegalMoveError, OpeningError) as error:
            raise ProtocolError(f"the host's moves are not a legal game ({type(error).__name__})", "desync") from None
        previous = self._resume
        if self._table is not None:
            previous = wire.ResumeRecord(match=self._table.match, game=self._table.number, moves=self._table.moves)
        if previous is not None and previous.match != start.match:
            previous = None  # another match: nothing of ours to check it against
        lost: tuple[Point, ...] = ()
        resumed = previous is not None and previous.game == start.game
        if previous is not None and resumed:
            ours_next = table.acting is Role.GUEST and table.game.opening.done
            if not fits(start.moves, previous.moves, ours_next):
                raise ProtocolError(
                    "the host's game is not the one you were playing: join without resuming", "different-game"
                )
            lost = previous.moves[len(start.moves) :]
        elif previous is not None and previous.game > start.game:
            raise ProtocolError("the host went back to an earlier game", "desync")
        self._table = table
        self._chat = list(start.chat)
        self._series = start.series.series()
        self._spec = start.clock
        self._step_sent = None
        self._reading = None
        if start.time is not None:
            self._reading = clock_of(start.clock, start.time.times(), table.first, self._now)
        board = table.game.board
        out.append(
            ev.GameStarted(
                start.match,
                start.game,
                board.rule,
                board.size,
                table.stone_of(Role.GUEST),
                table.moves,
                resumed,
                lost,
            )
        )

    def _own_move(self, table: Table, game: Game, point: Point, out: Outputs) -> None:
        """Our move is on our board at once, and sent; the host takes it (or refuses it, and we take it back)."""
        ply = table.ply
        self._moved(table, game, point, Role.GUEST, out)
        self._send(self._peer, wire.Move(ply=ply, x=point.x, y=point.y), out)

    def _own_step(self, table: Table, game: Game, move: OpeningMove, out: Outputs) -> None:
        """Ask the host for the step (our game takes it); it is taken when the host sends it back."""
        if self._step_sent is not None:
            out.append(ev.Refused(Request.STEP, _("wait for the host to answer your last step")))
            return
        self._step_sent = move
        self._send(self._peer, wire.Step(index=len(table.game.opening.events), step=wire.StepRecord.of(move)), out)

    def _resign(self, table: Table, role: Role, out: Outputs) -> None:
        table.awaiting_verdict = True
        table.pending = None
        self._send(self._peer, wire.Resign(), out)

    def _accepted(self, table: Table, pending: Pending, out: Outputs) -> None:
        if pending.kind is OfferKind.UNDO:
            self._undone(table, pending.by, self._now, out)
        elif pending.kind is OfferKind.DRAW:
            table.awaiting_verdict = True

    def _game_message(self, link: Link, message: wire.Message, now: float, out: Outputs) -> None:
        table = self._table
        assert table is not None
        if isinstance(message, wire.Start):
            if message.match != table.match or message.game != table.number + 1:
                raise ProtocolError("the host started a game out of order", "desync")
            self._start(message, out)
        elif isinstance(message, wire.Move):
            self._host_move(table, message, now, out)
        elif isinstance(message, wire.Step):
            self._host_step(table, message, now, out)
        elif isinstance(message, wire.Time):
            self._read(message.reading.times(), out)
        elif isinstance(message, wire.Offer):
            self._host_offer(table, message, out)
        elif isinstance(message, wire.Answer):
            pending = table.pending
            if (
                pending is not None
                and pending.by is Role.GUEST
                and pending.kind is message.kind
                and pending.at == message.at
            ):
                table.pending = None
                out.append(ev.OfferAnswered(pending.kind, message.accept))
                if message.accept:
                    self._accepted(table, pending, out)
        elif isinstance(message, wire.Over):
            self._host_over(table, message, out)
        elif isinstance(message, wire.Refuse):
            self._host_refusal(table, message, out)
        elif not self._audience_message(message, out):
            raise ProtocolError(f"only the guest sends {message.TYPE}")

    def _audience_message(self, message: wire.Message, out: Outputs) -> bool:
        """Who watches (``audience``) and chat relayed from a third person (``heard``); ``False``: neither."""
        if isinstance(message, wire.Audience):
            before = self._watcher_names
            self._watcher_names = message.watchers
            self._watch_chat = message.chat
            self._audience(message, out)
            for name in before:
                if name not in message.watchers:
                    out.append(ev.WatcherLeft(name))
            for name in message.watchers:
                if name not in before:
                    out.append(ev.WatcherJoined(name))
            return True
        if isinstance(message, wire.Heard):
            if message.text:
                self._keep_chat(ChatLine(message.role, message.text, message.name))
                out.append(ev.ChatReceived(message.name, message.text))
            return True
        return False

    def _audience(self, message: wire.Audience, out: Outputs) -> None:
        """What else ``audience`` tells this side (a watcher learns the guest's name)."""

    def _host_offer(self, table: Table, offer: wire.Offer, out: Outputs) -> None:
        """The host asks: pending if it is about this position (else it crossed an action and is void)."""
        if offer.at != table.game.action_count or table.offer_problem(offer.kind, Role.HOST) is not None:
            return
        own = table.pending if table.pending is not None and table.pending.by is Role.GUEST else None
        if own is not None and own.kind is offer.kind in AGREED_WHEN_CROSSED:
            return  # both asked for the same: the host takes ours for a yes, and its answer follows
        if own is not None:  # crossed: the host's stands
            crossed = refusal_text(Why.CROSSED, Request.OFFER, self._opponent_title())
            out.append(ev.Refused(Request.OFFER, crossed, own.kind))
        table.pending = Pending(offer.kind, offer.at, Role.HOST)
        out.append(ev.OfferReceived(offer.kind))

    def _host_step(self, table: Table, message: wire.Step, now: float, out: Outputs) -> None:
        """An opening step the host took (its own, or ours it accepted): played through our game too."""
        game = table.game
        if game.over or game.opening_step is None or message.index != len(game.opening.events):
            raise ProtocolError("the host's opening step does not follow the game", "desync")
        move = message.step.move()
        role = table.acting
        assert role is not None
        if role is Role.GUEST and move != self._step_sent:
            raise ProtocolError("the host took an opening step of yours you did not ask for", "desync")
        try:
            game = game.step(move, table.seat_of(role), now)
        except GameError as error:
            raise ProtocolError(f"the host's opening step breaks the rule ({error.kind.value})", "desync") from None
        self._stepped(table, game, move, role, out)
        if role is Role.GUEST:
            self._step_sent = None

    def _host_move(self, table: Table, move: wire.Move, now: float, out: Outputs) -> None:
        game = table.game
        if game.over or move.ply != table.ply or not game.opening.done:
            raise ProtocolError("the host's move does not follow the game", "desync")
        if table.acting is not Role.HOST:
            raise ProtocolError("the host moved out of turn", "desync")
        point = Point(move.x, move.y)
        try:
            game = game.play(point, table.seat_of(Role.HOST), now)
        except GameError as error:
            raise ProtocolError(f"the host played an illegal move ({error.kind.value})", "desync") from None
        self._moved(table, game, point, Role.HOST, out)

    def _take_back_own(self, table: Table, ply: int, reason: str, out: Outputs) -> None:
        """Take our last move off the board: the host refused it or ended the game first."""
        game = table.game
        if table.ply == ply + 1 and game.opening.done and game.ply_seat(-1) is table.seat_of(Role.GUEST):
            point = game.board.moves[-1]
            table.game = game.undo(table.seat_of(Role.GUEST), self._now)
            out.append(ev.MoveRefused(point, reason))

    def _host_over(self, table: Table, over: wire.Over, out: Outputs) -> None:
        if over.game != table.number:
            raise ProtocolError("the host ended a game that is not this one", "desync")
        self._take_back_own(table, over.ply, _("the game ended before your move arrived"), out)
        verdict, shown = over.outcome, table.game.board.outcome
        if table.ply != over.ply:
            raise ProtocolError("the host's result does not match the board", "desync")
        if shown is not None:
            if (shown.termination, shown.winner) != (verdict.termination, verdict.winner):
                raise ProtocolError("the host's result does not match the board", "desync")
        elif verdict.termination not in VERDICTS:
            raise ProtocolError("the host's result does not match the board", "desync")
        else:
            table.game = table.game.verdict(verdict, 0.0)  # the guest keeps no clock of its own
        table.pending = None
        table.awaiting_verdict = False
        result = table.game.result
        assert result is not None
        out.append(ev.GameOver(table.number, table.ply, result))

    def _host_refusal(self, table: Table, refuse: wire.Refuse, out: Outputs) -> None:
        """The host refused our request: its code said in our own words."""
        turn = None if table.game.in_opening else table.stone_of(Role.HOST)
        reason = refusal_text(refuse.why, refuse.what, self._opponent_title(), turn)
        if refuse.what is Request.MOVE:
            self._take_back_own(table, refuse.ply, reason, out)
            return
        if refuse.what is Request.STEP:
            self._step_sent = None
        kind = None
        if refuse.what is Request.OFFER:
            if table.pending is None or table.pending.by is not Role.GUEST:
                return  # an offer that crossed the host's: the player was told when the host's arrived
            kind, table.pending = table.pending.kind, None
        if refuse.what is Request.RESIGN:
            table.awaiting_verdict = False
        out.append(ev.Refused(refuse.what, reason, kind, refuse.why.refusal))
