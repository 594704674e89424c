"""The loop's pieces that need no terminal: key names, options, the computer's worker."""

from __future__ import annotations

import argparse
import curses
import threading

import pytest

from gomoku.board import Board
from gomoku.cli import build_parser
from gomoku.point import Point
from gomoku.tui import app
from gomoku.tui import state as st
from gomoku.tui.settings import Settings

LEVELS = ("easy", "normal")


@pytest.mark.parametrize(
    ("code", "name"),
    [
        (curses.KEY_UP, "up"), (curses.KEY_DOWN, "down"), (curses.KEY_LEFT, "left"),
        (curses.KEY_RIGHT, "right"), (10, "enter"), (13, "enter"), (curses.KEY_ENTER, "enter"),
        (32, "space"), (27, "escape"), (curses.KEY_F1, "f1"), (ord("H"), "H"), (ord("?"), "?"),
        (ord("u"), "u"), (curses.KEY_F0 + 5, "f5"), (curses.KEY_HOME, None), (200, None),
    ],
)  # fmt: skip
def test_key_names(code: int, name: str | None) -> None:
    assert app.key_name(code) == name


def args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(list(argv))


def test_command_line_choices_go_over_the_remembered_ones() -> None:
    remembered = Settings(mode="pvp", rule="standard", size=19, level="easy")
    chosen = app.settings_from_args(args("--rule", "renju", "--level", "normal"), remembered, LEVELS)
    assert chosen == Settings(mode="pvp", rule="renju", size=19, level="normal")
    assert app.settings_from_args(args(), remembered, LEVELS) == remembered


def test_game_options_start_a_game_at_once() -> None:
    assert not app.wants_game(args())
    assert not app.wants_game(args("--seed", "3"))
    for option in (["--mode", "pvp"], ["--size", "9"], ["--rule", "renju"], ["--black", "computer"]):
        assert app.wants_game(args(*option))


def test_bad_size_is_refused_by_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        args("--size", "30")
    assert "board size must be 5 to 25" in capsys.readouterr().err


def request(kind: str = st.MOVE, level: str = "easy", delay: float = 0.0, id: int = 1) -> st.AiRequest:
    board = Board(15)
    board.play(Point(7, 7))
    return st.AiRequest(id, kind, board, level, delay)


def test_the_computer_answers_in_a_worker_thread() -> None:
    computer = app.Computer(seed=1, think_time=None)
    job = request()
    computer.follow(job)
    computer.follow(job)  # the same job again starts nothing new
    answer = computer.answers.get(timeout=10)
    assert answer.request_id == 1 and answer.point is not None and answer.error == ""
    assert job.board.is_empty(answer.point) and len(job.board.moves) == 1  # the board is left alone
    assert threading.active_count() >= 1


def test_a_dropped_job_stays_silent() -> None:
    computer = app.Computer(seed=1, think_time=None)
    computer.follow(request(delay=5.0))
    computer.follow(None)  # stops it: its answer never comes
    computer.follow(request(id=2))
    answer = computer.answers.get(timeout=10)
    assert answer.request_id == 2


def test_a_failing_player_reports_its_error(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        name = "broken"

        def choose_move(self, board: Board, stop: threading.Event | None = None) -> Point:
            raise RuntimeError("no idea")

    monkeypatch.setattr(app, "make_player", lambda level, seed=None, think_time=None: Broken())
    computer = app.Computer(seed=None, think_time=None)
    computer.follow(request())
    answer = computer.answers.get(timeout=10)
    assert answer.point is None and answer.error == "no idea"


@pytest.fixture
def fake_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("GOMOKU_HOME", str(tmp_path))
    monkeypatch.setattr(app, "terminal_problem", lambda: "")


def test_an_error_restores_the_terminal_and_is_reported_in_one_line(
    fake_terminal: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path
) -> None:  # type: ignore[no-untyped-def]
    def crash(function, *arguments):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")  # curses.wrapper has restored the terminal by the time it raises

    monkeypatch.setattr(app.curses, "wrapper", crash)
    assert app.run(args("--mode", "pvp")) == 1
    err = capsys.readouterr().err
    assert "internal error: RuntimeError('boom')" in err and "Traceback" not in err
    assert "crash.log" in err
    assert "Traceback" in (tmp_path / "crash.log").read_text()


def test_ctrl_c_exits_quietly(fake_terminal: None, monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    def interrupted(function, *arguments):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(app.curses, "wrapper", interrupted)
    assert app.run(args()) == 130
    assert capsys.readouterr().err == ""
