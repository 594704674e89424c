"""Live analysis as data: when it runs, what it shows, and the marks moving after a move.

The analyst's answers are made here (:class:`~gomoku.ai.result.SearchResult` values, or a short
real :func:`analyse`) and handed to the state as the worker would.
"""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest

from gomoku.ai.analysis import analyse
from gomoku.ai.result import ENGINE_EVAL_SCALE, SearchResult
from gomoku.board import Board
from gomoku.point import Point, parse_point
from gomoku.records import parse_moves
from gomoku.rules import Stone
from gomoku.tui import live
from gomoku.tui.analyst import Analyst
from gomoku.tui.effects import CancelAnalysis, SaveSettings, StartAnalysis
from gomoku.tui.events import AiDone, Analysed
from gomoku.tui.layout import board_layout
from gomoku.tui.model import Menu, MenuRow, Playing, Replaying, State
from gomoku.tui.screens import menu
from gomoku.tui.settings import Settings, validated
from tests.tui.helpers import COLS, LEVELS, ROWS, Run, at, begin, click, loaded, menu_state
from tests.tui.test_view import render


def point(name: str) -> Point:
    return parse_point(name, 15)


def answer(turn: Stone, *names: str, depth: int = 3) -> SearchResult:
    """An analysis (``turn`` to move) ranking the named points, best first, with made-up scores."""
    lines = tuple(
        SearchResult(point(name), score=100 - 10 * index, pv=(point(name),)) for index, name in enumerate(names)
    )
    return replace(lines[0], depth=depth, nodes=1000, lines=lines, final=False)


def started(run: Run) -> StartAnalysis:
    return run.of(StartAnalysis)[-1]


def cell(state: State, name: str) -> str:
    """The character drawn on the board at point ``name`` (80x24)."""
    layout = board_layout(ROWS, COLS, 15)
    assert layout is not None
    row, col = layout.screen_of(point(name))
    return render(state).line(row)[col]


def analysing_pvp() -> Run:
    """A two-player game after black's h8, with analysis just turned on."""
    run = begin("pvp")
    run.send(click(run.state, at(run.state, "h8")))
    return run.press("A")


def test_a_starts_the_analyst_on_the_position_shown_and_says_how_to_stop_it() -> None:
    run = analysing_pvp()
    effect = started(run)
    assert isinstance(run.state.screen, Playing)
    assert effect.board is run.state.screen.game.board and effect.analyst == "hard"
    assert run.state.analysis is not None and run.state.analysis.job == effect.job
    assert run.state.message == "Analysis by hard on: its best 3 moves are marked 1 2 3; A hides them."
    assert "Analysis by hard: thinking..." in render(run.state).screen()


def test_its_answer_marks_the_best_three_moves_and_lists_them_with_the_depth_and_line() -> None:
    run = analysing_pvp()
    run.send(Analysed(started(run).job, answer(Stone.WHITE, "i9", "g9", "h9", depth=5)))
    assert [cell(run.state, name) for name in ("i9", "g9", "h9")] == ["1", "2", "3"]
    text = render(run.state).screen()
    assert "Analysis by hard" in text and "depth 5 · deepening" in text
    assert "1 i9 white +100" in text and "3 h9 white +80" in text and "pv i9" in text


def test_a_move_stops_the_analysis_at_once_and_starts_it_on_the_new_position() -> None:
    run = analysing_pvp()
    old = started(run)
    run.send(Analysed(old.job, answer(Stone.WHITE, "i9", "g9", "h9")))
    run.send(click(run.state, at(run.state, "i9")))
    assert CancelAnalysis(old.job) in run.effects
    new = started(run)
    assert new.job != old.job and [str(p) for p in new.board.moves] == [str(point("h8")), str(point("i9"))]
    assert cell(run.state, "g9") != "2"  # the old marks are gone with the old position
    before = run.state
    run.send(Analysed(old.job, answer(Stone.WHITE, "a1", "a2", "a3")))  # a late answer about h8 alone
    assert run.state is before
    run.send(Analysed(new.job, answer(Stone.BLACK, "j10", "g7", "k8")))
    assert [cell(run.state, name) for name in ("j10", "g7", "k8")] == ["1", "2", "3"]
    assert cell(run.state, "i9") == "◎"  # white's move, where 1 was


