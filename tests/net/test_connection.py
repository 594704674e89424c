"""Real sockets on loopback: a game, wrong and right codes, a full game, reconnection, heartbeat.

Every wait is bounded (see tests/net/peers.py); the timeouts are small so the
file runs in a few seconds.
"""

from __future__ import annotations

import selectors
import socket
import struct
import sys
import time

import pytest

from gomoku.net import events as ev
from gomoku.net.addresses import (
    AddressError,
    format_address,
    join_command,
    local_addresses,
    parse_address,
)
from gomoku.net.connection import Guest, Host
from gomoku.net.errors import ConnectError
from gomoku.net.host import HostSession
from gomoku.net.match import BlackChoice, GameSettings
from gomoku.point import Point
from gomoku.rules import Outcome, Rule, Stone, Termination
from tests.net.peers import FAST, WAIT, Net, RawGuest, Watcher
from tests.net.wire import CODE

WIN_FOR_BLACK = [(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3), (11, 7)]


def ipv6_loopback() -> bool:
    if not socket.has_ipv6:
        return False
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as probe:
            probe.bind(("::1", 0))
        return True
    except OSError:
        return False


def play_alternately(host: Host, hw: Watcher, guest: Guest, gw: Watcher, moves) -> None:
    """Black is the host: each move is played by its side and seen by the other."""
    for ply, point in enumerate(moves):
        mover, other = (host, gw) if ply % 2 == 0 else (guest, hw)
        mover.play(point)
        seen = other.wait(ev.MovePlayed, lambda e, ply=ply: e.ply == ply)
        assert seen.point == Point(*point) and not seen.mine


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        pytest.param("::1", marks=pytest.mark.skipif(not ipv6_loopback(), reason="no IPv6 loopback")),
    ],
)
def test_host_and_guest_play_a_game_to_a_win(address: str, net: Net) -> None:
    host, hw = net.host(GameSettings(rule=Rule.STANDARD, black=BlackChoice.HOST), bind=address)
    listening = hw.wait(ev.Listening)
    assert listening.command == join_command(address, host.port, CODE)
    guest, gw = net.guest(host, address)
    assert gw.wait(ev.GameStarted).my_stone is Stone.WHITE
    assert hw.wait(ev.OpponentJoined).name == "Gil"
    play_alternately(host, hw, guest, gw, WIN_FOR_BLACK)
    result = Outcome(Termination.FIVE, Stone.BLACK, tuple(Point(*m) for m in WIN_FOR_BLACK[::2]))
    assert hw.wait(ev.GameOver).result == gw.wait(ev.GameOver).result == result
    guest.chat("gg \x1b[5mwp")
    assert hw.wait(ev.ChatReceived).text == "gg wp"
    assert hw.wait(ev.RoundTrip).seconds < 1.0
    assert host.saved.moves == tuple(Point(*m) for m in WIN_FOR_BLACK)
    assert guest.saved.moves == host.saved.moves
    net.stop()
    assert isinstance(hw.of(ev.Closed)[-1], ev.Closed)


def test_a_wrong_code_then_the_right_code(net: Net) -> None:
    host, hw = net.host()
    wrong, ww = net.guest(host, code="K7QM-4RZT-9Y")
    refused = ww.wait(ev.JoinRefused)
    assert refused.code == "bad-code" and "wrong code" in refused.reason
    assert wrong.join(3.0)
    assert "wrong code" in hw.wait(ev.GuestRefused).reason
    right, rw = net.guest(host)
    rw.wait(ev.GameStarted)
    net.stop(right)


def test_a_second_guest_is_refused_and_the_first_plays_on(net: Net) -> None:
    host, _ = net.host()
    _, fw = net.guest(host)
    fw.wait(ev.GameStarted)
    second, sw = net.guest(host)
    assert sw.wait(ev.JoinRefused).reason == "this game already has two players"
    assert second.join(3.0)
    host.play((7, 7))
    assert fw.wait(ev.MovePlayed).point == Point(7, 7)


def test_a_dropped_guest_reconnects_and_resumes_with_the_same_moves(net: Net) -> None:
    host, hw = net.host()
    raw = RawGuest(host.port).join()
    hw.wait(ev.GameStarted)
    host.play((7, 7))
    raw.pump(lambda: len(raw.session.board.moves) == 1)
    raw.do(raw.session.play((8, 8)))
    hw.wait(ev.MovePlayed, lambda e: e.ply == 1)
    record = raw.session.saved
    raw.drop()  # the terminal closed: no goodbye
    assert "waiting for the guest to come back" in hw.wait(ev.ConnectionLost).reason
    guest, gw = net.guest(host, resume=record)
    started = gw.wait(ev.GameStarted)
    assert started.resumed and started.moves == (Point(7, 7), Point(8, 8))
    host.play((9, 9))
    assert gw.wait(ev.MovePlayed).point == Point(9, 9)
    net.stop(guest)


def test_the_host_notices_a_stalled_guest_by_heartbeat(net: Net) -> None:
    host, hw = net.host()
    raw = RawGuest(host.port).join()
    began = time.monotonic()
    # the raw guest now neither reads nor answers: a half-open connection
    lost = hw.wait(ev.ConnectionLost)
    assert "no word from Raw" in lost.reason
    assert time.monotonic() - began < FAST.peer_timeout + 1.0
    raw.drop()
    guest, gw = net.guest(host)
    gw.wait(ev.GameStarted)
    net.stop(guest)


