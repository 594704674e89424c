"""The network worker of the terminal game: it performs the network effects and reads the connections.

Each :class:`~gomoku.tui.effects.NetStart` opens a connection of
:mod:`gomoku.net.connection` (a :class:`Host` that listens or a :class:`Guest`
that connects), which runs in its own thread; the other network effects are
its thread-safe commands.  A connection's ``on_event`` only wakes the loop
(the inbox's pipe); the loop then calls :meth:`Network.drain`, which turns
every waiting event into a :class:`~gomoku.tui.events.NetEvent` naming the
connection and carrying the session's snapshot taken with it (the
snapshot is an immutable value made in the network thread, so handing it to
the UI thread shares nothing that changes).  Nothing here decides
anything: what the events mean is :mod:`gomoku.tui.screens.netgame`'s.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from gomoku.net import events as ev
from gomoku.net.auth import new_code
from gomoku.net.connection import Guest, Host, Peer
from gomoku.net.errors import NetworkError
from gomoku.net.match import GameSettings, MatchRecord, Role
from gomoku.net.snapshot import Snapshot
from gomoku.tui.effects import NetAnswer, NetChat, NetClose, NetOffer, NetPlay, NetResign, NetStart, NetStep
from gomoku.tui.events import Event, NetClock, NetEvent, NetListening

#: At exit, how long the connections may take to say goodbye.
CLOSE_WAIT = 1.5


class Network:
    """The open connections by session number; ``post`` answers through the inbox, ``wake`` wakes the loop."""

    def __init__(self, post: Callable[[Event], None], wake: Callable[[], None]) -> None:
        self._post = post
        self._wake = wake
        self._peers: dict[int, Peer] = {}
        self._closing: list[Peer] = []

    def handlers(self) -> dict[type, Callable]:
        """The Performer's rows for the network effects."""
        return {
            NetStart: self.start,
            NetPlay: lambda e: self._with(e.session, lambda peer: peer.play(e.point)),
            NetStep: lambda e: self._with(e.session, lambda peer: peer.step(e.move)),
            NetOffer: lambda e: self._with(e.session, lambda peer: peer.offer(e.kind)),
            NetAnswer: lambda e: self._with(e.session, lambda peer: peer.answer(e.accept)),
            NetResign: lambda e: self._with(e.session, lambda peer: peer.resign()),
            NetChat: lambda e: self._with(e.session, lambda peer: peer.chat(e.text)),
            NetClose: self.close,
        }

    def start(self, effect: NetStart) -> None:
        setup = effect.setup
        try:
            if setup.role is Role.HOST:
                record = effect.record if isinstance(effect.record, MatchRecord) else None
                host = Host(
                    setup.code or new_code(),
                    setup.name,
                    GameSettings(setup.rule, setup.size, setup.black, setup.opening, setup.clock),
                    port=setup.port,
                    bind=setup.bind,
                    record=record,
                    on_event=self._wake,
                    watch_code=setup.watch_code or new_code(),
                    watch_chat=setup.watch_chat,
                )
                host.start()
                self._peers[effect.session] = host
                listening = NetListening(
                    effect.session,
                    host.code,
                    host.port,
                    tuple(host.join_commands()),
                    host.watch_code,
                    tuple(host.watch_commands()),
                )
                self._post(listening)
            else:
                resume = None if isinstance(effect.record, MatchRecord) or setup.watch else effect.record
                guest = Guest(
                    setup.address,
                    setup.port,
                    setup.code,
                    setup.name,
                    resume=resume,
                    on_event=self._wake,
                    watch=setup.watch,
                )
                self._peers[effect.session] = guest
                guest.start()
        except (NetworkError, ValueError, OSError) as error:
            self._peers.pop(effect.session, None)
            self._post(NetEvent(effect.session, ev.Closed(str(error))))

    def _with(self, session: int, command: Callable[[Peer], None]) -> None:
        peer = self._peers.get(session)
        if peer is not None:
            command(peer)

    def close(self, effect: NetClose) -> None:
        peer = self._peers.pop(effect.session, None)
        if peer is not None:
            peer.close(effect.reason)
            self._closing.append(peer)

    def drain(self) -> list[Event]:
        """Every event the connections have for the screen, oldest first, as :class:`NetEvent`."""
        events: list[Event] = []
        now = time.monotonic()
        for session, peer in list(self._peers.items()):
            running = peer.running
            events += [NetEvent(session, update.event, update.snapshot) for update in peer.updates()]
            if not running:  # it has ended: what it said last is read above
                del self._peers[session]
            elif _clock_runs(peer.snapshot):  # the clocks shown tick: the time, on each wake-up
                events.append(NetClock(session, now))
        self._closing = [peer for peer in self._closing if peer.running]
        return events

    def close_all(self, timeout: float = CLOSE_WAIT) -> None:
        """Say goodbye on every connection and give them ``timeout`` seconds to send it (at exit).

        The goodbye is read by the other player as "Ann left: the host quit".
        """
        for session, peer in list(self._peers.items()):
            role = Role.HOST if isinstance(peer, Host) else Role.GUEST
            self.close(NetClose(session, f"{role.title} quit"))
        deadline = time.monotonic() + timeout
        for peer in self._closing:
            peer.join(max(0.0, deadline - time.monotonic()))
        self._closing = []


def _clock_runs(snapshot: Snapshot) -> bool:
    """Whether ``snapshot`` shows a clock that is running."""
    table = snapshot.table
    return table is not None and table.clock is not None and table.clock.running is not None
