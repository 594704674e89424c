"""The sockets of network play: a host that listens and a guest that connects, off the UI thread.

**Why selectors and non-blocking sockets, not asyncio.**  The protocol and the
game live in a pure session (:mod:`gomoku.net.session`) that takes bytes and
time and returns bytes to send: all a socket layer has to do is move bytes
and tell the time.  One thread with a :mod:`selectors` loop does exactly
that, sleeping in ``select`` until a socket is ready, a command arrives, or
the session's next deadline (:meth:`Session.next_deadline`) -- so an idle
host uses no CPU.  Asyncio would add an event loop in a thread,
``run_coroutine_threadsafe`` at every command and tasks per connection, and
buy nothing a sans-IO session needs.

**The API for a curses loop.**  :class:`Host` and :class:`Guest` run their
loop in a daemon thread started by :meth:`~Peer.start`.  Every command
(:meth:`~Peer.play`, :meth:`~Peer.offer`, :meth:`~Peer.answer`,
:meth:`~Peer.resign`, :meth:`~Peer.chat`, :meth:`~Peer.close`) is thread-safe:
it is queued and the loop is woken through a socket pair.  Events
(:mod:`gomoku.net.events`) come out through a thread-safe queue, each with
the session's :class:`~gomoku.net.snapshot.Snapshot` taken after the input
that made it (an :class:`~gomoku.net.snapshot.Update`):
:meth:`~Peer.updates` drains it without blocking, :meth:`~Peer.events` too
(the events alone), :meth:`~Peer.get` waits for one event.  So that the UI
need not poll, :meth:`~Peer.fileno` is a descriptor that is readable
whenever events are waiting (select it with the keyboard), and ``on_event``,
if given, is called from the network thread after events
are queued (it must only wake the UI, never touch curses).

**Bounds.**  Every read is at most :data:`READ_SIZE` bytes, the session
bounds lines, their rate and the handshakes at once; what we queue for a
peer that does not read is bounded by :data:`MAX_UNSENT` (then it is
dropped); a closed connection lingers a second at most
(:attr:`Limits.close_linger`) to let our last line arrive.  Nothing a peer sends is used as anything but
protocol data: no shell, no file name, no pickle, no eval.
"""

from __future__ import annotations

import errno
import itertools
import queue
import selectors
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from gomoku.i18n import _, os_error_text
from gomoku.net import events as ev
from gomoku.net.addresses import DEFAULT_PORT, WILDCARDS, join_command, local_addresses, watch_command
from gomoku.net.errors import ConnectError
from gomoku.net.guest import GuestSession
from gomoku.net.host import HostSession
from gomoku.net.match import DEFAULT_SETTINGS, GameSettings, MatchRecord, OfferKind
from gomoku.net.protocol import ResumeRecord
from gomoku.net.session import Session
from gomoku.net.snapshot import Snapshot, Update
from gomoku.net.watcher import WatcherSession
from gomoku.openings import OpeningMove
from gomoku.point import Point

#: Bytes read from a socket at once: several full lines, and a bound on a flood's cost per wake-up.
READ_SIZE = 65536
#: Bytes we hold for a peer that does not read them.  Our lines are short and
#: few (moves, pings); a peer that lets this much pile up is not playing.
MAX_UNSENT = 256 * 1024
#: Connections accepted per wake-up: a burst of connects cannot starve the game.
ACCEPTS_PER_WAKE = 16
#: Queued listen requests the kernel may hold for us.
BACKLOG = 16

#: What a non-blocking connect returns while it is under way (POSIX, and Windows' WSAEWOULDBLOCK).
_CONNECTING = {0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EALREADY, 10035}

EventCallback = Callable[[], None]


@dataclass
class _Conn:
    """One socket: what is still to be written, and whether it is on its way out."""

    sock: socket.socket
    unsent: bytearray = field(default_factory=bytearray)
    closing_since: float | None = None