def test_a_again_turns_it_off_and_cancels_the_job() -> None:
    run = analysing_pvp()
    job = started(run).job
    run.press("A")
    assert run.of(CancelAnalysis) == [CancelAnalysis(job)] and run.state.analysis is None
    assert run.state.message == "Analysis off."
    assert "Analysis by" not in render(run.state).screen()


def test_against_the_computer_it_needs_the_coach_setting() -> None:
    run = begin("pvc").press("A")
    assert run.of(StartAnalysis) == [] and run.state.alert
    assert run.state.message == live.refusal()
    key = run.state.message.split("menu (")[1].split(")")[0]  # the key it names opens the menu from the game
    assert isinstance(run.press(key).state.screen, Menu)
    coached = begin("pvc", coach=True).press("A")
    assert len(coached.of(StartAnalysis)) == 1


def test_the_coach_row_of_the_menu_turns_it_on_and_is_remembered() -> None:
    state = menu_state()
    rows = [row for row in menu.rows(state, state.screen) if menu.applies(state.settings, row)]  # type: ignore[arg-type]
    ups = len(rows) - rows.index(MenuRow.COACH)  # up from New game wraps round to the last row, then climbs
    run = Run(state).press(*["up"] * ups)
    assert run.state.screen == Menu(MenuRow.COACH)
    assert "Coach < off >" in " ".join(render(run.state).screen().split())
    run.press("right")
    assert run.state.settings.coach is True and run.of(SaveSettings)[-1].settings.coach is True
    assert validated(run.state.settings.to_json(), LEVELS).coach is True
    assert validated({"coach": "yes"}, LEVELS).coach is False  # a value it cannot use keeps the default


def test_in_a_replay_each_step_analyses_the_position_shown() -> None:
    run = Run(loaded("h8 i9 h9 i10 h10")).press("A")
    first = started(run)
    assert isinstance(run.state.screen, Replaying) and first.board is run.state.screen.board
    run.press("left")
    assert CancelAnalysis(first.job) in run.effects
    assert len(started(run).board.moves) == 4


def test_nothing_is_analysed_once_the_game_is_over() -> None:
    run = begin("pvp", size=9).press("A")
    for name in ("a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1"):
        run.send(click(run.state, at(run.state, name)))
    assert run.state.analysis is None and isinstance(run.of(CancelAnalysis)[-1], CancelAnalysis)


def test_a_forced_win_is_said_in_moves() -> None:
    board = Board.from_moves(parse_moves("h8 a1 i8 a3 j8 a5"))
    analysis = analyse(board, seconds=5)
    assert analysis is not None
    best = analysis.best[0]
    assert best.move in (point("g8"), point("k8")) and best.win_in is not None
    assert live.value_text(best, board.turn) == "black wins in 2"
    assert len({line.move for line in analysis.lines}) == len(analysis.lines) == 3


def test_the_analysis_deepens_and_stops_when_asked() -> None:
    board = Board.from_moves(parse_moves("h8 i9 h9 i10"))
    seen: list[SearchResult] = []
    stop = threading.Event()

    def update(analysis: SearchResult) -> None:
        seen.append(analysis)
        if analysis.depth >= 2:
            stop.set()

    final = analyse(board, stop=stop, on_update=update, seconds=30)
    depths = [analysis.depth for analysis in seen]
    assert depths[:2] == [1, 2] and final is not None and final.final and final.depth == 2
    assert seen[-1].final


def test_the_worker_posts_each_deeper_answer_and_nothing_after_a_cancel() -> None:
    posted: list[object] = []
    jobs: list = []

    def fake(board: Board, stop: threading.Event, on_update) -> SearchResult:  # type: ignore[no-untyped-def]
        first = answer(Stone.BLACK, "h8", depth=1)
        on_update(first)
        on_update(answer(Stone.BLACK, "h8", depth=2))
        return first

    analyst = Analyst(posted.append, jobs.append, run=fake)
    board = Board()
    analyst.start(StartAnalysis(1, board))
    analyst.start(StartAnalysis(2, board))
    analyst.cancel(CancelAnalysis(2))
    for job in jobs:
        job()
    assert [(event.job, event.analysis.depth) for event in posted] == [(1, 1), (1, 2)]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("line", "text"),
    [
        (SearchResult(Point(0, 0), win_in=5), "white wins in 3"),
        (SearchResult(Point(0, 0), win_in=-4), "black wins in 2"),
        (SearchResult(Point(0, 0), score=-3742), "white -3742 32%"),
        (SearchResult(Point(0, 0), score=12, exact=False), "white <=+12 50%"),
    ],
)
def test_values_are_said_for_the_side_to_move(line: SearchResult, text: str) -> None:
    assert live.value_text(line, Stone.WHITE) == text


