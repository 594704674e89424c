"""The review screen as data: starting, progress, cancelling, the moments, the forced line step by step.

The review itself is the core's (:mod:`gomoku.review`, tested in
``tests/test_review.py``); here it is run at once, without an analyst, and
handed to the screen as the worker would.
"""

from __future__ import annotations

from dataclasses import replace

from gomoku.board import Board
from gomoku.book import Book, BookMark
from gomoku.records import parse_moves
from gomoku.review import Mark, review_game
from gomoku.rules import Rule, Stone, Termination
from gomoku.tui import draw
from gomoku.tui.effects import CancelReview, StartReview
from gomoku.tui.events import Failed, ReviewDone, ReviewProgress
from gomoku.tui.layout import board_layout
from gomoku.tui.model import Playing, Replaying, Reviewing, State
from gomoku.tui.reviewer import Reviewer
from gomoku.tui.screen import context
from gomoku.tui.screens import review as screen_review
from tests.tui.helpers import COLS, ROWS, Run, loaded, play_at, press, start
from tests.tui.test_view import flat, render

#: Black has an open three and plays h12 instead of making it four: a missed win (move 7).
MISSED_WIN = "h8 a1 i8 a3 j8 a5 h12 g8 o15"
#: White's i9 (move 24) lets black through with fours and threes (tests/test_review.py).
DECIDED = "h8 i8 h7 h9 i7 j7 k6 f11 g10 j6 f9 j5 j8 j4 j3 h6 g8 e10 g7 g9 f7 e7 f6 i9 f8 f5 f10"


def reviewing(moves: str) -> Run:
    """A replay of ``moves`` where R was pressed: the review asked for, not answered yet."""
    return Run(loaded(moves)).press("R")


def the_review(run: Run) -> StartReview:
    (effect,) = run.of(StartReview)
    return effect


def finished(moves: str) -> Run:
    """The review of ``moves`` done (read at once, threats only) and handed to the screen."""
    run = reviewing(moves)
    effect = the_review(run)
    return run.send(ReviewDone(effect.job, review_game(effect.board)))


def panel(state: State, rows: int = ROWS, cols: int = COLS) -> str:
    """The text beside the board, its lines joined (the sentence wraps there)."""
    layout = board_layout(rows, cols, 15)
    assert layout is not None and layout.panel_x is not None
    return " ".join(" ".join(line[layout.panel_x :] for line in render(state, rows, cols).lines()).split())


def screen_of(state: State) -> Reviewing:
    assert isinstance(state.screen, Reviewing)
    return state.screen


def test_r_in_a_replay_asks_a_worker_to_review_the_whole_record() -> None:
    run = reviewing(MISSED_WIN)
    effect = the_review(run)
    screen = screen_of(run.state)
    assert [str(point) for point in effect.board.moves] == [str(point) for point in parse_moves(MISSED_WIN)]
    assert effect.analyst == "hard" and screen.job == effect.job and screen.review is None
    assert "Reviewing the game: Esc cancels." in flat(render(run.state))


def test_a_record_that_ended_by_resignation_is_reviewed_with_that_ending() -> None:
    """The board cannot show a resignation: the review is handed the record's ending and keeps it."""
    state = loaded(MISSED_WIN)
    replay = state.screen
    assert isinstance(replay, Replaying)
    resigned = replace(state, screen=replace(replay, record=replace(replay.record, result="W+R")))
    effect = the_review(Run(resigned).press("R"))
    assert effect.result is not None and effect.result.termination is Termination.RESIGNATION
    assert effect.result.winner is Stone.WHITE
    reviewed = review_game(effect.board, result=effect.result)
    assert reviewed.result == effect.result


def test_the_progress_bar_counts_the_positions_read() -> None:
    run = reviewing(MISSED_WIN)
    job = the_review(run).job
    run.send(ReviewProgress(job, 4, 10))
    screen = screen_of(run.state)
    assert (screen.done, screen.total) == (4, 10)
    text = flat(render(run.state))
    assert "4/10" in text and "4 of 10 positions read" in text