class Peer:
    """What host and guest share: the thread, the selector, commands in and events out."""

    def __init__(self, session: Session, on_event: EventCallback | None = None) -> None:
        self._session = session
        self._linger = session.limits.close_linger
        self._snapshot = session.snapshot()
        self._on_event = on_event
        self._selector = selectors.DefaultSelector()
        self._commands: queue.SimpleQueue[tuple[str, tuple]] = queue.SimpleQueue()
        self._updates: queue.SimpleQueue[Update] = queue.SimpleQueue()
        self._wake_r, self._wake_w = socket.socketpair()
        self._ready_r, self._ready_w = socket.socketpair()
        for sock in (self._wake_r, self._wake_w, self._ready_r, self._ready_w):
            sock.setblocking(False)
        self._selector.register(self._wake_r, selectors.EVENT_READ, "wake")
        self._conns: dict[int, _Conn] = {}
        self._ids = itertools.count(1)
        self._thread = threading.Thread(target=self._run, name=type(self).__name__, daemon=True)
        self._stopping = False
        self._closed_reason = ""

    # -- the UI's side: thread-safe -------------------------------------------------

    def start(self) -> None:
        """Run the network loop in its thread."""
        self._thread.start()

    def play(self, point: Point | tuple[int, int]) -> None:
        """Play ``point`` (the answer is a :class:`MovePlayed` or a :class:`Refused` event)."""
        self._command("play", Point(*point))

    def step(self, move: OpeningMove) -> None:
        """Take an opening step (the answer is a :class:`StepTaken` or a :class:`Refused` event)."""
        self._command("step", move)

    def offer(self, kind: OfferKind) -> None:
        """Offer an undo, a draw or a rematch."""
        self._command("offer", kind)

    def answer(self, accept: bool) -> None:
        """Accept or decline the opponent's pending offer."""
        self._command("answer", bool(accept))

    def resign(self) -> None:
        """Resign the current game."""
        self._command("resign")

    def chat(self, text: str) -> None:
        """Send a line of chat."""
        self._command("chat", str(text))

    def close(self, reason: str = "the other player left") -> None:
        """Say goodbye and stop; a :class:`Closed` event is the last one."""
        self._command("leave", str(reason))

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the network thread to end; whether it did within ``timeout``."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    @property
    def saved(self) -> MatchRecord | ResumeRecord | None:
        """What to keep to resume the game (the host's match, the guest's resume record),
        as the network thread last saw it: for the autosave."""
        return self._snapshot.saved

    @property
    def snapshot(self) -> Snapshot:
        """The session as the network thread last saw it (an immutable value: safe to read from any thread)."""
        return self._snapshot

    @property
    def running(self) -> bool:
        """Whether the network thread is running."""
        return self._thread.is_alive()

    def fileno(self) -> int:
        """A descriptor that is readable while events are waiting (for ``select`` beside the keys)."""
        return self._ready_r.fileno()

    def updates(self) -> list[Update]:
        """Every event waiting now with its snapshot, oldest first; never blocks."""
        try:
            while self._ready_r.recv(4096):
                pass
        except OSError:
            pass
        taken = []
        while True:
            try:
                taken.append(self._updates.get_nowait())
            except queue.Empty:
                return taken

    def events(self) -> list[ev.Event]:
        """Every event waiting now, oldest first; never blocks."""
        return [update.event for update in self.updates()]

    def get(self, timeout: float | None = None) -> ev.Event:
        """The next event, waiting at most ``timeout`` seconds (then :class:`queue.Empty`)."""
        return self._updates.get(timeout=timeout).event

    # -- the network thread -----------------------------------------------------------

    def _command(self, name: str, *args: object) -> None:
        self._commands.put((name, args))
        try:
            self._wake_w.send(b"\0")
        except OSError:  # the pair is full (the loop is already woken) or closed (stopped)
            pass

    def _emit(self, events: list[ev.Event]) -> None:
        if not events:
            return
        snapshot = self._snapshot
        for event in events:
            self._updates.put(Update(event, snapshot))
        try:
            self._ready_w.send(b"\0")
        except OSError:
            pass
        if self._on_event is not None:
            self._on_event()

    def _perform(self, outputs: list[ev.Output]) -> None:
        """Do what the session asked: write, close, and pass events on."""
        events: list[ev.Event] = []
        for output in outputs:
            if isinstance(output, ev.Send):
                self._write(output.conn, output.data)
            elif isinstance(output, ev.Close):
                self._start_closing(output.conn)
            elif isinstance(output, ev.Event):
                events.append(output)
        if outputs:  # every change of the session answers with something: nothing else is worth a snapshot
            self._take_snapshot()
        self._emit(events)

    def _take_snapshot(self) -> None:
        """What other threads may read, taken while the session is ours (in the network thread)."""
        self._snapshot = self._session.snapshot()

    def _write(self, conn_id: int, data: bytes) -> None:
        conn = self._conns.get(conn_id)
        if conn is None or conn.closing_since is not None:
            return
        conn.unsent += data
        if len(conn.unsent) > MAX_UNSENT:
            self._drop(conn_id, _("the peer does not read what we send"))
            return
        self._flush(conn_id)

    def _flush(self, conn_id: int) -> None:
        conn = self._conns[conn_id]
        try:
            while conn.unsent:
                sent = conn.sock.send(conn.unsent)
                del conn.unsent[:sent]
        except (BlockingIOError, InterruptedError):
            pass
        except OSError as error:
            self._drop(conn_id, str(error))
            return
        if conn.unsent:
            self._selector.modify(conn.sock, selectors.EVENT_READ | selectors.EVENT_WRITE, conn_id)
            return
        self._selector.modify(conn.sock, selectors.EVENT_READ, conn_id)
        if conn.closing_since is not None:
            try:
                conn.sock.shutdown(socket.SHUT_WR)
            except OSError:
                self._forget(conn_id)

    def _add(self, sock: socket.socket) -> int:
        sock.setblocking(False)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        conn_id = next(self._ids)
        self._conns[conn_id] = _Conn(sock)
        self._selector.register(sock, selectors.EVENT_READ, conn_id)
        return conn_id

    def _start_closing(self, conn_id: int) -> None:
        """The session is done with ``conn_id``: send what is left, then close within the linger."""
        conn = self._conns.get(conn_id)
        if conn is None or conn.closing_since is not None:
            return
        conn.closing_since = time.monotonic()
        self._flush(conn_id)

    def _forget(self, conn_id: int) -> None:
        conn = self._conns.pop(conn_id, None)
        if conn is None:
            return
        try:
            self._selector.unregister(conn.sock)
        except (KeyError, ValueError):
            pass
        conn.sock.close()

    def _drop(self, conn_id: int, reason: str) -> None:
        """A connection failed under us: close it and tell the session."""
        conn = self._conns.get(conn_id)
        if conn is None:
            return
        closing = conn.closing_since is not None
        self._forget(conn_id)
        if not closing:
            self._perform(self._session.connection_lost(conn_id, time.monotonic(), reason))

    def _readable(self, conn_id: int) -> None:
        conn = self._conns[conn_id]
        try:
            data = conn.sock.recv(READ_SIZE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as error:
            self._drop(conn_id, os_error_text(error))
            return
        if not data:
            self._drop(conn_id, _("closed by the other side"))
        elif conn.closing_since is None:
            self._perform(self._session.receive(conn_id, data, time.monotonic()))

    def _timeout(self) -> float | None:
        """Seconds until the loop must wake without a socket being ready."""
        deadlines = [c.closing_since + self._linger for c in self._conns.values() if c.closing_since is not None]
        session_deadline = self._session.next_deadline()
        if session_deadline is not None:
            deadlines.append(session_deadline)
        if not deadlines:
            return None
        return max(0.0, min(deadlines) - time.monotonic())

    def _run_commands(self) -> None:
        try:
            while self._wake_r.recv(4096):
                pass
        except OSError:
            pass
        while True:
            try:
                name, args = self._commands.get_nowait()
            except queue.Empty:
                return
            self._perform(getattr(self._session, name)(*args, now=time.monotonic()))
            if name == "leave":
                self._stopping = True
                self._closed_reason = str(args[0]) if args else _("closed")
                self._teardown()

    def _other_ready(self, key: selectors.SelectorKey) -> None:
        """A registered object of the subclass's (the listening socket) is ready."""

    def _run(self) -> None:
        try:
            self._prepare()
            self._loop()
        except ConnectError as error:
            self._closed_reason = str(error)
            self._emit([ev.ConnectionLost(str(error))])
        except Exception as error:  # a bug of ours: say so rather than die silently
            failed = f"{type(error).__name__}: {error}"
            self._closed_reason = _("network play failed ({error})").format(error=failed)
            self._emit([ev.ConnectionLost(_("network play failed ({error}): please report it").format(error=failed))])
            raise
        finally:
            for conn_id in list(self._conns):
                self._forget(conn_id)
            self._teardown()
            self._emit([ev.Closed(self._closed_reason or _("closed"))])
            self._selector.close()
            for sock in (self._wake_r, self._wake_w, self._ready_w):
                sock.close()

    def _loop(self) -> None:
        while not (self._stopping and not self._conns) and not self._finished():
            for key, mask in self._selector.select(self._timeout()):
                if key.data == "wake":
                    self._run_commands()
                elif isinstance(key.data, int) and key.data in self._conns:
                    if mask & selectors.EVENT_WRITE:
                        self._flush(key.data)
                    if mask & selectors.EVENT_READ and key.data in self._conns:
                        self._readable(key.data)
                elif not isinstance(key.data, int):
                    self._other_ready(key)
            now = time.monotonic()
            for conn_id, conn in list(self._conns.items()):
                if conn.closing_since is not None and now - conn.closing_since >= self._linger:
                    self._forget(conn_id)
            self._perform(self._session.tick(now))

    def _prepare(self) -> None:
        """Open the sockets (in the network thread)."""

    def _teardown(self) -> None:
        """Close the subclass's sockets."""

    def _finished(self) -> bool:
        """Whether the loop has nothing left to do (a guest whose connection ended)."""
        return False


class Host(Peer):
    """Listen for a guest, authenticate it with the code, and referee the game.

    ``bind`` is the interface (``""``: all, IPv4 and IPv6 where the system can);
    ``port`` 0 picks a free one (tests).  :meth:`start` binds first, so a
    taken port raises :class:`ConnectError` in the caller's thread.
    """

    def __init__(
        self,
        code: str,
        name: str,
        settings: GameSettings = DEFAULT_SETTINGS,
        *,
        port: int = DEFAULT_PORT,
        bind: str = "",
        record: MatchRecord | None = None,
        on_event: EventCallback | None = None,
        **session_options,
    ) -> None:
        session = HostSession(code, name, settings, record=record, **session_options)
        super().__init__(session, on_event)
        self.code = session.code
        #: The watchers' code (``""``: this host admits no watchers).
        self.watch_code = session.watch_code
        self.bind = bind
        self._requested_port = port
        self._listener: socket.socket | None = None
        self.port = port

    def start(self) -> None:
        self._listener = self._listen()
        self._listener.setblocking(False)
        self.port = self._listener.getsockname()[1]
        self._selector.register(self._listener, selectors.EVENT_READ, "listen")
        ipv6 = self._listener.family == socket.AF_INET6
        addresses = tuple(local_addresses(self.bind, ipv6=ipv6))
        self._emit([ev.Listening(addresses, self.port, join_command(addresses[0], self.port, self.code))])
        super().start()

    def allow_watchers_chat(self, allowed: bool) -> None:
        """Let watchers chat, or not (the guest and the watchers are told)."""
        self._command("allow_watchers_chat", bool(allowed))

    def watch_commands(self) -> list[str]:
        """The command a watcher runs, for each address the host may be reached at (none without a watchers' code)."""
        if not self.watch_code:
            return []
        ipv6 = self._listener is not None and self._listener.family == socket.AF_INET6
        return [watch_command(a, self.port, self.watch_code) for a in local_addresses(self.bind, ipv6)]

    def join_commands(self) -> list[str]:
        """The command the guest runs, for each address the host may be reached at."""
        ipv6 = self._listener is not None and self._listener.family == socket.AF_INET6
        return [join_command(a, self.port, self.code) for a in local_addresses(self.bind, ipv6)]

    def _listen(self) -> socket.socket:
        port = self._requested_port
        try:
            if self.bind in WILDCARDS and self.bind != "0.0.0.0" and socket.has_dualstack_ipv6():
                return socket.create_server(("::", port), family=socket.AF_INET6, backlog=BACKLOG, dualstack_ipv6=True)
            if self.bind in WILDCARDS:
                return socket.create_server(("0.0.0.0", port), backlog=BACKLOG)
            infos = socket.getaddrinfo(self.bind, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
            family = infos[0][0]
            return socket.create_server(infos[0][4][:2], family=family, backlog=BACKLOG)
        except socket.gaierror:
            raise ConnectError(
                _(
                    "{address} is not an address of this machine: check --bind, or leave it out to listen everywhere"
                ).format(address=self.bind)
            ) from None
        except OSError as error:
            raise ConnectError(
                _("cannot listen on port {port} ({error}): choose another port with --host PORT").format(
                    port=port, error=os_error_text(error)
                )
            ) from None

    def _other_ready(self, key: selectors.SelectorKey) -> None:
        if self._listener is None:
            return
        for _attempt in range(ACCEPTS_PER_WAKE):
            try:
                sock, _address = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:  # out of descriptors, a connection reset before accept: keep listening
                return
            conn_id = self._add(sock)
            self._perform(self._session.connection_made(conn_id, time.monotonic()))

    def _teardown(self) -> None:
        if self._listener is not None:
            try:
                self._selector.unregister(self._listener)
            except (KeyError, ValueError):
                pass
            self._listener.close()
            self._listener = None


class Guest(Peer):
    """Connect to a host, prove the code, and play (or with ``watch``, the watchers' code, and watch).

    The thread ends with the connection.

    To reconnect after a drop, make a new :class:`Guest` with ``resume`` set to
    the old one's :attr:`saved` (what the autosave keeps).
    """

    def __init__(
        self,
        address: str,
        port: int,
        code: str,
        name: str,
        *,
        resume: ResumeRecord | None = None,
        connect_timeout: float | None = None,
        on_event: EventCallback | None = None,
        watch: bool = False,
        **session_options,
    ) -> None:
        session: GuestSession
        if watch:
            session = WatcherSession(code, name, **session_options)
        else:
            session = GuestSession(code, name, resume=resume, **session_options)
        super().__init__(session, on_event)
        self.address = address
        self.port = port
        self.connect_timeout = connect_timeout if connect_timeout is not None else session.limits.connect
        self._conn_id: int | None = None

    def _finished(self) -> bool:
        return self._conn_id is not None and self._conn_id not in self._conns

    def _prepare(self) -> None:
        """Connect without blocking, so that :meth:`close` cancels a connect at once."""
        deadline = time.monotonic() + self.connect_timeout
        try:
            infos = socket.getaddrinfo(self.address, self.port, type=socket.SOCK_STREAM)
        except socket.gaierror:
            raise ConnectError(
                _("{address} is not an address: check the command the host shows").format(address=self.address)
            ) from None
        problem = _("no address to try")
        for family, kind, proto, _name, target in infos:
            sock = socket.socket(family, kind, proto)
            sock.setblocking(False)
            error = sock.connect_ex(target)
            if error not in _CONNECTING:
                problem = os_error_text(error)
                sock.close()
                continue
            outcome = self._await_connect(sock, deadline)
            if outcome is None:
                self._conn_id = self._add(sock)
                self._perform(self._session.connection_made(self._conn_id, time.monotonic()))
                return
            sock.close()
            if self._stopping:
                return
            problem = outcome
        raise ConnectError(
            _(
                "no connection could be made to {address} port {port} ({problem}): "
                "check the address and the port, and that the host is waiting"
            ).format(address=self.address, port=self.port, problem=problem)
        )

    def _await_connect(self, sock: socket.socket, deadline: float) -> str | None:
        """Wait for ``sock`` to connect: ``None`` when it did, else what went wrong."""
        self._selector.register(sock, selectors.EVENT_WRITE, "connecting")
        try:
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return _("no answer")
                for key, _events in self._selector.select(remaining):
                    if key.data == "wake":
                        self._run_commands()
                        if self._stopping:
                            return _("cancelled")
                    elif key.data == "connecting":
                        error = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
                        return None if error == 0 else os_error_text(error)
        finally:
            self._selector.unregister(sock)
