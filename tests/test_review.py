"""Post-game review: decisive mistakes, missed wins and the evaluation, on games the levels played.

The games below were played by the levels (``normal`` against ``easy``, seeds 3 and 1) or built
by hand; each decisive moment was checked with ``forced_win`` at the deep setting (100,000 nodes,
12 threats) and with a whole deep review (``review_game(board, None, DEEP)``): before it the side
that went on to win had no forced win (proven), after it that side had one at every turn to the end.
"""

from __future__ import annotations

import math
import threading
from dataclasses import replace

import pytest

from gomoku import Board, Point, Rule, Stone
from gomoku.ai.result import ENGINE_EVAL_SCALE, HARD_EVAL_SCALE, SearchResult, win_rate
from gomoku.game import Game
from gomoku.openings import Seat
from gomoku.records import parse_moves
from gomoku.review import (
    DEEP,
    DEFAULT,
    EvalBar,
    Mark,
    ReviewCancelled,
    Severity,
    WinKind,
    forced_win,
    render_graph,
    render_text,
    review_game,
    to_data,
)
from gomoku.rules import Outcome, Termination

#: normal (black) against easy, seed 3: white's h6 (move 16) lets black win by fours and threes.
DECIDED_BY_VCT = "h8 i8 h7 h9 i7 j7 k6 f11 g10 j6 f9 j5 j8 j4 j3 h6 g8 e10 g7 g9 f7 e7 f6 i9 f8 f5 f10"
#: normal (black) against easy, seed 1: after white's h5 (move 24) black wins by fours and threes
#: (7 moves, found only with 50,000 nodes); after white's l12 (move 34), by fours.
SEEN_LATE = (
    "h8 i7 i8 j8 h7 h6 g5 k9 l10 g6 j10 k10 i9 k11 k8 f6 i6 d6 e6 k13 k12 g8 j7 h5 h9 g10 l11 l9 j13 m10 j12 j11 "
    "i12 l12 h11 h10 i10 i11 g12 j9 h12"
)
#: black's open three h8 i8 j8 is left standing (white a5), and black plays h12 instead of an open four.
MISSED_WIN = "h8 a1 i8 a3 j8 a5 h12 g8 o15"
#: renju: black's f8 (move 11) makes h8 a double-three, so white's l12 four cannot be blocked.
RENJU_FOUL = "h7 i9 g7 j10 m13 k11 h6 a15 g8 a13 f8 l12 a1 h8"


def game(moves: str, rule: Rule = Rule.FREESTYLE) -> Board:
    return Board.from_moves(parse_moves(moves), 15, rule)


def marks_of(review) -> dict[int, set[Mark]]:
    return {move.number: set(move.marks) for move in review.moves if move.marks}


def assert_line_plays_out(board: Board, moves_before: int, line: tuple[Point, ...]) -> None:
    """A forced line is legal on the board where it starts."""
    position = Board.from_moves(board.moves[:moves_before], board.size, board.rule)
    for point in line:
        position.play(point)


def test_the_move_that_lets_a_win_by_threes_through_is_decisive():
    board = game(DECIDED_BY_VCT)
    review = review_game(board)
    assert review.decided == 16 and review.winner is Stone.BLACK
    assert marks_of(review) == {16: {Mark.MISTAKE, Mark.DECISIVE}}
    move = review.moves[15]
    assert move.opponent_win is not None and move.opponent_win.kind is WinKind.VCT
    count = len(move.opponent_win.line)
    assert move.sentence.startswith("Move 16, white h6: black now wins by fours and threes: ")
    assert move.sentence.endswith(f", ... ({count} moves)")
    assert_line_plays_out(board, 16, move.opponent_win.line)
    assert review.decisive(Stone.WHITE) is move and review.decisive(Stone.BLACK) is None