def test_esc_cancels_the_review_and_its_late_answers_change_nothing() -> None:
    run = reviewing(MISSED_WIN)
    job = the_review(run).job
    run.press("escape")
    assert isinstance(run.state.screen, Replaying)
    assert run.of(CancelReview) == [CancelReview(job)]
    assert run.state.message == "Review cancelled."
    before = run.state
    board = the_review(run).board
    run.send(ReviewProgress(job, 5, 10), ReviewDone(job, review_game(board)))
    assert run.state.screen == before.screen and run.state.message == before.message


def test_an_answer_of_another_job_is_not_taken() -> None:
    run = reviewing(MISSED_WIN)
    job = the_review(run).job
    run.send(ReviewProgress(job + 7, 9, 10), ReviewDone(job + 7, review_game(Board.from_moves(parse_moves("h8")))))
    screen = screen_of(run.state)
    assert screen.review is None and screen.done == 0


def test_a_failed_review_returns_to_the_replay_and_says_why() -> None:
    run = reviewing(MISSED_WIN)
    run.send(Failed(the_review(run).job, "the analyst crashed"))
    assert isinstance(run.state.screen, Replaying)
    assert run.state.alert and "The review failed: the analyst crashed" in run.state.message


def test_a_missed_win_is_selected_with_its_line_shown_whole_and_its_sentence() -> None:
    run = finished(MISSED_WIN)
    first = screen_review.selected(screen_of(run.state))
    assert first is not None and first.move.number == 6 and first.mark is Mark.MISTAKE  # white's a5 let black in
    run.press("n")
    screen = screen_of(run.state)
    moment = screen_review.selected(screen)
    assert moment is not None and moment.missed and moment.move.number == 7
    assert screen.step == len(moment.line) > 0
    board = screen_review.position(screen)
    assert len(board.moves) == 6  # the position before the move that let the win go
    text = flat(render(run.state))
    assert "Move 7, black h12: black missed a win by fours: g8, f8, k8 (3 moves)" in panel(run.state)
    assert "? 7. black h12 missed win" in text
    assert f"line {screen.step} of {screen.step}" in text


def test_the_line_is_stepped_through_stone_by_stone() -> None:
    run = finished(MISSED_WIN).press("n")
    whole = screen_of(run.state).step
    run.press("left")
    assert screen_of(run.state).step == whole - 1
    run.press(*["left"] * whole)
    assert screen_of(run.state).step == 0 and run.state.message == "That is the position before the line."
    run.press("right")
    screen = screen_of(run.state)
    assert screen_review.shown_line(screen) == screen_review.selected(screen).win.line[:1]  # type: ignore[union-attr]
    layout = board_layout(ROWS, COLS, 15)
    assert layout is not None
    row, col = layout.screen_of(screen_review.shown_line(screen)[0])
    assert render(run.state).line(row)[col] == "1"


def test_the_decisive_mistake_is_shown_first_and_marked_on_the_board_and_the_graph() -> None:
    run = finished(DECIDED)
    screen = screen_of(run.state)
    moment = screen_review.selected(screen)
    assert moment is not None and moment.mark is Mark.DECISIVE
    assert screen.review is not None and moment.move.number == screen.review.decided
    text = flat(render(run.state))
    assert f"Decided at move {screen.review.decided}" in text
    assert f"X {moment.move.number}. {moment.move.side}" in text
    assert moment.move.sentence in panel(run.state)


def test_n_and_p_move_between_the_moments_and_stop_at_the_ends() -> None:
    run = finished(DECIDED)
    review = screen_of(run.state).review
    assert review is not None
    count = len(screen_review.moments(review))
    run.press(*["p"] * count)
    assert screen_of(run.state).selected == 0 and run.state.message == "That is the first marked moment."
    run.press("n")
    screen = screen_of(run.state)
    if count > 1:
        moment = screen_review.selected(screen)
        assert screen.selected == 1 and moment is not None and screen.step == len(moment.line)


def test_esc_after_the_review_goes_back_to_the_game_kept_as_it_was() -> None:
    won = play_at(start("pvp", size=9), "a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1")
    run = Run(won).press("R")
    assert isinstance(run.state.screen, Reviewing) and run.state.screen.back == won.screen
    effect = the_review(run)
    run.send(ReviewDone(effect.job, review_game(effect.board)))
    run.press("escape")
    assert run.state.screen == won.screen
    assert isinstance(run.state.screen, Playing)


