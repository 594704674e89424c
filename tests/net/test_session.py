"""Host and guest sessions as data: handshake, refereeing, offers, races, heartbeat, resume."""

from __future__ import annotations

import json
import random

import pytest

from gomoku.game import Refusal
from gomoku.net import auth
from gomoku.net import events as ev
from gomoku.net.guest import GuestSession
from gomoku.net.host import HostSession
from gomoku.net.limits import Limits
from gomoku.net.match import BlackChoice, GameSettings, MatchRecord, OfferKind, Request, Role, Why
from gomoku.net.protocol import (
    PROTOCOL,
    VERSION,
    Hello,
    Move,
    Offer,
    Start,
    Welcome,
    decode,
    encode,
)
from gomoku.point import Point
from gomoku.rules import Outcome, Rule, Stone, Termination
from tests.net.wire import CODE, Wire

#: A renju game where black (the host) may not play j8 (9, 7): it makes two open threes.
DOUBLE_THREE = [(7, 7), (0, 0), (8, 7), (0, 2), (9, 8), (0, 4), (9, 9), (0, 6)]
FORBIDDEN = (9, 7)


def play(wire: Wire, guest: GuestSession, moves) -> None:
    """Play ``moves`` alternately, black first, whoever black is."""
    for point in moves:
        mover = wire.host if wire.host.board.turn is wire.host.my_stone else guest
        wire.act(mover, mover.play(point))
        assert not wire.of(mover, ev.Refused), wire.of(mover, ev.Refused)


# -- handshake -------------------------------------------------------------------


def test_a_guest_joins_and_both_see_the_same_game() -> None:
    wire = Wire(GameSettings(rule=Rule.RENJU, size=19, black=BlackChoice.GUEST))
    guest = wire.join()
    assert wire.of(wire.host, ev.OpponentJoined) == [ev.OpponentJoined("Gil")]
    assert wire.of(guest, ev.OpponentJoined) == [ev.OpponentJoined("Hana")]
    (host_start,) = wire.of(wire.host, ev.GameStarted)
    (guest_start,) = wire.of(guest, ev.GameStarted)
    assert (host_start.rule, host_start.size, host_start.my_stone) == (Rule.RENJU, 19, Stone.WHITE)
    assert (guest_start.rule, guest_start.size, guest_start.my_stone) == (Rule.RENJU, 19, Stone.BLACK)
    assert host_start.match == guest_start.match and not guest_start.resumed
    assert wire.host.connected and guest.connected
    assert wire.host.opponent_name == "Gil" and guest.opponent_name == "Hana"


def test_the_code_never_crosses_the_wire() -> None:
    wire = Wire()
    guest = wire.join()
    traffic = b"".join(wire.sent[wire.host] + wire.sent[guest]).upper()
    assert b"K7QM" not in traffic and b"4RZT" not in traffic


def test_random_black_follows_the_coin() -> None:
    blacks = set()
    for seed in range(8):
        wire = Wire(GameSettings(black=BlackChoice.RANDOM), rng=random.Random(seed))
        wire.join()
        blacks.add(wire.of(wire.host, ev.GameStarted)[0].my_stone)
    assert blacks == {Stone.BLACK, Stone.WHITE}


def test_a_wrong_code_is_refused_and_the_host_keeps_waiting() -> None:
    wire = Wire()
    wrong = wire.join(code="K7QM-4RZT-9Y")
    assert wire.of(wrong, ev.JoinRefused)[0].code == "bad-code"
    assert "wrong code" in wire.of(wrong, ev.JoinRefused)[0].reason
    assert wire.of(wire.host, ev.GuestRefused)
    assert not wire.host.connected and wire.host.saved is None
    right = wire.join()
    assert right.connected and wire.host.connected


def test_a_second_guest_gets_this_game_already_has_two_players() -> None:
    wire = Wire()
    first = wire.join()
    second = wire.join()
    assert wire.of(second, ev.JoinRefused) == [ev.JoinRefused("busy", "this game already has two players")]
    assert first.connected and wire.host.opponent_name == "Gil"


