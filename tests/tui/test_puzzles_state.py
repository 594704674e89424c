"""The Puzzles screen as data: the sets read on a worker, a move judged, failed, hinted, solved, the rating kept;
the review adding its game's puzzles.  (The same in a real pseudo-terminal: test_puzzles_e2e.py.)"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, timezone

from gomoku.board import Board
from gomoku.point import parse_point
from gomoku.puzzle_progress import Finish, Progress
from gomoku.puzzles import Goal, Puzzle, try_move
from gomoku.records import parse_moves
from gomoku.tui.effects import CancelPuzzleJob, CollectPuzzles, JudgePuzzleMove, LoadPuzzles, SavePuzzleProgress
from gomoku.tui.events import PuzzleJudged, PuzzlesCollected, PuzzlesRead, Tick
from gomoku.tui.layout import menu_layout
from gomoku.tui.model import Menu, MenuRow, PuzzleSet, PuzzleSets, Solving, State, busy
from gomoku.tui.screens import menu
from gomoku.tui.screens import puzzles as screen_puzzles
from gomoku.tui.update import initial_state
from tests.tui.helpers import LEVELS, NOON, Run, menu_state, settings
from tests.tui.test_view import flat, render

DAY = date(2026, 12, 2)
#: Black's open three h8 i8 j8 (white's stones far away on the a file): g8 or k8 wins by fours.
OPEN_THREE = "h8 a1 i8 a3 j8 a5"
#: The same shape one row up: a second puzzle of the set.
HIGHER = "h9 a1 i9 a3 j9 a5"


def puzzle(moves: str, name: str = "Open three") -> Puzzle:
    board = Board.from_moves(parse_moves(moves), 15)
    line = try_move(Puzzle.from_board(board, Goal.FOURS), parse_point("g" + moves.split()[0][1:], 15)).line
    return Puzzle.from_board(board, Goal.FOURS, line, name=name, source="game against hard, move 7")


PUZZLES = (puzzle(OPEN_THREE), puzzle(HIGHER, "One row up"))


def sets(run: Run, mine: tuple[Puzzle, ...] = PUZZLES, progress: Progress | None = None, notice: str = "") -> Run:
    """The Puzzles screen once its worker answered: ``mine`` as your puzzles (no built-in collection)."""
    (load,) = run.of(LoadPuzzles)
    return run.send(PuzzlesRead(load.job, DAY, progress or Progress(), (), mine, notice))


def to_puzzles(run: Run) -> Run:
    """Down the menu to its Puzzles row, and Enter."""
    for _ in MenuRow:
        if menu.selected(run.state, run.state.screen) is MenuRow.PUZZLES:  # type: ignore[arg-type]
            break
        run.press("down")
    return run.press("enter")


def opened(**more: object) -> Run:
    """The Puzzles screen opened from the menu's row, read."""
    return sets(to_puzzles(Run(menu_state())), **more)  # type: ignore[arg-type]


def solving(**more: object) -> Run:
    """The newest of your puzzles on the board (Your puzzles, Enter)."""
    return opened(**more).press("down", "down", "enter")


def screen(state: State) -> Solving:
    assert isinstance(state.screen, Solving)
    return state.screen


def judge(run: Run) -> Run:
    """Answer the last move asked for with the solvers' own verdict."""
    effect = run.of(JudgePuzzleMove)[-1]
    return run.send(PuzzleJudged(effect.job, try_move(effect.puzzle, effect.move)))


def play(run: Run, name: str) -> Run:
    """Move the cursor to ``name`` (a click's job done by keys) and play it, the verdict answered."""
    target = parse_point(name, 15)
    solving_screen = screen(run.state)
    run.state = replace(run.state, screen=replace(solving_screen, cursor=target))
    return judge(run.press("enter"))


def finish(run: Run) -> Run:
    """After g9 and the defender's answer at one end, the five at the other."""
    reply = screen(run.state).played[1]
    return play(run, "k9" if reply == parse_point("f9", 15) else "f9")


