"""Watchers of a network game, through the test wire: joining late, the catch-up, refusals, garbage, leaving.

In every case the players' game is what it would have been without the
watcher: the same moves, the same clocks, the same link between the players.
"""

from __future__ import annotations

import pytest

from gomoku import openings as o
from gomoku.clock import parse_clock
from gomoku.net import events as ev
from gomoku.net.limits import Limits
from gomoku.net.match import NO_SERIES, BlackChoice, GameSettings, OfferKind, Request, Role, Series, Why
from gomoku.net.protocol import (
    MAX_WATCHERS,
    Answer,
    Chat,
    Move,
    Offer,
    Over,
    Resign,
    Start,
    Step,
    StepRecord,
    decode,
    encode,
)
from gomoku.net.snapshot import LinkState
from gomoku.openings import OpeningRule
from gomoku.point import Point
from gomoku.rules import Stone
from tests.net.wire import CODE, WATCH_CODE, Wire

#: Pings and silence far apart, so a clocked game's pauses time nothing out but the clock.
QUIET = Limits(ping_interval=10_000, peer_timeout=20_000)


def play(wire: Wire, guest, moves) -> None:
    """Play ``moves`` alternately, black first, whoever black is."""
    for point in moves:
        mover = wire.host if wire.host.board.turn is wire.host.my_stone else guest
        wire.act(mover, mover.play(point, now=wire.now))
        assert not wire.of(mover, ev.Refused), wire.of(mover, ev.Refused)


def game_state(wire: Wire, guest) -> tuple:
    """What the players have: the moves on both boards, whose turn, the offers, the link, the clock readings."""
    host_view, guest_view = wire.host.snapshot(), guest.snapshot()
    clock = host_view.table.clock
    return (
        tuple(wire.host.board.moves),
        tuple(guest.board.moves),
        host_view.table.my_turn,
        guest_view.table.my_turn,
        host_view.table.offer_in,
        host_view.table.offer_out,
        host_view.link,
        guest_view.link,
        clock.times(wire.now) if clock else None,
    )


def test_a_watcher_joining_late_catches_up_and_then_follows_every_move() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, [(7, 7), (8, 8), (7, 8)])
    wire.act(wire.host, wire.host.chat("welcome, Ann"))
    watcher = wire.watcher()
    assert tuple(watcher.board.moves) == (Point(7, 7), Point(8, 8), Point(7, 8))
    view = watcher.snapshot()
    assert view.watching and view.players == ("Hana", "Gil") and view.link is LinkState.CONNECTED
    assert [view.who(line) for line in view.chat] == ["Hana"] and view.chat[0].text == "welcome, Ann"
    assert not view.table.my_turn
    play(wire, guest, [(8, 9), (7, 9)])
    assert watcher.board.moves == wire.host.board.moves
    # the players see who watches
    assert wire.host.snapshot().watchers == ("Ann",) and guest.snapshot().watchers == ("Ann",)
    assert wire.of(wire.host, ev.WatcherJoined) == [ev.WatcherJoined("Ann")]
    assert wire.of(guest, ev.WatcherJoined) == [ev.WatcherJoined("Ann")]


def test_a_watcher_before_the_guest_waits_and_gets_the_game_when_it_starts() -> None:
    wire = Wire()
    watcher = wire.watcher()
    assert watcher.connected and watcher.snapshot().table is None
    guest = wire.join()
    assert watcher.snapshot().players == ("Hana", "Gil")
    play(wire, guest, [(7, 7), (8, 8)])
    assert watcher.board.moves == [Point(7, 7), Point(8, 8)]


def test_a_watcher_sees_a_swap2_opening_and_the_clocks_as_the_players_do() -> None:
    settings = GameSettings(black=BlackChoice.HOST, opening=OpeningRule.SWAP2, clock=parse_clock("5+3"))
    wire = Wire(settings, limits=QUIET)
    guest = wire.join()
    for session, text in ((wire.host, "place h8"), (wire.host, "place h9"), (wire.host, "place j9")):
        wire.now += 2
        wire.act(session, session.step(o.parse_move(text, 15), now=wire.now))
    watcher = wire.watcher()  # joins in the middle of the opening
    for session, text in ((guest, "place-two"), (guest, "place g7"), (guest, "place j7"), (wire.host, "swap")):
        wire.now += 3
        wire.act(session, session.step(o.parse_move(text, 15), now=wire.now))
        assert not wire.of(session, ev.Refused)
    assert watcher.board.moves == wire.host.board.moves and len(watcher.board.moves) == 5
    seen, played = watcher.snapshot().table, wire.host.snapshot().table
    assert seen.opening.history == (
        "Hana: place h8",
        "Hana: place h9",
        "Hana: place j9",
        "Gil: place two more",
        "Gil: place g7",
        "Gil: place j7",
        "Hana: swap colours",
    )
    assert len(seen.opening.history) == len(played.opening.history)
    for role in Role:
        assert seen.clock.left(role, wire.now) == pytest.approx(played.clock.left(role, wire.now))
    assert seen.clock.running is played.clock.running is Role.HOST


