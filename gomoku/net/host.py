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
    ChatLine,
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

#: What a watcher's game message asks for: each is refused (``watching``), whatever it says.
_WATCHER_REQUESTS: dict[type[wire.Message], Request] = {
    wire.Move: Request.MOVE,
    wire.Step: Request.STEP,
    wire.Offer: Request.OFFER,
    wire.Answer: Request.ANSWER,
    wire.Resign: Request.RESIGN,
}
#: Messages any seated connection sends, a watcher's as a player's: the heartbeat and the goodbyes.
_ANY_LINK = (wire.Ping, wire.Pong, wire.Bye, wire.Error)


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
        watch_code: str = "",
        watch_chat: bool = False,
        **options: Any,
    ) -> None:
        super().__init__(code, name, **options)
        self.settings = settings
        #: The watchers' code (``""``: no watchers are admitted); never the players' code.
        self.watch_code = auth.format_code(watch_code) if watch_code else ""
        if self.watch_code and auth.normalize_code(self.watch_code) == auth.normalize_code(self.code):
            raise ValueError("the watchers' code must not be the players' code")
        self._watch_chat = watch_chat
        #: The watchers' connections, seated (they get every action; their own actions are refused).
        self._watchers: dict[int, Link] = {}
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
            self._series = record.series

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
            self._kept_chat(),
            game.opening.rule,
            tuple(step.text(game.board.size) for step in t.steps),
            game.clock.spec,
            times_of(game.clock, t.first, self._now) if game.clock.enabled else None,
            self._series,
        )

    def _watch_code(self) -> str:
        return self.watch_code

    def allow_watchers_chat(self, allowed: bool, now: float | None = None) -> Outputs:
        """The host's setting: whether watchers may chat (the guest and the watchers are told)."""
        self._at(now)
        out: Outputs = []
        if allowed != self._watch_chat:
            self._watch_chat = allowed
            self._tell_audience(out)
        return out

    # -- watchers -----------------------------------------------------------------

    def _to_watchers(self, message: wire.Message, out: Outputs, but: Link | None = None) -> None:
        """Send ``message`` to every watcher (``but`` one)."""
        for link in list(self._watchers.values()):
            if link is not but:
                self._send(link, message, out)

    def _tell_audience(self, out: Outputs) -> None:
        """Tell the guest and the watchers who watches, who plays, and whether watchers may chat."""
        self._watcher_names = tuple(link.peer_name for link in self._watchers.values())
        guest = self._peer.peer_name if self._peer is not None else ""
        message = wire.Audience(guest=guest, watchers=self._watcher_names, chat=self._watch_chat)
        self._send(self._peer, message, out)
        self._to_watchers(message, out)

    def _admit_watcher(self, link: Link, now: float, out: Outputs) -> None:
        """A watcher proved the watchers' code: seat it (if there is room) and catch it up with the game."""
        if len(self._watchers) >= self.limits.max_watchers:
            shown = _("a watcher was turned away: {count} people watch already").format(count=len(self._watchers))
            self._refuse_guest(link, "full", "too many watchers", shown, out)
            return
        link.stage = Stage.SEATED
        link.next_ping = now + self.limits.ping_interval
        self._watchers[link.conn] = link
        self._send(link, wire.Welcome(proof=auth.proof(self.watch_code, Role.HOST, link.nonce, link.peer_nonce)), out)
        out.append(ev.WatcherJoined(link.peer_name))
        self._tell_audience(out)
        self._catch_up(link, out)

    def _catch_up(self, link: Link, out: Outputs) -> None:
        """Send a watcher the game as it stands: ``start`` (moves, opening, clock), and ``over`` if it ended."""
        table = self._table
        if table is None:
            return  # no game yet: its start comes when the guest joins
        self._send(link, self._start_message(table), out)
        if table.game.result is not None:
            self._send(link, self._over(table), out)

    def _watcher_message(self, link: Link, message: wire.Message, out: Outputs) -> None:
        """What a seated watcher sent: chat (if the host allows it); any game action is refused, the game untouched."""
        table = self._table
        ply = table.ply if table is not None else 0
        if isinstance(message, wire.Chat):
            if not self._watch_chat:
                self._send(link, wire.Refuse(what=Request.CHAT, ply=ply, why=Why.NO_CHAT), out)
            elif message.text:
                self._keep_chat(ChatLine(None, message.text, link.peer_name))
                out.append(ev.ChatReceived(link.peer_name, message.text))
                heard = wire.Heard(name=link.peer_name, role=None, text=message.text)
                self._send(self._peer, heard, out)
                self._to_watchers(heard, out, but=link)
            return
        what = _WATCHER_REQUESTS.get(type(message))
        if what is None:
            raise ProtocolError(f"a watcher does not send {message.TYPE}")
        self._send(link, wire.Refuse(what=what, ply=ply, why=Why.WATCHING), out)

    def _dispatch(self, link: Link, message: wire.Message, now: float, out: Outputs) -> None:
        """A watcher's message goes to :meth:`_watcher_message`; the guest's chat is relayed to the watchers."""
        if link.conn in self._watchers and not isinstance(message, _ANY_LINK):
            self._watcher_message(link, message, out)
            return
        super()._dispatch(link, message, now, out)
        if link is self._peer and isinstance(message, wire.Chat) and message.text:
            self._to_watchers(wire.Heard(name=link.peer_name, role=Role.GUEST, text=message.text), out)

    def chat(self, text: str, now: float | None = None) -> Outputs:
        """Our line of chat goes to the guest and to the watchers."""
        out = super().chat(text, now)
        for event in out:
            if isinstance(event, ev.ChatSent):
                self._to_watchers(wire.Heard(name=self.name, role=Role.HOST, text=event.text), out)
        return out

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
        """Tell the guest and the watchers the clock's reading (after every action, when the clock stops or starts)."""
        time = self._time()
        if time is not None:
            self._send(self._peer, time, out)
            self._to_watchers(time, out)

    def _send_time_to_watchers(self, out: Outputs) -> None:
        """The clock stopped with the guest gone: the watchers' clocks stop too."""
        time = self._time()
        if time is not None:
            self._to_watchers(time, out)

    def _time(self) -> wire.Time | None:
        """The clock's reading as a ``time`` line (``None``: no clock)."""
        table = self._table
        if table is None or not table.game.clock.enabled:
            return None
        return wire.Time(reading=wire.Reading.of(times_of(table.game.clock, table.first, self._now)))

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
            code = self.watch_code if message.watch else self.code
            if not code or not auth.check_proof(code, Role.GUEST, link.nonce, link.peer_nonce, message.proof):
                shown = _("a watcher gave a wrong code") if message.watch else _("wrong code")
                self._refuse_guest(link, "bad-code", "wrong code", shown, out)
                return
            if message.watch:
                self._admit_watcher(link, now, out)
            else:
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
        self._tell_audience(out)

    def _lost(self, link: Link, reason: str, out: Outputs, left: bool = False, code: str = "") -> None:
        """The guest is gone: the game is paused until it is back.  A watcher gone: the others are told, that is all."""
        watcher = self._watchers.pop(link.conn, None)
        if watcher is not None:
            out.append(ev.WatcherLeft(watcher.peer_name))
            self._tell_audience(out)
            return
        guest = link is self._peer
        if guest and self._table is not None:
            self._table.game = self._table.game.pause(self._now)
            self._send_time_to_watchers(out)
        super()._lost(link, reason, out, left, code)
        if guest:
            self._tell_audience(out)

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

    def _start_message(self, table: Table) -> wire.Start:
        """The game as ``start`` carries it: its moves, opening steps, clock, the match's chat and score."""
        game = table.game
        board = game.board
        clock = game.clock
        return wire.Start(
            match=table.match,
            game=table.number,
            rule=board.rule,
            size=board.size,
            black=table.first,
            moves=table.moves,
            chat=self._kept_chat(),
            opening=game.opening.rule,
            steps=tuple(wire.StepRecord.of(step) for step in table.steps),
            clock=clock.spec,
            time=wire.Reading.of(times_of(clock, table.first, self._now)) if clock.enabled else None,
            series=wire.SeriesRecord.of(self._series),
        )

    def _announce(self, table: Table, resumed: bool, out: Outputs) -> None:
        """Send the game to the guest and the watchers (and its end, if it is over); tell our player."""
        start = self._start_message(table)
        self._send(self._peer, start, out)
        self._to_watchers(start, out)
        board = table.game.board
        out.append(
            ev.GameStarted(
                table.match, table.number, board.rule, board.size, table.stone_of(Role.HOST), table.moves, resumed
            )
        )
        if table.game.result is not None:
            self._send(self._peer, self._over(table), out)
            self._to_watchers(self._over(table), out)

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
        self._to_watchers(self._over(table), out)
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
        move = wire.Move(ply=ply, x=point.x, y=point.y)
        self._send(self._peer, move, out)
        self._to_watchers(move, out)
        self._acted(table, out)

    def _own_step(self, table: Table, game: Game, move: OpeningMove, out: Outputs) -> None:
        index = len(table.game.opening.events)
        self._stepped(table, game, move, Role.HOST, out)
        step = wire.Step(index=index, step=wire.StepRecord.of(move))
        self._send(self._peer, step, out)
        self._to_watchers(step, out)
        self._acted(table, out)

    def _resign(self, table: Table, role: Role, out: Outputs) -> None:
        table.game = table.game.resign(table.seat_of(role), self._now)
        self._end(table, out)

    def _accepted(self, table: Table, pending: Pending, out: Outputs) -> None:
        if pending.kind is OfferKind.UNDO:
            self._undone(table, pending.by, self._now, out)
            for link in list(self._watchers.values()):
                self._catch_up(link, out)  # the watchers take the position after the undo as a new start
            self._send_time(out)
        elif pending.kind is OfferKind.DRAW:
            table.game = table.game.agree_draw(self._now)
            self._end(table, out)
        else:
            self._rematch(table, out)

    def _rematch(self, table: Table, out: Outputs) -> None:
        self._series = self._series.add(table.winner)
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
        self._to_watchers(move, out)
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
        step = wire.Step(index=message.index, step=message.step)
        self._send(link, step, out)
        self._to_watchers(step, out)
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