def test_the_guest_refuses_a_host_that_does_not_know_the_code() -> None:
    guest = GuestSession(CODE, "Gil")
    guest.connection_made(1, 0.0)
    hello = Hello(protocol=PROTOCOL, version=VERSION, role="host", name="Eve", nonce=b"n" * 16)
    guest.receive(1, encode(hello), 0.0)
    out = guest.receive(1, encode(Welcome(proof=b"\0" * 32)), 0.0)
    assert [e.code for e in out if isinstance(e, ev.JoinRefused)] == ["bad-code"]
    assert any(isinstance(o, ev.Close) for o in out)


def test_another_version_is_refused_with_what_to_do() -> None:
    guest = GuestSession(CODE, "Gil")
    guest.connection_made(1, 0.0)
    line = json.dumps({"type": "hello", "protocol": PROTOCOL, "version": 99}).encode() + b"\n"
    out = guest.receive(1, line, 0.0)
    (refused,) = [e for e in out if isinstance(e, ev.JoinRefused)]
    assert refused.code == "version" and "install the same gomoku version" in refused.reason
    sent = [decode(o.data) for o in out if isinstance(o, ev.Send)]
    assert sent[0].TYPE == "error" and sent[0].code == "version"


def test_two_hosts_or_a_silent_peer_end_the_handshake() -> None:
    host = HostSession(CODE, "Hana", limits=Limits(handshake=3.0))
    host.connection_made(1, 0.0)
    hello = Hello(protocol=PROTOCOL, version=VERSION, role="host", name="H2", nonce=b"n" * 16)
    out = host.receive(1, encode(hello), 0.0)
    assert decode(out[0].data).code == "protocol" and isinstance(out[1], ev.Close)
    host.connection_made(2, 0.0)
    assert host.next_deadline() == 3.0
    assert host.tick(2.9) == []
    out = host.tick(3.0)
    assert decode(out[0].data).code == "timeout" and out[1] == ev.Close(2, out[1].reason)
    assert host.next_deadline() is None


def test_handshakes_at_once_are_bounded() -> None:
    host = HostSession(CODE, "Hana", limits=Limits(max_handshakes=2))
    assert decode(host.connection_made(1, 0.0)[0].data).TYPE == "hello"
    assert decode(host.connection_made(2, 0.0)[0].data).TYPE == "hello"
    out = host.connection_made(3, 0.0)
    assert decode(out[0].data).code == "crowded"
    assert isinstance(out[1], ev.Close)


# -- moves and the referee -----------------------------------------------------------


def test_a_game_to_a_win_ends_on_both_sides() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3), (11, 7)])
    over = ev.GameOver(1, 9, Outcome(Termination.FIVE, Stone.BLACK, tuple(Point(x, 7) for x in range(7, 12))))
    assert wire.of(wire.host, ev.GameOver) == [over]
    assert wire.of(guest, ev.GameOver) == [over]
    assert guest.board.moves == wire.host.board.moves
    assert str(over.result) == "black wins with five in a row"
    assert wire.of(guest, ev.MovePlayed)[-1].outcome.winner is Stone.BLACK


def test_a_caro_game_is_caro_on_both_sides_and_plays_on_past_a_blocked_five() -> None:
    wire = Wire(GameSettings(rule=Rule.CARO, size=15, black=BlackChoice.HOST))
    guest = wire.join()
    assert [start.rule for start in wire.of(guest, ev.GameStarted)] == [Rule.CARO]
    assert guest.board.rule is Rule.CARO
    # black (the host) makes (1..5, 7) with white on (0, 7) and (6, 7): blocked at both ends, no win
    play(wire, guest, [(1, 7), (0, 7), (2, 7), (6, 7), (3, 7), (0, 0), (4, 7), (0, 1), (5, 7)])
    assert not wire.of(wire.host, ev.GameOver) and not wire.of(guest, ev.GameOver)
    # black's (1, 7..11), both ends open: a five that wins
    play(wire, guest, [(0, 2), (1, 8), (0, 3), (1, 9), (14, 14), (1, 10), (14, 13), (1, 11)])
    over = ev.GameOver(1, 17, Outcome(Termination.FIVE, Stone.BLACK, tuple(Point(1, y) for y in range(7, 12))))
    assert wire.of(wire.host, ev.GameOver) == [over] and wire.of(guest, ev.GameOver) == [over]