def test_a_win_seen_late_by_the_light_reading_is_found_sooner_by_the_deeper_second_look():
    board = game(SEEN_LATE)
    # the light reading of each position finds black's win at move 24 too long to see ...
    at_24 = Board.from_moves(board.moves[:24])
    assert forced_win(at_24, DEFAULT)[0] is None
    assert forced_win(at_24, replace(DEEP, read_time=math.inf))[0] is not None
    # ... and sees it only after move 34, when it is a win by fours ending in black's five
    win, _ = forced_win(Board.from_moves(board.moves[:34]), DEFAULT)
    assert win is not None and win.kind is WinKind.VCF and win.side is Stone.BLACK
    position = Board.from_moves(board.moves[:34])
    for point in win.line:
        position.play(point)
    assert position.outcome is not None and position.outcome.winner is Stone.BLACK
    # the review reads the winner's turns before its wins again, deeper, and finds the real moment
    # (on nodes alone: the time cap of a read, there for the player's sake, would make a loaded machine's answer
    # another one)
    review = review_game(board, settings=replace(DEFAULT, read_time=math.inf))
    assert review.decided == 24
    assert marks_of(review) == {24: {Mark.MISTAKE, Mark.DECISIVE}}
    assert review.moves[23].sentence.startswith("Move 24, white h5: black now wins by fours and threes: ")
    assert_line_plays_out(board, 24, review.moves[23].opponent_win.line)


def test_a_missed_win_is_marked_with_the_win_that_was_there():
    review = review_game(game(MISSED_WIN))
    assert marks_of(review) == {6: {Mark.MISTAKE}, 7: {Mark.MISSED_WIN}}
    missed = review.moves[6]
    assert missed.kept is False and missed.had_win is not None
    assert missed.had_win.kind is WinKind.VCF and len(missed.had_win.line) == 3
    assert missed.sentence.startswith("Move 7, black h12: black missed a win by fours: ")
    assert review.decided is None  # the record stops with nobody holding a win


def test_renju_a_forced_line_through_a_forbidden_point():
    board = game(RENJU_FOUL, Rule.RENJU)
    review = review_game(board)
    assert review.decided == 11 and review.winner is Stone.WHITE
    move = review.moves[10]
    assert Mark.DECISIVE in move.marks
    win = move.opponent_win
    assert win is not None and win.line == (parse_moves("l12")[0],)
    assert win.note == "black may not block at h8 (double-three)"
    assert "white now wins by fours: l12 (1 move); black may not block at h8 (double-three)" in move.sentence
    # under freestyle black simply blocks at h8: white has no forced win there
    freestyle = Board.from_moves(board.moves[:11], 15, Rule.FREESTYLE)
    assert forced_win(freestyle)[0] is None


def test_exactly_five_under_standard_an_overline_point_is_no_win():
    moves = "h8 g8 i8 n8 j8 a1 k8 a3 m8 a5"  # l8 would make six for black, both ends blocked
    free, _ = forced_win(game(moves))
    assert free is not None and free.kind is WinKind.FIVE and free.line == (parse_moves("l8")[0],)
    assert forced_win(game(moves, Rule.STANDARD)) == (None, True)
    assert forced_win(game(moves, Rule.RENJU)) == (None, True)


def test_a_cancelled_review_stops_and_gives_nothing():
    stop = threading.Event()
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        if done == 3:
            stop.set()

    with pytest.raises(ReviewCancelled):
        review_game(game(SEEN_LATE), progress=progress, stop=stop)
    assert seen == [(1, 42), (2, 42), (3, 42)]
    with pytest.raises(ReviewCancelled):
        review_game(game(SEEN_LATE), stop=stop)  # already set: not one position read


def test_progress_counts_every_position_to_the_end():
    seen: list[tuple[int, int]] = []
    review_game(game(MISSED_WIN), progress=lambda done, total: seen.append((done, total)))
    assert seen == [(done, 10) for done in range(1, 11)]


class Judge:
    """An analyst that likes black a fixed amount and always names the first empty point."""

    name = "judge"

    def choose_move(self, board, stop=None, think_time=None) -> SearchResult:
        score = 5_000 if board.turn is Stone.BLACK else -5_000
        return SearchResult(next(board.empty_points()), score=score)


def test_the_evaluation_is_the_analysts_from_blacks_side_and_wins_count_whole():
    review = review_game(game(MISSED_WIN), Judge())
    values = [bar.value for bar in review.bars()]
    assert all(value is not None for value in values)
    assert values[0] == pytest.approx(0.462, abs=0.001)  # tanh(5000 / 10000), after move 1 (white to move)
    assert values[5] == 1.0 and values[6] == pytest.approx(0.462, abs=0.001)  # black's win, then gone
    assert review.moves[6].loss == pytest.approx(1 - 0.462, abs=0.001)
    assert review.moves[0].best == Point(0, 0)


