"""A client for an external Gomocup engine: one process, one game, lines on stdin/stdout.

The benchmarks use it to play a program that is not ours (a ``pbrain-*``
engine speaking the Gomocup brain protocol) as an opponent::

    with Engine("/path/to/pbrain-rapfi") as engine:
        engine.start(15, rule_code=0, timeout_turn_ms=1000, infos={"max_node": "3000"})
        move = engine.board([(7, 7, 2), (8, 8, 1), (6, 6, 2)], timeout=15)  # who: 1 its own, 2 ours
        move = engine.turn((7, 8), timeout=15)

Every answer is read with a timeout by a reader thread; ``MESSAGE`` and
``DEBUG`` lines are skipped.  A timeout, the process ending, or an answer that
is not a move raises an :class:`EngineError` subclass.  :meth:`Engine.close`
sends ``END``, waits a moment, kills the process if it is still there and reaps
it, whatever happened before.
"""

from __future__ import annotations

import collections
import queue
import re
import subprocess
import threading
import time
from collections.abc import Iterable, Mapping

#: ``INFO rule`` codes of the Gomocup protocol, by our rule names.
RULE_CODES = {"freestyle": 0, "standard": 1, "renju": 4}

_MOVE = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")
_SKIPPED = ("MESSAGE", "DEBUG")


class EngineError(Exception):
    """The engine failed; ``kind`` is ``timeout``, ``crash`` or ``protocol``."""

    kind = "protocol"


class EngineTimeout(EngineError):
    kind = "timeout"


class EngineCrash(EngineError):
    kind = "crash"


class Engine:
    """One engine process; use it for one game, then :meth:`close` it (or use ``with``)."""

    def __init__(self, path: str) -> None:
        self.path = path
        try:
            self.process = subprocess.Popen(
                [path],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
        except OSError as error:
            raise EngineCrash(f"could not start {path}: {error}") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=5)
        self._threads = [
            threading.Thread(target=self._read_stdout, daemon=True),
            threading.Thread(target=self._read_stderr, daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def _read_stdout(self) -> None:
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\r\n"))
        self._lines.put(None)

    def _read_stderr(self) -> None:
        for line in self.process.stderr:
            self._stderr.append(line.rstrip("\r\n"))

    def send(self, line: str) -> None:
        """Send one command; a closed pipe is an :class:`EngineCrash`."""
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as error:
            raise EngineCrash(f"the engine's stdin is closed ({error}){self._exit_note()}") from None

    def _exit_note(self) -> str:
        try:
            code = self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return ""
        tail = " | ".join(self._stderr)
        return f"; exit code {code}" + (f", stderr: {tail}" if tail else "")

    def answer(self, timeout: float) -> str:
        """The next line that is not ``MESSAGE`` or ``DEBUG``, within ``timeout`` seconds in all."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(0.0, left))
            except queue.Empty:
                raise EngineTimeout(f"no answer within {timeout:.1f} s") from None
            if line is None:
                raise EngineCrash(f"the engine ended its output{self._exit_note()}")
            if line.split(" ", 1)[0].upper() in _SKIPPED or not line.strip():
                continue
            return line

    def move(self, timeout: float) -> tuple[int, int]:
        """Read the engine's move ``x,y``; anything else is an :class:`EngineError`."""
        line = self.answer(timeout)
        match = _MOVE.match(line)
        if not match:
            raise EngineError(f"expected a move, got {line!r}")
        return int(match.group(1)), int(match.group(2))

    def start(
        self,
        size: int,
        rule_code: int,
        timeout_turn_ms: int,
        infos: Mapping[str, str] = (),
        timeout_match_ms: int | None = None,
        timeout: float = 10.0,
    ) -> None:
        """``START size`` (waits for ``OK``), then the rule, the clock and the extra ``INFO`` lines."""
        self.send(f"START {size}")
        line = self.answer(timeout)
        if line.strip().upper() != "OK":
            raise EngineError(f"START {size} answered {line!r}")
        timeout_turn_ms = max(1, int(timeout_turn_ms))  # 0 would mean no limit at all to some engines
        if timeout_match_ms is None:
            timeout_match_ms = timeout_turn_ms * size * size * 10
        self.send(f"INFO rule {rule_code}")
        self.send(f"INFO timeout_turn {timeout_turn_ms}")
        self.send(f"INFO timeout_match {max(1, int(timeout_match_ms))}")
        for key, value in dict(infos).items():
            self.send(f"INFO {key} {value}")

    def board(self, stones: Iterable[tuple[int, int, int]], timeout: float) -> tuple[int, int]:
        """Send a whole position (``x, y, who``: 1 the engine's stone, 2 the opponent's), read its move."""
        self.send("BOARD")
        for x, y, who in stones:
            self.send(f"{x},{y},{who}")
        self.send("DONE")
        return self.move(timeout)

    def turn(self, point: tuple[int, int], timeout: float) -> tuple[int, int]:
        """Tell the engine the opponent's move, read its reply."""
        self.send(f"TURN {point[0]},{point[1]}")
        return self.move(timeout)

    def close(self) -> None:
        """Send ``END``, give the engine a second to quit, kill it if need be, and reap it."""
        try:
            self.process.stdin.write("END\n")
            self.process.stdin.flush()
            self.process.stdin.close()
        except (BrokenPipeError, OSError, ValueError):
            pass
        try:
            self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for thread in self._threads:
            thread.join(timeout=1)
        for stream in (self.process.stdout, self.process.stderr):
            try:
                stream.close()
            except OSError:
                pass

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
