"""The host's session: it authenticates the guest, sets the game, referees it, and keeps it across drops.

The host is the referee of record: it alone sets the rule, the size and the
colours, and plays every action of both players through its table's core
:class:`~gomoku.game.Game`, which judges it.  The rules of play and resume
are in :mod:`gomoku.net.session`.

**The opening.**  Under an opening rule every step is a request, the host's
own or the guest's ``step``; the game takes it or refuses it in the rule's
own words (whose step it is, the area, the symmetry of offers).  The host
sends each step it took, the guest's included, so the guest's board follows.

**The clock.**  The game keeps the clock by seat, as the core's rules of
time say (:mod:`gomoku.game`): it starts with the first action, each action
presses it at the moment the host takes it (the guest's at its arrival), and
a ``time`` line tells the guest the reading by role.  While the guest is
away the game is paused; a restarted host picks the times up as saved (the
move under way keeps what it had used).  A flag falls by
:meth:`~HostSession.tick` (``next_deadline`` includes it) or when a late
action arrives, and ends the game by the core's time ending.
"""

from __future__ import annotations

import random
from typing import Any

from gomoku.board import IllegalMoveError
from gomoku.clock import Clock
from gomoku.game import Game, GameError
from gomoku.i18n import _
from gomoku.net import auth
from gomoku.net import events as ev
from gomoku.net import protocol as wire
from gomoku.net.errors import ProtocolError
from gomoku.net.handshake import Stage
from gomoku.net.match import (
    DEFAULT_SETTINGS,
    Farewell,
    GameSettings,
    MatchRecord,
    OfferKind,
    Request,
    Role,
    Why,
    times_of,
)
from gomoku.net.protocol import MATCH_BYTES, PROTOCOL, VERSION
from gomoku.net.session import AGREED_WHEN_CROSSED, Link, Outputs, Pending, Session, Table, fits
from gomoku.net.snapshot import LinkState
from gomoku.openings import OpeningError, OpeningMove, parse_move
from gomoku.point import Point