def test_the_menu_opens_the_puzzles_and_they_are_read_on_a_worker() -> None:
    run = to_puzzles(Run(menu_state()))
    assert isinstance(run.state.screen, PuzzleSets) and run.of(LoadPuzzles)
    assert "Reading your puzzles" in flat(render(run.state))
    sets(run)
    text = flat(render(run.state))
    assert "rating 1500 · streak 0 (best 0)" in text and "Your puzzles (from your games) 2 puzzles, 0 done" in text
    assert isinstance(run.press("escape").state.screen, Menu)


def test_a_set_asked_for_while_the_puzzles_are_read_opens_once_they_are_in() -> None:
    run = to_puzzles(Run(menu_state())).press("down", "down", "enter")  # Your puzzles, before the worker answered
    assert isinstance(run.state.screen, PuzzleSets) and "opens in a moment" in run.state.message
    sets(run)
    assert screen(run.state).puzzles == PUZZLES[::-1]  # the newest first, as Enter after the reading opens them


def test_the_start_menu_with_the_puzzles_and_an_analyst_row_fits_80x24() -> None:
    state = menu_state(engines=(("rapfi", "/opt/pbrain-rapfi"),))
    assert len(menu.rows(state, state.screen)) == 19  # type: ignore[arg-type]  # the Game history row too
    text = render(state).screen()
    assert "Puzzles..." in text and "Analyst" in text and "Quit" in text and "up/down choose" in text
    assert "Game history..." in text
    layout = menu_layout(24, 80, 18)
    assert layout is not None and layout.hints == 1 and layout.about == 2 and not layout.title_row
    assert layout.height == 23
    in_game = menu_layout(24, 80, 18, keys_first=True)  # Esc back to the game stays said
    assert in_game is not None and in_game.hints == 2 and in_game.about == 1


def test_a_damaged_progress_is_said_and_play_goes_on() -> None:
    run = opened(notice="Your puzzle progress was damaged (not JSON progress): it is kept as puzzles.json.corrupt-1")
    assert run.state.alert and "kept as puzzles.json.corrupt-1" in run.state.message
    assert isinstance(run.press("down", "down", "enter").state.screen, Solving)


def test_the_newest_of_your_puzzles_is_first_with_the_task_the_rating_and_the_source() -> None:
    run = solving()
    shown = screen(run.state)
    assert shown.puzzle == PUZZLES[-1] and shown.chosen is PuzzleSet.MINE
    text = flat(render(run.state))
    assert "Black to play: win by fours." in text and "Your rating: 1500" in text
    assert "game against hard, move 7" in text and "Puzzle 1 of 2" in text


def test_a_wrong_move_is_judged_on_a_worker_then_told_why_and_rated_once() -> None:
    run = solving()
    run.state = replace(run.state, screen=replace(screen(run.state), cursor=parse_point("h12", 15)))
    run.press("enter")
    asked = run.of(JudgePuzzleMove)[-1]
    assert asked.move == parse_point("h12", 15) and busy(run.state)
    assert "Checking h12" in flat(render(run.state))
    assert run.press("enter").state.message == "Wait: h12 is being checked."
    judge(run)
    assert not busy(run.state) and run.state.alert
    assert "Not h12: h12 is no four: a win by fours plays a four every move." in run.state.message
    assert "Rating 1500 → 1338." in run.state.message
    (saved,) = run.of(SavePuzzleProgress)
    assert saved.progress.finish_of(PUZZLES[-1]) is Finish.FAILED and round(saved.progress.player.rating) == 1338
    play(run, "h13")  # a second wrong move: the rating stays
    assert "Rating" not in run.state.message and len(run.of(SavePuzzleProgress)) == 1


def test_a_winning_move_gets_the_defenders_longest_answer_then_the_five_solves_it_and_the_rating_rises() -> None:
    run = play(solving(), "g9")
    shown = screen(run.state)
    assert shown.played[0] == parse_point("g9", 15) and len(shown.played) == 2
    assert run.state.message.startswith("Right: black g9, white answers")
    finish(run)
    assert screen(run.state).solved and run.state.message == "Solved! Rating 1500 → 1662. n for the next puzzle."
    assert "Solved" in flat(render(run.state))
    progress = run.of(SavePuzzleProgress)[-1].progress
    assert progress.streak == 1 and progress.finish_of(PUZZLES[-1]) is Finish.SOLVED


