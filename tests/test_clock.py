"""Game clocks as data: time is passed in, nothing sleeps."""

from __future__ import annotations

import math

import pytest

from gomoku import Board, Point, Rule, Stone, Termination
from gomoku.clock import (
    MOVES_TO_GO,
    PERIOD_SHARE,
    Clock,
    ClockError,
    ClockKind,
    ClockSpec,
    answer_deadline,
    move_share,
    moves_to_go,
    parse_clock,
    time_outcome,
    turn_allotment,
)

B, W = Stone.BLACK, Stone.WHITE


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("5+3", ClockSpec(ClockKind.FISCHER, main=300, increment=3)),
        (" 0.5 + 2 ", ClockSpec(ClockKind.FISCHER, main=30, increment=2)),
        ("10+5x30", ClockSpec(ClockKind.BYOYOMI, main=600, periods=5, period=30)),
        ("0+3x10", ClockSpec(ClockKind.BYOYOMI, main=0, periods=3, period=10)),
        ("30s", ClockSpec(ClockKind.FIXED, period=30)),
        ("none", ClockSpec()),
    ],
)
def test_clock_texts_parse_and_print_back(text, spec) -> None:
    assert parse_clock(text) == spec
    assert parse_clock(spec.text()) == spec


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("five", "is not a clock: write none, 5+3"),
        ("0+0", "leaves no time at all"),
        ("0+5", "has no main time: for a time a move write 5s"),
        ("10+0x30", "1 to 100 periods"),
        ("0s", "more than 0 s"),
        ("9999+3", "at most 10 hours"),
    ],
)
def test_bad_clock_texts_say_how_to_write_one(text, words) -> None:
    with pytest.raises(ClockError) as caught:
        parse_clock(text)
    assert words in str(caught.value)


def test_fischer_charges_the_move_then_adds_the_increment() -> None:
    clock = Clock.new(parse_clock("1+2")).start(B, now=100.0)
    assert clock.remaining(B, 110.0) == 50.0 and clock.remaining(W, 110.0) == 60.0
    clock = clock.press(110.0)  # black took 10 s: 60 - 10 + 2
    assert clock.running is W
    assert clock.remaining(B, 500.0) == 52.0
    clock = clock.press(115.0)  # white took 5 s
    assert clock.remaining(W, 115.0) == 57.0
    assert clock.move_times == (10.0, 5.0)
    assert clock.left_after() == (52.0, 57.0)


def test_a_flag_falls_when_the_time_is_gone_and_stops_both_clocks() -> None:
    clock = Clock.new(parse_clock("1+2")).start(B, now=0.0)
    assert clock.expired(59.9) is None
    assert clock.expired(60.0) is B
    flagged = clock.press(61.0)  # a move made too late does not count
    assert flagged.flagged is B and flagged.running is None
    assert flagged.remaining(B, 70.0) == 0.0
    assert clock.flag(30.0) is clock  # nothing fell yet


def test_byo_yomi_keeps_a_period_used_in_time_and_loses_one_that_runs_out() -> None:
    clock = Clock.new(parse_clock("0.5+3x10")).start(B, now=0.0)
    clock = clock.press(25.0)  # main time 30 -> 5
    assert clock.side(B).main == 5.0 and clock.periods_left(B, 0) == 3
    clock = clock.press(26.0).press(35.0)  # white 1 s; black 9 s: main gone, 4 s into the first period
    assert clock.side(B).main == 0.0 and clock.side(B).periods == 3
    clock = clock.press(36.0)  # white
    assert clock.remaining(B, 40.0) == 6.0
    assert clock.periods_left(B, 47.0) == 2  # the first period ran out at 46
    assert clock.remaining(B, 47.0) == 9.0
    clock = clock.press(47.0)
    assert clock.side(B).periods == 2
    clock = clock.press(47.0)
    assert clock.expired(66.9) is None and clock.expired(67.0) is B


def test_fixed_time_a_move_does_not_carry_over() -> None:
    clock = Clock.new(parse_clock("10s")).start(B, now=0.0).press(1.0)
    assert clock.remaining(W, 1.0) == 10.0 and clock.remaining(B, 99.0) == 10.0
    assert clock.expired(11.0) is W


