"""The guest's session: it proves the code, checks the host proves it too, and follows the host's game.

The guest trusts the host as referee, but not blindly: a host move its own
board refuses is a desynchronised game, and the guest hangs up.  Opening
steps are requests: the guest sends its ``step`` and takes it only when the
host sends it back (a step of the guest's seat the guest did not ask for is
a desynchronised game too).  The clocks it shows are the host's readings
(``time``), running on from the moment each arrived; a lost connection stops
them.
"""

from __future__ import annotations

from typing import Any

from gomoku.board import IllegalMoveError
from gomoku.clock import NO_CLOCK, Clock, ClockSpec
from gomoku.net import auth
from gomoku.net import events as ev
from gomoku.net import protocol as wire
from gomoku.net.errors import ProtocolError
from gomoku.net.match import OfferKind, Request, Result, Role, Times, clock_of
from gomoku.net.protocol import PROTOCOL, VERSION
from gomoku.net.session import Link, Outputs, Pending, Session, Table, fits
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
        self._reading = clock_of(self._spec, times, self._now, running=self._peer is not None)
        out.append(ev.ClockRead(times))

    @property
    def saved(self) -> wire.ResumeRecord | None:
        """What to present to the host to resume this game (keep it in the autosave)."""
        table = self._table
        if table is None:
            return self._resume
        return wire.ResumeRecord(match=table.match, game=table.game, moves=table.moves)

    def _away(self) -> LinkState:
        if self._ever_seated:
            return LinkState.LOST
        return LinkState.CONNECTING if self._links else LinkState.LOST

    def _what_next(self) -> str:
        return ": join again with the same command to resume"

    def _absent(self) -> str:
        return "not connected to the host: join again to resume"

    def _not_joined(self, because: str) -> str:
        return (
            f"no connection could be made to the host{because}: "
            "check the address and the port, and that the host is waiting"
        )

    def _peer_error(self, link: Link, message: wire.Error, out: Outputs) -> None:
        if link is not self._peer:  # (its stage is closed by now: the error closed it)
            out.append(ev.JoinRefused(message.code, message.reason))
        else:
            self._lost(link, message.reason + self._what_next(), out)

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
            self._send(link, wire.Auth(proof=proof, resume=self.saved), out)
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
            table = Table(
                start.match, start.game, start.rule, start.size, start.black, start.moves, start.opening, steps
            )
        except (IllegalMoveError, OpeningError) as error:
            raise ProtocolError(f"the host's moves are not a legal game ({error})", "desync") from None
        previous = self._table or self._resume
        if previous is not None and previous.match != start.match:
            previous = None  # another match: nothing of ours to check it against
        lost: tuple[Point, ...] = ()
        resumed = previous is not None and previous.game == start.game
        if previous is not None and resumed:
            mine = table.stone_of(Role.GUEST)
            if not fits(start.moves, previous.moves, mine):
                raise ProtocolError(
                    "the host's game is not the one you were playing: join without resuming", "different-game"
                )
            lost = previous.moves[len(start.moves) :]
        elif previous is not None and previous.game > start.game:
            raise ProtocolError("the host went back to an earlier game", "desync")
        self._table = table
        self._chat = list(start.chat)
        self._spec = start.clock
        self._step_sent = None
        self._reading = None
        if start.time is not None:
            self._reading = clock_of(start.clock, start.time.times(), self._now)
        board = table.board
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

    def _after_move(self, table: Table, out: Outputs) -> None:
        """The host declares the end (``over``); the guest's board already shows a five."""

    def _own_step(self, table: Table, move: OpeningMove, out: Outputs) -> None:
        """Ask the host for the step; it is taken when the host sends it back."""
        if self._step_sent is not None:
            out.append(ev.Refused(Request.STEP, "wait for the host to answer your last step"))
            return
        self._step_sent = move
        self._send(self._peer, wire.Step(index=len(table.opening.events), step=wire.StepRecord.of(move)), out)

    def _resign(self, table: Table, role: Role, out: Outputs) -> None:
        table.awaiting_verdict = True
        table.pending = None
        self._send(self._peer, wire.Resign(), out)

    def _accepted(self, table: Table, pending: Pending, out: Outputs) -> None:
        if pending.kind is OfferKind.UNDO:
            points = table.take_back(table.undo_count(pending.by))
            out.append(ev.MovesTakenBack(points, table.ply))
        elif pending.kind is OfferKind.DRAW:
            table.awaiting_verdict = True

    def _game_message(self, link: Link, message: wire.Message, out: Outputs) -> None:
        table = self._table
        assert table is not None
        if isinstance(message, wire.Start):
            if message.match != table.match or message.game != table.game + 1:
                raise ProtocolError("the host started a game out of order", "desync")
            self._start(message, out)
        elif isinstance(message, wire.Move):
            self._host_move(table, message, out)
        elif isinstance(message, wire.Step):
            self._host_step(table, message, out)
        elif isinstance(message, wire.Time):
            self._read(message.reading.times(), out)
        elif isinstance(message, wire.Offer):
            if message.ply == table.ply and table.offer_problem(message.kind, Role.HOST) is None:
                if table.pending is not None and table.pending.by is Role.GUEST:  # crossed: the host's stands
                    crossed = f"{self._opponent_title()}'s offer crossed yours: answer it first"
                    out.append(ev.Refused(Request.OFFER, crossed, table.pending.kind))
                table.pending = Pending(message.kind, message.ply, Role.HOST)
                out.append(ev.OfferReceived(message.kind))
        elif isinstance(message, wire.Answer):
            pending = table.pending
            if (
                pending is not None
                and pending.by is Role.GUEST
                and pending.kind is message.kind
                and pending.ply == message.ply
            ):
                table.pending = None
                out.append(ev.OfferAnswered(pending.kind, message.accept))
                if message.accept:
                    self._accepted(table, pending, out)
        elif isinstance(message, wire.Over):
            self._host_over(table, message, out)
        elif isinstance(message, wire.Refuse):
            self._host_refusal(table, message, out)
        else:
            raise ProtocolError(f"only the guest sends {message.TYPE}")

    def _host_step(self, table: Table, message: wire.Step, out: Outputs) -> None:
        """An opening step the host took (its own, or ours it accepted): checked, then taken on our board."""
        step = table.opening.step
        if table.result is not None or step is None or message.index != len(table.opening.events):
            raise ProtocolError("the host's opening step does not follow the game", "desync")
        move = message.step.move()
        role = table.role_of(step.seat)
        if role is Role.GUEST and move != self._step_sent:
            raise ProtocolError("the host took an opening step of yours you did not ask for", "desync")
        try:
            self._take_step(table, role, move, out)
        except OpeningError as error:
            raise ProtocolError(f"the host's opening step breaks the rule ({error})", "desync") from None
        if role is Role.GUEST:
            self._step_sent = None

    def _host_move(self, table: Table, move: wire.Move, out: Outputs) -> None:
        if table.result is not None or move.ply != table.ply or table.in_opening:
            raise ProtocolError("the host's move does not follow the game", "desync")
        if table.board.turn is not table.stone_of(Role.HOST):
            raise ProtocolError("the host moved out of turn", "desync")
        try:
            table.board.check_move((move.x, move.y))
        except IllegalMoveError as error:
            raise ProtocolError(f"the host played an illegal move ({error})", "desync") from None
        self._place(table, Point(move.x, move.y), mine=False, out=out)

    def _take_back_own(self, table: Table, ply: int, reason: str, out: Outputs) -> None:
        """Take our last move off the board: the host refused it or ended the game first."""
        if table.ply == ply + 1 and table.last_mover() is table.stone_of(Role.GUEST):
            (point,) = table.take_back(1)
            out.append(ev.MoveRefused(point, reason))

    def _host_over(self, table: Table, over: wire.Over, out: Outputs) -> None:
        if over.game != table.game:
            raise ProtocolError("the host ended a game that is not this one", "desync")
        self._take_back_own(table, over.ply, "the game ended before your move arrived", out)
        outcome = table.board.outcome
        try:
            result = Result(over.winner, over.ending)
        except ValueError:
            raise ProtocolError("the host's result is not a possible one", "desync") from None
        by_board = Result.of(outcome) if outcome is not None else None
        if table.ply != over.ply or (by_board != result if over.ending.by_board else by_board is not None):
            raise ProtocolError("the host's result does not match the board", "desync")
        table.result = result
        table.pending = None
        table.awaiting_verdict = False
        out.append(ev.GameOver(table.game, table.ply, table.result))

    def _host_refusal(self, table: Table, refuse: wire.Refuse, out: Outputs) -> None:
        if refuse.what is Request.MOVE:
            self._take_back_own(table, refuse.ply, refuse.reason, out)
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
        out.append(ev.Refused(refuse.what, refuse.reason, kind))