def test_the_solution_replayed_after_a_right_move_does_not_list_the_moves_played() -> None:
    run = play(solving(), "g9")
    assert "Played: g9" in flat(render(run.state))
    run.press("v")
    assert "The solution, move by move" in flat(render(run.state)) and "Played:" not in flat(render(run.state))


def test_two_hints_the_area_then_the_move_and_the_first_counts_as_a_failure() -> None:
    run = solving().press("H")
    shown = screen(run.state)
    assert shown.hint == 1 and shown.failed
    assert (
        run.state.message.startswith("Hint: the move is in the square ") and "Rating 1500 → 1338." in run.state.message
    )
    first, last = screen_puzzles.hint_area(shown.line[0], 15)
    assert first.x <= shown.line[0].x <= last.x and first.y <= shown.line[0].y <= last.y
    assert last.x - first.x == 4 and last.y - first.y == 4
    run.press("H")
    assert run.state.message == f"Hint: play {'g9' if shown.line[0] == parse_point('g9', 15) else 'k9'}."
    assert len(run.of(SavePuzzleProgress)) == 1  # the second hint moves nothing


def test_the_solution_replays_step_by_step_and_esc_returns_to_the_puzzle() -> None:
    run = solving().press("v")
    shown = screen(run.state)
    assert shown.replay == 0 and shown.failed
    line = screen_puzzles.solution_line(shown)
    run.press("right", "right")
    assert screen(run.state).replay == 2
    assert len(screen_puzzles.replay_board(screen(run.state)).moves) == 2
    assert f"Solution: move 2 of {len(line)}" in flat(render(run.state))
    run.press("left", "escape")
    assert screen(run.state).replay is None and not screen(run.state).board.moves


def test_next_and_previous_puzzle_and_back_to_the_sets_with_the_progress() -> None:
    run = solving().press("n")
    assert screen(run.state).index == 1
    assert run.press("n").state.message == "That is the last puzzle of this set: Esc for the sets."
    run.press("p", "H")
    run.press("escape")
    sets_screen = run.state.screen
    assert isinstance(sets_screen, PuzzleSets) and sets_screen.row is PuzzleSet.MINE
    assert sets_screen.shelf is not None and round(sets_screen.shelf.progress.player.rating) == 1338


def test_leaving_while_a_move_is_judged_cancels_it_and_its_late_answer_is_dropped() -> None:
    run = solving().press("k", "k", "k", "enter")  # i12, above black's three
    asked = run.of(JudgePuzzleMove)[-1]
    run.press("n")
    assert CancelPuzzleJob(asked.job) in run.effects
    before = run.state
    run.send(PuzzleJudged(asked.job, try_move(asked.puzzle, asked.move)))
    assert run.state.screen == before.screen


def test_the_spinner_turns_while_a_move_is_judged() -> None:
    run = solving().press("k", "k", "k", "enter")  # i12, above black's three
    run.send(Tick(NOON, frame=3))
    assert run.state.frame == 3


def test_puzzle_file_opens_the_puzzles_with_its_puzzles_first() -> None:
    state, effects = initial_state(settings(), LEVELS, puzzles=True, puzzle_file=("two.puzzle", PUZZLES))
    assert isinstance(state.screen, PuzzleSets) and state.screen.row is PuzzleSet.FILE
    assert any(isinstance(effect, LoadPuzzles) for effect in effects)
    run = sets(Run(state, list(effects)), mine=())
    assert "From the file 2 puzzles, 0 done" in flat(render(run.state))
    run.press("enter")
    assert screen(run.state).chosen is PuzzleSet.FILE and screen(run.state).puzzle == PUZZLES[0]


def test_the_review_adds_its_games_puzzles_and_says_how_many() -> None:
    from tests.tui.test_review_screen import MISSED_WIN, finished

    run = finished(MISSED_WIN)
    (collect,) = run.of(CollectPuzzles)
    assert collect.review.moves and collect.board.moves
    run.send(PuzzlesCollected(collect.job, 1))
    assert run.state.message == "1 puzzle added to your collection (Puzzles in the menu)."
    run = finished(MISSED_WIN)
    run.send(PuzzlesCollected(run.of(CollectPuzzles)[0].job, 0))
    assert "added" not in run.state.message


