"""Puzzle progress as data: the rating moves on a solve and a fail, streaks, the daily puzzle, the file kept aside;
and puzzles from a reviewed game (a real game with a missed win)."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date, datetime

import pytest

from gomoku import Board
from gomoku.glicko import Rating
from gomoku.point import parse_point
from gomoku.puzzle_mine import GameSource, add_to_mine, game_puzzles, load_mine, merged
from gomoku.puzzle_progress import (
    GRADED_DEVIATION,
    Finish,
    Progress,
    by_nearness,
    daily_puzzle,
    load_progress,
    position_key,
    puzzle_key,
    save_progress,
    starting_rating,
)
from gomoku.puzzles import Goal, Puzzle, try_move
from gomoku.records import parse_moves
from gomoku.review import review_game
from gomoku.rules import Stone

DAY = date(2026, 12, 2)


def puzzle(moves: str, goal: Goal = Goal.FOURS, **more: object) -> Puzzle:
    """A puzzle on the position of ``moves`` (freestyle, 15x15), its side to move to play."""
    board = Board.from_moves(parse_moves(moves), 15)
    return replace(Puzzle.from_board(board, goal), **more)  # type: ignore[arg-type]


#: A handful of different positions (each a key of its own).
POSITIONS = [puzzle(f"h8 a{row} i8 b{row} j8") for row in range(1, 11)]


def test_a_solve_raises_the_rating_and_a_fail_lowers_it_and_each_moves_the_puzzle_the_other_way() -> None:
    start = Progress()
    solved, change = start.finished(POSITIONS[0], Finish.SOLVED, DAY)
    assert change.rated and change.after > change.before == 1500
    assert solved.player.rating == change.after and solved.player.deviation < 350
    assert solved.rating_of(POSITIONS[0]).rating < 1500  # the puzzle lost
    failed, change = start.finished(POSITIONS[0], Finish.FAILED, DAY)
    assert change.after < 1500 and failed.rating_of(POSITIONS[0]).rating > 1500
    # a newcomer against a newcomer puzzle: Glicko-2 moves both by the same amount
    assert round(solved.player.rating - 1500, 6) == round(1500 - failed.player.rating, 6)


def test_only_the_first_finish_of_a_puzzle_is_rated() -> None:
    failed, _ = Progress().finished(POSITIONS[0], Finish.FAILED, DAY)
    again, change = failed.finished(POSITIONS[0], Finish.SOLVED, DAY)
    assert again is failed and not change.rated and change.before == change.after
    assert again.finish_of(POSITIONS[0]) is Finish.FAILED and len(again.history) == 1


def test_a_graded_puzzle_starts_at_its_grade_and_a_harder_one_pays_more() -> None:
    easy, hard = replace(POSITIONS[0], grade=1200), replace(POSITIONS[1], grade=1900)
    assert starting_rating(easy) == Rating(1200.0, GRADED_DEVIATION)
    assert starting_rating(POSITIONS[2]).rating == 1500
    _, easy_change = Progress().finished(easy, Finish.SOLVED, DAY)
    _, hard_change = Progress().finished(hard, Finish.SOLVED, DAY)
    assert hard_change.after - hard_change.before > easy_change.after - easy_change.before > 0


def test_streaks_count_solves_in_a_row_and_keep_the_best() -> None:
    progress = Progress()
    for index, finish in enumerate("SSSFSS"):
        progress, _ = progress.finished(POSITIONS[index], Finish.SOLVED if finish == "S" else Finish.FAILED, DAY)
    assert (progress.streak, progress.best_streak) == (2, 3)


def test_the_daily_puzzle_is_the_dates_whatever_the_collections_order() -> None:
    first = daily_puzzle(POSITIONS, DAY)
    assert first is not None and daily_puzzle(list(reversed(POSITIONS)), DAY) == first
    days = {puzzle_key(daily_puzzle(POSITIONS, date(2026, 12, day))) for day in range(1, 29)}  # type: ignore[arg-type]
    assert len(days) > 3  # the days pick different puzzles
    assert daily_puzzle([], DAY) is None


def test_the_daily_puzzle_passes_over_one_solved_before_but_stays_put_once_solved_today() -> None:
    today = daily_puzzle(POSITIONS, DAY)
    assert today is not None
    solved_today, _ = Progress().finished(today, Finish.SOLVED, DAY)
    assert daily_puzzle(POSITIONS, DAY, solved_today) == today
    solved_yesterday, _ = Progress().finished(today, Finish.SOLVED, date(2026, 12, 1))
    other = daily_puzzle(POSITIONS, DAY, solved_yesterday)
    assert other is not None and other != today
    everything = Progress()
    for each in POSITIONS:
        everything, _ = everything.finished(each, Finish.SOLVED, date(2026, 12, 1))
    assert daily_puzzle(POSITIONS, DAY, everything) == today  # all solved: the day's own


def test_the_next_puzzles_are_the_unfinished_nearest_the_players_rating() -> None:
    graded = [replace(position, grade=grade) for grade, position in zip((1000, 1450, 2100, 1600), POSITIONS)]
    done, _ = Progress().finished(graded[1], Finish.SOLVED, DAY)  # the player is now a little over 1500
    order = by_nearness(graded, done)
    assert [each.grade for each in order] == [1600, 2100, 1000, 1450]


def test_progress_is_kept_and_read_back(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "puzzles.json"
    progress, _ = Progress().finished(POSITIONS[0], Finish.SOLVED, DAY)
    progress, _ = progress.finished(POSITIONS[1], Finish.FAILED, DAY)
    save_progress(progress, path)
    back, problem = load_progress(path)
    assert problem == "" and back == progress
    assert json.loads(path.read_text())["history"][0] == {
        "puzzle": puzzle_key(POSITIONS[0]),
        "result": "solved",
        "day": "2026-12-02",
        "before": 1500.0,
        "after": progress.history[0].after,
    }
    assert load_progress(tmp_path / "none.json") == (Progress(), "")


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("{not json", "not JSON from line 1, column 2"),
        ('{"format": 1, "player": {"rating": "high"}}', "its rating cannot be read"),
        ('{"format": 99}', "its format cannot be read"),
        ("[]", "not a JSON object"),
    ],
)
def test_a_damaged_file_is_said_kept_aside_and_a_fresh_progress_starts(tmp_path, text, detail) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "puzzles.json"
    path.write_text(text)
    progress, problem = load_progress(path)
    assert progress == Progress()
    kept = [name.name for name in tmp_path.iterdir()]
    assert len(kept) == 1 and kept[0].startswith("puzzles.json.corrupt-")
    assert (tmp_path / kept[0]).read_text() == text  # nothing of it lost
    assert detail in problem and kept[0] in problem and "a fresh one starts" in problem
    save_progress(Progress(), path)  # play goes on: the next save writes a new file beside the kept one
    assert load_progress(path) == (Progress(), "")


# -- puzzles from a reviewed game -----------------------------------------------------

#: black's open three h8 i8 j8 is left standing (white a5), and black plays h12 instead of an open four (7).
MISSED_WIN = "h8 a1 i8 a3 j8 a5 h12 g8 o15"
#: the position before black's move 7, where g8 or k8 makes an open four
BEFORE_7 = """\
 9 . . . . . . . . . . . . . . .
 8 . . . . . . . X X X . . . . .
 7 . . . . . . . . . . . . . . .
 6 . . . . . . . . . . . . . . .
 5 O . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 O . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 O . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