def test_r_is_offered_only_once_the_game_is_over() -> None:
    playing = play_at(start("pvp", size=9), "a1", "a2")
    assert press(playing, "R").screen == playing.screen
    assert "R review" not in render(playing).lines()[-1]
    won = play_at(playing, "b1", "b2", "c1", "c2", "d1", "d2", "e1")
    assert "R review" in flat(render(won))


def test_the_worker_posts_progress_then_the_review_and_nothing_once_cancelled() -> None:
    posted: list[object] = []
    jobs: list = []
    reviewer = Reviewer(posted.append, jobs.append, analyst=lambda name: None)  # type: ignore[arg-type,return-value]
    board = Board.from_moves(parse_moves(MISSED_WIN))
    reviewer.start(StartReview(1, board))
    reviewer.start(StartReview(2, board))
    reviewer.cancel(CancelReview(2))
    for job in jobs:
        job()
    progress = [event for event in posted if isinstance(event, ReviewProgress)]
    done = [event for event in posted if isinstance(event, ReviewDone)]
    assert progress and all(event.job == 1 for event in progress) and progress[-1].done == progress[-1].total == 10
    assert [event.job for event in done] == [1] and done[0].review.moves[6].marks == (Mark.MISSED_WIN,)


def test_a_review_that_cannot_start_its_analyst_is_reported_as_failed() -> None:
    posted: list[object] = []

    def broken(name: str):  # type: ignore[no-untyped-def]
        raise RuntimeError(f"no analyst called {name}")

    reviewer = Reviewer(posted.append, lambda job: job(), analyst=broken)
    reviewer.start(StartReview(3, Board.from_moves(parse_moves("h8 i9")), analyst="rapfi"))
    assert posted == [Failed(3, "no analyst called rapfi")]


def test_nothing_to_review_before_the_first_move() -> None:
    state = start("pvp")
    assert isinstance(state.screen, Playing)
    screen, outcome = screen_review.begin(state.screen.game.board, state.screen, context(state))
    assert screen == state.screen and outcome.effects == ()
    assert outcome.message is not None and outcome.message.text == "No moves to review yet."


# -- the move list ----------------------------------------------------------------


#: The selection's pointer as the tests' theme draws it.
POINTER = draw.plain_theme().glyphs["pointer"]


def listed(rows: list[tuple[screen_review.ListedMove, ...]]) -> list[str]:
    return [" ".join(f"{cell.number} {cell.notation}{cell.marks and ' ' + cell.marks}" for cell in row) for row in rows]


def test_the_move_list_marks_each_move_as_the_graph_does_and_keeps_the_moment_in_the_middle() -> None:
    review = review_game(Board.from_moves(parse_moves(DECIDED)))
    assert review.decided == 16
    rows = screen_review.move_rows(review, 16, 5)
    assert listed(rows) == ["11 f9 12 j5", "13 j8 14 j4", "15 j3 16 h6 X", "17 g8 18 e10", "19 g7 20 g9"]
    assert [cell.number for row in rows for cell in row if cell.selected] == [16]


def test_the_move_list_scrolls_to_the_ends_and_shows_the_end_when_nothing_is_selected() -> None:
    review = review_game(Board.from_moves(parse_moves(DECIDED)))
    assert listed(screen_review.move_rows(review, 1, 2)) == ["1 h8 2 i8", "3 h7 4 h9"]
    assert listed(screen_review.move_rows(review, 27, 2)) == ["25 f8 26 f5", "27 f10"]
    assert listed(screen_review.move_rows(review, 0, 1)) == ["27 f10"]
    assert len(screen_review.move_rows(review, 16, 40)) == 14  # all 27 moves, never more rows than the game has


def test_a_missed_win_and_a_mistake_are_marked_on_their_moves() -> None:
    review = review_game(Board.from_moves(parse_moves(MISSED_WIN)))
    assert listed(screen_review.move_rows(review, 7, 5)) == [
        "1 h8 2 a1",
        "3 i8 4 a3",
        "5 j8 6 a5 x",
        "7 h12 ? 8 g8",
        "9 o15",
    ]