def send_raw(wire: Wire, conn: int, message) -> list[ev.Output]:
    """What the host answers when its guest on ``conn`` sends ``message`` (bypassing the guest's checks)."""
    data = message if isinstance(message, bytes) else encode(message)
    return wire.host.receive(conn, data, wire.now)


def refusal(outputs: list[ev.Output]) -> Why:
    """The code of the host's one ``refuse`` line: a code, never a sentence (the guest says it in its words)."""
    (message,) = [decode(o.data) for o in outputs if isinstance(o, ev.Send)]
    assert message.TYPE == "refuse", message
    return message.why


@pytest.mark.parametrize(
    "moves, move, why",
    [
        ([], Move(ply=0, x=7, y=7), Why.NOT_YOUR_TURN),
        ([(7, 7)], Move(ply=1, x=7, y=7), Why.ILLEGAL),
        ([(7, 7)], Move(ply=1, x=20, y=3), Why.ILLEGAL),
        ([(7, 7)], Move(ply=0, x=3, y=3), Why.MOVED_ON),
        ([(7, 7)], Move(ply=5, x=3, y=3), Why.MOVED_ON),
    ],
)
def test_the_host_refuses_an_illegal_guest_move_and_never_applies_it(moves, move, why) -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, moves)
    before = wire.host.board.moves
    out = send_raw(wire, 1, move)
    assert refusal(out) is why
    assert wire.host.board.moves == before and wire.host.connected


def test_a_renju_foul_is_refused_by_the_guest_board_and_by_the_referee() -> None:
    wire = Wire(GameSettings(rule=Rule.RENJU, black=BlackChoice.GUEST))
    guest = wire.join()
    play(wire, guest, DOUBLE_THREE)
    wire.take(guest)
    wire.act(guest, guest.play(FORBIDDEN))
    (refused,) = wire.take(guest)
    assert refused.what is Request.MOVE and "forbidden for black (double-three)" in refused.reason
    out = send_raw(wire, 1, Move(ply=8, x=9, y=7))
    assert refusal(out) is Why.ILLEGAL
    assert len(wire.host.board.moves) == 8


def test_a_local_move_out_of_turn_is_refused_with_a_reason() -> None:
    wire = Wire()
    guest = wire.join()
    wire.act(guest, guest.play((7, 7)))
    assert wire.of(guest, ev.Refused)[-1].reason.startswith("it is black's turn: wait for Hana's move")
    assert guest.board.moves == []


def test_a_host_that_breaks_the_rules_desynchronises_the_guest() -> None:
    wire = Wire()
    guest = wire.join()
    wire.act(wire.host, wire.host.play((7, 7)))
    out = guest.receive(1, encode(Move(ply=1, x=7, y=7)), 0.0)
    sent = [decode(o.data) for o in out if isinstance(o, ev.Send)]
    assert sent[0].code == "desync"
    assert any(isinstance(e, ev.ConnectionLost) for e in out)


def test_a_start_with_an_illegal_game_is_refused_by_the_guest() -> None:
    guest = GuestSession(CODE, "Gil")
    guest.connection_made(1, 0.0)
    nonce = b"n" * 16
    out = guest.receive(1, encode(Hello(protocol=PROTOCOL, version=VERSION, role="host", name="H", nonce=nonce)), 0.0)
    guest_nonce = decode(out[0].data).nonce
    welcome = Welcome(proof=auth.proof(CODE, "host", nonce, guest_nonce))
    guest.receive(1, encode(welcome), 0.0)
    start = Start(match=b"m" * 8, game=1, rule=Rule.FREESTYLE, size=15, black=Role.HOST, moves=((1, 1), (1, 1)))
    out = guest.receive(1, encode(start), 0.0)
    assert [decode(o.data).code for o in out if isinstance(o, ev.Send)] == ["desync"]


