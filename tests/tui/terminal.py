"""Drive the real ``python -m gomoku`` in a pseudo-terminal and read its screen with pyte."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pexpect
import pyte

ROOT = Path(__file__).resolve().parents[2]


#: Box borders and board lines that a wrapped text runs between.
BORDERS = "│|╭╮╰╯"


def flatten(text: str) -> str:
    """``text`` with line breaks and box borders as spaces, runs of spaces squeezed to one."""
    for border in BORDERS:
        text = text.replace(border, " ")
    return " ".join(text.split())


def compact(text: str) -> str:
    """``text`` with every space, line break and box border taken out: what it says, wherever it wraps.

    :func:`flatten` leaves a space where a line breaks; a word longer than the
    line (a temporary path) breaks inside itself, so texts that hold one are
    compared with this instead: nothing depends on the terminal's width or the
    path's length.
    """
    for border in BORDERS:
        text = text.replace(border, "")
    return "".join(text.split())


class Terminal:
    """A running game in a pseudo-terminal of ``rows`` x ``cols``, with the screen it shows."""

    def __init__(self, args: list[str], home: Path, rows: int = 24, cols: int = 80, **env: str) -> None:
        environment = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "GOMOKU_ASCII")}
        environment.update(
            PYTHONPATH=str(ROOT), TERM="xterm-256color", GOMOKU_HOME=str(home), LANG="C.UTF-8", LC_ALL=""
        )
        environment.update(env)
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        self.child = pexpect.spawn(
            sys.executable, ["-m", "gomoku", *args], env=environment, dimensions=(rows, cols), cwd=str(home)
        )
        self.child.delaybeforesend = None  # pexpect waits 50 ms before each send by default

    def pump(self, timeout: float = 0.05) -> None:
        """Read whatever the program wrote and feed it to the screen."""
        try:
            data = self.child.read_nonblocking(1 << 16, timeout=timeout)
        except (pexpect.TIMEOUT, pexpect.EOF):
            return
        self.raw += data
        self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def flat(self) -> str:
        """The screen's text with line breaks and box borders taken out and spaces squeezed.

        Wrapped text reads the same wherever the lines break (the terminal's
        width, the length of a temporary path): compare words with this.
        """
        return flatten(self.text())

    def compact(self) -> str:
        """The screen's text with every space, line break and border taken out (:func:`compact`)."""
        return compact(self.text())

    def wait_for(self, wanted: str | Callable[[str], bool], timeout: float = 10.0) -> str:
        """Read until the screen shows ``wanted`` (a text, or a test of the screen); fail after ``timeout``."""
        test = wanted if callable(wanted) else (lambda text: wanted in text or compact(wanted) in compact(text))
        deadline = time.monotonic() + timeout
        while True:
            self.pump()
            text = self.text()
            if test(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout}s for {wanted!r}; the screen shows:\n{text}")
            if not self.child.isalive():
                self.pump()
                if test(self.text()):
                    return self.text()
                raise AssertionError(f"the game exited waiting for {wanted!r}; the screen shows:\n{text}")

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def resize(self, rows: int, cols: int) -> None:
        self.child.setwinsize(rows, cols)
        self.screen.resize(rows, cols)

    def click(self, row: int, col: int) -> None:
        """A left click on a screen cell, as xterm reports it (SGR mouse mode)."""
        self.send(f"\x1b[<0;{col + 1};{row + 1}M\x1b[<0;{col + 1};{row + 1}m")

    def wait_exit(self, timeout: float = 10.0) -> int:
        """Wait for the program to end; its exit status."""
        deadline = time.monotonic() + timeout
        while self.child.isalive() and time.monotonic() < deadline:
            self.pump()
        if self.child.isalive():
            raise AssertionError(f"the game did not exit; the screen shows:\n{self.text()}")
        self.pump()
        self.child.close()
        if self.child.exitstatus is not None:
            return self.child.exitstatus
        return 128 + (self.child.signalstatus or 0)

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)