def test_a_records_puzzles_name_its_file_and_a_damaged_file_of_yours_is_said_with_them() -> None:
    from tests.tui.test_review_screen import MISSED_WIN, finished

    run = finished(MISSED_WIN)
    (collect,) = run.of(CollectPuzzles)
    # a record opened from a file: its name, not the time of the review as if it were when the game was played
    assert collect.source.said(7) == "game game.txt, move 7"
    damaged = "Your puzzles were damaged (line 2: ...): the file is kept as my-puzzles.txt.corrupt-1."
    run.send(PuzzlesCollected(collect.job, 1, notice=damaged))
    assert run.state.message == damaged + " 1 puzzle added to your collection (Puzzles in the menu)."


def test_a_game_from_the_history_names_when_it_was_played_and_the_opponent() -> None:
    from gomoku.history import GameKind, entry_of
    from gomoku.records import GameRecord
    from gomoku.review import review_game
    from gomoku.rules import Outcome, Stone, Termination
    from gomoku.tui.effects import StartReview
    from gomoku.tui.events import ReviewDone
    from gomoku.tui.model import HistoryView
    from tests.tui.test_review_screen import MISSED_WIN

    played = datetime(2026, 11, 30, 18, 45, tzinfo=timezone.utc)
    record = GameRecord(moves=tuple(parse_moves(MISSED_WIN)))
    outcome = Outcome(Termination.FIVE, Stone.WHITE)
    entry = entry_of(record, GameKind.VS_COMPUTER, outcome, opponent="hard", played_at=played)
    run = Run(replace(menu_state(), screen=HistoryView(entries=(replace(entry, number=1),)))).press("R")
    (asked,) = run.of(StartReview)
    run.send(ReviewDone(asked.job, review_game(asked.board)))
    (collect,) = run.of(CollectPuzzles)
    assert collect.source.said(7) == f"game of {played.astimezone():%Y-%m-%d %H:%M} against hard, move 7"


def samples(mine: tuple[Puzzle, ...] = PUZZLES) -> dict[str, State]:
    """The Puzzles screens in each of their moments (``mine`` as your puzzles), for the checks of every screen."""
    return {
        "puzzles, reading": to_puzzles(Run(menu_state())).state,
        "puzzles, the sets": opened(mine=mine).state,
        "puzzles, none of yours yet": opened(mine=()).press("down", "down", "enter").state,
        "puzzle, solving": solving(mine=mine).state,
        "puzzle, a move judged": solving(mine=mine).press("k", "k", "k", "enter").state,
        "puzzle, failed": play(solving(mine=mine), "h12").state,
        "puzzle, the area hinted": solving(mine=mine).press("H").state,
        "puzzle, the move hinted": solving(mine=mine).press("H", "H").state,
        "puzzle, right so far": play(solving(mine=mine), "g9").state,
        "puzzle, solved": finish(play(solving(mine=mine), "g9")).state,
        "puzzle, the solution replayed": solving(mine=mine).press("v", "right").state,
    }


def test_a_puzzle_finished_before_moves_nothing_whatever_is_done_with_it() -> None:
    done, _ = Progress().finished(PUZZLES[-1], Finish.SOLVED, date(2026, 12, 1))
    run = solving(progress=done).press("v", "escape", "H")
    assert not run.of(SavePuzzleProgress) and not screen(run.state).failed
    assert "Solved before: it counts no more." in flat(render(run.state))
    finish(play(run, "g9"))
    assert run.state.message == "Solved! n for the next puzzle." and not run.of(SavePuzzleProgress)


def test_an_ascii_terminal_draws_the_ratings_arrow_in_ascii() -> None:
    from gomoku.tui import draw
    from gomoku.tui.settings import BoardStyle

    state = solving().press("H").state
    text = flat(render(state, theme=draw.plain_theme(style=BoardStyle.ASCII)))
    assert "Rating 1500 -> 1338." in text and "→" not in text