@pytest.mark.parametrize(
    "message, what",
    [
        (Move(ply=3, x=0, y=0), Request.MOVE),
        (Step(index=0, step=StepRecord.of(o.place((0, 0)))), Request.STEP),
        (Offer(kind=OfferKind.UNDO, at=3), Request.OFFER),
        (Offer(kind=OfferKind.DRAW, at=3), Request.OFFER),
        (Answer(kind=OfferKind.DRAW, at=3, accept=True), Request.ANSWER),
        (Resign(), Request.RESIGN),
    ],
)
def test_the_host_refuses_every_action_a_watcher_sends_and_the_game_is_unchanged(message, what) -> None:
    wire = Wire(GameSettings(black=BlackChoice.HOST, clock=parse_clock("5+3")), limits=QUIET)
    guest = wire.join()
    play(wire, guest, [(7, 7), (8, 8), (7, 8)])
    wire.act(guest, guest.offer(OfferKind.DRAW, now=wire.now))  # an offer stands: a watcher cannot answer it
    watcher = wire.watcher()
    before = game_state(wire, guest)
    out = wire.host.receive(2, encode(message), wire.now)
    (refuse,) = [decode(o.data) for o in out if isinstance(o, ev.Send)]
    assert (refuse.TYPE, refuse.what, refuse.why) == ("refuse", what, Why.WATCHING)
    wire.route(wire.host, out)
    wire.flush()
    assert game_state(wire, guest) == before
    assert wire.of(watcher, ev.Refused)[-1].reason == "you are watching: a watcher cannot play"
    assert watcher.connected  # refused, not dropped: a watcher's stray key is no attack


def test_the_watchers_own_session_refuses_to_act() -> None:
    wire = Wire()
    guest = wire.join()
    watcher = wire.watcher()
    for outputs in (watcher.play((0, 0)), watcher.offer(OfferKind.UNDO), watcher.answer(True), watcher.resign()):
        assert [type(o) for o in outputs] == [ev.Refused]
        assert outputs[0].reason == "you are watching: a watcher cannot play"
    assert wire.host.board.moves == [] and guest.board.moves == []


def test_watchers_chat_only_if_the_host_allows_it() -> None:
    wire = Wire()
    guest = wire.join()
    watcher = wire.watcher()
    (refused,) = watcher.chat("hello")
    assert refused.reason == "the host does not let watchers chat"
    # a watcher who sends it anyway is refused by the host, and nobody hears it
    out = wire.host.receive(2, encode(Chat(text="psst")), wire.now)
    assert [decode(o.data).why for o in out if isinstance(o, ev.Send)] == [Why.NO_CHAT]
    assert not wire.of(guest, ev.ChatReceived) and not wire.of(wire.host, ev.ChatReceived)

    wire.act(wire.host, wire.host.allow_watchers_chat(True))
    assert watcher.snapshot().watch_chat and guest.snapshot().watch_chat
    wire.act(watcher, watcher.chat("nice opening"))
    assert wire.of(wire.host, ev.ChatReceived) == [ev.ChatReceived("Ann", "nice opening")]
    assert wire.of(guest, ev.ChatReceived) == [ev.ChatReceived("Ann", "nice opening")]
    wire.act(guest, guest.chat("thanks"))
    wire.act(wire.host, wire.host.chat("thanks too"))
    lines = [(watcher.snapshot().who(line), line.text) for line in watcher.snapshot().chat]
    assert lines == [("Ann", "nice opening"), ("Gil", "thanks"), ("Hana", "thanks too")]
    assert [guest.snapshot().who(line) for line in guest.snapshot().chat] == ["Ann", "you", "Hana"]
    # a watcher's line is shown, never kept with the match (a reconnected guest gets the players' lines)
    assert [line.text for line in wire.host.saved.chat] == ["thanks", "thanks too"]