def test_the_graph_has_a_column_a_move_black_above_white_below():
    bars = [EvalBar(1, 1.0), EvalBar(2, -0.5), EvalBar(3, None), EvalBar(4, 0.25, (Mark.DECISIVE,))]
    lines = render_graph(bars, height=2, width=10)
    assert lines == ["moves 1-4", "█", "█  ▄", "──·─", " █", "", "   X"]
    assert render_graph(bars, height=2, width=2)[0] == "moves 1-2"  # long games in blocks


def test_text_and_data_say_the_same():
    review = review_game(game(DECIDED_BY_VCT))
    text = render_text(review)
    assert "Decided at move 16 (white h6)." in text
    assert "White: decisive mistake move 16; missed wins 0." in text
    assert "DECISIVE " + review.moves[15].sentence in text
    data = to_data(review)
    assert data["decided"] == 16 and data["winner"] == "black" and len(data["moves"]) == 27
    assert data["moves"][15]["marks"] == ["mistake", "decisive"]
    assert data["moves"][15]["opponent_win"]["kind"] == "vct"
    line = data["moves"][15]["opponent_win"]["line"]
    assert f"({len(line)} moves)" in review.moves[15].sentence
    assert data["settings"]["nodes"] == DEFAULT.nodes


def test_a_review_of_a_resigned_game_says_resigned_from_the_core_game() -> None:
    played = Game.resumed(game("h8 h9 i8 i9"))  # black to move, white gives up
    resigned = played.resign(Seat.SECOND, 0.0)
    review = review_game(resigned, settings=replace(DEFAULT, refine_positions=0))
    assert review.result == Outcome(Termination.RESIGNATION, Stone.BLACK) and review.winner is Stone.BLACK
    assert render_text(review).startswith("4 moves, freestyle rule: Black wins by resignation.")
    data = to_data(review)
    assert (data["winner"], data["termination"], data["result"]) == (
        "black",
        "resignation",
        "black wins by resignation",
    )
    assert not any(move.kept for move in review.moves)  # nobody made five: no move is read as the winning one


def test_the_board_s_own_ending_is_the_review_s_result_when_none_is_given() -> None:
    review = review_game(game(DECIDED_BY_VCT), settings=replace(DEFAULT, refine_positions=0))
    assert review.result is not None and review.result.termination is Termination.FIVE
    unfinished = review_game(game("h8 h9"), settings=replace(DEFAULT, refine_positions=0))
    assert unfinished.result is None and render_text(unfinished).startswith("2 moves, freestyle rule: not finished.")


# -- the review teaches: what to play instead, and marks by size ----------------------------------------------------


class Scripted:
    """An analyst that answers from a script: the position after so many moves, its choice and value; else a
    level-headed "even" with the first empty point."""

    name = "scripted"

    def __init__(self, script: dict[int, SearchResult]) -> None:
        self.script = script

    def choose_move(self, board, stop=None, think_time=None) -> SearchResult:
        return self.script.get(len(board.moves), SearchResult(next(board.empty_points()), score=0))


def point(name: str) -> Point:
    return parse_moves(name)[0]


#: DECIDED_BY_VCT before white's move 16 (X black, O white): h6 there lets black win by fours and threes.
BEFORE_16 = """\
11 . . . . . O . . . . . . . . .
10 . . . . . . X . . . . . . . .
 9 . . . . . X . O . . . . . . .
 8 . . . . . . . X O X . . . . .
 7 . . . . . . . X X O . . . . .
 6 . . . . . . . . . O X . . . .
 5 . . . . . . . . . O . . . . .
 4 . . . . . . . . . O . . . . .
 3 . . . . . . . . . X . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
"""


def test_the_position_before_move_16_is_the_diagram():
    board = Board.from_moves(game(DECIDED_BY_VCT).moves[:15])
    assert str(board).endswith(BEFORE_16.rstrip("\n"))


def test_a_move_the_analyst_chose_itself_is_never_the_decisive_mistake():
    # the shape: the review blamed h6 while the analyst's own best move there was h6
    board = game(DECIDED_BY_VCT)
    review = review_game(board, Scripted({15: SearchResult(point("h6"), score=-2_000)}))
    assert review.decided is None and Mark.DECISIVE not in review.moves[15].marks
    assert Mark.MISTAKE not in review.moves[15].marks
    assert review.lost_from == (16, Stone.WHITE)
    text = render_text(review)
    assert "White was lost from move 16 on: no move the analyst found there saves the game." in text
    assert "DECISIVE" not in text
    assert to_data(review)["lost_from"] == {"number": 16, "side": "white"}


