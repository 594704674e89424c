"""Opening rules and clocks over the network, as data: the host's session referees every step and keeps the time."""

from __future__ import annotations

import json

import pytest

from gomoku import openings as o
from gomoku.clock import parse_clock
from gomoku.game import Refusal
from gomoku.net import events as ev
from gomoku.net.limits import Limits
from gomoku.net.match import BlackChoice, GameSettings, OfferKind, Request, Role
from gomoku.net.protocol import Move, Step, StepRecord, encode
from gomoku.openings import OpeningRule, Option
from gomoku.point import Point, parse_point
from gomoku.rules import Rule, Stone, Termination
from tests.net.wire import Wire

#: Pings and silence far apart, so the clock tests' long pauses time nothing out but the clock.
QUIET = Limits(ping_interval=10_000, peer_timeout=20_000)


def timed(clock: str, black: BlackChoice = BlackChoice.HOST, **settings) -> Wire:
    """A game with ``clock``, the heartbeat out of the way."""
    return Wire(GameSettings(black=black, clock=parse_clock(clock), **settings), limits=QUIET)


def swap2(clock: str = "none", size: int = 15) -> Wire:
    """A Swap2 game where the host is the first player."""
    return Wire(GameSettings(size=size, black=BlackChoice.HOST, opening=OpeningRule.SWAP2, clock=parse_clock(clock)))


def step(wire: Wire, session, text: str) -> list[ev.Refused]:
    """Take the opening step written ``text`` for ``session``; the refusals it got."""
    wire.take(session)
    wire.act(session, session.step(o.parse_move(text, 15), now=wire.now))
    return wire.of(session, ev.Refused)


def hostile(wire: Wire, conn: int, *lines: bytes) -> list[dict]:
    """Send the host raw lines as if from the guest on ``conn``; the refusals the host sent back."""
    before = len(wire.sent[wire.host])
    for line in lines:
        wire.route(wire.host, wire.host.receive(conn, line, wire.now))
    answers = [json.loads(data) for data in wire.sent[wire.host][before:]]
    wire.flush()
    return [answer for answer in answers if answer["type"] == "refuse"]


def raw_step(index: int, text: str) -> bytes:
    return encode(Step(index=index, step=StepRecord.of(o.parse_move(text, 15))))


# -- the opening -------------------------------------------------------------------


def test_a_swap2_opening_is_played_step_by_step_and_both_sides_see_each_step() -> None:
    wire = swap2()
    guest = wire.join()
    for text in ("place h8", "place h9", "place j9"):
        assert step(wire, wire.host, text) == []
    view = guest.snapshot().table.opening
    assert view.mine and view.step.action is o.Action.CHOOSE and view.swap_owner is Role.GUEST
    assert step(wire, guest, "place-two") == []
    assert step(wire, guest, "place g7") == [] and step(wire, guest, "place j7") == []
    host_view = wire.host.snapshot().table.opening
    assert host_view.mine and host_view.step.options == (Option.SWAP, Option.STAY)
    assert step(wire, wire.host, "swap") == []
    # the opening is over: the host, first player, swapped to white; the guest plays black, white moves (6th stone)
    assert wire.host.my_stone is Stone.WHITE and guest.my_stone is Stone.BLACK
    assert guest.board.moves == wire.host.board.moves and len(guest.board.moves) == 5
    assert guest.snapshot().table.opening.step is None
    assert guest.snapshot().table.opening.history[-1] == "Hana: swap colours"
    assert wire.host.snapshot().table.my_turn and not guest.snapshot().table.my_turn
    wire.act(wire.host, wire.host.play((0, 0)))
    assert guest.board.moves[-1] == Point(0, 0)
    assert [e.move.text(15) for e in wire.of(guest, ev.StepTaken)][-1] == "swap"


def test_the_guest_cannot_take_a_step_of_the_host_and_is_told_why() -> None:
    wire = swap2()
    guest = wire.join()
    (refused,) = step(wire, guest, "place h8")
    assert refused.what is Request.STEP and "it is Hana's step in the opening" in refused.reason
    assert wire.host.board.moves == [] and guest.board.moves == []
    # a point played during the opening is the step it means (the core's game reads it so): not the guest's
    wire.take(guest)
    wire.act(guest, guest.play((7, 7)))
    (refused_move,) = wire.of(guest, ev.Refused)
    assert refused_move.what is Request.STEP and refused_move.refusal is Refusal.NOT_YOUR_TURN


