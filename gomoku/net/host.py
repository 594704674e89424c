"""The host's session: it authenticates the guest, sets the game, referees it, and keeps it across drops.

The host is the referee of record: it alone sets the rule, the size and the
colours, judges the guest's moves and declares a game over.  The rules of
play and resume are in :mod:`gomoku.net.session`.

**The opening.**  Under an opening rule the host's table walks the core's
:class:`~gomoku.openings.OpeningState`: every step is a request, the host's
own or the guest's ``step``, checked by the state (whose step it is, the
area, the symmetry of offers) before it is taken; a refusal says why in the
rule's own words.  The host sends each step it took, the guest's included,
so the guest's board follows.

**The clock.**  The host's :class:`~gomoku.clock.Clock` is the referee: its
two sides keep the two roles' times (:data:`~gomoku.net.match.CLOCK_SIDE`,
since colours may swap during an opening).  Each move or step presses it at
the time the host took it (the guest's at its arrival), the one who acts
next starts, and a ``time`` line tells the guest the reading.  While the
guest is away both clocks stop; a restarted host resumes them as saved.  A
flag falls by :meth:`~HostSession.tick` (``next_deadline`` includes it) or
when a late move arrives, and ends the game by the core's time ending.
"""

from __future__ import annotations

import random
from typing import Any

