"""The core game: who acts, who made each ply, the clock by seat, flag falls, refusals as kinds, resuming."""

from __future__ import annotations

import pytest

from gomoku.board import Board
from gomoku.clock import SideTime, parse_clock
from gomoku.game import Game, GameError, Refusal, UndoPolicy
from gomoku.openings import OpeningRule, Option, Seat, choose
from gomoku.point import Point, parse_point
from gomoku.rules import Outcome, Rule, Stone, Termination


def p(text: str) -> Point:
    return parse_point(text, 15)


def played(game: Game, *moves: str, start: float = 0.0) -> Game:
    """``game`` after ``moves``, each by the seat awaited, one second apart from ``start``."""
    for number, move in enumerate(moves):
        seat = game.acting_seat
        assert seat is not None
        game = game.play(p(move), seat, start + number)
    return game


def test_the_board_says_who_made_each_ply() -> None:
    board = Board.from_moves([p("h8"), p("h9"), p("j9")])
    assert [board.mover(i) for i in range(3)] == [Stone.BLACK, Stone.WHITE, Stone.BLACK]
    assert board.mover(-1) is Stone.BLACK and board.plies[1] == (p("h9"), Stone.WHITE)
    diagram = Board.from_diagram("\n".join(["." * 15] * 15), turn=Stone.WHITE)
    diagram.play(p("h8"))
    assert diagram.mover(0) is Stone.WHITE
    with pytest.raises(IndexError):
        board.mover(3)


def test_after_a_swap_the_game_knows_which_seat_made_each_ply() -> None:
    game = played(Game.new(opening=OpeningRule.SWAP1), "h8", "h9", "j9")
    game = game.step(choose(Option.SWAP), Seat.SECOND, 3.0)
    game = played(game, "k10", "a1")
    # the first player placed all three stones; then white (now the first player) and black (the second) moved
    assert [game.ply_seat(i) for i in range(5)] == [Seat.FIRST] * 4 + [Seat.SECOND]
    assert game.acting_seat is Seat.FIRST and game.colour_of(Seat.FIRST) is Stone.WHITE


def test_the_flag_falls_exactly_when_flag_time_says() -> None:
    for text in ("1+2", "0.5+3x10", "20s"):
        game = played(Game.new(clock=parse_clock(text)), "h8", "h9")
        when = game.flag_time()
        assert when is not None
        assert game.tick(when - 0.001).result is None
        ended = game.tick(when)
        assert ended.result == Outcome(Termination.TIME, Stone.WHITE) and ended.flag_time() is None


def test_no_flag_time_before_the_first_move_while_paused_or_without_a_clock() -> None:
    assert Game.new(clock=parse_clock("1+0")).flag_time() is None
    assert Game.new(clock=parse_clock("1+0")).tick(10_000.0).result is None
    assert played(Game.new(), "h8").flag_time() is None
    assert played(Game.new(clock=parse_clock("1+0")), "h8").pause(1.0).flag_time() is None


def test_a_resumed_game_keeps_each_seats_time_and_charges_the_move_under_way() -> None:
    board = Board.from_moves([p("h8"), p("h9"), p("j9")])
    times = {Seat.FIRST: SideTime(40.0), Seat.SECOND: SideTime(30.0)}
    game = Game.resumed(board, clock=parse_clock("1+0"), times=times, used=5.0)
    assert game.acting_seat is Seat.SECOND
    assert game.tick(100.0).time_left(Seat.SECOND, 110.0) == pytest.approx(15.0)  # 30 - 5 before, 10 since
    assert game.tick(100.0).time_left(Seat.FIRST, 110.0) == pytest.approx(40.0)