def test_the_host_cannot_take_a_step_of_the_guest() -> None:
    wire = swap2()
    wire.join()
    for text in ("place h8", "place h9", "place j9"):
        step(wire, wire.host, text)
    (refused,) = step(wire, wire.host, "swap")
    assert "it is Gil's step in the opening" in refused.reason
    assert wire.host.snapshot().table.opening.step.stage == "colour"


def test_a_hostile_guest_can_neither_take_the_hosts_step_nor_skip_one() -> None:
    wire = swap2()
    guest = wire.guest()
    conn = wire.connect(guest)
    # the host's step, sent by the guest on the wire
    (refusal,) = hostile(wire, conn, raw_step(0, "place h8"))
    assert refusal["what"] == "step" and refusal["why"] == "not-your-turn"
    for text in ("place h8", "place h9", "place j9"):
        step(wire, wire.host, text)
    # skipping ahead: a step numbered past the opening's next
    (refusal,) = hostile(wire, conn, raw_step(4, "place g7"))
    assert refusal["why"] == "moved-on"
    # skipping the choice: placing the 4th stone without choosing place-two (stay does not lead there)
    (refusal,) = hostile(wire, conn, raw_step(3, "place g7"))
    assert refusal["why"] == "opening-rule"
    # a move instead of a step
    (refusal,) = hostile(wire, conn, encode(Move(ply=3, x=0, y=0)))
    assert refusal["what"] == "move" and refusal["why"] == "opening"
    # a step that cannot be written (a place without a point) ends the connection, the game is kept
    hostile(wire, conn, b'{"type":"step","index":3,"step":{"action":"place","point":null,"option":null,"number":0}}\n')
    assert not wire.host.connected and len(wire.host.board.moves) == 3
    assert wire.host.snapshot().table.opening.step.stage == "colour"


def test_the_host_echo_of_a_guest_step_the_guest_did_not_ask_for_is_a_desync() -> None:
    wire = swap2()
    guest = wire.guest()
    conn = wire.connect(guest)
    for text in ("place h8", "place h9", "place j9"):
        step(wire, wire.host, text)
    outputs = guest.receive(conn, raw_step(3, "swap"), wire.now)
    assert any(isinstance(out, ev.ConnectionLost) and "did not ask" in out.reason for out in outputs)


def test_soosorv8_offers_are_refused_when_symmetrical_and_the_pick_is_whites() -> None:
    wire = Wire(GameSettings(rule=Rule.RENJU, black=BlackChoice.GUEST, opening=OpeningRule.SOOSORV8))
    guest = wire.join()
    # the guest is the first player: a direct opening (h8, h9, h10 is symmetrical about the h file)
    for text in ("place h8", "place h7", "place h6"):
        assert step(wire, guest, text) == []
    assert step(wire, wire.host, "stay") == []
    assert step(wire, wire.host, "place h12") == []  # the position stays symmetrical about the h file
    assert step(wire, wire.host, "declare 2") == []
    assert wire.host.snapshot().table.opening.history[-1] == "you: declare 2"
    assert step(wire, guest, "stay") == []
    assert step(wire, guest, "offer j9") == []
    (refused,) = step(wire, guest, "offer f9")  # f9 mirrors j9 about the h file
    assert "symmetrical" in refused.reason and "j9" in refused.reason
    assert step(wire, guest, "offer j10") == []
    assert guest.snapshot().table.opening.offers == (parse_point("j9", 15), parse_point("j10", 15))
    (refused,) = step(wire, wire.host, "pick k11")
    assert "was not offered" in refused.reason
    assert step(wire, wire.host, "pick j10") == []
    assert guest.snapshot().table.opening.step is None
    assert guest.board.moves == wire.host.board.moves and len(guest.board.moves) == 5
    assert wire.host.snapshot().table.my_turn  # white (the host) plays the 6th