# -- offers ----------------------------------------------------------------------------


def test_undo_accepted_takes_back_to_the_askers_turn() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7), (8, 8), (9, 9)])
    wire.act(guest, guest.offer(OfferKind.UNDO))  # white asks after black replied: two moves go
    assert wire.of(wire.host, ev.OfferReceived) == [ev.OfferReceived(OfferKind.UNDO)]
    wire.act(wire.host, wire.host.answer(True))
    taken = ev.MovesTakenBack(("i7", "j6"), 1)
    assert wire.of(wire.host, ev.MovesTakenBack) == [taken]
    assert wire.of(guest, ev.MovesTakenBack) == [taken]
    assert wire.of(guest, ev.OfferAnswered) == [ev.OfferAnswered(OfferKind.UNDO, True)]
    assert guest.board.moves == wire.host.board.moves == [Point(7, 7)]


def test_undo_declined_changes_nothing() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7)])
    wire.act(wire.host, wire.host.offer(OfferKind.UNDO))
    wire.act(guest, guest.answer(False))
    assert wire.of(wire.host, ev.OfferAnswered) == [ev.OfferAnswered(OfferKind.UNDO, False)]
    assert wire.host.board.moves == guest.board.moves == [Point(7, 7)]


def test_undo_needs_a_move_of_ones_own() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7)])
    wire.act(guest, guest.offer(OfferKind.UNDO))
    assert wire.of(guest, ev.Refused) == [
        ev.Refused(Request.OFFER, "there is no move of yours to take back", OfferKind.UNDO, Refusal.NOTHING_TO_UNDO)
    ]
    assert refusal(send_raw(wire, 1, Offer(kind="undo", at=1))) is Why.NOTHING_TO_UNDO


def test_the_one_who_offered_waits_and_a_move_by_the_other_lapses_the_offer() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7), (8, 8)])
    wire.act(wire.host, wire.host.offer(OfferKind.DRAW))
    wire.act(wire.host, wire.host.play((9, 9)))
    assert wire.of(wire.host, ev.Refused)[-1].reason == "wait for the answer to your offer first"
    wire.act(guest, guest.offer(OfferKind.UNDO))
    assert wire.of(guest, ev.Refused)[-1].reason == "answer Hana's offer first: y accepts, n declines"
    # a guest offer, then a host move: the offer lapses on both sides
    wire.act(guest, guest.answer(False))
    wire.act(wire.host, wire.host.play((9, 9)))
    wire.act(guest, guest.play((10, 10)))
    wire.act(guest, guest.offer(OfferKind.UNDO))
    wire.act(wire.host, wire.host.play((11, 11)))
    assert wire.of(wire.host, ev.OfferCancelled)[-1] == ev.OfferCancelled(OfferKind.UNDO, False)
    assert wire.of(guest, ev.OfferCancelled)[-1] == ev.OfferCancelled(OfferKind.UNDO, True)
    wire.act(wire.host, wire.host.answer(True))
    assert wire.of(wire.host, ev.Refused)[-1] == ev.Refused(Request.ANSWER, "there is no offer to answer")


def test_crossing_offers_leave_the_hosts_standing() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7), (8, 8)])
    wire.act(wire.host, wire.host.offer(OfferKind.DRAW), flush=False)
    wire.act(guest, guest.offer(OfferKind.UNDO), flush=False)
    wire.flush()
    assert wire.of(guest, ev.OfferReceived) == [ev.OfferReceived(OfferKind.DRAW)]
    assert wire.of(guest, ev.Refused)[-1].reason == "Hana's offer crossed yours: answer it first"
    wire.act(guest, guest.answer(True))
    over = ev.GameOver(1, 2, Outcome(Termination.AGREEMENT, None))
    assert wire.of(guest, ev.GameOver) == wire.of(wire.host, ev.GameOver) == [over]