def test_undo_puts_both_clocks_back_as_they_were_before_the_undone_moves() -> None:
    clock = Clock.new(parse_clock("1+0")).start(B, now=0.0)
    clock = clock.press(10.0).press(30.0).press(33.0)  # b 10 s, w 20 s, b 3 s; white to move
    back = clock.undo(2, now=100.0)  # white's and black's last moves taken back: white to move again
    assert back.running is W
    assert back.remaining(B, 100.0) == 50.0 and back.remaining(W, 100.0) == 60.0
    back = clock.undo(1, now=100.0)
    assert back.running is B and back.remaining(B, 100.0) == 50.0 and back.remaining(W, 100.0) == 40.0
    assert clock.undo(9, now=5.0).remaining(B, 5.0) == 60.0


def test_undo_after_a_flag_fall_gives_the_time_back() -> None:
    clock = Clock.new(parse_clock("1+0")).start(B, now=0.0).press(10.0)
    flagged = clock.flag(200.0)
    assert flagged.flagged is W
    back = flagged.undo(1, now=300.0)
    assert back.flagged is None and back.running is W and back.remaining(W, 300.0) == 60.0


def test_a_paused_clock_does_not_run() -> None:
    clock = Clock.new(parse_clock("1+0")).start(B, now=0.0).pause(10.0)
    assert clock.paused and clock.remaining(B, 1000.0) == 50.0 and clock.expired(1000.0) is None
    clock = clock.resume(2000.0)
    assert clock.remaining(B, 2005.0) == 45.0
    assert clock.press(2005.0).side(B).main == 45.0


def test_no_clock_never_falls() -> None:
    clock = Clock.new(parse_clock("none")).start(B, 0.0)
    assert clock.remaining(B, 1e9) == math.inf and clock.expired(1e9) is None
    assert clock.think_budget(B, 0.0) is None


def test_the_computer_keeps_a_second_in_hand() -> None:
    clock = Clock.new(parse_clock("0.05+0")).start(B, 0.0)  # 3 s for the game
    assert clock.think_budget(B, 1.5) <= 0.5 + 1e-9  # 1.5 s left: plans to end at least 1 s before the flag
    fixed = Clock.new(parse_clock("5s")).start(B, 0.0)
    assert fixed.think_budget(B, 0.0) == 4.0


def test_a_flag_fall_loses_unless_the_opponent_can_no_longer_make_five() -> None:
    board = Board.from_moves([Point(7, 7), Point(7, 8)], 15, Rule.FREESTYLE)
    outcome = time_outcome(board, B)
    assert outcome.termination is Termination.TIME and outcome.winner is W
    assert str(outcome) == "white wins on time"
    # 5x5 with every row, column and diagonal holding both colours: nobody can make five any more.
    drawn = Board.from_diagram(
        """
        X O X O X
        X O X O X
        O X O X O
        O X O X O
        X O X O .
        """
    )
    assert not drawn.tables.alive[W] and not drawn.tables.alive[B]
    outcome = time_outcome(drawn, B)
    assert outcome.winner is None and outcome.termination is Termination.TIME
    assert str(outcome) == "draw: time ran out, but the other side could no longer make five"


def test_a_turn_limit_and_a_match_clock_are_shared_out_by_the_one_function() -> None:
    # no match clock: the turn limit both ways; a match clock: the time left over the moves still to go
    assert turn_allotment(5.0, None, 25, 200) == (5.0, 5.0)
    assert turn_allotment(30.0, 60.0, 30, 195) == pytest.approx((2.0, 5.0))  # 60 s over 30 moves; 2.5 times that
    assert turn_allotment(30.0, 8.0, 221, 4) == pytest.approx((2.0, 2.0))  # 2 cells: a quarter of what is left
    assert moves_to_go(0, 225) == 45 and moves_to_go(88, 137) == 10 and moves_to_go(221, 4) == 2
    assert answer_deadline(1.0) == pytest.approx(0.92) and answer_deadline(60.0) == pytest.approx(59.0)
    # the game clock shares through the same function: a Fischer share is the main time over 30 moves plus
    # 80% of the increment
    clock = Clock.new(parse_clock("5+3")).start(B, 0.0)
    assert clock.think_budget(B, 0.0) == move_share(300.0, MOVES_TO_GO, 3 * PERIOD_SHARE) == pytest.approx(12.4)