def test_the_snapshot_marks_the_area_and_names_the_tentative_colours() -> None:
    wire = Wire(GameSettings(rule=Rule.RENJU, black=BlackChoice.HOST, opening=OpeningRule.TARAGUCHI10))
    guest = wire.join()
    step(wire, wire.host, "place h8")
    table = guest.snapshot().table
    view = table.opening
    assert view.mine and view.step.stage == "swap 1" and table.my_stone is Stone.WHITE
    assert step(wire, guest, "swap") == []
    table = guest.snapshot().table
    view = table.opening
    # the guest now holds black; white (the host) places the 2nd stone inside the central 3x3 square
    assert table.my_stone is Stone.BLACK and not view.mine and len(view.area) == 9
    (refused,) = step(wire, wire.host, "place a1")
    assert "outside the central 3x3 square" in refused.reason


# -- the clock -----------------------------------------------------------------------


def test_each_move_is_charged_by_the_hosts_clock_with_its_increment_and_the_guest_follows() -> None:
    wire = timed("1+2")
    guest = wire.join(limits=QUIET)
    assert wire.host.next_deadline() > 1000  # no clock runs before the first move: no flag can fall
    wire.now = 10.0
    wire.act(wire.host, wire.host.play((7, 7), now=10.0))
    clock = guest.snapshot().table.clock
    assert clock.left(Role.HOST, 10.0) == pytest.approx(60.0)  # the first move starts the clock, untimed
    assert clock.running is Role.GUEST and clock.left(Role.GUEST, 25.0) == pytest.approx(45.0)
    wire.now = 40.0
    wire.act(guest, guest.play((8, 8), now=40.0))
    host_clock = wire.host.snapshot().table.clock
    assert host_clock.left(Role.GUEST, 40.0) == pytest.approx(32.0)  # 60 - 30 + 2
    assert guest.snapshot().table.clock.left(Role.GUEST, 40.0) == pytest.approx(32.0)
    wire.now = 50.0
    wire.act(wire.host, wire.host.play((9, 9), now=50.0))
    assert guest.snapshot().table.clock.left(Role.HOST, 50.0) == pytest.approx(52.0)  # 60 - 10 + 2


def test_a_flag_fall_ends_the_game_on_time_for_both() -> None:
    wire = timed("1+0")
    guest = wire.join(limits=QUIET)
    wire.now = 1.0
    wire.act(wire.host, wire.host.play((7, 7), now=1.0))
    assert wire.host.next_deadline() == pytest.approx(61.0)
    wire.tick(60.5)
    assert wire.host.result is None
    wire.tick(61.0)
    (over,) = wire.of(guest, ev.GameOver)
    assert over.result.termination is Termination.TIME and over.result.winner is Stone.BLACK
    assert wire.host.result == over.result
    # a move that arrives after the fall is refused
    wire.take(guest)
    wire.act(guest, guest.play((8, 8)))
    assert wire.of(guest, ev.Refused)


def test_a_late_move_loses_on_time_rather_than_being_played() -> None:
    wire = timed("1+0", BlackChoice.GUEST)
    guest = wire.join(limits=QUIET)
    wire.act(guest, guest.play((7, 7), now=1.0))
    wire.act(wire.host, wire.host.play((8, 8), now=2.0))
    wire.now = 70.0  # no tick came: the move arrives after the guest's time ran out
    wire.act(guest, guest.play((9, 9), now=70.0))
    assert wire.host.result is not None and wire.host.result.termination is Termination.TIME
    assert wire.host.board.moves == guest.board.moves == [Point(7, 7), Point(8, 8)]
    assert guest.result == wire.host.result


def test_a_dropped_connection_stops_both_clocks_until_the_game_resumes() -> None:
    wire = timed("1+0")
    guest = wire.guest(limits=QUIET)
    conn = wire.connect(guest)
    wire.now = 5.0
    wire.act(wire.host, wire.host.play((7, 7), now=5.0))
    wire.now = 15.0
    wire.drop(conn)
    assert wire.host.snapshot().table.clock.running is None
    assert guest.snapshot().table.clock.running is None
    wire.tick(500.0)  # far past the guest's minute: no flag falls while it is away
    assert wire.host.result is None
    assert wire.host.snapshot().table.clock.left(Role.GUEST, 500.0) == pytest.approx(50.0)
    wire.connect(guest)
    assert wire.host.snapshot().table.clock.running is Role.GUEST
    assert guest.snapshot().table.clock.left(Role.GUEST, 500.0) == pytest.approx(50.0)
    assert guest.snapshot().table.clock.left(Role.GUEST, 510.0) == pytest.approx(40.0)