def test_a_draw_offered_by_the_guest_and_accepted() -> None:
    wire = Wire()
    guest = wire.join()
    wire.act(guest, guest.offer(OfferKind.DRAW))
    wire.act(wire.host, wire.host.answer(True))
    assert guest.result == wire.host.result == Outcome(Termination.AGREEMENT, None)
    assert str(guest.result) == "draw by agreement"


def test_a_move_crossing_an_offer_makes_it_stale() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7), (8, 8)])
    wire.act(guest, guest.offer(OfferKind.DRAW), flush=False)  # offered at ply 2 ...
    wire.act(wire.host, wire.host.play((9, 9)), flush=False)  # ... while black moved
    wire.flush()
    assert wire.of(guest, ev.OfferCancelled) == [ev.OfferCancelled(OfferKind.DRAW, True)]
    assert not wire.of(guest, ev.Refused)  # it lapsed, and the player was told so once
    assert not wire.of(wire.host, ev.OfferReceived)
    assert guest.board.moves == wire.host.board.moves


# -- the end of a game ---------------------------------------------------------------


def test_the_guest_resigns_and_the_host_declares_it() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7)])
    wire.act(guest, guest.resign())
    result = Outcome(Termination.RESIGNATION, Stone.BLACK)
    assert guest.result == wire.host.result == result
    assert str(result) == "black wins by resignation"
    wire.act(guest, guest.play((3, 3)))
    assert wire.of(guest, ev.Refused)[-1].reason == "the game is over: offer a rematch"


def test_a_guest_move_in_flight_when_the_host_resigns_is_taken_back() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7)])
    wire.act(guest, guest.play((8, 8)), flush=False)
    wire.act(wire.host, wire.host.resign(), flush=False)
    wire.flush()
    assert wire.of(guest, ev.MoveRefused) == [ev.MoveRefused(Point(8, 8), "the game ended before your move arrived")]
    assert guest.board.moves == wire.host.board.moves == [Point(7, 7)]
    assert guest.result == wire.host.result == Outcome(Termination.RESIGNATION, Stone.WHITE)


def test_a_host_five_crossing_a_guest_resignation_counts_as_the_five() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3)])
    wire.act(guest, guest.resign(), flush=False)
    wire.act(wire.host, wire.host.play((11, 7)), flush=False)
    wire.flush()
    assert (
        guest.result
        == wire.host.result
        == Outcome(Termination.FIVE, Stone.BLACK, tuple(Point(x, 7) for x in range(7, 12)))
    )
    assert wire.of(guest, ev.Refused)[-1] == ev.Refused(
        Request.RESIGN, "the game is already over", refusal=Refusal.GAME_OVER
    )


def test_a_rematch_swaps_colours_and_counts_games() -> None:
    wire = Wire()
    guest = wire.join()
    wire.act(wire.host, wire.host.resign())
    wire.act(wire.host, wire.host.offer(OfferKind.REMATCH))
    wire.act(guest, guest.answer(True))
    starts = wire.of(guest, ev.GameStarted)
    assert [(s.game, s.my_stone) for s in starts] == [(1, Stone.WHITE), (2, Stone.BLACK)]
    assert wire.host.my_stone is Stone.WHITE and wire.host.result is None
    wire.act(guest, guest.play((7, 7)))
    assert wire.host.board.moves == [Point(7, 7)]


def test_a_rematch_needs_the_game_to_be_over() -> None:
    wire = Wire()
    guest = wire.join()
    wire.act(guest, guest.offer(OfferKind.REMATCH))
    assert wire.of(guest, ev.Refused)[-1].reason == "the game is not over: finish it first"


# -- chat, heartbeat, hostility ------------------------------------------------------


def test_chat_arrives_cleaned() -> None:
    wire = Wire()
    guest = wire.join()
    wire.act(guest, guest.chat("gg \x1b[2J\x1b]0;owned\x07wp"))
    assert wire.of(wire.host, ev.ChatReceived) == [ev.ChatReceived("Gil", "gg wp")]
    wire.act(guest, guest.chat("x" * 1000))
    assert wire.of(wire.host, ev.ChatReceived)[-1].text == "x" * 200
    alone = HostSession(CODE, "Hana")
    assert alone.chat("hello?")[0].what is Request.CHAT