@pytest.mark.parametrize(
    "garbage, code",
    [
        (b"\xff\xfe\xfd\n", "protocol"),
        (b"x" * 40_000, "too-long"),
        (b'{"type":"ping","id":1}\n' * 100, "flood"),
        (encode(Over(game=1, ply=3, winner="black", ending="resign")), "protocol"),
        (encode(Start(match=b"m" * 8, game=1, rule="freestyle", size=15, black=Role.HOST, moves=())), "protocol"),
    ],
)
def test_a_watcher_sending_garbage_is_dropped_and_the_game_goes_on(garbage, code) -> None:
    wire = Wire(GameSettings(black=BlackChoice.HOST, clock=parse_clock("5+3")), limits=QUIET)
    guest = wire.join()
    play(wire, guest, [(7, 7), (8, 8)])
    watcher = wire.watcher()
    other = wire.watcher(name="Bo")
    before = game_state(wire, guest)
    out = wire.host.receive(2, garbage, wire.now)
    sent = [decode(o.data) for o in out if isinstance(o, ev.Send) and o.conn == 2]
    assert sent[-1].TYPE == "error" and sent[-1].code == code
    wire.route(wire.host, out)
    wire.flush()
    assert game_state(wire, guest) == before
    assert not watcher.connected and other.connected
    assert wire.host.watchers == ("Bo",) and guest.snapshot().watchers == ("Bo",)
    assert wire.of(wire.host, ev.WatcherLeft) == [ev.WatcherLeft("Ann")]
    play(wire, guest, [(7, 8)])
    assert other.board.moves == wire.host.board.moves


def test_a_watcher_leaving_or_vanishing_never_disturbs_the_game() -> None:
    wire = Wire(GameSettings(black=BlackChoice.HOST, clock=parse_clock("5+3")), limits=Limits(peer_timeout=8))
    guest = wire.join()
    leaving = wire.watcher()
    wire.watcher(name="Bo")
    play(wire, guest, [(7, 7), (8, 8)])
    before = game_state(wire, guest)
    wire.act(leaving, leaving.leave())
    assert wire.host.watchers == ("Bo",) and game_state(wire, guest) == before
    wire.drop(3)  # the socket gone without a word
    wire.flush()
    assert wire.host.watchers == () and guest.snapshot().watchers == ()
    assert game_state(wire, guest) == before
    assert [e.name for e in wire.of(guest, ev.WatcherLeft)] == ["Ann", "Bo"]
    # a watcher that goes silent is timed out like a player, the players' link untouched
    silent = wire.watcher(name="Cy")
    silent_conn = 4
    silent.receive = lambda conn, data, now: []  # its machine froze: it reads and answers nothing more
    for now in (2.0, 4.0, 6.0, 8.0, 9.0):
        wire.now = now
        for session in (wire.host, guest):  # the players keep talking; the watcher never answers
            wire.route(session, session.tick(now))
        wire.flush()
    assert not any(link == silent_conn for link in wire.host._watchers)
    assert wire.host.connected and guest.connected and silent.snapshot().table is not None
    play(wire, guest, [(7, 8)])
    assert guest.board.moves == wire.host.board.moves


def test_the_watchers_are_limited_and_one_too_many_is_told_why() -> None:
    wire = Wire()
    guest = wire.join()
    watchers = [wire.watcher(name=f"w{n}") for n in range(MAX_WATCHERS)]
    assert all(w.connected for w in watchers)
    late = wire.watcher(name="late")
    assert not late.connected
    (refused,) = wire.of(late, ev.JoinRefused)
    assert refused.code == "full" and refused.reason == "too many people watch this game already: try again later"
    assert len(wire.host.watchers) == MAX_WATCHERS and wire.host.connected and guest.connected


def test_a_wrong_watchers_code_is_refused_and_the_players_code_never_makes_a_watcher_play() -> None:
    wire = Wire()
    guest = wire.join()
    wrong = wire.watcher(code="AAAA-BBBB-CC")
    assert not wrong.connected and wire.of(wrong, ev.JoinRefused)[0].code == "bad-code"
    # the players' code is not the watchers': a watcher with it is refused
    players = wire.watcher(code=CODE)
    assert not players.connected and wire.of(players, ev.JoinRefused)[0].code == "bad-code"
    # and a player with the watchers' code is refused a seat
    intruder = wire.guest(code=WATCH_CODE, name="Eve")
    wire.connect(intruder)
    assert not intruder.connected and wire.of(intruder, ev.JoinRefused)[0].code == "bad-code"
    assert wire.host.opponent_name == "Gil" and guest.connected


