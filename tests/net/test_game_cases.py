"""The table of game cases (``tests/game_cases.py``) played over the network session, host and guest as data.

Each case is played twice, the host in the first seat and then in the second,
over the in-memory wire (bytes in, events out, the time passed in): each row
is what that seat's player does on its own screen, and what must hold is
checked on both sides (the host's game, the referee, and the guest's own
game and the clocks it shows).  Over the network:

- an undo is asked for and agreed: the seat that asks is the row's under the
  case's "back to the asking seat" policy (the network's own), and under
  "one action" it is the seat that took the last action (so the same one
  action goes); a refused undo is the asker's offer refused;
- a draw is offered by the row's seat and accepted by the other;
- there is no pause and no redo, and no undo once a game is over (a finished
  game is left for a rematch): a refused row of these is skipped (a refusal
  changes nothing), and a taken one ends the case there
  (:data:`CUT`, checked below, says where and why).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pytest

from gomoku.clock import parse_clock
from gomoku.game import Game, UndoPolicy
from gomoku.net import events as ev
from gomoku.net.match import BlackChoice, GameSettings, OfferKind, Role
from gomoku.net.session import Session
from gomoku.openings import Seat, parse_move
from gomoku.point import parse_point
from tests.game_cases import CASES, SEATS, Act, Case, observation
from tests.net.test_fair import QUIET
from tests.net.wire import Wire

#: Where a case leaves the network behind, and why: its first row the network cannot take.
CUT = {
    "fischer: the first move starts the clock, each move charges and adds the increment": (
        "pause",
        "no pause over the network (the game stops only while the guest is away)",
    ),
    "no clock: undo and redo, a draw agreed": ("redo", "no redo over the network: the moves are played again"),
    "a five ends the game and stops the clock; undo starts it again": (
        "undo",
        "no undo after the end over the network: a finished game is left for a rematch",
    ),
}


@dataclass
class Played:
    """A case over the network: each row's expectation and what the host and the guest showed, and where it stopped."""

    rows: list[tuple[Act, dict[str, object], dict[str, object], dict[str, object]]] = field(default_factory=list)
    cut: tuple[str, str] | None = None


def game_of(session: Session) -> Game:
    """The game a session holds (the host's is the referee's; the guest's follows it)."""
    table = session._table
    assert table is not None
    return table.game


def inexpressible(row: Act, referee: Game) -> str | None:
    """Why the network cannot do ``row`` (``None``: it can)."""
    word = row.what.split()[0]
    if word in ("pause", "resume"):
        return "no pause over the network (the game stops only while the guest is away)"
    if word == "redo":
        return "no redo over the network: the moves are played again"
    if word == "undo" and referee.over:
        return "no undo after the end over the network: a finished game is left for a rematch"
    return None


def act(wire: Wire, sessions: dict[Seat, Session], case: Case, row: Act) -> Session:
    """Do ``row`` over the wire at its moment; the session whose refusal answers it."""
    seat, now = SEATS[row.seat], row.at
    wire.tick(now)  # the time brought up first, as a front end does
    session, other = sessions[seat], sessions[seat.other]
    word, _, rest = row.what.partition(" ")
    if word == "tick":
        return session
    if word == "play":
        wire.act(session, session.play(parse_point(rest, case.size), now=now))
    elif word == "resign":
        wire.act(session, session.resign(now=now))
    elif word in ("undo", "draw"):
        if word == "undo" and case.undo is UndoPolicy.ONE:
            seats = game_of(wire.host).action_seats()
            session, other = (sessions[seats[-1]], sessions[seats[-1].other]) if seats else (session, other)
        wire.act(session, session.offer(OfferKind.UNDO if word == "undo" else OfferKind.DRAW, now=now))
        if wire.of(session, ev.OfferSent):
            wire.act(other, other.answer(True, now=now))
    else:
        wire.act(session, session.step(parse_move(row.what, case.size), now=now))
    return session


def seen(session: Session, row: Act, refusal: str) -> dict[str, object]:
    """What the row checks, as ``session`` shows it: its game, and its snapshot's board, result and clocks."""
    game = game_of(session)
    table = session.snapshot().table
    assert table is not None
    assert table.board.moves == game.board.moves
    first = Role.HOST if session.role is Role.HOST else Role.GUEST
    if game.colour_of(Seat.FIRST) is not table.my_stone:
        first = first.other
    times: tuple[float, ...] = (math.inf, math.inf)
    if table.clock is not None:
        roles = {Seat.FIRST: first, Seat.SECOND: first.other}
        times = tuple(round(table.clock.left(roles[s], row.at), 6) for s in Seat)
    return observation(row, game, refusal, len(table.board.moves), table.result, times)


def expected(row: Act) -> dict[str, object]:
    wanted = {name: getattr(row, name) for name in ("refused", "acting", "black", "stones", "result", "times")}
    return {name: value for name, value in wanted.items() if value is not None}


def play_case(case: Case, host_seat: Seat) -> Played:
    """Every row of ``case`` over the network, the host in ``host_seat``, till a row it cannot express."""
    first = BlackChoice.HOST if host_seat is Seat.FIRST else BlackChoice.GUEST
    settings = GameSettings(case.rule, case.size, first, case.opening, parse_clock(case.clock))
    wire = Wire(settings, limits=QUIET)
    guest = wire.join(limits=QUIET)
    sessions: dict[Seat, Session] = {host_seat: wire.host, host_seat.other: guest}
    played = Played()
    for row in case.acts:
        reason = inexpressible(row, game_of(wire.host))
        if reason is not None:
            if row.refused:
                continue  # a refusal changes nothing: the rows after it still hold
            played.cut = (row.what.split()[0], reason)
            break
        for session in sessions.values():
            wire.take(session)
        answering = act(wire, sessions, case, row)
        refusals = wire.of(answering, ev.Refused)
        refusal = refusals[-1].refusal.name if refusals and refusals[-1].refusal is not None else ""
        if refusals and refusals[-1].refusal is None:
            refusal = f"the network's own: {refusals[-1].reason}"
        played.rows.append((row, expected(row), seen(wire.host, row, refusal), seen(guest, row, refusal)))
    return played


@pytest.mark.parametrize("host_seat", list(Seat), ids=["host first", "host second"])
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_network_plays_each_case_as_the_core_does_on_both_sides(case: Case, host_seat: Seat) -> None:
    played = play_case(case, host_seat)
    assert played.rows, "no row of the case could be played"
    for row, wanted, host, guest in played.rows:
        assert host == wanted, f"host: {row.seat}: {row.what} at {row.at}"
        assert guest == wanted, f"guest: {row.seat}: {row.what} at {row.at}"
    assert played.cut == CUT.get(case.name)


def test_the_soosorv8_point_at_the_swap_step_is_one_of_the_cases_and_plays_through() -> None:
    (case,) = [case for case in CASES if case.name.startswith("soosõrv-8")]
    assert any(row.what == "play c13" for row in case.acts)
    for seat in Seat:
        played = play_case(case, seat)
        assert played.cut is None and len(played.rows) == len(case.acts)
