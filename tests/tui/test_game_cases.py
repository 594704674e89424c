"""The table of game cases (``tests/game_cases.py``) run through the local screen's update path.

Each row becomes what a player does at the keyboard: a tick with the time,
then a click on the point or the step's key (``x`` swap, ``c`` keep, ``2``
place two more, a digit to declare, ``u``, ``r``, ``p``).  Against the
computer (a case whose undo goes back to the asking seat) the computer's
rows are its answers (:class:`~gomoku.tui.events.AiDone`).  What one shared
screen cannot express is skipped: a seat acting out of turn, resigning, a
draw agreed (the rest of such a case is left out), the computer asking to undo.  The screen does not name a
refusal's kind; a refusal is an alert that leaves the core game as it was.
"""

from __future__ import annotations

import math

import pytest

from gomoku.clock import parse_clock
from gomoku.game import UndoPolicy
from gomoku.openings import Option, Seat, parse_move
from gomoku.point import parse_point
from gomoku.tui.events import AiDone, Event, Key, Tick
from gomoku.tui.model import State
from gomoku.tui.screens.game import OPENING_KEYS
from tests.game_cases import CASES, SEATS, Act, Case, observation
from tests.tui.helpers import NOON, at, click, game_of, send, start

#: What the local screen cannot express (one screen, no resign or draw keys).
SKIPPED_REFUSALS = frozenset({"NOT_YOUR_TURN"})
SKIPPED_WORDS = frozenset({"resign", "draw"})


def playable(row: Act, computer: frozenset[Seat]) -> bool:
    """Whether the local screen can do ``row``."""
    word = row.what.split()[0]
    if row.refused in SKIPPED_REFUSALS or word in SKIPPED_WORDS:
        return False
    return not (SEATS[row.seat] in computer and word in ("undo", "redo", "pause", "resume"))


def events(state: State, row: Act, computer: frozenset[Seat]) -> list[Event]:
    """The events that do ``row`` on the screen: the tick, then the key, the click or the computer's answer."""
    word, _, rest = row.what.partition(" ")
    tick: list[Event] = [Tick(NOON, 0, row.at)]
    if word == "tick":
        return tick
    if SEATS[row.seat] in computer:
        job = state.ai
        assert job is not None, f"the computer is asked for {row.what}"
        game = game_of(state).game
        if word == "play" and not game.opening.done:
            move = game.opening.point_move(parse_point(rest, game.board.size))
            return [*tick, AiDone(job.job, move.point, opening_move=move, thought=0.0)]
        if word == "play":
            return [*tick, AiDone(job.job, parse_point(rest, game.board.size), thought=0.0)]
        return [*tick, AiDone(job.job, None, opening_move=parse_move(row.what, game.board.size), thought=0.0)]
    if word == "play":
        return [*tick, click(state, at(state, rest))]
    keys = {"undo": "u", "redo": "r", "pause": "p", "resume": "p", "declare": rest}
    if word in keys:
        return [*tick, Key(keys[word])]
    option = Option(row.what)
    return [*tick, Key(OPENING_KEYS[option].keys[0])]


def observed(state: State, before: State, row: Act) -> dict[str, object]:
    game = game_of(state).game
    ticked = game_of(send(before, Tick(NOON, 0, row.at))).game
    unchanged = game.action_count == ticked.action_count and game.board.moves == ticked.board.moves
    times = tuple(round(t, 6) if math.isfinite(t) else t for t in (game.time_left(s, row.at) for s in Seat))
    return observation(row, game, state.alert and unchanged, len(game.board.moves), game.result, times)


def expected(row: Act) -> dict[str, object]:
    wanted: dict[str, object] = {name: getattr(row, name) for name in ("acting", "black", "stones", "result", "times")}
    wanted["refused"] = bool(row.refused)
    return {name: value for name, value in wanted.items() if value is not None}


def begin(case: Case) -> tuple[State, frozenset[Seat]]:
    """The local game of ``case``: two players, or against the computer holding the second seat."""
    mode = "pvc" if case.undo is UndoPolicy.TO_SEAT else "pvp"
    state = start(
        mode, case.rule.value, case.size, "human", opening=case.opening, clock=parse_clock(case.clock), level="easy"
    )
    return state, frozenset({Seat.SECOND}) if mode == "pvc" else frozenset()


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_local_screen_plays_each_case_as_the_core_does(case: Case) -> None:
    state, computer = begin(case)
    for row in case.acts:
        if not playable(row, computer):
            if row.refused:
                continue  # a refusal changes nothing: the rows after it still hold
            break  # the rows after a resignation or a draw agreed are about a game this screen cannot reach
        before = state
        state = send(state, *events(state, row, computer))
        assert observed(state, before, row) == expected(row), f"{row.seat}: {row.what} at {row.at}: {state.message}"
