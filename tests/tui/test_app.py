"""The loop's pieces that need no terminal: key names, options, the computer's worker."""

from __future__ import annotations

import argparse
import curses
import os
import threading
import time
from dataclasses import replace

import pytest

from gomoku.board import Board
from gomoku.book import BookMark, BookMove, BookPosition
from gomoku.cli import build_parser
from gomoku.point import Point
from gomoku.rules import Rule
from gomoku.savegame import SavedGame
from gomoku.tui import app
from gomoku.tui.computer import Computer
from gomoku.tui.effects import (
    AiKind,
    Autosave,
    CancelAi,
    ListRecords,
    LoadRecord,
    Quit,
    RetireAutosave,
    SaveRecord,
    SaveSettings,
    StartAi,
)
from gomoku.tui.events import AiDone, Key, Listed, Report
from gomoku.tui.files import FileWorker
from gomoku.tui.inbox import Inbox
from gomoku.tui.keyboard import key_event, key_name, read_key
from gomoku.tui.options import settings_from_args, wants_game
from gomoku.tui.performer import Performer
from gomoku.tui.settings import Mode, Settings

LEVELS = ("easy", "normal")


@pytest.mark.parametrize(
    ("code", "name"),
    [
        (curses.KEY_UP, "up"),
        (curses.KEY_DOWN, "down"),
        (curses.KEY_LEFT, "left"),
        (curses.KEY_RIGHT, "right"),
        (10, "enter"),
        (13, "enter"),
        (curses.KEY_ENTER, "enter"),
        (32, "space"),
        (27, "escape"),
        (curses.KEY_F1, "f1"),
        (ord("H"), "H"),
        (ord("?"), "?"),
        (ord("u"), "u"),
        (curses.KEY_F0 + 5, "f5"),
        (curses.KEY_HOME, "home"),
        (curses.KEY_END, "end"),
        (curses.KEY_BACKSPACE, "backspace"),
        (127, "backspace"),
        (21, "ctrl-u"),
        (curses.KEY_IC, None),
        (200, None),
    ],
)
def test_key_names(code: int, name: str | None) -> None:
    assert key_name(code) == name


def args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(list(argv))


def test_command_line_choices_go_over_the_remembered_ones() -> None:
    remembered = Settings(mode=Mode.PVP, rule=Rule.STANDARD, size=19, level="easy")
    chosen = settings_from_args(args("--rule", "renju", "--level", "normal"), remembered, LEVELS)
    assert chosen == Settings(
        mode=Mode.PVP, rule=Rule.RENJU, size=19, level="normal", black_level="normal", white_level="normal"
    )
    assert settings_from_args(args(), remembered, LEVELS) == remembered


def test_game_options_start_a_game_at_once() -> None:
    assert not wants_game(args())
    assert not wants_game(args("--seed", "3"))
    for option in (["--mode", "pvp"], ["--size", "9"], ["--rule", "renju"], ["--black", "computer"]):
        assert wants_game(args(*option))


def test_bad_size_is_refused_by_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        args("--size", "30")
    assert "board size must be 5 to 25" in capsys.readouterr().err


def request(kind: AiKind = AiKind.MOVE, level: str = "easy", delay: float = 0.0, job: int = 1) -> StartAi:
    board = Board(15)
    board.play(Point(7, 7))
    return StartAi(job, kind, board, level, delay)


def computer() -> tuple[Computer, Inbox]:
    inbox = Inbox()
    return Computer(seed=1, post=inbox.put), inbox


def next_event(inbox: Inbox, timeout: float = 10.0):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        inbox.wait(0.1, None)
        events = inbox.drain()
        if events:
            return events
    raise AssertionError("no event came")


def test_the_computer_answers_in_a_worker_thread_through_the_inbox() -> None:
    player, inbox = computer()
    job = request()
    player.start(job)
    [answer] = next_event(inbox)
    assert isinstance(answer, AiDone) and answer.job == 1 and answer.point is not None and answer.error == ""
    assert job.board.is_empty(answer.point) and len(job.board.moves) == 1  # the board is left alone


