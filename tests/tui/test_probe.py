"""Asking the terminal how wide it draws ``●`` (:mod:`gomoku.tui.probe`), and the locale the game settles on.

The answers are data: what a terminal sends (reports, keys typed around
them, garbage, nothing) and when (a fake clock), then one real
pseudo-terminal that answers, and one that does not.
"""

from __future__ import annotations

import locale
import os
import sys
import termios
import threading
import time
from collections.abc import Iterator

import pytest

from gomoku.tui import console, probe
from gomoku.tui.settings import BoardStyle

NARROW = b"\x1b[5;1R\x1b[5;2R"
WIDE = b"\x1b[12;7R\x1b[12;9R"


# -- the answers, as data -----------------------------------------------------------


def test_the_columns_between_the_two_answers() -> None:
    assert probe.columns(NARROW) == 1
    assert probe.columns(WIDE) == 2
    assert probe.columns(b"hj" + WIDE + b"q") == 2  # keys typed around the answers are skipped
    assert probe.positions(WIDE) == [(12, 7), (12, 9)]


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\x1b[5;1R",  # one answer: the second never came
        b"\x1b[5;1R\x1b[5;4R",  # three columns: the bytes of a UTF-8 character, not a UTF-8 terminal
        b"\x1b[5;3R\x1b[5;3R",  # did not move
        b"\x1b[5;80R\x1b[6;1R",  # wrapped to the next line
        b"\x1b[5;1R\x1b[5;",  # cut short
        b"\x1b[?1;2c\x1b[>0;95;0c",  # another question's answers
        b"\x1b[5;xR\x1b[5;2R",
        bytes(range(256)),
    ],
)
def test_garbage_and_half_answers_say_nothing(data: bytes) -> None:
    assert probe.columns(data) is None


class FakeTerminal:
    """Sends ``chunks`` one a read, each after ``delay`` seconds of a fake clock; then nothing, ever."""

    def __init__(self, chunks: list[bytes], delay: float = 0.01) -> None:
        self.chunks, self.delay, self.now, self.waits = list(chunks), delay, 0.0, []  # type: ignore[var-annotated]

    def clock(self) -> float:
        return self.now

    def read(self, seconds: float) -> bytes:
        self.waits.append(seconds)
        if self.chunks and self.delay <= seconds:
            self.now += self.delay
            return self.chunks.pop(0)
        self.now += seconds  # nothing came: the whole wait passed
        return b""


def test_reading_stops_once_both_answers_are_in() -> None:
    terminal = FakeTerminal([b"\x1b[12;7R\x1b[12", b";9R", b"never read"])
    assert probe.read_answers(terminal.read, terminal.clock) == WIDE
    assert terminal.chunks == [b"never read"] and terminal.now == pytest.approx(0.02)


def test_a_terminal_that_never_answers_costs_the_timeout_once() -> None:
    terminal = FakeTerminal([])
    assert probe.read_answers(terminal.read, terminal.clock, timeout=0.2) == b""
    assert terminal.now == pytest.approx(0.2) and len(terminal.waits) == 1


def test_an_answer_too_late_is_no_answer() -> None:
    terminal = FakeTerminal([b"\x1b[1;1R", b"\x1b[1;3R"], delay=0.15)
    data = probe.read_answers(terminal.read, terminal.clock, timeout=0.2)
    assert probe.columns(data) is None and terminal.now == pytest.approx(0.2)


def test_a_flood_of_garbage_stops_the_reading() -> None:
    terminal = FakeTerminal([b"x" * 100] * 10, delay=0.0)
    data = probe.read_answers(terminal.read, terminal.clock)
    assert len(data) <= probe.MAX_BYTES + 100 and terminal.chunks  # stopped long before the time or the data ran out


def test_what_auto_becomes() -> None:
    assert probe.style_for(2, unicode=True) is BoardStyle.WIDE
    assert probe.style_for(1, unicode=True) is BoardStyle.UNICODE
    assert probe.style_for(None, unicode=True) is BoardStyle.UNICODE  # no answer: Unicode where it can be
    assert probe.style_for(2, unicode=False) is BoardStyle.ASCII


# -- a real pseudo-terminal -------------------------------------------------------------

pty_only = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


@pytest.fixture
def pty() -> Iterator[tuple[int, str]]:
    """The terminal side (``fd``) of a new pseudo-terminal, and the path of the program's side."""
    master, slave = os.openpty()
    try:
        yield master, os.ttyname(slave)
    finally:
        os.close(master)
        os.close(slave)


