"""An in-memory wire between one host session and its guests, for testing sessions as data.

Lines travel in order and only when :meth:`Wire.flush` is called, so a test
can make both sides act before either hears of the other (the races of a real
network).  A closed connection delivers what was sent before it, then its end.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from gomoku.net import events as ev
from gomoku.net.guest import GuestSession
from gomoku.net.host import HostSession
from gomoku.net.match import BlackChoice, GameSettings
from gomoku.net.session import Session
from gomoku.net.watcher import WatcherSession

CODE = "K7QM-4RZT-9X"
#: The watchers' code of the test host (never the players').
WATCH_CODE = "W4TC-HERS-00"
#: The most deliveries one flush makes: a test that loops is a failing test, not a hanging one.
MAX_DELIVERIES = 10_000


def counting_bytes() -> object:
    """A deterministic ``random_bytes``: each call returns a new byte repeated."""
    counter = itertools.count(1)
    return lambda n: bytes([next(counter) % 256]) * n


class Wire:
    """A host and the guests connected to it, with the lines in transit between them."""

    def __init__(self, settings: GameSettings = GameSettings(black=BlackChoice.HOST), **host_options) -> None:
        host_options.setdefault("random_bytes", counting_bytes())
        host_options.setdefault("watch_code", WATCH_CODE)
        self.host = HostSession(CODE, "Hana", settings, **host_options)
        self.events: dict[Session, list[ev.Event]] = {self.host: []}
        self.sent: dict[Session, list[bytes]] = {self.host: []}
        self._guests: dict[int, GuestSession] = {}
        self._transit: list[tuple[Session, int, bytes | None]] = []
        self._conns = itertools.count(1)
        self.now = 0.0

    def guest(self, code: str = CODE, name: str = "Gil", **options) -> GuestSession:
        options.setdefault("random_bytes", counting_bytes())
        guest = GuestSession(code, name, **options)
        self.events[guest] = []
        self.sent[guest] = []
        return guest

    def watcher(self, code: str = WATCH_CODE, name: str = "Ann", connect: bool = True, **options) -> WatcherSession:
        """A watcher (connected to the host unless ``connect`` is false)."""
        options.setdefault("random_bytes", counting_bytes())
        watcher = WatcherSession(code, name, **options)
        self.events[watcher] = []
        self.sent[watcher] = []
        if connect:
            self.connect(watcher)
        return watcher

    def connect(self, guest: GuestSession, flush: bool = True) -> int:
        conn = next(self._conns)
        self._guests[conn] = guest
        self.route(guest, guest.connection_made(conn, self.now))
        self.route(self.host, self.host.connection_made(conn, self.now))
        if flush:
            self.flush()
        return conn

    def join(self, **options) -> GuestSession:
        guest = self.guest(**options)
        self.connect(guest)
        return guest

    def route(self, source: Session, outputs: Iterable[ev.Output]) -> None:
        for output in outputs:
            if isinstance(output, ev.Event):
                self.events[source].append(output)
                continue
            if source is self.host:
                destination: Session = self._guests[output.conn]
            else:
                destination = self.host
            if isinstance(output, ev.Send):
                self.sent[source].append(output.data)
                self._transit.append((destination, output.conn, output.data))
            elif isinstance(output, ev.Close):
                self._transit.append((destination, output.conn, None))

    def flush(self) -> None:
        for _ in range(MAX_DELIVERIES):
            if not self._transit:
                return
            destination, conn, data = self._transit.pop(0)
            if data is None:
                outputs = destination.connection_lost(conn, self.now)
            else:
                outputs = destination.receive(conn, data, self.now)
            self.route(destination, outputs)
        raise AssertionError("the sessions never fell quiet")

    def drop(self, conn: int) -> None:
        """Cut connection ``conn`` without a word: lines in transit are lost, both ends see it."""
        self._transit = [t for t in self._transit if t[1] != conn]
        guest = self._guests[conn]
        self.route(self.host, self.host.connection_lost(conn, self.now))
        self.route(guest, guest.connection_lost(conn, self.now))

    def act(self, session: Session, outputs: Iterable[ev.Output], flush: bool = True) -> None:
        self.route(session, outputs)
        if flush:
            self.flush()

    def tick(self, now: float) -> None:
        self.now = now
        for session in list(self.events):
            self.route(session, session.tick(now))
        self.flush()

    def take(self, session: Session) -> list[ev.Event]:
        """The events ``session`` has had since the last take."""
        taken, self.events[session] = self.events[session], []
        return taken

    def of(self, session: Session, kind: type) -> list:
        return [e for e in self.events[session] if isinstance(e, kind)]