def test_a_host_without_a_watchers_code_admits_no_watcher() -> None:
    wire = Wire(watch_code="")
    guest = wire.join()
    watcher = wire.watcher()
    assert not watcher.connected and wire.of(watcher, ev.JoinRefused)[0].code == "bad-code"
    assert guest.connected


def test_an_undo_is_caught_up_by_the_watcher() -> None:
    wire = Wire()
    guest = wire.join()
    watcher = wire.watcher()
    play(wire, guest, [(7, 7), (8, 8), (7, 8), (8, 9)])
    wire.act(guest, guest.offer(OfferKind.UNDO))
    wire.act(wire.host, wire.host.answer(True))
    assert wire.host.board.moves == [Point(7, 7), Point(8, 8), Point(7, 8)]
    assert watcher.board.moves == wire.host.board.moves
    play(wire, guest, [(0, 0)])
    assert watcher.board.moves == wire.host.board.moves


# -- the series -------------------------------------------------------------------

#: Black makes five on row 0 while white plays on row 2.
BLACK_WINS = [(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2), (3, 0), (3, 2), (4, 0)]


def rematch(wire: Wire, guest) -> None:
    wire.act(guest, guest.offer(OfferKind.REMATCH))
    wire.act(wire.host, wire.host.answer(True))


def test_series_as_data() -> None:
    series = Series().add(Role.HOST).add(Role.GUEST).add(None).add(Role.HOST)
    assert (series.host, series.guest, series.draws, series.games) == (2, 1, 1, 4)
    assert series.won(Role.GUEST) == 1
    assert series.text("Hana", "Gil") == "Hana 2 - 1 Gil, 1 draw"
    assert Series(1, 0, 0).text("Hana", "Gil") == "Hana 1 - 0 Gil"
    assert series.record() == "host 2 guest 1 draws 1"
    assert Series.of_record(series.record()) == series and Series.of_record(NO_SERIES.record()) == NO_SERIES
    for other in ("", "2-1", "host 2 guest 1", "host 2 guest x draws 1", "guest 1 host 2 draws 1"):
        assert Series.of_record(other) is None  # a record's own round, or damage: no series


def test_a_series_keeps_its_score_over_three_rematches_on_both_screens_and_the_watchers() -> None:
    wire = Wire()
    guest = wire.join()
    watcher = wire.watcher()
    winners = []
    for game in range(1, 5):
        assert wire.host.snapshot().table.game == game
        black = Role.HOST if wire.host.my_stone is Stone.BLACK else Role.GUEST
        assert black is (Role.HOST if game % 2 else Role.GUEST)  # colours alternate
        play(wire, guest, BLACK_WINS)
        winners.append(black)
        expected = Series(winners.count(Role.HOST), winners.count(Role.GUEST), 0)
        assert wire.host.series == guest.series == watcher.series == expected
        assert watcher.snapshot().score == guest.snapshot().score == expected.text("Hana", "Gil")
        if game < 4:
            rematch(wire, guest)
            assert wire.host.series == guest.series == watcher.series == expected  # carried into the next game
    assert wire.host.series == Series(2, 2, 0)
    assert wire.host.saved.series == Series(2, 1, 0)  # the save keeps the finished games before the current one


def test_a_late_watcher_and_a_reconnected_guest_get_the_series_from_the_host() -> None:
    wire = Wire()
    guest = wire.join()
    play(wire, guest, BLACK_WINS)
    rematch(wire, guest)
    late = wire.watcher()
    assert late.series == Series(1, 0, 0)
    wire.drop(1)
    again = wire.join(resume=guest.saved)
    assert again.series == Series(1, 0, 0) and again.snapshot().score == "Hana 1 - 0 Gil"


def test_a_watchers_name_and_chat_with_terminal_escapes_reach_the_players_clean() -> None:
    wire = Wire()
    guest = wire.join()
    wire.act(wire.host, wire.host.allow_watchers_chat(True))
    wire.watcher(name="A\x1b[2Jnn\u202e")  # the name as sent, escapes and a bidi override in it
    assert wire.host.watchers == ("Ann",) and guest.snapshot().watchers == ("Ann",)
    raw = encode(Chat(text="ok")).replace(b"ok", b"\\u001b]0;owned\\u0007hi\\u009b31m!")
    wire.route(wire.host, wire.host.receive(2, raw, wire.now))
    wire.flush()
    assert wire.of(wire.host, ev.ChatReceived) == [ev.ChatReceived("Ann", "hi!")]
    assert wire.of(guest, ev.ChatReceived) == [ev.ChatReceived("Ann", "hi!")]