def answer(master: int, wide: bool, typed: bytes = b"") -> threading.Thread:
    """Play a terminal on ``master``: read the question, answer it as a narrow or wide terminal would."""

    def run() -> None:
        question = b""
        while question.count(probe.QUERY) < 2:
            question += os.read(master, 1024)
        assert question.startswith(b"<enter>\x1b[2;1H") and "●".encode() in question
        os.write(master, typed + (WIDE if wide else NARROW))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@pty_only
@pytest.mark.parametrize(("wide", "taken"), [(True, 2), (False, 1)])
def test_asking_a_terminal_that_answers(pty: tuple[int, str], wide: bool, taken: int) -> None:
    master, path = pty
    before = termios.tcgetattr(master)
    thread = answer(master, wide, typed=b"q")
    started = time.monotonic()
    assert probe.ask(path, timeout=5, screen=(b"<enter>", b"<leave>")) == taken
    assert time.monotonic() - started < 2  # the answer ends the wait, not the timeout
    thread.join(5)
    erased = b""
    while not erased.endswith(b"<leave>"):
        erased += os.read(master, 64)
    assert erased.endswith(probe.ERASE + b"<leave>")  # the character erased, the alternate screen left
    assert termios.tcgetattr(master)[3] == before[3]  # the terminal's modes as they were


@pty_only
def test_a_terminal_that_does_not_answer_costs_the_timeout(pty: tuple[int, str]) -> None:
    _, path = pty
    started = time.monotonic()
    assert probe.ask(path, timeout=0.2) is None
    assert 0.15 < time.monotonic() - started < 1.5


def test_no_terminal_to_ask(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert probe.ask(str(tmp_path / "none")) is None
    (tmp_path / "file").write_text("")
    assert probe.ask(str(tmp_path / "file")) is None  # not a terminal


# -- the locale ------------------------------------------------------------------------


def test_the_locale_the_environment_asks_for() -> None:
    assert console.requested_locale({"LANG": "zh_CN.UTF-8"}) == "zh_CN.UTF-8"
    assert console.requested_locale({"LANG": "zh_CN.UTF-8", "LC_ALL": "C"}) == "C"
    assert console.requested_locale({"LANG": "C", "LC_CTYPE": "ja_JP.UTF-8"}) == "ja_JP.UTF-8"
    # Python's own LC_CTYPE=C.UTF-8 in the C locale (PEP 538) is not what was asked for
    assert console.requested_locale({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, coerced=True) == "C"
    assert console.requested_locale({}) == ""
    assert console.says_utf8("zh_CN.UTF-8") and console.says_utf8("en_US.utf8")
    assert not console.says_utf8("zh_CN.GB2312") and not console.says_utf8("C")


@pytest.fixture
def kept_locale() -> Iterator[None]:
    before = locale.setlocale(locale.LC_ALL)
    yield
    locale.setlocale(locale.LC_ALL, before)


@pytest.mark.usefixtures("kept_locale")
def test_a_utf8_locale_not_installed_falls_back_to_one_that_is() -> None:
    chosen = console.fallback_locale("xx_NOWHERE.UTF-8", ("xx_NOWHERE.UTF-8", "C.UTF-8", "en_US.UTF-8"))
    if chosen == "C":
        pytest.skip("no UTF-8 locale installed")
    assert chosen in ("C.UTF-8", "en_US.UTF-8")
    assert "utf" in locale.nl_langinfo(locale.CODESET).lower()
    assert console.fallback_locale("zh_CN.GB2312") == "C"
    assert locale.nl_langinfo(locale.CODESET) == "ANSI_X3.4-1968"


def test_a_late_answer_never_reaches_the_game_as_keys() -> None:
    from gomoku.tui.keyboard import without_reports

    def codes(text: str) -> list[int | str]:
        return [ord(char) for char in text]

    assert without_reports(codes("a\x1b[12;3Rb")) == codes("ab")
    assert without_reports(codes("\x1b[5;1R\x1b[5;3R")) == []
    assert without_reports(codes("\x1b[12;3")) == codes("\x1b[12;3")  # not a whole report: keys as typed
    assert without_reports([27, 410, *codes("[1;2R")]) == [27, 410, *codes("[1;2R")]
    assert without_reports(["é", *codes("\x1b[1;2R"), "中"]) == ["é", "中"]
