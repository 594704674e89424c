"""A match between two players through the core Game: moves by seat, forfeits and flag falls judged by the core."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from gomoku import Board, Game, Point, Rule, Stone
from gomoku.ai import arena, make_player
from gomoku.ai.base import PlayerError
from gomoku.ai.result import SearchResult
from gomoku.clock import parse_clock
from gomoku.game import Refusal
from gomoku.gomocup.manager import EngineCrash, EngineIllegalMoveError, EnginePlayer
from gomoku.openings import OpeningRule, Seat
from gomoku.point import parse_point
from gomoku.rules import Termination

FAKE = Path(__file__).parent / "engines" / "fake_engine.py"


def p(text: str) -> Point:
    return parse_point(text, 15)


class Scripted:
    """A player that plays the given points in turn, each taking ``seconds`` of a fake clock, asked what budget."""

    name = "scripted"

    def __init__(self, points: list[str], clock: FakeClock | None = None, seconds: float = 0.0) -> None:
        self.points = iter(points)
        self.clock, self.seconds = clock, seconds
        self.budgets: list[float | None] = []

    def choose_move(
        self, board: Board, stop: threading.Event | None = None, think_time: float | None = None
    ) -> SearchResult:
        self.budgets.append(think_time)
        if self.clock is not None:
            self.clock.now += self.seconds
        return SearchResult(p(next(self.points)))


class Failing:
    """A player that gives no move: it fails as an outside engine does."""

    name = "failing"

    def choose_move(
        self, board: Board, stop: threading.Event | None = None, think_time: float | None = None
    ) -> SearchResult:
        raise PlayerError("it lost its way")


class FakeClock:
    """Seconds that pass only when a player thinks."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def opened(*moves: str) -> Game:
    return Game.resumed(Board.from_moves([p(move) for move in moves]))


def test_the_seats_play_in_turn_and_the_five_is_the_cores_result() -> None:
    turns: list[arena.Turn] = []
    first, second = Scripted(["h8", "i8", "j8", "k8", "l8"]), Scripted(["h9", "i9", "j9", "k9"])
    played = arena.play(Game.new(), {Seat.FIRST: first, Seat.SECOND: second}, on_turn=turns.append)
    assert played.forfeit is None
    assert played.game.result is not None and played.game.result.termination is Termination.FIVE
    assert played.game.result.winner is Stone.BLACK
    assert [turn.seat for turn in turns] == [Seat.FIRST, Seat.SECOND] * 4 + [Seat.FIRST]
    assert first.budgets == [None] * 5  # no clock: each player thinks its own time


def test_a_player_that_plays_a_taken_point_loses_by_the_cores_forfeit() -> None:
    played = arena.play(opened("h8", "h9", "j9"), {Seat.FIRST: Scripted([]), Seat.SECOND: Scripted(["h8"])})
    assert played.game.result is not None
    assert (played.game.result.termination, played.game.result.winner) == (Termination.FORFEIT, Stone.BLACK)
    assert played.forfeit is not None and played.forfeit.seat is Seat.SECOND
    assert played.forfeit.refusal is Refusal.ILLEGAL_MOVE and played.forfeit.move_number == 4
    assert str(played.game.result) == "black wins by forfeit"


def test_a_player_that_gives_no_move_loses_by_forfeit() -> None:
    played = arena.play(opened("h8"), {Seat.FIRST: Scripted([]), Seat.SECOND: Failing()})
    assert played.game.result is not None and played.game.result.termination is Termination.FORFEIT
    assert played.forfeit is not None and played.forfeit.refusal is None
    assert isinstance(played.forfeit.error, PlayerError)


def test_a_forbidden_point_forfeits_black_under_renju() -> None:
    # black's point joins two open threes (a double three): the board refuses it, and the core forfeits black
    board = Board.from_diagram(
        "\n".join(
            [
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "......XX.......",
                "........X......",
                "........X......",
                "...............",
                "..............O",
                ".............O.",
                "............O..",
                "...........O...",
            ]
        ),
        Rule.RENJU,
        turn=Stone.BLACK,
    )
    forbidden = Point(8, 7)  # joins the row 7 three and the column 8 three: a double three
    assert board.foul(forbidden) is not None
    game = Game.resumed(board)
    played = arena.play(game, {Seat.FIRST: Scripted([board.notation(forbidden)]), Seat.SECOND: Scripted([])})
    assert played.game.result is not None
    assert (played.game.result.termination, played.game.result.winner) == (Termination.FORFEIT, Stone.WHITE)


def test_on_a_clock_each_player_is_given_its_budget_and_a_slow_one_loses_on_time() -> None:
    clock = FakeClock()
    quick = Scripted(["h8", "i8", "j8", "k8"], clock, seconds=1.0)
    slow = Scripted(["h9", "i9", "j9"], clock, seconds=25.0)  # 1 minute each: the third move flags
    game = Game.new(clock=parse_clock("1+0"))
    played = arena.play(game, {Seat.FIRST: quick, Seat.SECOND: slow}, clock=clock)
    assert played.game.result is not None
    assert (played.game.result.termination, played.game.result.winner) == (Termination.TIME, Stone.BLACK)
    assert played.forfeit is None
    assert len(played.game.board.moves) == 5  # white's third move came after its flag fell: not played
    assert slow.budgets[0] == game.think_budget(Seat.SECOND, 0.0)  # a fresh minute's share
    assert slow.budgets[1] is not None and slow.budgets[1] < slow.budgets[0]  # less left, a smaller share


def test_an_opening_rule_is_played_step_by_step_through_the_core() -> None:
    players = {seat: make_player("easy", seed=number) for number, seat in enumerate(Seat)}
    steps: list[arena.Turn] = []
    played = arena.play(
        Game.new(opening=OpeningRule.SWAP1), players, opening_time=0.05, on_turn=lambda t: steps.append(t)
    )
    opening = [turn for turn in steps if turn.step is not None]
    assert [turn.seat for turn in opening] == [Seat.FIRST] * 3 + [Seat.SECOND]  # three stones, then swap or stay
    assert played.game.opening.done and played.game.result is not None


def _fake_engine(mode: str, argument: str = "-") -> EnginePlayer:
    return EnginePlayer([sys.executable, str(FAKE), mode, argument], name=f"fake-{mode}", think_time=0.2, grace=1.0)


def test_an_engine_that_plays_an_occupied_point_loses_the_match_by_forfeit() -> None:
    with _fake_engine("fixed", "7,7") as engine:
        played = arena.play(opened("h8"), {Seat.FIRST: Scripted([]), Seat.SECOND: engine})
    assert played.game.result is not None
    assert (played.game.result.termination, played.game.result.winner) == (Termination.FORFEIT, Stone.BLACK)
    assert played.forfeit is not None and isinstance(played.forfeit.error, EngineIllegalMoveError)


def test_an_engine_that_crashes_loses_the_match_by_forfeit() -> None:
    with _fake_engine("crash") as engine:
        played = arena.play(opened("h8"), {Seat.FIRST: Scripted([]), Seat.SECOND: engine})
    assert played.game.result is not None and played.game.result.termination is Termination.FORFEIT
    assert played.forfeit is not None and isinstance(played.forfeit.error, EngineCrash)


def test_an_engine_that_will_not_start_forfeits_before_the_first_move() -> None:
    with _fake_engine("never") as engine:
        played = arena.play(opened("h8"), {Seat.FIRST: Scripted([]), Seat.SECOND: engine})
    assert played.game.result is not None and played.game.result.termination is Termination.FORFEIT
    assert played.forfeit is not None and played.forfeit.seat is Seat.SECOND
    assert len(played.game.board.moves) == 1