from gomoku.board import IllegalMoveError
from gomoku.clock import Clock, time_outcome
from gomoku.net import auth
from gomoku.net import events as ev
from gomoku.net import protocol as wire
from gomoku.net.errors import ProtocolError
from gomoku.net.handshake import Stage
from gomoku.net.match import (
    CLOCK_SIDE,
    DEFAULT_SETTINGS,
    Ending,
    GameSettings,
    MatchRecord,
    OfferKind,
    Request,
    Result,
    Role,
    clock_of,
    times_of,
)
from gomoku.net.protocol import MATCH_BYTES, PROTOCOL, VERSION
from gomoku.net.session import Link, Outputs, Pending, Session, Table, fits
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
        self._clock_now: Clock = Clock.new(settings.clock)
        if record is not None:
            try:
                steps = tuple(parse_move(text, record.size) for text in record.steps)
                table = Table(
                    record.match,
                    record.game,
                    record.rule,
                    record.size,
                    record.black,
                    record.moves,
                    record.opening,
                    steps,
                )
            except (OpeningError, IllegalMoveError) as error:
                raise ValueError(f"the saved match is not a legal game ({error})") from None
            self._table = table
            table.result = record.result
            self._chat = list(record.chat)
            self._clock_now = Clock.new(record.clock)
            if record.times is not None:
                self._clock_now = clock_of(record.clock, record.times, 0.0, running=False)

    @property
    def saved(self) -> MatchRecord | None:
        """The match as a value for the autosave, or ``None`` before a guest ever joined."""
        t = self._table
        if t is None:
            return None
        clock = self._clock_now
        return MatchRecord(
            t.match,
            t.game,
            t.board.rule,
            t.board.size,
            t.first,
            t.moves,
            t.result,
            tuple(self._chat),
            t.opening.rule,
            tuple(step.text(t.board.size) for step in t.steps),
            clock.spec,
            times_of(clock, self._now) if clock.enabled else None,
        )

    def _clock(self) -> Clock | None:
        return self._clock_now

    def next_deadline(self) -> float | None:
        """The session's own deadlines, and the moment the running side's flag falls."""
        deadline = super().next_deadline()
        flag = self._flag_time()
        if flag is None:
            return deadline
        return flag if deadline is None else min(deadline, flag)

    def _flag_time(self) -> float | None:
        table = self._table
        if table is None or not table.in_play:
            return None
        return self._clock_now.flag_time()

    # -- the clock ----------------------------------------------------------------

    def _run_clock(self, table: Table, out: Outputs) -> None:
        """Start (or resume) the time of whoever acts now, and tell the guest the reading."""
        clock, now = self._clock_now, self._now
        if not clock.enabled or not table.in_play:
            return
        side = CLOCK_SIDE[table.decider]
        if clock.running is side and clock.since is None:
            clock = clock.resume(now)
        elif clock.running is not side:
            clock = clock.start(side, now)
        self._clock_now = clock
        self._send_time(out)

    def _press(self, table: Table, out: Outputs) -> None:
        """The one who acted (a move or an opening step) is done: charge its time (and increment), run the next."""
        clock = self._clock_now
        if not clock.enabled or clock.running is None:
            return
        self._clock_now = clock.press(self._now, CLOCK_SIDE[table.decider])
        if table.in_play:
            self._run_clock(table, out)
        else:
            self._stop_clock(out)

    def _stop_clock(self, out: Outputs) -> None:
        """Both clocks stop (the game ended, or the guest is away)."""
        clock = self._clock_now
        if clock.enabled and clock.since is not None:
            self._clock_now = clock.pause(self._now)
            self._send_time(out)

    def _send_time(self, out: Outputs) -> None:
        if self._clock_now.enabled:
            self._send(self._peer, wire.Time(reading=wire.Reading.of(times_of(self._clock_now, self._now))), out)

    def _timed(self, now: float, out: Outputs) -> None:
        table = self._table
        if table is not None and table.in_play:
            self._flag_fell(table, now, out)

    def _flag_fell(self, table: Table, now: float, out: Outputs) -> bool:
        """If the running side's time is gone by ``now``, the game ends on time (the core's verdict)."""
        clock = self._clock_now
        loser_side = clock.expired(now) if clock.enabled and clock.since is not None else None
        if loser_side is None or not table.in_play:
            return False
        self._clock_now = clock.flag(now)
        loser = Role.HOST if loser_side is CLOCK_SIDE[Role.HOST] else Role.GUEST
        self._end(table, Result.of(time_outcome(table.board, table.stone_of(loser))), out)
        self._send_time(out)
        return True

    def connection_made(self, conn: int, now: float) -> Outputs:
        out = super().connection_made(conn, now)
        link = self._links[conn]
        handshakes = sum(1 for other in self._links.values() if other.stage is not Stage.SEATED)
        if handshakes > self.limits.max_handshakes:
            self._refuse_guest(
                link,
                "busy",
                "too many connections at once: try again in a few seconds",
                "too many connections at once",
                out,
            )
            return out
        link.nonce = auth.new_nonce(self._random_bytes)
        self._send(
            link, wire.Hello(protocol=PROTOCOL, version=VERSION, role=Role.HOST, name=self.name, nonce=link.nonce), out
        )
        return out

    def _away(self) -> LinkState:
        return LinkState.WAITING

    def _what_next(self) -> str:
        return ": waiting for the guest to come back"

    def _absent(self) -> str:
        return f"{self._opponent_title()} is not connected: wait for them to join again"

    def _refuse_guest(self, link: Link, code: str, to_guest: str, to_host: str, out: Outputs) -> None:
        """Turn a guest away: ``to_guest`` is what they read (and what to do), ``to_host`` what we read."""
        self._fail(link, code, to_guest, out)
        out.append(ev.GuestRefused(to_host))

    def _handshake(self, link: Link, message: wire.Message, now: float, out: Outputs) -> None:
        if isinstance(message, wire.Hello):
            self._greeted(link, message, "a host cannot join a host: one side must join with --join")
        elif isinstance(message, wire.Auth):
            if not auth.check_proof(self.code, Role.GUEST, link.nonce, link.peer_nonce, message.proof):
                self._refuse_guest(
                    link,
                    "bad-code",
                    "wrong code: check the code the host shows and join again",
                    "wrong code",
                    out,
                )
                return
            self._admit(link, message.resume, now, out)

    def _admit(self, link: Link, resume: wire.ResumeRecord | None, now: float, out: Outputs) -> None:
        """A guest proved the code: seat it, resuming the match if there is one."""
        table = self._table
        same_match = table is not None and resume is not None and resume.match == table.match
        if self._peer is not None and not same_match:
            self._refuse_guest(
                link, "busy", "this game already has two players", "the game already has two players", out
            )
            return
        if table is not None and not self._resumable(table, resume):
            self._refuse_guest(
                link,
                "different-game",
                "this host is playing another game: join without the old game's save, or ask for a new code",
                "their saved game is another game",
                out,
            )
            return
        if self._peer is not None:
            old = self._peer
            self._send(old, wire.Bye(reason="you joined again from another connection"), out)
            self._close(old, "replaced", out)
            self._peer = None
        resumed = table is not None
        if table is None:
            table = self._table = self._new_table(self._rng.random() < 0.5)
        table.pending = None
        self._seat(link, now)
        self._send(link, wire.Welcome(proof=auth.proof(self.code, Role.HOST, link.nonce, link.peer_nonce)), out)
        out.append(ev.OpponentJoined(link.peer_name))
        self._announce(table, resumed, out)
        self._run_clock(table, out)

    def _lost(self, link: Link, reason: str, out: Outputs, left: bool = False, code: str = "") -> None:
        """The guest is gone: both clocks stop until it is back."""
        if link is self._peer:
            self._stop_clock(out)
        super()._lost(link, reason, out, left, code)

    def _resumable(self, table: Table, resume: wire.ResumeRecord | None) -> bool:
        if resume is None:
            return True
        if resume.match != table.match or resume.game > table.game:
            return False
        guest = table.stone_of(Role.GUEST)
        return resume.game < table.game or fits(table.moves, resume.moves, guest)

    def _new_table(self, coin: bool) -> Table:
        """Game 1 of a new match: the settings' black, or the coin's if they say random."""
        black = self.settings.black.role or (Role.HOST if coin else Role.GUEST)
        match = self._random_bytes(MATCH_BYTES)
        self._clock_now = Clock.new(self.settings.clock)
        return Table(match, 1, self.settings.rule, self.settings.size, black, opening=self.settings.opening)

    def _announce(self, table: Table, resumed: bool, out: Outputs) -> None:
        """Send the game to the guest (and its end, if it is over); tell our player."""
        board = table.board
        self._send(
            self._peer,
            wire.Start(
                match=table.match,
                game=table.game,
                rule=board.rule,
                size=board.size,
                black=table.first,
                moves=table.moves,
                chat=tuple(self._chat),
                opening=table.opening.rule,
                steps=tuple(wire.StepRecord.of(step) for step in table.steps),
                clock=self._clock_now.spec,
                time=wire.Reading.of(times_of(self._clock_now, self._now)) if self._clock_now.enabled else None,
            ),
            out,
        )
        out.append(
            ev.GameStarted(
                table.match, table.game, board.rule, board.size, table.stone_of(Role.HOST), table.moves, resumed
            )
        )
        if table.result is not None:
            self._send(self._peer, self._over(table), out)

    @staticmethod
    def _over(table: Table) -> wire.Over:
        result = table.result
        assert result is not None
        return wire.Over(game=table.game, ply=table.ply, winner=result.winner, ending=result.ending)

    def _end(self, table: Table, result: Result, out: Outputs) -> None:
        """The referee's verdict: record it, tell the guest and our player."""
        table.result = result
        table.pending = None
        self._send(self._peer, self._over(table), out)
        out.append(ev.GameOver(table.game, table.ply, result))
        self._stop_clock(out)

    def _after_move(self, table: Table, out: Outputs) -> None:
        self._press(table, out)
        outcome = table.board.outcome
        if outcome is not None:
            self._end(table, Result.of(outcome), out)

    def _own_step(self, table: Table, move: OpeningMove, out: Outputs) -> None:
        index = len(table.opening.events)
        self._take_step(table, Role.HOST, move, out)
        self._send(self._peer, wire.Step(index=index, step=wire.StepRecord.of(move)), out)
        self._after_step(table, out)

    def _after_step(self, table: Table, out: Outputs) -> None:
        """A step was taken: the board may be over (a 5th move picked), and the clock is pressed."""
        self._after_move(table, out)

    def _resign(self, table: Table, role: Role, out: Outputs) -> None:
        self._end(table, Result(table.stone_of(role.other), Ending.RESIGN), out)

    def _accepted(self, table: Table, pending: Pending, out: Outputs) -> None:
        if pending.kind is OfferKind.UNDO:
            count = table.undo_count(pending.by)
            points = table.take_back(count)
            out.append(ev.MovesTakenBack(points, table.ply))
            if self._clock_now.enabled:
                self._clock_now = self._clock_now.undo(count, self._now)
                self._run_clock(table, out)
        elif pending.kind is OfferKind.DRAW:
            self._end(table, Result(None, Ending.AGREED), out)
        else:
            self._rematch(table, out)

    def _rematch(self, table: Table, out: Outputs) -> None:
        board = table.board
        self._table = Table(
            table.match, table.game + 1, board.rule, board.size, table.first.other, opening=table.opening.rule
        )
        self._clock_now = Clock.new(self._clock_now.spec)
        self._announce(self._table, False, out)
        self._run_clock(self._table, out)

    def _game_message(self, link: Link, message: wire.Message, out: Outputs) -> None:
        table = self._table
        assert table is not None
        if isinstance(message, wire.Move):
            problem = self._guest_move_problem(table, message)
            if problem:
                self._send(link, wire.Refuse(what=Request.MOVE, ply=message.ply, reason=problem), out)
                return
            if self._flag_fell(table, self._now, out):
                return
            self._place(table, Point(message.x, message.y), mine=False, out=out)
            self._after_move(table, out)
        elif isinstance(message, wire.Step):
            self._guest_step(link, table, message, out)
        elif isinstance(message, wire.Offer):
            self._guest_offer(link, table, message, out)
        elif isinstance(message, wire.Answer):
            self._guest_answer(link, table, message, out)
        elif isinstance(message, wire.Resign):
            if not table.in_play:
                self._send(
                    link, wire.Refuse(what=Request.RESIGN, ply=table.ply, reason="the game is already over"), out
                )
            else:
                self._resign(table, Role.GUEST, out)
        else:
            raise ProtocolError(f"only the host sends {message.TYPE}")

    def _guest_step(self, link: Link, table: Table, message: wire.Step, out: Outputs) -> None:
        """The guest asks for an opening step: taken and echoed if it is the guest's and the rule's, else refused."""
        move = message.step.move()
        problem: str | None
        if not table.in_play:
            problem = "the game is over"
        elif message.index != len(table.opening.events):
            problem = "the opening moved on before your step arrived: look and choose again"
        else:
            problem = self._step_problem(table, Role.GUEST, move)
        if problem:
            self._send(link, wire.Refuse(what=Request.STEP, ply=table.ply, reason=problem), out)
            return
        if self._flag_fell(table, self._now, out):
            return
        self._take_step(table, Role.GUEST, move, out)
        self._send(link, wire.Step(index=message.index, step=message.step), out)
        self._after_step(table, out)

    def _guest_move_problem(self, table: Table, move: wire.Move) -> str | None:
        if move.ply != table.ply and table.in_play:
            return "the position changed before your move arrived: look and play again"
        problem = self._move_problem(table, Role.GUEST)
        if problem is None:
            try:
                table.board.check_move((move.x, move.y))
            except IllegalMoveError as error:
                problem = str(error)
        return problem

    def _guest_offer(self, link: Link, table: Table, offer: wire.Offer, out: Outputs) -> None:
        problem = table.offer_problem(offer.kind, Role.GUEST)
        if problem is None and offer.ply != table.ply:
            problem = "a move was played meanwhile: ask again"
        if problem is None and table.pending is not None:
            problem = (
                "the host's offer crossed yours: answer it first"
                if table.pending.by is Role.HOST
                else "wait for the answer to your offer"
            )
        if problem:
            self._send(link, wire.Refuse(what=Request.OFFER, ply=offer.ply, reason=problem), out)
            return
        table.pending = Pending(offer.kind, offer.ply, Role.GUEST)
        out.append(ev.OfferReceived(offer.kind))

    def _guest_answer(self, link: Link, table: Table, answer: wire.Answer, out: Outputs) -> None:
        pending = table.pending
        if (
            pending is None
            or pending.by is not Role.HOST
            or pending.kind is not answer.kind
            or pending.ply != answer.ply
        ):
            self._send(
                link, wire.Refuse(what=Request.ANSWER, ply=answer.ply, reason="there is no such offer to answer"), out
            )
            return
        table.pending = None
        out.append(ev.OfferAnswered(pending.kind, answer.accept))
        if answer.accept:
            self._accepted(table, pending, out)