def test_the_guest_notices_a_stalled_host_by_heartbeat(net: Net) -> None:
    with socket.create_server(("127.0.0.1", 0)) as listener:
        listener.settimeout(3.0)
        session = HostSession(CODE, "Stall", limits=FAST)
        guest = Guest("127.0.0.1", listener.getsockname()[1], CODE, "Gil", limits=FAST)
        gw = net.track(guest)
        sock, _ = listener.accept()
        with sock:
            sock.settimeout(0.2)
            for output in session.connection_made(1, time.monotonic()):
                sock.sendall(output.data)
            deadline = time.monotonic() + 3.0
            while not session.connected and time.monotonic() < deadline:
                try:
                    data = sock.recv(65536)
                except TimeoutError:
                    continue
                for output in session.receive(1, data, time.monotonic()):
                    if isinstance(output, ev.Send):
                        sock.sendall(output.data)
            gw.wait(ev.GameStarted)
            # the host now says nothing at all
            assert "no word from Stall" in gw.wait(ev.ConnectionLost).reason
            assert guest.join(3.0)


def test_a_guest_gives_up_on_an_address_that_does_not_answer(net: Net) -> None:
    with socket.create_server(("127.0.0.1", 0)) as closed:
        port = closed.getsockname()[1]
    guest = Guest("127.0.0.1", port, CODE, "Gil", limits=FAST)
    gw = net.track(guest)
    reason = gw.wait(ev.ConnectionLost).reason
    assert reason.startswith("no connection could be made to 127.0.0.1") and "check the address" in reason
    assert guest.join(3.0)


def test_a_join_where_something_answers_then_resets_says_no_connection_could_be_made(net: Net) -> None:
    """Issue 21, item 16: a game that never started is not reported as lost, nor to be resumed."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
        guest = Guest("127.0.0.1", port, CODE, "Gil", limits=FAST)
        gw = net.track(guest)
        listener.settimeout(WAIT)
        accepted, _ = listener.accept()
        time.sleep(0.2)  # the guest has its connection (and waits for the host's hello) ...
        accepted.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        accepted.close()  # a reset, as a port of something else may answer
        reason = gw.wait(ev.ConnectionLost).reason
    assert reason.startswith("no connection could be made") and "(Connection reset by peer)" in reason
    assert "lost" not in reason and "resume" not in reason
    assert guest.join(3.0)


def test_a_taken_port_says_what_to_do(net: Net) -> None:
    host, _ = net.host()
    with pytest.raises(ConnectError, match="choose another port"):
        Host(CODE, "Two", port=host.port, bind="127.0.0.1").start()


def test_the_ui_is_woken_by_descriptor_and_callback(net: Net) -> None:
    calls = []
    host = Host(CODE, "Hana", port=0, bind="127.0.0.1", limits=FAST, on_event=lambda: calls.append(1))
    net.track(host)
    with selectors.DefaultSelector() as sel:
        sel.register(host.fileno(), selectors.EVENT_READ)
        net.guest(host)
        assert sel.select(3.0)
        deadline = time.monotonic() + 3.0
        seen = []
        while not any(isinstance(e, ev.GameStarted) for e in seen):
            assert time.monotonic() < deadline
            sel.select(0.5)
            seen += host.events()
        assert calls


def test_an_idle_host_sleeps(net: Net) -> None:
    net.host()
    before = time.process_time()
    time.sleep(0.3)
    assert time.process_time() - before < 0.06


@pytest.fixture
def unanswered_port():
    """A loopback port whose connects hang: a listener with a full backlog that never accepts."""
    listener = socket.create_server(("127.0.0.1", 0), backlog=0)
    port = listener.getsockname()[1]
    fillers = []
    for _ in range(4):
        filler = socket.socket()
        filler.setblocking(False)
        filler.connect_ex(("127.0.0.1", port))
        fillers.append(filler)
    time.sleep(0.1)
    yield port
    for sock in fillers + [listener]:
        sock.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="backlog behaviour is Linux's")
def test_connecting_times_out_or_is_cancelled(unanswered_port: int, net: Net) -> None:
    guest = Guest("127.0.0.1", unanswered_port, CODE, "Gil", connect_timeout=0.3, limits=FAST)
    assert "no answer" in net.track(guest).wait(ev.ConnectionLost).reason
    assert guest.join(2.0)
    guest = Guest("127.0.0.1", unanswered_port, CODE, "Gil", connect_timeout=5.0, limits=FAST)
    began = time.monotonic()
    watcher = net.track(guest)
    guest.close("cancelled")
    assert guest.join(2.0) and time.monotonic() - began < 2.0
    assert watcher.wait(ev.Closed).reason == "cancelled"


def test_addresses_and_the_join_command() -> None:
    assert parse_address("192.168.1.5") == ("192.168.1.5", 5757)
    assert parse_address("192.168.1.5:6000") == ("192.168.1.5", 6000)
    assert parse_address("[fd00::2]:6000") == ("fd00::2", 6000)
    assert parse_address("::1") == ("::1", 5757)
    assert parse_address("example.org:7") == ("example.org", 7)
    for bad in ("", "host:port", "host:0", "host:70000", "[::1", "[::1]x", "a b:1"):
        with pytest.raises(AddressError):
            parse_address(bad)
    assert format_address("::1", 5757) == "[::1]:5757"
    assert join_command("fd00::2", 5757, CODE) == ("python -m gomoku --join [fd00::2]:5757 --code K7QM-4RZT-9X")
    assert local_addresses("10.1.2.3") == ["10.1.2.3"]
    everywhere = local_addresses("")
    assert everywhere[-2:] == ["127.0.0.1", "::1"]
    assert local_addresses("", ipv6=False)[-1] == "127.0.0.1"
