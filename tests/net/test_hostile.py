"""A hostile client against a waiting host and against a game in progress, on loopback.

After every attack the host still runs, the game (if any) has exactly its
moves, and the real guest can still join or play.
"""

from __future__ import annotations

import random
import time
from functools import partial

import pytest

from gomoku.net import events as ev
from gomoku.net.protocol import MAX_LINE, Chat, Move, Ping, encode
from gomoku.point import Point
from tests.net.peers import (
    Net,
    RawGuest,
    error_code,
    flood,
    raw_socket,
    read_until_closed,
)

TEN_MB = 10 * 1024 * 1024


def random_bytes(port: int) -> None:
    sock = raw_socket(port)
    sock.sendall(random.Random(18).randbytes(4096) + b"\n")
    assert error_code(read_until_closed(sock)) == "protocol"


def invalid_utf8(port: int) -> None:
    sock = raw_socket(port)
    sock.sendall(b'{"type":"hello","name":"\xc3\x28\xa0\xa1"}\n')
    assert error_code(read_until_closed(sock)) == "protocol"


def ten_megabyte_line(port: int) -> None:
    sock = raw_socket(port)
    chunk = b"x" * 65536
    try:
        for _ in range(TEN_MB // len(chunk)):
            sock.sendall(chunk)
    except OSError:  # the host hung up after MAX_LINE bytes: what we still send is refused
        pass
    assert error_code(read_until_closed(sock)) == "too-long"


def flood_of_lines(port: int) -> None:
    """10,000 lines in one second (in ten bursts), until the host hangs up."""
    sock = raw_socket(port)
    flood(sock, encode(Ping(id=1)))
    assert error_code(read_until_closed(sock)) == "protocol"  # a ping before the handshake


def wrong_code_100_times(port: int) -> None:
    for _ in range(100):
        raw = RawGuest(port, code="0000-0000-00")
        raw.pump(partial(raw.has, ev.JoinRefused))
        assert [e.code for e in raw.events if isinstance(e, ev.JoinRefused)] == ["bad-code"]
        raw.drop()


def right_code_then_garbage(port: int) -> None:
    """Beside a game the code only earns "this game already has two players"; else a seat."""
    raw = RawGuest(port)
    raw.pump(lambda: raw.has(ev.GameStarted) or raw.has(ev.JoinRefused))
    if raw.has(ev.JoinRefused):
        assert [e.code for e in raw.events if isinstance(e, ev.JoinRefused)] == ["busy"]
        raw.drop()
        return
    raw.send(b"\x00\x01 garbage }{\n")
    assert error_code(read_until_closed(raw.sock)) == "protocol"


def silent_connection(port: int) -> None:
    sock = raw_socket(port)
    began = time.monotonic()
    read_until_closed(sock)  # the handshake timeout (0.5 s in these tests) closes it
    assert time.monotonic() - began < 2.0


CONNECTION_ATTACKS = [
    random_bytes,
    invalid_utf8,
    ten_megabyte_line,
    flood_of_lines,
    wrong_code_100_times,
    right_code_then_garbage,
    silent_connection,
]


@pytest.mark.parametrize("attack", CONNECTION_ATTACKS, ids=lambda a: a.__name__)
def test_an_attack_on_a_waiting_host(attack, net: Net) -> None:
    host, _ = net.host()
    attack(host.port)
    assert host.running
    guest, gw = net.guest(host)
    gw.wait(ev.GameStarted)
    host.play((7, 7))
    assert gw.wait(ev.MovePlayed).point == Point(7, 7)
    net.stop(guest)


@pytest.mark.parametrize("attack", CONNECTION_ATTACKS, ids=lambda a: a.__name__)
def test_an_attack_beside_a_game_in_progress(attack, net: Net) -> None:
    host, hw = net.host()
    guest, gw = net.guest(host)
    gw.wait(ev.GameStarted)
    host.play((7, 7))
    gw.wait(ev.MovePlayed)
    attack(host.port)
    assert host.running and host.saved.moves == (Point(7, 7),)
    guest.play((8, 8))
    assert hw.wait(ev.MovePlayed, lambda e: not e.mine).point == Point(8, 8)
    assert not gw.of(ev.ConnectionLost)


def test_the_real_guest_joins_while_a_silent_connection_hangs_on(net: Net) -> None:
    host, _ = net.host()
    silent = raw_socket(host.port)
    guest, gw = net.guest(host)
    gw.wait(ev.GameStarted)
    net.stop(guest)
    read_until_closed(silent)


# -- the guest's seat taken by a hostile client -------------------------------------


def seated(host) -> RawGuest:
    """A hostile client that knows the code and plays white after the host's h8."""
    raw = RawGuest(host.port).join()
    host.play((7, 7))
    raw.pump(lambda: len(raw.session.board.moves) == 1)
    return raw


def refused_reason(raw: RawGuest, data: bytes) -> str:
    raw.send(data)
    raw.pump(lambda: bool(raw.refusals()))
    (reason,) = raw.refusals()
    return reason


def move_for_the_other_side(raw: RawGuest) -> None:
    raw.do(raw.session.play((8, 8)))  # a legal white move ...
    assert refused_reason(raw, encode(Move(ply=2, x=9, y=9))) == "not-your-turn"  # ... then black's


def move_off_the_board(raw: RawGuest) -> None:
    assert refused_reason(raw, encode(Move(ply=1, x=20, y=20))) == "illegal"


def move_on_a_taken_point(raw: RawGuest) -> None:
    assert refused_reason(raw, encode(Move(ply=1, x=7, y=7))) == "illegal"


def huge_chat_with_escapes(raw: RawGuest) -> None:
    raw.send(b'{"type":"chat","text":"\\u001b[2J\\u001b]0;owned\\u0007' + b"A" * (2 * MAX_LINE) + b'"}\n')
    assert error_code(read_until_closed(raw.sock)) == "too-long"


def garbage_after_the_code(raw: RawGuest) -> None:
    raw.send(b"\xff\xfe not a message\n")
    assert error_code(read_until_closed(raw.sock)) == "protocol"


def flood_from_the_seat(raw: RawGuest) -> None:
    flood(raw.sock, encode(Ping(id=1)))
    assert error_code(read_until_closed(raw.sock)) == "flood"


SEAT_ATTACKS = [
    move_for_the_other_side,
    move_off_the_board,
    move_on_a_taken_point,
    huge_chat_with_escapes,
    garbage_after_the_code,
    flood_from_the_seat,
]


@pytest.mark.parametrize("attack", SEAT_ATTACKS, ids=lambda a: a.__name__)
def test_a_hostile_guest_in_the_game(attack, net: Net) -> None:
    host, hw = net.host()
    raw = seated(host)
    attack(raw)
    moves = host.saved.moves
    assert host.running and moves[0] == Point(7, 7) and len(moves) <= 2
    assert not hw.of(ev.ChatReceived)
    raw.drop()
    guest, gw = net.guest(host, resume=raw.session.saved)
    started = gw.wait(ev.GameStarted)
    assert started.moves == moves
    point = (3, 3)
    if host.saved.moves and len(moves) % 2 == 0:
        host.play((4, 4))
        gw.wait(ev.MovePlayed)
    guest.play(point)
    assert hw.wait(ev.MovePlayed, lambda e: not e.mine and e.point == point)
    net.stop(guest)


def test_a_chat_line_with_escapes_arrives_clean(net: Net) -> None:
    host, hw = net.host()
    raw = seated(host)
    raw.send(encode(Chat(text="ok")).replace(b"ok", b"\\u001b[2J\\u009b31mhi\\u202e\\u0007!"))
    assert hw.wait(ev.ChatReceived).text == "hi!"
    raw.drop()