def test_an_outside_engines_score_is_read_on_its_own_scale() -> None:
    line = SearchResult(Point(0, 0), score=-340)
    assert live.value_text(line, Stone.BLACK, ENGINE_EVAL_SCALE) == "black -340 15%"
    assert live.value_text(line, Stone.BLACK) == "black -340 48%"  # our search's scores run larger


def test_settings_default_to_no_coach() -> None:
    assert Settings().coach is False


# -- without a side panel ------------------------------------------------------------

#: A terminal too narrow for the panel beside a 15x15 board (it appears from 60 columns).
NARROW = 50


def status_line(state: State, cols: int = NARROW) -> str:
    """The status line, read with the message line empty (a long message takes both rows on a narrow terminal)."""
    return " ".join(render(replace(state, message=""), ROWS, cols).lines()[-2].split())


def test_the_status_phrase_says_the_best_move_its_value_and_the_depth() -> None:
    board = Board.from_moves(parse_moves("h8"))
    assert live.status_text(None, board) == "analysing..."
    assert live.status_text(answer(Stone.WHITE, "i9", "g9", depth=7), board) == "best i9 white +100 50% · d7"
    forced = SearchResult(point("i9"), win_in=5, pv=(point("i9"),), depth=0)
    assert live.status_text(forced, board) == "best i9 white wins in 3 · d0"


def test_a_narrow_game_shows_the_best_move_on_the_status_line() -> None:
    run = analysing_pvp()
    assert board_layout(ROWS, NARROW, 15) is not None and board_layout(ROWS, NARROW, 15).panel_x is None  # type: ignore[union-attr]
    assert "White to play · analysing..." in status_line(run.state)
    run.send(Analysed(started(run).job, answer(Stone.WHITE, "i9", "g9", "h9", depth=5)))
    line = status_line(run.state)
    assert "White to play · best i9 white +100 50% · d5" in line  # the rest as room allows, each part whole
    assert line.endswith(("d5", "move 4", "last: white i9"))
    assert "depth 5 · deepening" not in render(run.state, ROWS, NARROW).screen()  # no panel to put the lines in
    assert "best i9" not in status_line(run.state, COLS)  # with the panel, the lines are there instead


def test_a_narrow_replay_shows_the_best_move_on_the_status_line() -> None:
    run = Run(loaded("h8 i9 h9")).press("A")
    run.send(Analysed(started(run).job, answer(Stone.WHITE, "i10", "g9", depth=4)))
    line = status_line(run.state)
    assert "Move 3 of 3 · best i10 white +100 50% · d4" in line
    assert line.endswith(("d4", "black h9"))
    run.press("A")
    assert "best" not in status_line(run.state)


def test_the_coach_waits_while_the_computer_thinks_its_move_and_resumes_after() -> None:
    """Against the computer, the analysis never reads the position the computer is thinking about."""
    run = begin("pvc", coach=True).press("A")
    run.send(click(run.state, at(run.state, "h8")))  # the computer is to move now
    assert run.state.ai is not None
    thinking_board = run.state.ai.board
    assert all(effect.board is not thinking_board for effect in run.of(StartAnalysis))
    assert run.state.analysis is None
    assert "Analysis waits for" in render(run.state).screen() and "the computer's move" in render(run.state).screen()
    run.send(AiDone(run.state.ai.job, point("i9")))
    assert isinstance(run.state.screen, Playing)
    after = run.state.screen.game.board
    assert started(run).board is after and run.state.analysis is not None  # resumed on the human's turn


def test_in_watch_mode_the_analysis_goes_on_while_the_computers_think() -> None:
    run = begin("cvc").press("A")
    assert run.state.ai is not None and started(run).board is run.state.ai.board