@pytest.mark.parametrize(
    ("moves", "seat", "kind"),
    [
        ((), Seat.SECOND, Refusal.NOT_YOUR_TURN),
        (("h8",), Seat.SECOND, Refusal.ILLEGAL_MOVE),
    ],
)
def test_refusals_have_kinds_and_change_nothing(moves: tuple[str, ...], seat: Seat, kind: Refusal) -> None:
    game = played(Game.new(), *moves)
    with pytest.raises(GameError) as caught:
        game.play(p("h8"), seat, 10.0)
    assert caught.value.kind is kind and str(caught.value)
    assert game.board.moves == [p(m) for m in moves]


def test_undo_to_the_seat_takes_back_the_computers_reply_and_ones_own_move() -> None:
    game = played(Game.new(undo=UndoPolicy.TO_SEAT), "h8", "h9", "j9", "j10")
    assert game.undo_count(Seat.FIRST) == 2 and game.undo_count(Seat.SECOND) == 1
    back = game.undo(Seat.FIRST, 5.0)
    assert back.board.moves == [p("h8"), p("h9")] and back.acting_seat is Seat.FIRST
    assert back.redo(Seat.FIRST, 6.0).board.moves == [p("h8"), p("h9"), p("j9"), p("j10")]
    with pytest.raises(GameError) as caught:
        Game.new(undo=UndoPolicy.TO_SEAT).play(p("h8"), Seat.FIRST, 0.0).undo(Seat.SECOND, 1.0)
    assert caught.value.kind is Refusal.NOTHING_TO_UNDO


def test_redo_is_refused_with_a_clock_and_can_redo_says_so() -> None:
    game = played(Game.new(clock=parse_clock("5+0")), "h8", "h9").undo(Seat.SECOND, 3.0)
    assert game.board.can_redo and not game.can_redo
    with pytest.raises(GameError) as caught:
        game.redo(Seat.SECOND, 4.0)
    assert caught.value.kind is Refusal.NO_REDO


def test_every_ending_has_one_name_and_one_sentence() -> None:
    sentences = {
        Outcome(Termination.FIVE, Stone.BLACK): "black wins with five in a row",
        Outcome(Termination.TIME, Stone.WHITE): "white wins on time",
        Outcome(Termination.TIME, None): "draw: time ran out, but the other side could no longer make five",
        Outcome(Termination.RESIGNATION, Stone.WHITE): "white wins by resignation",
        Outcome(Termination.AGREEMENT, None): "draw by agreement",
        Outcome(Termination.FORFEIT, Stone.BLACK): "black wins by forfeit",
        Outcome(Termination.DRAW, None): "draw: the board is full",
        Outcome(Termination.NO_FIVE_LEFT, None): "draw: neither side can make five any more",
        Outcome(Termination.NO_LEGAL_MOVE, None): "draw: black has no legal move (every empty point is forbidden)",
    }
    assert {outcome.termination for outcome in sentences} == set(Termination)
    assert {outcome: str(outcome) for outcome in sentences} == sentences


def test_a_game_is_a_value_an_action_leaves_the_old_one_as_it_was() -> None:
    game = played(Game.new(Rule.RENJU), "h8")
    after = game.play(p("h9"), Seat.SECOND, 1.0)
    assert game.board.moves == [p("h8")] and after.board.moves == [p("h8"), p("h9")]


def test_a_forfeit_ends_the_game_for_the_other_seat_by_the_colour_it_holds_and_stops_the_clock() -> None:
    game = played(Game.new(opening=OpeningRule.SWAP1, clock=parse_clock("5+0")), "h8", "h9", "j9")
    game = game.step(choose(Option.SWAP), Seat.SECOND, 3.0)  # the second seat now holds black
    over = game.forfeit(Seat.FIRST, 4.0)
    assert over.result == Outcome(Termination.FORFEIT, Stone.BLACK) and over.acting_seat is None
    assert over.clock_seat is None and over.flag_time() is None
    with pytest.raises(GameError) as caught:
        over.forfeit(Seat.SECOND, 5.0)
    assert caught.value.kind is Refusal.GAME_OVER