def test_a_restarted_host_resumes_the_clocks_as_saved() -> None:
    wire = timed("2+1", opening=OpeningRule.SWAP1)
    guest = wire.join(limits=QUIET)
    wire.now = 30.0
    step(wire, wire.host, "place h8")  # the clock starts with it
    wire.now = 50.0
    step(wire, wire.host, "place h9")  # 20 s: 120 - 20 + 1
    wire.tick(60.0)
    saved = wire.host.saved
    assert saved.steps == ("place h8", "place h9") and saved.times is not None
    assert saved.times.host == pytest.approx(101.0) and saved.times.used == pytest.approx(10.0)
    # the host restarts: a new session from the record; the guest joins again with its save
    restarted = Wire(GameSettings(black=BlackChoice.HOST), record=saved, limits=QUIET)
    restarted.now = 1000.0
    back = restarted.guest(resume=guest.saved, limits=QUIET)
    restarted.connect(back)
    table = back.snapshot().table
    assert table.opening.step.stage == "3" and len(back.board.moves) == 2
    assert table.clock.left(Role.HOST, 1000.0) == pytest.approx(91.0)  # the step under way keeps its 10 s
    assert table.clock.running is Role.HOST
    assert restarted.host.snapshot().table.clock.left(Role.HOST, 1010.0) == pytest.approx(81.0)


@pytest.mark.parametrize(
    "clock, used, left, flag",
    [
        ("0.5+2x10", 37.0, 3.0, 13.0),  # 30 s main time, then two periods of 10 s: 7 s into the first period
        ("30s", 21.0, 9.0, 9.0),  # 30 s a move
    ],
)
def test_a_period_under_way_goes_on_after_a_drop_and_after_a_restart(
    clock: str, used: float, left: float, flag: float
) -> None:
    wire = timed(clock)
    guest = wire.guest(limits=QUIET)
    conn = wire.connect(guest)
    wire.act(wire.host, wire.host.play((7, 7), now=0.0))  # the guest's time runs from here
    wire.now = used
    wire.drop(conn)
    wire.tick(500.0)
    wire.connect(guest)
    assert guest.snapshot().table.clock.left(Role.GUEST, 500.0) == pytest.approx(left)
    assert wire.host.next_deadline() == pytest.approx(500.0 + flag)
    # and after a restart of the host, from its save
    saved = wire.host.saved
    restarted = Wire(GameSettings(black=BlackChoice.HOST), record=saved, limits=QUIET)
    restarted.now = 2000.0
    back = restarted.guest(resume=guest.saved, limits=QUIET)
    restarted.connect(back)
    assert back.snapshot().table.clock.left(Role.GUEST, 2000.0) == pytest.approx(left)
    restarted.tick(2000.0 + flag - 0.5)
    assert restarted.host.result is None
    restarted.tick(2000.0 + flag)
    assert restarted.host.result is not None and restarted.host.result.termination is Termination.TIME


def test_an_undo_puts_the_clocks_back_and_may_reach_into_the_opening() -> None:
    wire = timed("1+0")
    guest = wire.join(limits=QUIET)
    wire.now = 10.0
    wire.act(wire.host, wire.host.play((7, 7), now=10.0))
    wire.now = 30.0
    wire.act(guest, guest.play((8, 8), now=30.0))
    wire.now = 32.0
    wire.act(guest, guest.offer(OfferKind.UNDO, now=31.0))
    wire.act(wire.host, wire.host.answer(True, now=32.0))
    clock = guest.snapshot().table.clock
    assert clock.left(Role.GUEST, 32.0) == pytest.approx(60.0) and clock.running is Role.GUEST
    # under an opening rule, an undo takes back opening steps as the core's game does, on both sides
    opening = swap2()
    opening_guest = opening.join()
    for text in ("place h8", "place h9", "place j9"):
        step(opening, opening.host, text)
    assert step(opening, opening_guest, "place-two") == []
    opening.act(opening.host, opening.host.offer(OfferKind.UNDO))  # the host's last action is the 3rd stone
    opening.act(opening_guest, opening_guest.answer(True))
    assert opening.host.board.moves == opening_guest.board.moves == [parse_point("h8", 15), parse_point("h9", 15)]
    assert [e.undone for e in opening.of(opening_guest, ev.MovesTakenBack)] == [("place j9", "place two more")]
    assert opening_guest.snapshot().table.opening.step.stage == "3"