def test_the_review_screen_draws_the_move_list_with_its_marks_at_80x24() -> None:
    run = finished(DECIDED)
    text = panel(run.state, 24, 80)
    assert "Decided at move 16" in text
    moves = f"7 k6 8 f11 9 g10 10 j6 11 f9 12 j5 13 j8 14 j4 15 j3 {POINTER} 16 h6 X 17 g8 18 e10 19 g7 20 g9"
    moves += " 21 f7 22 e7 23 f6 24 i9"
    assert moves in text
    assert "1 h8" not in text  # scrolled: the decisive move stays in view in the middle
    review = screen_of(run.state).review
    assert review is not None and f"{moves} X 16. white h6 decisive {review.moves[15].sentence}" in text


def test_the_review_screen_draws_the_whole_move_list_at_120x40() -> None:
    run = finished(DECIDED)
    text = panel(run.state, 40, 120)
    whole = " ".join(f"{n} {p}" for n, p in enumerate(DECIDED.split(), 1)).replace("16 h6", f"{POINTER} 16 h6 X")
    assert whole in text
    assert text.index("moves 1-27") < text.index(whole) < text.index("X 16. white h6 decisive")


def test_n_moves_the_selection_along_the_move_list() -> None:
    run = finished(MISSED_WIN)
    assert f"5 j8 {POINTER} 6 a5 x 7 h12 ?" in panel(run.state)
    run.press("n")
    assert f"6 a5 x {POINTER} 7 h12 ? 8 g8" in panel(run.state)


def test_a_narrow_review_names_the_moment_and_its_mark_on_the_status_line() -> None:
    run = finished(DECIDED)
    assert board_layout(ROWS, 50, 15) is not None and board_layout(ROWS, 50, 15).panel_x is None  # type: ignore[union-attr]
    status = " ".join(render(replace(run.state, message=""), ROWS, 50).lines()[-2].split())
    assert status.startswith("Moment 1 of 1 · X 16. white h6 decisive · line")


def test_at_100x30_the_line_s_numbers_keep_to_their_points_and_the_cursor_keeps_its_brackets() -> None:
    # two-column cells: "10" and "11" on neighbouring points ran together ("1011"), and the decisive move's X,
    # drawn right of its stone, covered the cursor's closing bracket
    run = finished(DECIDED)
    screen = screen_of(run.state)
    moment = screen_review.selected(screen)
    assert moment is not None and moment.mark is Mark.DECISIVE and screen.step == len(moment.line) >= 10
    layout = board_layout(30, 100, 15)
    assert layout is not None and layout.cell_w == 2
    window = render(run.state, 30, 100)
    for index, point in enumerate(moment.line):
        row, col = layout.screen_of(point)
        number = str(index + 1)
        assert window.line(row)[col] == number[-1], f"stone {number} at {row},{col}: {window.line(row)!r}"
        assert not window.line(row)[col + 1].isdigit()  # the gap to the next point stays clear
    board_part = [line[layout.left - 1 : layout.left + layout.width] for line in window.lines()]
    assert not any("10" in line or "11" in line for line in board_part[: layout.top + layout.height])
    row, col = layout.screen_of(moment.move.move)
    assert window.line(row)[col - 1 : col + 2] == "[◎]"  # white's h6, the last move, in its brackets, no X over them
    wide = render(run.state, 40, 120)  # four-column cells: the numbers whole
    layout = board_layout(40, 120, 15)
    assert layout is not None and layout.cell_w == 4
    row, col = layout.screen_of(moment.line[10])
    assert wide.line(row)[col : col + 2] == "11"


def test_the_review_screen_names_the_opening_says_where_the_game_left_the_book_and_gives_win_rates() -> None:
    from tests.test_review import Scripted

    book = Book(Rule.FREESTYLE, 15)
    book.add_line(parse_moves("h8 i8 h7 h6"), BookMark.GOOD)  # DECIDED's move 4 is h9: it left the book there
    run = reviewing(DECIDED)
    effect = the_review(run)
    review = review_game(effect.board, Scripted({}), book=book.lookup)
    run.send(ReviewDone(effect.job, review))
    window = render(run.state, 40, 120)
    assert "Ugetsu (D6)" in window.lines()[0]  # h8 i8 h7: the title names the opening
    text = panel(run.state, 40, 120)
    assert "Left the book at move 4 (book: h6 good)." in text
    rates = screen_review.win_rate_text(review.moves[15])
    assert rates.startswith("After move 16: black ") and rates in text
