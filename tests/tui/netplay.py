"""Both network game screens, each driven by its real session on the test wire (``tests/net/wire.py``).

A :class:`Match` holds the host's and the guest's terminal state (a
:class:`~tests.tui.helpers.Run` each) and the two sessions between them.  A
key pressed on one side goes through that side's ``update``; the network
effects it asks for (play, offer, answer, resign, chat) are done on its
session, the wire carries the lines, and every event either session reports
comes back to its screen as the socket loop would hand it over: a
``NetEvent`` with the session's snapshot.  So the screens are tested against
the one referee, not against events written by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from gomoku.clock import NO_CLOCK, ClockSpec
from gomoku.net import events as ev
from gomoku.net.match import BlackChoice, GameSettings, OfferKind, Role
from gomoku.net.session import Session
from gomoku.openings import OpeningRule
from gomoku.point import parse_point
from gomoku.rules import Rule
from gomoku.tui import router
from gomoku.tui.bindings import NEXT
from gomoku.tui.effects import NetAnswer, NetChat, NetOffer, NetPlay, NetResign, NetSetup, NetStep
from gomoku.tui.events import NetEvent
from gomoku.tui.model import Menu, NetPlaying, State
from gomoku.tui.screen import context
from gomoku.tui.screens import netgame
from tests.net.wire import CODE, Wire
from tests.tui.helpers import LEVELS, Run, settings

#: The session number each side's screen gives its connection.
SESSION = 7
#: The command the host shows for the guest to join.
JOIN = f"python -m gomoku --join 127.0.0.1:5757 --code {CODE}"


@dataclass
class Side:
    """One player: the terminal state and the session it views."""

    role: Role
    session: Session
    run: Run
    done: int = 0  # effects of ``run`` already performed

    @property
    def screen(self) -> NetPlaying:
        screen = self.run.state.screen
        assert isinstance(screen, NetPlaying), f"{self.role.value} is not in a game: {screen}"
        return screen

    @property
    def message(self) -> str:
        return self.run.state.message


@dataclass
class Match:
    """A host and a guest at one table, their screens fed by their sessions."""

    wire: Wire
    host: Side
    guest: Side
    conn: int = 0
    log: list[str] = field(default_factory=list)

    @classmethod
    def start(
        cls,
        rule: Rule = Rule.FREESTYLE,
        size: int = 9,
        black: BlackChoice = BlackChoice.HOST,
        guest_name: str = "Gil",
        opening: OpeningRule = OpeningRule.NONE,
        clock: ClockSpec = NO_CLOCK,
    ) -> Match:
        wire = Wire(GameSettings(rule, size, black, opening, clock))
        state = State(screen=Menu(), settings=settings(size=size), levels=LEVELS)
        host = Side(Role.HOST, wire.host, Run(state))
        guest_session = wire.guest(name=guest_name)
        guest = Side(Role.GUEST, guest_session, Run(state))
        match = cls(wire, host, guest)
        match.conn = wire.connect(guest_session)
        match.deliver()
        return match

    def side(self, role: Role) -> Side:
        return self.host if role is Role.HOST else self.guest

    def deliver(self) -> None:
        """Hand each session's events to its screen, with the snapshot, as the socket loop does."""
        for side in (self.host, self.guest):
            for event in self.wire.take(side.session):
                update = NetEvent(SESSION, event, side.session.snapshot())
                screen = side.run.state.screen
                if isinstance(screen, NetPlaying):
                    side.run.send(update)
                elif isinstance(event, ev.GameStarted):  # the game screen the lobby hands over to
                    setup = NetSetup(side.role, side.session.name, code=CODE)
                    begun = netgame.started(context(side.run.state), SESSION, setup, update, (JOIN,))
                    side.run.state, effects = router.apply(side.run.state, *begun)
                    side.run.effects.extend(effects)
            self.perform(side)

    def perform(self, side: Side) -> None:
        """Do on the session what the screen asked (the network effects), then deliver what came of it."""
        effects = side.run.effects[side.done :]
        side.done = len(side.run.effects)
        session = side.session
        for effect in effects:
            if isinstance(effect, NetPlay):
                self.wire.act(session, session.play(effect.point))
            elif isinstance(effect, NetStep):
                self.wire.act(session, session.step(effect.move))
            elif isinstance(effect, NetOffer):
                self.wire.act(session, session.offer(effect.kind))
            elif isinstance(effect, NetAnswer):
                self.wire.act(session, session.answer(effect.accept))
            elif isinstance(effect, NetResign):
                self.wire.act(session, session.resign())
            elif isinstance(effect, NetChat):
                self.wire.act(session, session.chat(effect.text))
            else:
                continue
            self.deliver()

    def press(self, role: Role, *keys: str) -> Side:
        side = self.side(role)
        for key in keys:
            side.run.press(key)
            self.perform(side)
        return side

    def play(self, role: Role, name: str) -> Side:
        """``role`` moves the cursor to ``name`` and presses Enter."""
        side = self.side(role)
        point = parse_point(name, side.screen.board.size)
        side.run.state = replace(side.run.state, screen=replace(side.screen, cursor=point))
        return self.press(role, "enter")

    def play_all(self, names: list[str]) -> None:
        """The moves ``names`` in order, each by the side whose turn it is."""
        for name in names:
            mover = Role.HOST if self.host.screen.table.my_turn else Role.GUEST
            self.play(mover, name)

    def offer(self, role: Role, kind: OfferKind) -> Side:
        if kind is OfferKind.REMATCH:  # the next game's key asks for it
            return self.press(role, NEXT.keys[0])
        key = next(binding.keys[0] for binding, offered in netgame.OFFERS.items() if offered is kind)
        return self.press(role, key)
