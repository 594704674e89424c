"""Outside Gomocup engines in the terminal game: named on the command line or in the settings, offered in
the menu as opponents and as the analyst, and a failing one leaving the game kept with a built-in level.

The engines are the small fakes of ``tests/engines/fake_engine.py`` (no outside program needed).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from dataclasses import replace

import pytest

from gomoku.ai.result import SearchResult
from gomoku.board import Board
from gomoku.cli import build_parser
from gomoku.gomocup.manager import Players
from gomoku.point import Point
from gomoku.records import parse_moves
from gomoku.review import ENGINE_EVAL_SCALE, ReviewSettings, review_game
from gomoku.tui import live
from gomoku.tui.analyst import Analyst
from gomoku.tui.computer import Computer
from gomoku.tui.effects import AiKind, SaveSettings, StartAi, StartAnalysis, StartReview
from gomoku.tui.events import AiDone, Analysed, Failed, ReviewDone
from gomoku.tui.model import AnalysisJob, Menu, MenuRow, Playing
from gomoku.tui.options import settings_from_args
from gomoku.tui.reviewer import Reviewer
from gomoku.tui.screens import menu
from gomoku.tui.settings import Remembered, Settings, read_settings, validated
from tests.engines.test_engines import FAKE
from tests.tui.helpers import LEVELS, Run, begin, menu_state
from tests.tui.test_review_screen import MISSED_WIN, reviewing, the_review
from tests.tui.test_view import flat, render


def fake(mode: str) -> str:
    """The command line of a fake engine."""
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(FAKE))} {mode}"


def args(*words: str) -> argparse.Namespace:
    return build_parser().parse_args(list(words))


def test_engine_options_are_name_equals_command_and_repeat() -> None:
    parsed = args("--engine", "rapfi=/opt/pbrain-rapfi -x", "--engine", "fake=python fake.py good")
    assert parsed.engine == [("rapfi", "/opt/pbrain-rapfi -x"), ("fake", "python fake.py good")]
    assert args("--engine", "/opt/pbrain-embryo").engine == [("pbrain-embryo", "/opt/pbrain-embryo")]


@pytest.mark.parametrize(
    ("option", "said"),
    [
        ("rapfi=", "names no engine: write NAME=COMMAND"),
        ("hard=/opt/x", "'hard' is a built-in level: give the engine another name"),
        ("x!=/opt/x", "must be a word"),
    ],
)
def test_a_bad_engine_option_is_refused_with_what_to_do(option: str, said: str, capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit):
        args("--engine", option)
    assert said in capsys.readouterr().err


def test_command_line_engines_join_the_settings_and_the_menus_levels() -> None:
    settings = settings_from_args(args("--engine", f"fake={fake('good')}"), Settings(), LEVELS)
    assert settings.engines == (("fake", fake("good")),) and settings.engine_names == ("fake",)
    state = menu_state(engines=settings.engines)
    state = replace(state, levels=(*LEVELS, "fake"), screen=Menu(MenuRow.LEVEL))
    run = Run(state).press("left")  # normal -> easy; then round to the engine
    run.press("left")
    assert run.state.settings.level == "fake"
    assert "fake: the outside engine" in flat(render(run.state))


def test_the_settings_file_keeps_engines_and_the_analyst(tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = {"engines": {"rapfi": "/opt/pbrain-rapfi"}, "level": "rapfi", "analyst": "rapfi"}
    settings = validated(data, LEVELS)
    assert settings.engines == (("rapfi", "/opt/pbrain-rapfi"),) and settings.level == "rapfi"
    assert settings.analyst == "rapfi"
    assert validated(settings.to_json(), LEVELS) == settings
    path = tmp_path / "settings.json"
    path.write_text('{"engines": {"hard": "/x", "ok": "/y"}, "analyst": "nobody"}')
    read, notice = read_settings(LEVELS, path)
    assert read.engines == (("ok", "/y"),) and read.analyst == "hard"
    assert "engines" in notice and "analyst" in notice


def test_the_analyst_row_appears_once_there_is_an_engine_and_goes_round() -> None:
    assert MenuRow.ANALYST not in menu.rows(menu_state(), Menu())
    state = menu_state(engines=(("fake", "/x"),))
    assert MenuRow.ANALYST in menu.rows(state, Menu())
    run = Run(replace(state, screen=Menu(MenuRow.ANALYST))).press("right")
    assert run.state.settings.analyst == "fake"
    run.press("right")
    assert run.state.settings.analyst == "hard"


def test_the_review_and_the_live_analysis_ask_for_the_analyst_chosen() -> None:
    run = begin("pvp", engines=(("fake", "/x"),), analyst="fake")
    run.press("A")
    assert run.of(StartAnalysis)[-1].analyst == "fake"


def computer_answers(name: str, mode: str) -> list[object]:
    """What the computer posts when fake engine ``mode``, named ``name``, is asked for a move (20 s at most)."""
    posted: list[object] = []
    computer = Computer(None, posted.append, None, Players({name: fake(mode)}).make)
    try:
        computer.start(StartAi(1, AiKind.MOVE, Board(), name, think_time=1.0))
        deadline = time.monotonic() + 20
        while not posted and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        computer.stop()
    return posted


def test_an_engine_plays_a_move_for_the_computer() -> None:
    posted = computer_answers("fake", "good")
    assert posted and isinstance(posted[0], AiDone) and posted[0].point is not None and posted[0].error == ""


def test_an_engine_that_fails_leaves_the_game_kept_with_a_built_in_level() -> None:
    run = begin("pvc", black="computer", level="crashy", engines=(("crashy", fake("crash")),))
    (ask,) = run.of(StartAi)
    assert ask.level == "crashy"
    run.send(AiDone(ask.job, None, "ended (exit code 3, it said: segmentation fault)", engine="crashy"))
    screen = run.state.screen
    assert isinstance(screen, Playing) and screen.game.paused and screen.game.settings.level == "hard"
    assert not screen.game.board.moves
    assert (
        run.state.alert and "The engine crashy ended (exit code 3, it said: segmentation fault)." in run.state.message
    )
    assert "p goes on with hard." in run.state.message
    run.press("p")
    assert run.of(StartAi)[-1].level == "hard"


def test_an_engine_as_live_analyst_gives_its_move_value_and_line() -> None:
    posted: list[object] = []
    analyst = Analyst(posted.append, lambda job: job(), engines=Players({"fake": fake("good")}))
    try:
        analyst.start(StartAnalysis(4, Board.from_moves(parse_moves("h8")), "fake"))
    finally:
        analyst.stop()
    *thinking, event = posted  # its search info as it came, then its move
    assert all(isinstance(seen, Analysed) and not seen.analysis.final for seen in thinking)
    assert isinstance(event, Analysed) and event.job == 4 and event.analysis.final
    (line,) = event.analysis.best
    assert line.score == 42 and event.analysis.depth == 3 and line.pv[0] == line.move


def test_an_engine_analysts_search_info_is_shown_as_it_deepens_before_its_move(tmp_path) -> None:  # type: ignore[no-untyped-def]
    go = tmp_path / "go"
    posted: list[Analysed] = []

    def post(event: object) -> None:  # the view gets each line at once: the engine waits for that before moving
        assert isinstance(event, Analysed)
        posted.append(event)
        go.touch()

    command = f"{fake('deepening')} {shlex.quote(str(go))}"
    analyst = Analyst(post, lambda job: job(), engines=Players({"fake": command}))
    board = Board.from_moves(parse_moves("h8"))
    try:
        analyst.start(StartAnalysis(7, board, "fake"))
    finally:
        analyst.stop()
    assert [(seen.job, seen.analysis.depth, seen.analysis.final) for seen in posted] == [
        (7, 1, False),
        (7, 2, False),
        (7, 2, True),
    ]
    first, second, final = (seen.analysis for seen in posted)
    move = Point(6, 6)  # the fake's: the first empty point from the centre, row by row
    assert [line.move for line in first.best] == [move] and first.score == 10
    assert second.pv == (move, Point(7, 7)) and second.score == -25  # Rapfi's form read
    assert (final.move, final.pv, final.score) == (second.move, second.pv, second.score)  # its last line's move
    name = board.notation(move)
    job = AnalysisJob(7, board, "fake", second)
    settings = Settings(engines=(("fake", "pbrain-fake"),))
    assert live.scale(job, settings) == ENGINE_EVAL_SCALE  # centi-units: -25 is a little under even
    lines = live.lines(job, board, scale=live.scale(job, settings))
    assert lines[:3] == ["Analysis by fake", "depth 2 · deepening", f"1 {name:<4} white -25 47%"]


def test_an_engine_that_will_not_start_is_a_clear_failure_of_the_analysis_and_the_review() -> None:
    posted: list[object] = []
    analyst = Analyst(posted.append, lambda job: job(), engines=Players({"never": fake("never")}))
    analyst.start(StartAnalysis(5, Board.from_moves(parse_moves("h8")), "never"))
    (failed,) = posted
    assert isinstance(failed, Failed) and failed.job == 5 and "never did not start" in failed.error
    posted.clear()
    reviewer = Reviewer(posted.append, lambda job: job(), Players({"never": fake("never")}).make)
    reviewer.start(StartReview(6, Board.from_moves(parse_moves("h8 a1 i8 a3 j8 a5 h12 g8 o15")), "never"))
    (done,) = [event for event in posted if isinstance(event, ReviewDone)]  # the threat reads go on alone
    assert "the analyst stopped at move 1" in done.review.analyst_failure and "never" in done.review.analyst_failure
    run = reviewing(MISSED_WIN)
    run.send(ReviewDone(the_review(run).job, done.review))
    assert run.state.alert and run.state.message.startswith("The analyst stopped at move 1 (never did not start")
    assert run.state.message.endswith("n/p moments, left/right line.")


def test_an_engine_reviews_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from gomoku.tui import reviewer as reviewer_module

    scales: list[float] = []

    def light(board, analyst, settings, progress=None, stop=None, result=None, book=None):  # type: ignore[no-untyped-def]
        scales.append(settings.eval_scale)
        quick = ReviewSettings(nodes=500, think_time=0.2, refine_positions=0, eval_scale=settings.eval_scale)
        return review_game(board, analyst, quick, progress, stop, result=result, book=book)

    monkeypatch.setattr(reviewer_module, "review_game", light)
    posted: list[object] = []
    reviewer = Reviewer(posted.append, lambda job: job(), Players({"fake": fake("good")}).make)
    reviewer.start(StartReview(7, Board.from_moves(parse_moves("h8 a1 i8 a3 j8 a5 h12 g8 o15")), "fake"))
    (done,) = [event for event in posted if isinstance(event, ReviewDone)]
    assert all(reading.decision is not None for reading in done.review.readings[:-1])
    assert scales == [ENGINE_EVAL_SCALE]  # an engine's centi-units are drawn on their own scale


def test_an_engine_of_the_command_line_chosen_in_the_menu_is_for_this_run_only() -> None:
    """Issue 28, item 9: ``--engine`` choices were written into settings.json; options are for one run."""
    stored = Settings()
    shown = replace(stored, engines=(("rapfi", "/opt/pbrain-rapfi"), ("other", "/opt/other")))
    remembered = Remembered(stored)
    chose = SaveSettings.of(shown, replace(shown, analyst="rapfi"))
    written = remembered.choose(chose.settings, chose.chosen)
    assert written == stored and not written.engines  # neither the choice nor the engine reaches the file
    coach = SaveSettings.of(chose.settings, replace(chose.settings, coach=True))
    assert remembered.choose(coach.settings, coach.chosen) == replace(stored, coach=True)  # a menu choice does
    kept = replace(stored, engines=(("rapfi", "/opt/pbrain-rapfi"),))  # an engine the file names is chosen freely
    assert Remembered(kept).choose(chose.settings, chose.chosen).analyst == "rapfi"


def test_an_engine_that_fails_is_named_from_the_error_not_from_its_text() -> None:
    """The answer says which engine failed as a field: a reason that happens to start otherwise is said whole."""
    run = begin("pvc", black="computer", level="crashy", engines=(("crashy", fake("crash")),))
    (ask,) = run.of(StartAi)
    run.send(AiDone(ask.job, None, "did not start a game: ended (exit code 3)", engine="crashy"))
    assert "The engine crashy did not start a game: ended (exit code 3)." in run.state.message
    assert "crashy: " not in run.state.message


def test_the_computer_posts_an_engines_failure_with_its_name_apart() -> None:
    (done,) = computer_answers("crashy", "crash")
    assert isinstance(done, AiDone) and done.point is None and done.engine == "crashy"
    assert not done.error.startswith("crashy") and "exit code 3" in done.error


def test_an_engine_analyst_marks_its_one_move_and_says_so() -> None:
    run = begin("pvp", engines=(("fake", "/x"),), analyst="fake")
    run.press("A")
    assert run.state.message == "Analysis by fake on: its best move is marked 1; A hides it."
    assert "Analysis by fake: thinking..." in flat(render(run.state))


def test_a_failed_analysis_clears_its_depth_and_says_which_analyst_failed() -> None:
    run = begin("pvp", engines=(("fake", "/x"),), analyst="fake")
    run.press("A")
    job = run.of(StartAnalysis)[-1].job
    board = run.state.screen.game.board  # type: ignore[union-attr]
    run.send(Analysed(job, replace(SearchResult(Point(7, 7), score=5, depth=21), final=False)))
    assert "depth 21 · deepening" in flat(render(run.state))
    run.send(Failed(job, "fake ended (exit code 3)"))
    text = flat(render(run.state))
    assert "deepening" not in text and "depth 21" not in text and "Analysis by fake failed" in text
    assert run.state.message.startswith("The analysis by fake failed: fake ended (exit code 3).")
    assert live.current(run.state.analysis, board) is None  # no marks left on the board


def test_an_engine_named_on_the_command_line_is_a_level_by_its_name() -> None:
    options = args("--mode", "cvc", "--level", "fake", "--engine", f"fake={fake('good')}")
    settings = settings_from_args(options, Settings(), LEVELS)
    assert (settings.black_level, settings.white_level) == ("fake", "fake")
