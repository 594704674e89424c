"""Records of fair games: the opening rule and its steps, the clock and the times (issue 24)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gomoku import Board, Point, Stone
from gomoku.clock import Clock, ClockKind, parse_clock
from gomoku.openings import OpeningRule, OpeningState, parse_move
from gomoku.records import GameRecord as _Record
from gomoku.records import RecordError
from gomoku.records import read_psq as _read_psq
from gomoku.records import read_sgf as _read_sgf
from gomoku.records import write_psq as _write_psq
from gomoku.records import write_sgf as _write_sgf

SWAP2_STEPS = ("place h8", "place h9", "place j9", "place-two", "place g7", "place j7", "swap")


def _opened(steps, rule=OpeningRule.SWAP2):
    board = Board(15)
    state = OpeningState.start(rule)
    for step in steps:
        state = state.apply(board, parse_move(step, 15))
    return state, board


def test_sgf_keeps_the_opening_rule_and_its_swaps_and_replays_them() -> None:
    state, board = _opened(SWAP2_STEPS)
    board.play(Point(0, 0))
    record = replace(_Record.from_board(board), opening=OpeningRule.SWAP2, opening_steps=tuple(state.transcript(15)))
    text = _write_sgf(record)
    assert "OP[swap2]" in text and "[place-two]" in text and "[swap]" in text
    again = _read_sgf(text)
    assert again.opening is OpeningRule.SWAP2 and again.opening_steps == SWAP2_STEPS
    resumed, replayed = again.opening_position()
    assert resumed.done and resumed.black.value == "second player" and len(resumed.swaps) == 1
    assert replayed.moves == board.moves


def test_a_game_saved_mid_opening_resumes_at_the_right_step() -> None:
    state, board = _opened(SWAP2_STEPS[:4])
    record = replace(_Record.from_board(board), opening=OpeningRule.SWAP2, opening_steps=tuple(state.transcript(15)))
    resumed, replayed = _read_sgf(_write_sgf(record)).opening_position()
    assert resumed.step is not None and resumed.step.prompt.startswith("White (player 2): place the 4th stone")
    assert replayed.stone_count == 3


def test_opening_steps_that_do_not_fit_the_moves_are_refused() -> None:
    text = "(;FF[4]GM[4]SZ[15]OP[swap2]OS[place h8][place h9][place j9];B[hh];W[hg];B[ag])"
    with pytest.raises(RecordError, match="other stones than the record's first moves"):
        _read_sgf(text)
    with pytest.raises(RecordError, match=r"OP\[chess\] is not an opening rule I know"):
        _read_sgf("(;FF[4]GM[4]SZ[15]OP[chess];B[hh])")
    with pytest.raises(RecordError, match="outside the centre point"):
        _read_sgf("(;FF[4]GM[4]SZ[15]RU[renju]OP[soosorv8]OS[place a1];B[ao])")


@pytest.mark.parametrize("spec", ["5+3", "10+5x30", "30s"])
def test_sgf_keeps_the_clock_and_the_time_left_after_each_move(spec) -> None:
    clock = Clock.new(parse_clock(spec)).start(Stone.BLACK, 0.0).press(4.0).press(6.5).press(10.0)
    board = Board.from_moves([Point(7, 7), Point(7, 6), Point(8, 8)], 15)
    record = replace(_Record.from_board(board), clock=clock.spec, time_left=clock.left_after())
    text = _write_sgf(record)
    assert f"TM[{clock.spec.main:g}]" in text and "OT[" in text and "BL[" in text and "WL[" in text
    again = _read_sgf(text)
    assert again.clock == clock.spec
    assert again.time_left == pytest.approx(clock.left_after(), abs=0.05)


def test_an_sgf_clock_from_elsewhere_that_this_game_cannot_play_reads_as_main_time_only() -> None:
    again = _read_sgf("(;FF[4]GM[4]SZ[15]TM[600]OT[25/600 Canadian];B[hh])")
    assert again.clock.kind is ClockKind.FISCHER and again.clock.main == 600 and again.clock.increment == 0
    with pytest.raises(RecordError, match="BL at move 1"):
        _read_sgf("(;FF[4]GM[4]SZ[15];B[hh]BL[soon])")


def test_psq_writes_and_reads_each_moves_time() -> None:
    board = Board.from_moves([Point(7, 7), Point(7, 6), Point(8, 8)], 15)
    record = replace(_Record.from_board(board), move_times=(1.5, 0.25, 12.0))
    text = _write_psq(record)
    assert "8,8,1500" in text and "8,7,250" in text and "9,9,12000" in text
    assert _read_psq(text).move_times == (1.5, 0.25, 12.0)
    assert _read_psq(_write_psq(_Record.from_board(board))).move_times == ()