def test_under_byo_yomi_the_flag_falls_after_the_last_period_and_not_before() -> None:
    wire = timed("0.5+2x10")  # 30 s, then 2 periods of 10 s
    guest = wire.join(limits=QUIET)
    wire.act(wire.host, wire.host.play((7, 7), now=0.0))  # the guest's time runs from here
    assert wire.host.next_deadline() == pytest.approx(50.0)  # the guest's flag: 30 + 2 x 10
    wire.tick(35.0)  # into the first period: no flag, and the next deadline is still the flag's
    assert wire.host.result is None and wire.host.next_deadline() == pytest.approx(50.0)
    assert guest.snapshot().table.clock.periods(Role.GUEST, 35.0) == 2
    assert guest.snapshot().table.clock.left(Role.GUEST, 45.0) == pytest.approx(5.0)  # the second period
    wire.tick(50.0)
    assert wire.host.result is not None and wire.host.result.termination is Termination.TIME


def test_a_point_chosen_at_soosorv8s_last_swap_is_the_first_offer() -> None:
    wire = Wire(GameSettings(rule=Rule.RENJU, black=BlackChoice.HOST, opening=OpeningRule.SOOSORV8))
    guest = wire.join()
    for text in ("place h8", "place h7", "place h6"):
        step(wire, wire.host, text)
    for text in ("stay", "place h12", "declare 1"):
        assert step(wire, guest, text) == []
    assert step(wire, wire.host, "place j9") == []  # the screen sends every point as a stone: it is an offer here
    assert wire.host.snapshot().table.opening.step.action is o.Action.PICK
    assert guest.snapshot().table.opening.offers == (parse_point("j9", 15),)


def test_a_point_kept_at_a_swap_step_is_one_step_across_a_resume_and_a_restart() -> None:
    """Soosõrv-8's c13 at the swap step is "keep the colours, offer c13": one action on both sides, after a
    reconnection (``start`` lists it as one step) and after a host restart (its save does too)."""
    wire = Wire(GameSettings(rule=Rule.RENJU, black=BlackChoice.GUEST, opening=OpeningRule.SOOSORV8), limits=QUIET)
    guest = wire.guest(limits=QUIET)
    conn = wire.connect(guest)
    for session, text in [(guest, "place h8"), (guest, "place h9"), (guest, "place j10"), (wire.host, "stay")]:
        assert step(wire, session, text) == []
    for text in ("place d4", "declare 2"):
        assert step(wire, wire.host, text) == []
    wire.act(guest, guest.play(parse_point("c13", 15)))  # the guest, black, keeps the colours and offers c13
    assert wire.host.saved.steps[-2:] == ("declare 2", "offer c13")
    actions = wire.host._table.game.action_count
    wire.drop(conn)
    conn = wire.connect(guest)
    assert guest._table.game.action_count == actions == wire.host._table.game.action_count
    wire.act(guest, guest.offer(OfferKind.UNDO))  # the offer names the position by its actions: it fits
    wire.act(wire.host, wire.host.answer(True))
    assert [e.undone for e in wire.of(guest, ev.MovesTakenBack)] == [("keep colours, offer c13",)]
    assert guest.snapshot().table.opening.offers == () == wire.host.snapshot().table.opening.offers
    wire.act(guest, guest.play(parse_point("c13", 15)))
    restarted = Wire(GameSettings(), record=wire.host.saved, limits=QUIET)
    back = restarted.guest(resume=guest.saved, limits=QUIET)
    restarted.connect(back)
    assert restarted.host._table.game.actions() == wire.host._table.game.actions() == back._table.game.actions()
