"""Helpers for the socket tests: bounded waits for events, and raw clients that can misbehave.

Every wait here has a deadline, and every socket a timeout: a test that
goes wrong fails in seconds, it does not hang.
"""

from __future__ import annotations

import queue
import select
import socket
import time
from collections.abc import Callable

from gomoku.net import events as ev
from gomoku.net.connection import Guest, Host, Peer
from gomoku.net.guest import GuestSession
from gomoku.net.limits import Limits
from gomoku.net.match import BlackChoice, GameSettings
from gomoku.net.protocol import ResumeRecord, decode
from gomoku.net.watcher import WatcherSession
from tests.net.wire import CODE, WATCH_CODE

#: Short limits so that a dropped peer is noticed in a second or two.  The peer timeout is fifteen
#: pings: at 0.6 s (six pings) a host starved of the CPU on a loaded 2-core machine once looked
#: silent to its guest mid-test ("no word from Hana"); it must stay well under :data:`WAIT`.
FAST = Limits(handshake=0.5, ping_interval=0.1, peer_timeout=1.5, connect=1.0, close_linger=0.2)
#: The longest any single wait in these tests may take.
WAIT = 3.0


class Watcher:
    """The events of one peer, kept as they are taken, with bounded waits."""

    def __init__(self, peer: Peer) -> None:
        self.peer = peer
        self.seen: list[ev.Event] = []
        self._taken: set[int] = set()

    def wait(self, kind: type, where: Callable[[ev.Event], bool] = lambda e: True, timeout: float = WAIT) -> ev.Event:
        """The first event of ``kind`` (satisfying ``where``) not yet returned, waiting at most ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            for index, event in enumerate(self.seen):
                if index not in self._taken and isinstance(event, kind) and where(event):
                    self._taken.add(index)
                    return event
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no {kind.__name__} within {timeout} s; saw {self.seen}")
            try:
                self.seen.append(self.peer.get(timeout=remaining))
            except queue.Empty:
                pass

    def of(self, kind: type) -> list:
        self.seen += self.peer.events()
        return [e for e in self.seen if isinstance(e, kind)]


class Net:
    """The hosts and guests one test starts; the ``net`` fixture stops them all afterwards."""

    def __init__(self) -> None:
        self.started: list[Peer] = []

    def track(self, peer: Peer) -> Watcher:
        """Start ``peer`` (made by the test) and stop it at the end of the test."""
        self.started.append(peer)
        if not peer.running:
            peer.start()
        return Watcher(peer)

    def host(
        self, settings: GameSettings = GameSettings(black=BlackChoice.HOST), bind: str = "127.0.0.1", **options
    ) -> tuple[Host, Watcher]:
        options.setdefault("limits", FAST)
        options.setdefault("watch_code", WATCH_CODE)
        host = Host(CODE, "Hana", settings, port=0, bind=bind, **options)
        return host, self.track(host)

    def guest(self, host: Host, address: str = "127.0.0.1", code: str = CODE, **options) -> tuple[Guest, Watcher]:
        options.setdefault("limits", FAST)
        guest = Guest(address, host.port, code, "Gil", **options)
        return guest, self.track(guest)

    def watcher(
        self, host: Host, address: str = "127.0.0.1", code: str = WATCH_CODE, name: str = "Ann", **options
    ) -> tuple[Guest, Watcher]:
        """A watcher of ``host``'s game (the watchers' code by default)."""
        options.setdefault("limits", FAST)
        watcher = Guest(address, host.port, code, name, watch=True, **options)
        return watcher, self.track(watcher)

    def stop(self, *peers: Peer) -> None:
        """Close ``peers`` (all of them by default) and wait for their threads to end."""
        for peer in peers or self.started:
            peer.close()
        for peer in peers or self.started:
            assert peer.join(WAIT), f"{peer} did not stop"


def raw_socket(port: int, address: str = "127.0.0.1") -> socket.socket:
    return socket.create_connection((address, port), timeout=WAIT)


def flood(sock: socket.socket, line: bytes, bursts: int = 10, per_burst: int = 1000) -> None:
    """Send ``line`` 10,000 times in a second (ten bursts), stopping once the host answers or hangs up."""
    for _ in range(bursts):
        try:
            sock.sendall(line * per_burst)
        except OSError:
            return
        if select.select([sock], [], [], 0.1)[0]:
            return


def read_until_closed(sock: socket.socket, timeout: float = WAIT, limit: int = 1 << 20) -> bytes:
    """All a raw client receives until the host closes (at most ``limit`` bytes, ``timeout`` s)."""
    deadline = time.monotonic() + timeout
    data = b""
    while len(data) < limit:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            raise AssertionError(f"the host did not close within {timeout} s") from None
        except OSError:  # reset: the host closed with our unread bytes in its buffer
            break
        if not chunk:
            break
        data += chunk
    sock.close()
    return data


def error_code(data: bytes) -> str | None:
    """The code of the ``error`` line among ``data``'s lines, if any."""
    for line in data.splitlines():
        try:
            message = decode(line)
        except Exception:
            continue
        if message.TYPE == "error":
            return message.code
    return None


class RawGuest:
    """A guest driven by hand in the test thread: a real session on a blocking socket.

    It can do what the real :class:`Guest` never would: send any bytes, stall,
    or vanish without a goodbye.
    """

    def __init__(
        self,
        port: int,
        address: str = "127.0.0.1",
        code: str = CODE,
        resume: ResumeRecord | None = None,
        watch: bool = False,
    ) -> None:
        self.sock = raw_socket(port, address)
        self.session: GuestSession = (
            WatcherSession(code, "Raw", limits=FAST) if watch else GuestSession(code, "Raw", resume=resume, limits=FAST)
        )
        self.events: list[ev.Event] = []
        self.received = b""
        self.closed = False
        self._perform(self.session.connection_made(1, time.monotonic()))

    def _perform(self, outputs: list[ev.Output]) -> None:
        for output in outputs:
            if isinstance(output, ev.Send):
                self.sock.sendall(output.data)
            elif isinstance(output, ev.Close):
                self.closed = True
            else:
                self.events.append(output)

    def pump(self, until: Callable[[], bool], timeout: float = WAIT) -> None:
        """Read and answer the host until ``until()`` holds (or fail after ``timeout``)."""
        deadline = time.monotonic() + timeout
        while not until():
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self.closed:
                raise AssertionError(f"not there within {timeout} s; events {self.events}")
            self.sock.settimeout(min(remaining, 0.05))
            try:
                data = self.sock.recv(65536)
            except TimeoutError:
                continue
            if not data:
                self._perform(self.session.connection_lost(1, time.monotonic()))
                self.closed = True
                continue
            self.received += data
            self._perform(self.session.receive(1, data, time.monotonic()))

    def refusals(self) -> list[str]:
        """The codes (``why``) of every ``refuse`` line the host sent."""
        reasons = []
        for line in self.received.splitlines():
            message = decode(line)
            if message.TYPE == "refuse":
                reasons.append(message.why.value)
        return reasons

    def has(self, kind: type) -> bool:
        return any(isinstance(e, kind) for e in self.events)

    def join(self) -> RawGuest:
        self.pump(lambda: self.has(ev.GameStarted))
        return self

    def do(self, outputs: list[ev.Output]) -> None:
        self._perform(outputs)

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def drop(self) -> None:
        """Vanish: close the socket without a goodbye."""
        self.sock.close()
