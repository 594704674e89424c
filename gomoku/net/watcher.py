"""The watcher's session: it proves the watchers' code, follows the host's game, and never plays.

A watcher connects as a guest does, with the code the host shows for
watchers (never the players' code), and says so in ``auth`` (``watch``).  It
is seated at the host's ``welcome``; the host then sends a ``start`` with the
game as it stands (the catch-up: the moves, the opening's steps, the clock's
reading, the players' chat and the match's score), or as soon as there is a
game, and after it every action of both players (``move``, ``step``,
``time``, ``over``), a new ``start`` after an undo or a rematch, who watches
(``audience``) and the chat (``heard``).  The watcher plays each action
through a game of its own, as the guest does, so a host that sends an
illegal position is a desynchronised game.

Every command that would act on the game (a move, a step, an offer, an
answer, a resignation) is refused here with "you are watching"; the host
refuses them too, whatever a watcher sends (:mod:`gomoku.net.host`).  Chat
goes to the host, which relays it if it lets watchers chat.
"""

from __future__ import annotations

from typing import Any

from gomoku.game import Game, GameError
from gomoku.i18n import _
from gomoku.net import events as ev
from gomoku.net import protocol as wire
from gomoku.net.errors import ProtocolError
from gomoku.net.guest import GuestSession
from gomoku.net.match import ChatLine, OfferKind, Request, Role, Why
from gomoku.net.session import Link, Outputs, Table, refusal_text
from gomoku.openings import OpeningMove
from gomoku.point import Point


class WatcherSession(GuestSession):
    """A watcher: proves the watchers' code, follows the host's game move by move, chats if allowed, never plays.

    ``options`` are :class:`~gomoku.net.session.Session`'s (``limits``, ``random_bytes``).
    """

    watching = True

    def __init__(self, code: str, name: str, **options: Any) -> None:
        super().__init__(code, name, resume=None, **options)
        #: The guest's name, as the host's last ``audience`` said (``""``: no guest at the table).
        self._guest_name = ""

    @property
    def saved(self) -> None:
        """A watcher keeps nothing to resume: it watches again with the same command."""
        return None

    def _players(self) -> tuple[str, str]:
        return self._opponent, self._guest_name

    def _name_of(self, role: Role) -> str:
        """A move list names each player by name (a watcher is neither)."""
        return self._players()[0 if role is Role.HOST else 1] or role.title

    def _what_next(self) -> str:
        return _("watch again with the same command")

    def _absent(self) -> str:
        return _("not connected to the host: watch again with the same command")

    def _may_move(self, table: Table, role: Role) -> bool:
        return False

    def _ready(
        self, what: Request, out: Outputs, now: float, game_over_ok: bool = False, kind: OfferKind | None = None
    ) -> Table | None:
        """Every action on the game is refused: a watcher never moves, takes a step, offers, answers or resigns."""
        out.append(ev.Refused(what, refusal_text(Why.WATCHING, what, self._opponent_title()), kind))
        return None

    def _chat_refusal(self) -> str:
        return "" if self._watch_chat else refusal_text(Why.NO_CHAT, Request.CHAT, self._opponent_title())

    def _own_line(self, text: str) -> ChatLine:
        return ChatLine(None, text, self.name)

    def _handshake(self, link: Link, message: wire.Message, now: float, out: Outputs) -> None:
        super()._handshake(link, message, now, out)
        if isinstance(message, wire.Welcome):
            self._seat(link, now)  # seated at the host's proof: the game's start comes when there is one
            out.append(ev.OpponentJoined(link.peer_name))

    def _audience(self, message: wire.Audience, out: Outputs) -> None:
        self._guest_name = message.guest

    def _game_message(self, link: Link, message: wire.Message, now: float, out: Outputs) -> None:
        if isinstance(message, wire.Start):
            self._table = None  # a catch-up replaces the game we had (after an undo, a rematch)
            self._start(message, out)
            return
        if self._audience_message(message, out):
            return
        if isinstance(message, wire.Refuse):
            text = refusal_text(message.why, message.what, self._opponent_title())
            out.append(ev.Refused(message.what, text, refusal=message.why.refusal))
            return
        table = self._table
        if table is None:
            raise ProtocolError(f"the host sent {message.TYPE} before the game", "desync")
        if isinstance(message, wire.Move):
            self._follow_move(table, message, now, out)
        elif isinstance(message, wire.Step):
            self._follow_step(table, message, now, out)
        elif isinstance(message, wire.Time):
            self._read(message.reading.times(), out)
        elif isinstance(message, wire.Over):
            self._host_over(table, message, out)
        else:
            raise ProtocolError(f"a watcher is not sent {message.TYPE}")

    def _acting(self, table: Table) -> Role:
        role = table.acting
        if role is None:
            raise ProtocolError("the host sent an action after the game ended", "desync")
        return role

    def _follow_move(self, table: Table, move: wire.Move, now: float, out: Outputs) -> None:
        """A move of either player, as the host took it: played through our game too."""
        game = table.game
        if game.over or move.ply != table.ply or not game.opening.done:
            raise ProtocolError("the host's move does not follow the game", "desync")
        role = self._acting(table)
        point = Point(move.x, move.y)
        try:
            after = game.play(point, table.seat_of(role), now)
        except GameError as error:
            raise ProtocolError(f"the host sent an illegal move ({error.kind.value})", "desync") from None
        self._follow(table, after, out, ev.MovePlayed(point, table.stone_of(role), False, table.ply, None))

    def _follow_step(self, table: Table, message: wire.Step, now: float, out: Outputs) -> None:
        """An opening step of either player, as the host took it."""
        game = table.game
        if game.over or game.opening_step is None or message.index != len(game.opening.events):
            raise ProtocolError("the host's opening step does not follow the game", "desync")
        move: OpeningMove = message.step.move()
        role = self._acting(table)
        try:
            after = game.step(move, table.seat_of(role), now)
        except GameError as error:
            raise ProtocolError(f"the host's opening step breaks the rule ({error.kind.value})", "desync") from None
        self._follow(table, after, out, None, move)

    def _follow(
        self, table: Table, game: Game, out: Outputs, played: ev.MovePlayed | None, move: OpeningMove | None = None
    ) -> None:
        """Take ``game`` (after a move or a step) as the table's, and say so (never ``mine``: we only watch)."""
        table.game = game
        if played is not None:
            out.append(ev.MovePlayed(played.point, played.stone, False, played.ply, game.board.outcome))
        elif move is not None:
            out.append(ev.StepTaken(move, False, game.opening_step, table.stone_of(self.role)))