"""


def test_a_missed_win_of_a_reviewed_game_becomes_a_puzzle_naming_the_game() -> None:
    board = Board.from_moves(parse_moves(MISSED_WIN), 15)
    review = review_game(board)
    found = game_puzzles(board, review, GameSource(datetime(2026, 12, 2, 14, 39), "hard"))
    assert len(found) == 1
    missed = found[0]
    assert str(missed.board()).endswith(BEFORE_7.rstrip("\n"))
    assert missed.turn is Stone.BLACK and missed.goal is Goal.FOURS
    assert missed.source == "game of 2026-12-02 14:39 against hard, move 7"
    attempt = try_move(missed, missed.solution[0])
    assert attempt.accepted and missed.solution[0] in (parse_point("g8", 15), parse_point("k8", 15))
    wrong = try_move(missed, parse_point("h12", 15))  # the move played
    assert not wrong.accepted and "no four" in wrong.reason


def test_the_same_position_is_not_added_twice() -> None:
    board = Board.from_moves(parse_moves(MISSED_WIN), 15)
    found = game_puzzles(board, review_game(board))
    kept, added = merged((), found)
    assert added == 1
    again, added = merged(kept, found)
    assert added == 0 and again == kept
    assert position_key(found[0]) == position_key(replace(found[0], name="other", source="elsewhere"))
    assert found[0].id == position_key(found[0])  # the id progress and the collection know it by


#: white's open three h8 i8 j8 stands and black plays c15 (move 7) instead of blocking: white's four wins.
LEFT_OPEN = "a15 h8 a13 i8 a11 j8 c15 k8 g8 l8"


def test_a_decisive_mistake_becomes_a_defence_once_the_solver_confirms_a_defence() -> None:
    board = Board.from_moves(parse_moves(LEFT_OPEN), 15)
    found = game_puzzles(board, review_game(board), GameSource(opponent="normal"))
    assert [each.goal for each in found] == [Goal.DEFENCE]
    defence = found[0]
    assert defence.turn is Stone.BLACK and defence.source == "game against normal, move 7"
    assert defence.solution[0] in (parse_point("g8", 15), parse_point("k8", 15))
    assert try_move(defence, defence.solution[0]).accepted
    played = try_move(defence, parse_point("c15", 15))
    assert not played.accepted and played.reason.startswith("white still wins by fours")


#: A game a new player lost to level club in tmux: black wandered along the edge while white built a cross of
#: threes; the review found no defence to confirm at the decisive move, and the game gave no puzzle at all.
LOST_TO_CLUB = "h8 h11 a1 h10 a2 g10 a3 g11 a4 a5 b5 g12 c5 g9 d5 g13"


def test_a_lost_game_with_no_defence_to_find_gives_the_attack_that_beat_it() -> None:
    board = Board.from_moves(parse_moves(LOST_TO_CLUB), 15)
    review = review_game(board)
    assert review.final_win is not None and review.final_win[0] is Stone.WHITE
    found = game_puzzles(board, review, GameSource(opponent="club"))
    assert len(found) == 1
    attack = found[0]
    first = review.final_win[1]
    assert attack.turn is Stone.WHITE and attack.goal in (Goal.FOURS, Goal.THREES)
    assert attack.source == f"game against club, move {first + 1}"
    assert str(attack.board()) == str(Board.from_moves(board.moves[:first], 15))
    assert try_move(attack, attack.solution[0]).accepted
    assert not try_move(attack, parse_point("a15", 15)).accepted


def test_your_puzzles_are_kept_as_a_collection_and_a_position_is_added_once(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "my-puzzles.txt"
    board = Board.from_moves(parse_moves(MISSED_WIN), 15)
    found = game_puzzles(board, review_game(board), GameSource(opponent="hard"))
    assert add_to_mine(found, path) == 1 and add_to_mine(found, path) == 0
    kept, problem = load_mine(path)
    assert problem == "" and kept == found
    assert path.read_text().startswith("gomoku puzzle\nid: p-")
    path.write_text("gomoku puzzle\nrule: chess\n")
    kept, problem = load_mine(path)
    assert kept == () and "the file is kept as my-puzzles.txt.corrupt-" in problem
    assert add_to_mine(found, path) == 1  # play goes on: a fresh file beside the damaged one