def test_pings_measure_the_round_trip_and_silence_drops_the_peer() -> None:
    limits = Limits(ping_interval=2.0, peer_timeout=8.0)
    wire = Wire(limits=limits)
    guest = wire.join(limits=limits)
    assert wire.host.next_deadline() == 2.0
    wire.tick(2.0)
    assert wire.of(wire.host, ev.RoundTrip) == [ev.RoundTrip(0.0)]
    assert wire.of(guest, ev.RoundTrip) == [ev.RoundTrip(0.0)]
    # the guest goes silent: its pings and pongs stop arriving
    silent = wire.host
    for now in (4.0, 6.0, 8.0, 9.9):
        silent.tick(now)
    lost = [o for o in silent.tick(10.0) if isinstance(o, ev.ConnectionLost)]
    assert lost and "no word from Gil for 8 s" in lost[0].reason
    assert "waiting for the guest to come back" in lost[0].reason
    assert not wire.host.connected and wire.host.saved is not None


@pytest.mark.parametrize(
    "garbage, code",
    [
        (b"\xff\xfe\xfd\n", "protocol"),
        (b"x" * 40_000, "too-long"),
        (b'{"type":"ping","id":1}\n' * 100, "flood"),
        (
            b'{"type":"start","match":"0000000000000000","game":1,"rule":"renju","size":15,'
            b'"black":"host","moves":[],"chat":[]}\n',
            "protocol",
        ),
        (
            b'{"type":"hello","protocol":"gomoku-net","version":7,"role":"guest","name":"x",'
            b'"nonce":"00000000000000000000000000000000"}\n',
            "protocol",
        ),
    ],
)
def test_a_guest_that_sends_garbage_loses_its_seat_and_the_game_survives(garbage, code) -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7), (8, 8)])
    out = wire.host.receive(1, garbage, 0.0)
    sent = [decode(o.data) for o in out if isinstance(o, ev.Send)]
    assert sent[-1].TYPE == "error" and sent[-1].code == code
    assert not wire.host.connected
    assert wire.host.saved.moves == (Point(7, 7), Point(8, 8))
    again = wire.join(resume=guest.saved)
    assert again.connected and again.board.moves == [Point(7, 7), Point(8, 8)]


# -- resume ----------------------------------------------------------------------------


def test_a_dropped_guest_resumes_with_the_same_moves() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7), (8, 8), (9, 9)])
    wire.drop(1)
    assert wire.of(guest, ev.ConnectionLost) and wire.of(wire.host, ev.ConnectionLost)
    assert "join again with the same command" in wire.of(guest, ev.ConnectionLost)[0].reason
    wire.take(guest)
    wire.connect(guest)
    (start,) = wire.of(guest, ev.GameStarted)
    assert start.resumed and start.moves == (Point(7, 7), Point(8, 8), Point(9, 9))
    play(wire, guest, [(10, 10)])
    assert wire.host.board.moves == guest.board.moves


def test_a_restarted_guest_resumes_from_its_record() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7), (8, 8)])
    record = guest.saved
    wire.drop(1)
    again = wire.join(resume=record)
    assert again.my_stone is Stone.WHITE and again.board.moves == [Point(7, 7), Point(8, 8)]
    assert wire.of(again, ev.GameStarted)[0].resumed


def test_a_guest_behind_by_the_hosts_last_move_catches_up() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7), (8, 8)])
    wire.act(wire.host, wire.host.play((9, 9)), flush=False)
    wire.drop(1)  # the move never arrived
    assert len(guest.board.moves) == 2
    wire.connect(guest)
    assert guest.board.moves == wire.host.board.moves and len(guest.board.moves) == 3