class HostSession(Session):
    """The host: authenticates the guest, sets the game, referees it, and keeps it across drops.

    ``record`` resumes a match saved before a restart (:attr:`saved`).
    ``rng`` picks black when the settings say ``random``; ``options`` are
    :class:`~gomoku.net.session.Session`'s (``limits``, ``random_bytes``).
    """

    role = Role.HOST

    def __init__(
        self,
        code: str,
        name: str,
        settings: GameSettings = DEFAULT_SETTINGS,
        *,
        record: MatchRecord | None = None,
        rng: random.Random | None = None,
        **options: Any,
    ) -> None:
        super().__init__(code, name, **options)
        self.settings = settings
        self._rng = rng or random.Random(int.from_bytes(self._random_bytes(8), "big"))
        if record is not None:
            try:
                steps = tuple(parse_move(text, record.size) for text in record.steps)
                table = Table.replayed(
                    record.match,
                    record.game,
                    record.black,
                    record.rule,
                    record.size,
                    record.moves,
                    record.opening,
                    steps,
                    record.clock,
                    record.times,
                )
            except (OpeningError, IllegalMoveError) as error:
                raise ValueError(_("the saved match is not a legal game ({error})").format(error=error)) from None
            if record.result is not None and table.game.result is None:
                table.game = table.game.verdict(record.result, 0.0)  # a save: the clock stands stopped
            table.game = table.game.pause(self._now)  # the clock stands still till the guest is back
            self._table = table
            self._chat = list(record.chat)

    @property
    def saved(self) -> MatchRecord | None:
        """The match as a value for the autosave, or ``None`` before a guest ever joined."""
        t = self._table
        if t is None:
            return None
        game = t.game
        return MatchRecord(
            t.match,
            t.number,
            game.board.rule,
            game.board.size,
            t.first,
            t.moves,
            game.result,
            tuple(self._chat),
            game.opening.rule,
            tuple(step.text(game.board.size) for step in t.steps),
            game.clock.spec,
            times_of(game.clock, t.first, self._now) if game.clock.enabled else None,
        )

    def _clock(self) -> Clock | None:
        return self._table.game.clock if self._table is not None else None

    def next_deadline(self) -> float | None:
        """The session's own deadlines, and the moment the running side's flag falls."""
        deadline = super().next_deadline()
        flag = self._table.game.flag_time() if self._table is not None else None
        if flag is None:
            return deadline
        return flag if deadline is None else min(deadline, flag)

    # -- the clock ----------------------------------------------------------------

    def _send_time(self, out: Outputs) -> None:
        """Tell the guest the clock's reading (after every action, and whenever the clock stops or starts)."""
        table = self._table
        if table is not None and table.game.clock.enabled:
            reading = wire.Reading.of(times_of(table.game.clock, table.first, self._now))
            self._send(self._peer, wire.Time(reading=reading), out)

    def _timed(self, now: float, out: Outputs) -> bool:
        """The game brought up to ``now``: if the running side's time is gone, it ends on time (the core's verdict)."""
        table = self._table
        if table is None or table.game.over:
            return False
        game = table.game.tick(now)
        if game is table.game:
            return False
        table.game = game
        if not game.over:
            return False
        self._end(table, out)
        return True

    def connection_made(self, conn: int, now: float) -> Outputs:
        out = super().connection_made(conn, now)
        link = self._links[conn]
        handshakes = sum(1 for other in self._links.values() if other.stage is not Stage.SEATED)
        if handshakes > self.limits.max_handshakes:
            self._refuse_guest(link, "crowded", "too many connections at once", _("too many connections at once"), out)
            return out
        link.nonce = auth.new_nonce(self._random_bytes)
        self._send(
            link, wire.Hello(protocol=PROTOCOL, version=VERSION, role=Role.HOST, name=self.name, nonce=link.nonce), out
        )
        return out

    def _away(self) -> LinkState:
        return LinkState.WAITING

    def _what_next(self) -> str:
        return _("waiting for the guest to come back")

    def _absent(self) -> str:
        return _("{who} is not connected: wait for them to join again").format(who=self._opponent_title())

    def _refuse_guest(self, link: Link, code: str, detail: str, shown: str, out: Outputs) -> None:
        """Turn a guest away with ``code``, which the guest says in its own words; we read ``shown``.

        ``detail`` is English, for logs and the ``error``'s ``reason``.
        """
        self._fail(link, code, detail, out, shown)
        out.append(ev.GuestRefused(shown))

    def _handshake(self, link: Link, message: wire.Message, now: float, out: Outputs) -> None:
        if isinstance(message, wire.Hello):
            self._greeted(link, message, "a host cannot join a host: one side must join with --join")
        elif isinstance(message, wire.Auth):
            if not auth.check_proof(self.code, Role.GUEST, link.nonce, link.peer_nonce, message.proof):
                self._refuse_guest(link, "bad-code", "wrong code", _("wrong code"), out)
                return
            self._admit(link, message.resume, now, out)

    def _admit(self, link: Link, resume: wire.ResumeRecord | None, now: float, out: Outputs) -> None:
        """A guest proved the code: seat it, resuming the match if there is one."""
        table = self._table
        same_match = table is not None and resume is not None and resume.match == table.match
        if self._peer is not None and not same_match:
            self._refuse_guest(
                link, "busy", "the game already has two players", _("the game already has two players"), out
            )
            return
        if table is not None and not self._resumable(table, resume):
            self._refuse_guest(
                link, "different-game", "another game resumed", _("their saved game is another game"), out
            )
            return
        if self._peer is not None:
            old = self._peer
            self._send(old, wire.Bye(why=Farewell.REPLACED), out)
            self._close(old, "replaced", out)
            self._peer = None
        resumed = table is not None
        if table is None:
            table = self._table = self._new_table(self._rng.random() < 0.5)
        table.pending = None
        self._seat(link, now)
        self._send(link, wire.Welcome(proof=auth.proof(self.code, Role.HOST, link.nonce, link.peer_nonce)), out)
        out.append(ev.OpponentJoined(link.peer_name))
        table.game = table.game.resume(now)  # the clock goes on (a resumed game's stood still till now)
        self._announce(table, resumed, out)
        self._send_time(out)

    def _lost(self, link: Link, reason: str, out: Outputs, left: bool = False, code: str = "") -> None:
        """The guest is gone: the game is paused until it is back."""
        if link is self._peer and self._table is not None:
            self._table.game = self._table.game.pause(self._now)
        super()._lost(link, reason, out, left, code)

    def _resumable(self, table: Table, resume: wire.ResumeRecord | None) -> bool:
        if resume is None:
            return True
        if resume.match != table.match or resume.game > table.number:
            return False
        guest_next = table.acting is Role.GUEST and table.game.opening.done
        return resume.game < table.number or fits(table.moves, resume.moves, guest_next)

    def _new_table(self, coin: bool) -> Table:
        """Game 1 of a new match: the settings' black, or the coin's if they say random."""
        first = self.settings.black.role or (Role.HOST if coin else Role.GUEST)
        match = self._random_bytes(MATCH_BYTES)
        s = self.settings
        return Table.new(match, 1, first, s.rule, s.size, s.opening, s.clock)

    def _announce(self, table: Table, resumed: bool, out: Outputs) -> None:
        """Send the game to the guest (and its end, if it is over); tell our player."""
        game = table.game
        board = game.board
        clock = game.clock
        self._send(
            self._peer,
            wire.Start(
                match=table.match,
                game=table.number,
                rule=board.rule,
                size=board.size,
                black=table.first,
                moves=table.moves,
                chat=tuple(self._chat),
                opening=game.opening.rule,
                steps=tuple(wire.StepRecord.of(step) for step in table.steps),
                clock=clock.spec,
                time=wire.Reading.of(times_of(clock, table.first, self._now)) if clock.enabled else None,
            ),
            out,
        )
        out.append(
            ev.GameStarted(
                table.match, table.number, board.rule, board.size, table.stone_of(Role.HOST), table.moves, resumed
            )
        )
        if game.result is not None:
            self._send(self._peer, self._over(table), out)

    @staticmethod
    def _over(table: Table) -> wire.Over:
        result = table.game.result
        assert result is not None
        return wire.Over(game=table.number, ply=table.ply, winner=result.winner, ending=result.termination)

    def _end(self, table: Table, out: Outputs) -> None:
        """The game is over (its result is the core's verdict): tell the guest and our player."""
        result = table.game.result
        assert result is not None
        table.pending = None
        self._send(self._peer, self._over(table), out)
        out.append(ev.GameOver(table.number, table.ply, result))
        self._send_time(out)

    def _acted(self, table: Table, out: Outputs) -> None:
        """After an action the host took: the clock's reading to the guest, and the end if it ended the game."""
        if table.game.over:
            self._end(table, out)
        else:
            self._send_time(out)

    def _own_move(self, table: Table, game: Game, point: Point, out: Outputs) -> None:
        ply = table.ply
        self._moved(table, game, point, Role.HOST, out)
        self._send(self._peer, wire.Move(ply=ply, x=point.x, y=point.y), out)
        self._acted(table, out)

    def _own_step(self, table: Table, game: Game, move: OpeningMove, out: Outputs) -> None:
        index = len(table.game.opening.events)
        self._stepped(table, game, move, Role.HOST, out)
        self._send(self._peer, wire.Step(index=index, step=wire.StepRecord.of(move)), out)
        self._acted(table, out)

    def _resign(self, table: Table, role: Role, out: Outputs) -> None:
        table.game = table.game.resign(table.seat_of(role), self._now)
        self._end(table, out)

    def _accepted(self, table: Table, pending: Pending, out: Outputs) -> None:
        if pending.kind is OfferKind.UNDO:
            self._undone(table, pending.by, self._now, out)
            self._send_time(out)
        elif pending.kind is OfferKind.DRAW:
            table.game = table.game.agree_draw(self._now)
            self._end(table, out)
        else:
            self._rematch(table, out)

    def _rematch(self, table: Table, out: Outputs) -> None:
        game = table.game
        board = game.board
        self._table = Table.new(
            table.match, table.number + 1, table.first.other, board.rule, board.size, game.opening.rule, game.clock.spec
        )
        self._announce(self._table, False, out)
        self._send_time(out)

    def _refuse(self, link: Link, what: Request, why: Why, out: Outputs) -> None:
        """Tell the guest its ``what`` was not taken, and ``why`` (a code: the guest says it in its own words)."""
        ply = self._table.ply if self._table is not None else 0
        self._send(link, wire.Refuse(what=what, ply=ply, why=why), out)

    def _game_message(self, link: Link, message: wire.Message, now: float, out: Outputs) -> None:
        table = self._table
        assert table is not None
        if isinstance(message, (wire.Move, wire.Step, wire.Resign)) and self._timed(now, out):
            return  # it came too late: the flag fell first, and the guest was told the game is over
        if isinstance(message, wire.Move):
            self._guest_move(link, table, message, now, out)
        elif isinstance(message, wire.Step):
            self._guest_step(link, table, message, now, out)
        elif isinstance(message, wire.Offer):
            self._guest_offer(link, table, message, out)
        elif isinstance(message, wire.Answer):
            self._guest_answer(link, table, message, out)
        elif isinstance(message, wire.Resign):
            if table.game.over:
                self._refuse(link, Request.RESIGN, Why.GAME_OVER, out)
            else:
                self._resign(table, Role.GUEST, out)
        else:
            raise ProtocolError(f"only the host sends {message.TYPE}")

    def _guest_move(self, link: Link, table: Table, move: wire.Move, now: float, out: Outputs) -> None:
        """The guest's move: played through the game if it is the position the guest saw, else refused."""
        game = table.game
        problem: Why | None = None
        if move.ply != table.ply and not game.over:
            problem = Why.MOVED_ON
        elif not game.opening.done and not game.over:
            problem = Why.OPENING
        else:
            problem = self._waiting(table, Role.GUEST)
        point = Point(move.x, move.y)
        if problem is None:
            try:
                game = game.play(point, table.seat_of(Role.GUEST), now)
            except GameError as error:
                problem = Why.of(error.kind)
        if problem is not None:
            self._refuse(link, Request.MOVE, problem, out)
            return
        self._moved(table, game, point, Role.GUEST, out)
        self._acted(table, out)

    def _guest_step(self, link: Link, table: Table, message: wire.Step, now: float, out: Outputs) -> None:
        """The guest asks for an opening step: taken and echoed if the game takes it, else refused."""
        move = message.step.move()
        game = table.game
        problem: Why | None = None
        if game.over:
            problem = Why.GAME_OVER
        elif message.index != len(game.opening.events):
            problem = Why.MOVED_ON
        else:
            problem = self._waiting(table, Role.GUEST)
        if problem is None:
            try:
                game = game.step(move, table.seat_of(Role.GUEST), now)
            except GameError as error:
                problem = Why.of(error.kind)
        if problem is not None:
            self._refuse(link, Request.STEP, problem, out)
            return
        self._stepped(table, game, move, Role.GUEST, out)
        self._send(link, wire.Step(index=message.index, step=message.step), out)
        self._acted(table, out)

    def _guest_offer(self, link: Link, table: Table, offer: wire.Offer, out: Outputs) -> None:
        problem = table.offer_problem(offer.kind, Role.GUEST)
        if problem is None and offer.at != table.game.action_count:
            problem = Why.CHANGED
        pending = table.pending
        if problem is None and pending is not None:
            if pending.by is Role.HOST and pending.kind is offer.kind in AGREED_WHEN_CROSSED:
                # both asked for the same: our offer is answered yes, and so is theirs
                table.pending = None
                self._send(link, wire.Answer(kind=offer.kind, at=offer.at, accept=True), out)
                out.append(ev.OfferAnswered(offer.kind, True))
                self._accepted(table, Pending(offer.kind, offer.at, Role.GUEST), out)
                return
            problem = Why.CROSSED if pending.by is Role.HOST else Why.WAITING
        if problem is not None:
            self._refuse(link, Request.OFFER, problem, out)
            return
        table.pending = Pending(offer.kind, offer.at, Role.GUEST)
        out.append(ev.OfferReceived(offer.kind))

    def _guest_answer(self, link: Link, table: Table, answer: wire.Answer, out: Outputs) -> None:
        pending = table.pending
        if pending is None or pending.by is not Role.HOST or pending.kind is not answer.kind or pending.at != answer.at:
            self._refuse(link, Request.ANSWER, Why.NO_OFFER, out)
            return
        table.pending = None
        out.append(ev.OfferAnswered(pending.kind, answer.accept))
        if answer.accept:
            self._accepted(table, pending, out)