def test_a_move_played_in_a_position_already_lost_is_never_the_decisive_mistake():
    # the analyst proves white lost before move 16, and black winning before move 15: the game was lost from move 15
    board = game(DECIDED_BY_VCT)
    script = {
        14: SearchResult(point("g8"), win_in=13),
        15: SearchResult(point("g8"), win_in=-12),
    }
    review = review_game(board, Scripted(script))
    assert review.decided is None and review.lost_from == (15, Stone.WHITE)
    assert not any(Mark.MISTAKE in move.marks for move in review.moves)


def test_a_decisive_mistake_comes_with_the_analysts_move_and_line():
    board = game(DECIDED_BY_VCT)
    line = tuple(parse_moves("g8 k9 h6"))
    review = review_game(board, Scripted({15: SearchResult(line[0], score=-2_000, pv=line)}))
    assert review.decided == 16 and review.lost_from is None
    move = review.moves[15]
    assert move.instead == line
    assert move.sentence.startswith("Move 16, white h6: black now wins by fours and threes: ")
    assert move.sentence.endswith("; better g8: g8, k9, h6")
    assert to_data(review)["moves"][15]["instead"] == ["g8", "k9", "h6"]
    assert "DECISIVE " + move.sentence in render_text(review)


def test_moves_short_of_a_forced_loss_are_marked_by_the_fall_of_the_win_rate():
    # MISSED_WIN's first moves, with the analyst's scores for each position (the side to move's view)
    scores = {0: 0, 1: 0, 2: 1_000, 3: -1_200, 4: 6_000, 5: -10_000}
    choice = {index: SearchResult(point("o1"), score=score) for index, score in scores.items()}
    review = review_game(game("h8 a1 i8 a3"), Scripted(choice), settings=replace(DEFAULT, refine_positions=0))
    by_number = {move.number: move for move in review.moves}
    # move 2, white a1: white's rate 50% -> 1 - win_rate(1000) = 45%: too small to mark
    assert by_number[2].severity is None and by_number[2].drop == pytest.approx(0.05, abs=0.005)
    # move 3, black i8: black's rate win_rate(1000) = 55% -> 1 - win_rate(-1200) = 56%: it gained
    assert by_number[3].severity is None
    # move 4, white a3: white's rate win_rate(-1200) = 44% -> 1 - win_rate(6000) = 23%: a mistake (21 points)
    assert by_number[4].severity is Severity.MISTAKE
    assert by_number[4].sentence == "Move 4, white a3: a mistake, white's win rate 44% to 23%; better o1: o1"
    data = to_data(review)["moves"][3]
    assert data["severity"] == "mistake" and data["win_rate_drop"] == pytest.approx(0.21, abs=0.005)
    assert data["win_rate_before"] == pytest.approx(0.44, abs=0.005)
    assert by_number[4].sentence in render_text(review)


def test_the_severity_thresholds_follow_the_fall_in_win_rate():
    assert [Severity.of(drop) for drop in (None, 0.0, 0.099, 0.1, 0.2, 0.3, 1.0)] == [
        None,
        None,
        None,
        Severity.INACCURACY,
        Severity.MISTAKE,
        Severity.BLUNDER,
        Severity.BLUNDER,
    ]


def test_the_analysts_own_move_is_never_marked_however_the_value_falls():
    choice = {2: SearchResult(point("i8"), score=8_000), 3: SearchResult(point("o1"), score=8_000)}
    review = review_game(game("h8 a1 i8 a3"), Scripted(choice), settings=replace(DEFAULT, refine_positions=0))
    assert review.moves[2].drop is not None and review.moves[2].drop > 0.3
    assert review.moves[2].severity is None and review.moves[2].sentence == ""


def test_the_win_rate_is_a_logistic_curve_of_the_score_on_the_analysts_scale():
    assert win_rate(0, HARD_EVAL_SCALE) == 0.5
    assert win_rate(HARD_EVAL_SCALE, HARD_EVAL_SCALE) == pytest.approx((1 + math.tanh(1)) / 2)
    assert win_rate(-ENGINE_EVAL_SCALE, ENGINE_EVAL_SCALE) == pytest.approx(0.119, abs=0.001)
    assert win_rate(10**9, 1) == 1.0
    assert SearchResult(Point(0, 0), win_in=-3).win_rate() == 0.0
    assert SearchResult(Point(0, 0)).win_rate() is None
