"""Watchers over real sockets on loopback (127.0.0.1 and ::1): joining late, refusals, garbage, vanishing, the limit.

Every wait is bounded (:data:`tests.net.peers.WAIT`), every peer is stopped
by the ``net`` fixture: a test that goes wrong fails in seconds.
"""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from gomoku.net import events as ev
from gomoku.net.match import BlackChoice, GameSettings, OfferKind, Request
from gomoku.net.protocol import Move, Offer, Resign, encode
from gomoku.point import Point
from tests.net.peers import FAST, Net, RawGuest, Watcher, error_code, read_until_closed
from tests.net.test_connection import ipv6_loopback
from tests.net.wire import CODE, WATCH_CODE

ADDRESSES = [
    "127.0.0.1",
    pytest.param("::1", marks=pytest.mark.skipif(not ipv6_loopback(), reason="no IPv6 loopback")),
]


def play(host, hw: Watcher, guest, gw: Watcher, moves, first: int = 0) -> None:
    """The host is black: each move is played by its side and seen by the other."""
    for ply, point in enumerate(moves, start=first):
        mover, other = (host, gw) if ply % 2 == 0 else (guest, hw)
        mover.play(point)
        other.wait(ev.MovePlayed, lambda e, ply=ply: e.ply == ply)


@pytest.mark.parametrize("address", ADDRESSES)
def test_a_watcher_joins_late_catches_up_follows_and_chats_when_allowed(address: str, net: Net) -> None:
    host, hw = net.host(GameSettings(black=BlackChoice.HOST), bind=address, watch_chat=True)
    guest, gw = net.guest(host, address)
    gw.wait(ev.GameStarted)
    play(host, hw, guest, gw, [(7, 7), (8, 8), (7, 8)])
    watcher, ww = net.watcher(host, address)
    assert ww.wait(ev.GameStarted).moves == (Point(7, 7), Point(8, 8), Point(7, 8))
    assert hw.wait(ev.WatcherJoined).name == "Ann" and gw.wait(ev.WatcherJoined).name == "Ann"
    play(host, hw, guest, gw, [(8, 9), (7, 9)], first=3)
    seen = ww.wait(ev.MovePlayed, lambda e: e.ply == 4)
    assert seen.point == Point(7, 9) and not seen.mine
    assert [e.point for e in ww.of(ev.MovePlayed)] == [Point(8, 9), Point(7, 9)]
    watcher.chat("nice")
    assert hw.wait(ev.ChatReceived) == ev.ChatReceived("Ann", "nice")
    assert gw.wait(ev.ChatReceived) == ev.ChatReceived("Ann", "nice")
    watcher.play((0, 0))  # refused on the watcher's own side
    assert ww.wait(ev.Refused).what is Request.MOVE
    watcher.close()
    assert hw.wait(ev.WatcherLeft).name == "Ann" and gw.wait(ev.WatcherLeft).name == "Ann"
    assert host.snapshot.watchers == ()
    play(host, hw, guest, gw, [(7, 10)], first=5)


def test_a_raw_watcher_that_sends_moves_offers_and_garbage_never_touches_the_game(net: Net) -> None:
    host, hw = net.host(GameSettings(black=BlackChoice.HOST))
    guest, gw = net.guest(host)
    gw.wait(ev.GameStarted)
    play(host, hw, guest, gw, [(7, 7), (8, 8)])
    raw = RawGuest(host.port, code=WATCH_CODE, watch=True)
    raw.pump(lambda: raw.has(ev.GameStarted))
    hw.wait(ev.WatcherJoined)
    raw.send(encode(Move(ply=2, x=0, y=0)) + encode(Offer(kind=OfferKind.DRAW, at=2)) + encode(Resign()))
    raw.pump(lambda: len(raw.refusals()) == 3)
    assert raw.refusals() == ["watching"] * 3
    raw.send(b"\xff\xfe not json\n")
    assert error_code(read_until_closed(raw.sock)) == "protocol"
    assert hw.wait(ev.WatcherLeft).name == "Raw"
    assert tuple(host.snapshot.table.board.moves) == (Point(7, 7), Point(8, 8))
    assert host.snapshot.link.value == "connected" and not hw.of(ev.ConnectionLost)
    play(host, hw, guest, gw, [(7, 8)], first=2)


def test_a_vanished_watcher_is_dropped_by_heartbeat_and_the_players_go_on(net: Net) -> None:
    host, hw = net.host(GameSettings(black=BlackChoice.HOST))
    guest, gw = net.guest(host)
    gw.wait(ev.GameStarted)
    raw = RawGuest(host.port, code=WATCH_CODE, watch=True)
    raw.pump(lambda: raw.has(ev.GameStarted))
    began = time.monotonic()
    # the raw watcher now neither reads nor answers: a half-open connection
    assert hw.wait(ev.WatcherLeft).name == "Raw"
    assert time.monotonic() - began < FAST.peer_timeout + 1.0
    raw.drop()
    play(host, hw, guest, gw, [(7, 7), (8, 8)])
    assert not hw.of(ev.ConnectionLost) and not gw.of(ev.ConnectionLost)


def test_the_watchers_limit_and_a_wrong_code_over_sockets(net: Net) -> None:
    host, _ = net.host(limits=replace(FAST, max_watchers=2))
    _, gw = net.guest(host)
    gw.wait(ev.GameStarted)
    for name in ("w1", "w2"):
        _, ww = net.watcher(host, name=name)
        ww.wait(ev.GameStarted)
    _, full = net.watcher(host, name="w3")
    assert full.wait(ev.JoinRefused).code == "full"
    _, wrong = net.watcher(host, code=CODE, name="w4")  # the players' code is not the watchers'
    assert wrong.wait(ev.JoinRefused).code == "bad-code"
    assert host.snapshot.watchers == ("w1", "w2") and host.snapshot.link.value == "connected"