def test_a_guest_move_that_never_arrived_is_reported_lost() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7)])
    wire.act(guest, guest.play((8, 8)), flush=False)
    wire.drop(1)
    wire.connect(guest)
    (start,) = [e for e in wire.of(guest, ev.GameStarted) if e.resumed]
    assert start.lost == (Point(8, 8),) and guest.board.moves == [Point(7, 7)]


def test_a_resume_of_another_game_is_refused() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7), (8, 8)])
    wire.drop(1)
    record = guest.saved
    for other in (
        type(record)(match=record.match, game=1, moves=(Point(7, 7), Point(9, 9))),
        type(record)(match=b"x" * 8, game=1, moves=record.moves),
        type(record)(match=record.match, game=2, moves=()),
        type(record)(match=record.match, game=1, moves=record.moves + (Point(1, 1), Point(2, 2))),
    ):
        stranger = wire.join(resume=other)
        assert wire.of(stranger, ev.JoinRefused)[0].code == "different-game"
    assert wire.join(resume=record).connected


def test_a_fresh_guest_takes_a_free_seat_in_the_match() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7)])
    wire.drop(1)
    fresh = wire.join()
    assert fresh.board.moves == [Point(7, 7)]


def test_a_guest_reconnecting_before_the_host_noticed_takes_its_seat_back() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7), (8, 8)])
    # the old connection is half-open: the host has not noticed it is dead
    again = wire.join(resume=guest.saved)
    assert again.connected and again.board.moves == [Point(7, 7), Point(8, 8)]
    assert "you joined again from another connection" in wire.of(guest, ev.PeerLeft)[0].reason


def test_the_host_resumes_a_saved_match_after_a_restart() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7), (8, 8), (9, 9)])
    record = wire.host.saved
    assert isinstance(record, MatchRecord)
    restarted = Wire(record=record)
    again = restarted.join(resume=guest.saved)
    assert again.board.moves == guest.board.moves
    assert restarted.of(again, ev.GameStarted)[0].resumed


def test_a_finished_game_resumes_finished() -> None:
    wire = Wire()
    guest = wire.join()
    wire.act(guest, guest.resign())
    wire.drop(1)
    again = wire.join(resume=guest.saved)
    assert again.result == Outcome(Termination.RESIGNATION, Stone.BLACK)


def games_started(wire: Wire, session) -> list[int]:  # type: ignore[no-untyped-def]
    return [e.game for e in wire.of(session, ev.GameStarted)]


@pytest.mark.parametrize("kind", [OfferKind.DRAW, OfferKind.REMATCH])
def test_the_same_draw_or_rematch_asked_by_both_at_once_is_agreed(kind: OfferKind) -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7), (8, 8)])
    if kind is OfferKind.REMATCH:
        wire.act(wire.host, wire.host.resign())
    for session in (wire.host, guest):
        wire.take(session)
    wire.act(wire.host, wire.host.offer(kind), flush=False)
    wire.act(guest, guest.offer(kind), flush=False)  # the two cross on the wire
    wire.flush()
    assert not wire.of(wire.host, ev.Refused) and not wire.of(guest, ev.Refused)
    assert wire.of(wire.host, ev.OfferAnswered) == wire.of(guest, ev.OfferAnswered) == [ev.OfferAnswered(kind, True)]
    if kind is OfferKind.REMATCH:
        assert games_started(wire, wire.host) == games_started(wire, guest) == [2]
        assert wire.host.result is None and guest.result is None and guest.board.moves == []
    else:
        assert wire.host.result == guest.result == Outcome(Termination.AGREEMENT, None)


def test_asking_for_the_rematch_the_other_asked_for_is_a_yes() -> None:
    wire = Wire()
    guest = wire.join()
    wire.act(wire.host, wire.host.resign())
    wire.act(wire.host, wire.host.offer(OfferKind.REMATCH))
    wire.act(guest, guest.offer(OfferKind.REMATCH))
    assert wire.of(guest, ev.AnswerSent) == [ev.AnswerSent(OfferKind.REMATCH, True)]
    assert games_started(wire, wire.host)[-1] == games_started(wire, guest)[-1] == 2
