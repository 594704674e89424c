"""The table of game cases (``tests/game_cases.py``) run through the core :class:`~gomoku.game.Game`."""

from __future__ import annotations

import math

import pytest

from gomoku.clock import parse_clock
from gomoku.game import Game, GameError
from gomoku.openings import Seat, parse_move
from gomoku.point import parse_point
from tests.game_cases import CASES, SEATS, Act, Case, observation


def act(game: Game, row: Act) -> Game:
    """``game`` after ``row``, as a front end does it: the time brought up first, then the action."""
    seat, now = SEATS[row.seat], row.at
    game = game.tick(now)
    word, _, rest = row.what.partition(" ")
    if word == "play":
        return game.play(parse_point(rest, game.board.size), seat, now)
    if word == "undo":
        return game.undo(seat, now)
    if word == "redo":
        return game.redo(seat, now)
    if word == "pause":
        return game.pause(now)
    if word == "resume":
        return game.resume(now)
    if word == "tick":
        return game
    if word == "resign":
        return game.resign(seat, now)
    if word == "draw":
        return game.agree_draw(now)
    return game.step(parse_move(row.what, game.board.size), seat, now)


def observed(game: Game, row: Act, refusal: str) -> dict[str, object]:
    """What the row checks, read from ``game``: only the fields the row gives."""
    times = tuple(game.time_left(seat, row.at) for seat in Seat)
    return observation(row, game, refusal, len(game.board.moves), game.result, times)


def expected(row: Act) -> dict[str, object]:
    wanted = {name: getattr(row, name) for name in ("refused", "acting", "black", "stones", "result", "times")}
    return {name: value for name, value in wanted.items() if value is not None}


def play_case(case: Case) -> list[tuple[Act, dict[str, object], dict[str, object]]]:
    """Every row of ``case`` played; for each, what it expects and what was seen."""
    game = Game.new(case.rule, case.size, case.opening, parse_clock(case.clock), case.undo)
    seen = []
    for row in case.acts:
        before = game.tick(row.at)
        try:
            game, refusal = act(game, row), ""
        except GameError as error:
            game, refusal = before, error.kind.name
            assert str(error), "a refusal says what to do"
        seen.append((row, expected(row), observed(game, row, refusal)))
    return seen


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_the_core_game_plays_each_case_as_the_table_says(case: Case) -> None:
    for row, wanted, seen in play_case(case):
        if "times" in seen:
            seen["times"] = tuple(round(t, 6) if math.isfinite(t) else t for t in seen["times"])  # type: ignore[union-attr]
        assert seen == wanted, f"{row.seat}: {row.what} at {row.at}"