def test_the_computer_at_a_level_that_reads_the_book_plays_its_good_move_and_a_greedy_level_searches() -> None:
    # b2 is marked good: no search would play it after h8, so only the book can
    book = BookPosition((BookMove(Point(1, 13), BookMark.GOOD),))
    for level, played in (("hard", True), ("easy", False)):
        player, inbox = computer()
        job = replace(request(level=level), book=book)
        player.start(job)
        [answer] = next_event(inbox)
        assert isinstance(answer, AiDone) and answer.error == ""
        assert (answer.point == Point(1, 13)) is played
        player.stop()


def test_a_cancelled_job_stays_silent() -> None:
    player, inbox = computer()
    player.start(request(delay=5.0))
    player.cancel(CancelAi(1))  # its answer never comes
    player.start(request(job=2))
    events = next_event(inbox)
    assert [event.job for event in events] == [2]


def test_a_failing_player_reports_its_error(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        name = "broken"

        def choose_move(
            self, board: Board, stop: threading.Event | None = None, think_time: float | None = None
        ) -> Point:
            raise RuntimeError("no idea")

    monkeypatch.setattr("gomoku.tui.computer.make_player", lambda level, seed=None, think_time=None: Broken())
    player, inbox = computer()
    player.start(request())
    [answer] = next_event(inbox)
    assert answer.point is None and answer.error == "no idea"


def test_the_inbox_wakes_a_waiting_loop_at_once() -> None:
    inbox = Inbox()
    threading.Timer(0.05, lambda: inbox.put(Report("hello"))).start()
    started = time.monotonic()
    read, write = os.pipe()  # a "terminal" that never has a key
    try:
        inbox.wait(5.0, read)
    finally:
        os.close(read)
        os.close(write)
    assert time.monotonic() - started < 2.0 and inbox.drain() == [Report("hello")]


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return lambda *arguments: self.calls.append((name, arguments[0] if arguments else None))


def test_every_kind_of_effect_has_a_handler_and_quit_ends_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    computer_, files, saver = Recorder(), Recorder(), Recorder()
    performer = Performer(computer_, files, saver)  # type: ignore[arg-type]
    saved = SavedGame()
    effects = (
        request(),
        CancelAi(1),
        SaveRecord(2, "g.sgf", object()),
        LoadRecord(3, "g.sgf"),
        ListRecords(4),  # type: ignore[arg-type]
        Autosave(saved),
        RetireAutosave(announce=True),
        SaveSettings(Settings()),
    )
    performer.perform(effects)
    assert [name for name, _ in computer_.calls] == ["start", "cancel"]
    assert [name for name, _ in saver.calls] == ["save", "retire"] and saver.calls[1][1] is True
    assert [name for name, _ in files.calls] == ["submit"] * 4
    assert not performer.quitting
    performer.perform((Quit(),))
    assert performer.quitting


def test_the_file_worker_answers_through_the_inbox(tmp_path) -> None:  # type: ignore[no-untyped-def]
    inbox = Inbox()
    files = FileWorker(inbox.put)
    files.submit(lambda: Listed(7, ("a.sgf",)))
    assert next_event(inbox) == [Listed(7, ("a.sgf",))]
    files.close()


@pytest.fixture
def fake_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("GOMOKU_HOME", str(tmp_path))
    monkeypatch.setattr("gomoku.tui.console.terminal_problem", lambda: "")


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


class KeyScreen:
    """A screen whose ``get_wch`` hands out the given keys, then times out."""

    def __init__(self, *keys: int | str) -> None:
        self.keys = list(keys)

    def get_wch(self) -> int | str:
        if not self.keys:
            raise curses.error("no input")
        return self.keys.pop(0)


def test_keys_and_typed_text_become_events() -> None:
    screen = KeyScreen("q", "\n", curses.KEY_LEFT, "é", "\x7f")
    events = [key_event(screen, code) for code in iter(lambda: read_key(screen), -1)]
    assert events == [Key("q"), Key("enter"), Key("left"), Key("é"), Key("backspace")]
