"""The manager side of the Gomocup protocol: an outside engine (Rapfi, Embryo, any ``pbrain-*``) as a player.

Two layers:

- :class:`Engine` is one engine process and the protocol's commands, each
  answer read with a timeout by a reader thread::

      with Engine("/path/to/pbrain-rapfi") as engine:
          engine.start(15, rule_code=4, timeout_turn_ms=1000, infos={"max_node": "3000"})
          move = engine.board([(7, 7, 2), (8, 8, 1), (6, 6, 2)], timeout=15)  # who: 1 its own, 2 ours
          move = engine.turn((7, 8), timeout=15)

  ``MESSAGE`` and ``DEBUG`` lines are kept aside; the search-info ones
  (ours: ``depth 8-14 ev 120 n 35K tm 850 pv h8 i9``, Rapfi's:
  ``Depth 15-33 | Eval 186 | Time 970ms | H7 H6``) are parsed into a
  :class:`SearchInfo` (:func:`parse_search_info`), and each time a line
  adds to it, the info so far goes to :attr:`Engine.on_info` (if set) at
  once, while the engine still thinks: Rapfi prints a line a depth, so a
  view can deepen before the move comes.

- :class:`EnginePlayer` is an engine as a :class:`~gomoku.ai.base.Player`:
  ``choose_move(board)`` returns a :class:`~gomoku.ai.base.Decision`, so a
  game can take it as an opponent and the review as its analyst.  It starts
  the process on first use (``START``, then ``INFO rule``, ``timeout_turn``,
  ``timeout_match``, ``max_memory`` and any extra ``INFO`` lines), sends
  ``INFO time_left`` before each move, and keeps the engine's board in step
  with the game: ``BEGIN`` on an empty board, ``TURN`` for the opponent's
  one new move, ``TAKEBACK`` for moves taken back before it, ``BOARD`` for
  anything else (another position, the other colour to move).  Every move
  it answers is checked on our :class:`~gomoku.board.Board`.

Every failure is one :class:`EngineError` subclass with a message naming the
engine: :class:`EngineStartError` (will not start), :class:`EngineProtocolError`
(an answer that is not what the protocol says), :class:`EngineIllegalMoveError`
(off the board, taken, forbidden), :class:`EngineTimeout` (no answer in its
time and the grace after it) and :class:`EngineCrash` (the process ended).
After any of them the process is killed and the next move starts a fresh
one; the game itself is never touched, so a front end can keep it and go on
with a built-in level.
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import re
import shlex
import subprocess
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from gomoku.ai.base import Decision
from gomoku.board import Board, ForbiddenMoveError, GameOverError, IllegalMoveError, OccupiedError
from gomoku.errors import GomokuError
from gomoku.point import COLUMN_LETTERS, Point
from gomoku.rules import Rule, Stone

#: ``INFO rule`` codes of the Gomocup protocol, by our rule names (1 is "exactly five", 4 renju).
RULE_CODES = {"freestyle": 0, "standard": 1, "renju": 4}
#: ``BOARD`` field values: the engine's own stone, its opponent's.
OWN, THEIRS = 1, 2

#: Seconds an engine may take to answer ``START`` (it loads its weights and tables then; Rapfi
#: takes well under a second, a large network engine a few seconds).
START_TIMEOUT = 15.0
#: Seconds a move may run past the turn limit before the engine counts as hung: pipes, the
#: scheduler on a busy machine, and engines that read the limit loosely (Rapfi overruns by ~1%).
ANSWER_GRACE = 2.0
#: The turn limit when none is asked for, in seconds (our ``hard`` level's default too).
DEFAULT_TURN_SECONDS = 1.0
#: The match clock announced to the engine, in turns: long enough never to bind before the
#: turn limit (``timeout_match 0`` with a turn limit of 0 means unlimited time to Rapfi).
MATCH_TURNS = 250
#: The most moves taken back with ``TAKEBACK`` before a whole ``BOARD`` is cheaper to send.
MAX_TAKEBACKS = 4
#: The longest line read from an engine; a longer one is cut (and is no move).
MAX_LINE = 64 * 1024
#: How many lines of the engine's stderr are quoted when it ends.
STDERR_TAIL = 5
#: The most characters of an engine's answer quoted back in a message.
QUOTE_LIMIT = 40

_MOVE = re.compile(r"^\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*$")
_SKIPPED = ("MESSAGE", "DEBUG")


def _quote(text: str) -> str:
    text = "".join(char if char.isprintable() else "?" for char in text.strip()[: QUOTE_LIMIT + 1])
    return repr(text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 3] + "...")


# -- errors -----------------------------------------------------------------------


class EngineError(GomokuError, RuntimeError):
    """An outside engine failed; the message names it and says how.  ``kind`` is a short label."""

    kind = "protocol"


class EngineStartError(EngineError):
    """The engine will not start: no such program, not executable, or it ended before ``START`` was answered."""

    kind = "start"


class EngineProtocolError(EngineError):
    """The engine answered something the protocol does not allow (garbage, ``ERROR``, ``UNKNOWN``)."""

    kind = "protocol"


class EngineIllegalMoveError(EngineError):
    """The engine played a point off the board, a taken one, or (renju, black) a forbidden one."""

    kind = "illegal"

    def __init__(self, message: str, move: Point) -> None:
        super().__init__(message)
        self.move = move


class EngineTimeout(EngineError):
    """The engine gave no answer within its time and the grace after it."""

    kind = "timeout"


class EngineCrash(EngineError):
    """The engine's process ended (or closed its input) in the middle of a game."""

    kind = "crash"


# -- search info --------------------------------------------------------------------


@dataclass(frozen=True)
class SearchInfo:
    """What an engine said of its search in ``MESSAGE`` lines (any field it did not say is left out).

    ``score`` is from the engine's side (larger is better); ``win_in`` is set
    instead for a forced result, in plies (negative: the engine loses).
    """

    depth: int = 0
    seldepth: int = 0
    score: int | None = None
    win_in: int | None = None
    nodes: int = 0
    seconds: float = 0.0
    pv: tuple[Point, ...] = ()

    def merged(self, later: SearchInfo) -> SearchInfo:
        """This info updated by a later line: the later line's fields where it has them."""
        return SearchInfo(
            depth=later.depth or self.depth,
            seldepth=later.seldepth or self.seldepth,
            score=later.score if later.score is not None or later.win_in is not None else self.score,
            win_in=later.win_in if later.score is not None or later.win_in is not None else self.win_in,
            nodes=later.nodes or self.nodes,
            seconds=later.seconds or self.seconds,
            pv=later.pv or self.pv,
        )


_COUNT = re.compile(r"^(\d+(?:\.\d+)?)([KMG]?)$", re.IGNORECASE)
_MULTIPLIER = {"": 1, "K": 1_000, "M": 1_000_000, "G": 1_000_000_000}
_DEPTH = re.compile(r"^(\d+)(?:-(\d+))?$")
_VALUE = re.compile(r"^([+-]?)(M?)(\d+)$", re.IGNORECASE)
_TIME = re.compile(r"^(\d+(?:\.\d+)?)(ms|s)?$", re.IGNORECASE)
_PV_POINT = re.compile(r"^([a-y])(\d{1,2})$", re.IGNORECASE)
#: The search-info words of ours and Rapfi's lines, by what they give.
_KEYS = {"depth": "depth", "ev": "value", "eval": "value", "n": "nodes", "node": "nodes", "tm": "time", "time": "time"}


def _count(text: str) -> int | None:
    """A node count as engines print it (``950``, ``35K``, ``1.2M``)."""
    match = _COUNT.match(text)
    if match is None:
        return None
    return int(float(match.group(1)) * _MULTIPLIER[match.group(2).upper()])


def pv_point(text: str, size: int) -> Point | None:
    """A point of a search line as managers print it: the column letter, then ``y + 1`` (``h8``, ``H7``)."""
    match = _PV_POINT.match(text)
    if match is None:
        return None
    x, y = COLUMN_LETTERS.index(match.group(1).lower()), int(match.group(2)) - 1
    return Point(x, y) if 0 <= x < size and 0 <= y < size else None


def parse_search_info(text: str, size: int) -> SearchInfo | None:
    """The search info in one ``MESSAGE`` line's text (without ``MESSAGE``), or ``None`` if it has none.

    Reads our form (``depth 8-14 ev 120 n 35K n/ms 40 tm 850 pv h8 i9``, as
    :func:`gomoku.gomocup.search_message` writes it) and Rapfi's
    (``Depth 15-33 | Eval 186 | Time 970ms | H7 H6``, and its summary
    ``Speed 694K | Depth 15-33 | Eval 186 | Node 674K | Time 970ms``).
    A value ``M5`` is a forced win in 5 plies, ``-M8`` a forced loss.
    """
    words = text.replace("|", " | ").split()
    fields: dict[str, object] = {}
    pv: list[Point] = []
    index = 0
    while index < len(words):
        word = words[index].lower()
        value = words[index + 1] if index + 1 < len(words) else ""
        key = _KEYS.get(word)
        if key == "depth" and (depth := _DEPTH.match(value)):
            fields["depth"] = int(depth.group(1))
            fields["seldepth"] = int(depth.group(2) or depth.group(1))
            index += 2
        elif key == "value" and (number := _VALUE.match(value)):
            signed = int(number.group(3)) * (-1 if number.group(1) == "-" else 1)
            fields["win_in" if number.group(2) else "score"] = signed
            index += 2
        elif key == "nodes" and (count := _count(value)) is not None:
            fields["nodes"] = count
            index += 2
        elif key == "time" and (spent := _TIME.match(value)):
            amount = float(spent.group(1))
            fields["seconds"] = amount if (spent.group(2) or "").lower() == "s" else amount / 1000
            index += 2
        elif word == "pv" or (point := pv_point(word, size)) is not None:
            start = index + 1 if word == "pv" else index
            index = start
            while index < len(words) and (point := pv_point(words[index], size)) is not None:
                pv.append(point)
                index += 1
        else:
            index += 1
    if "depth" not in fields and "score" not in fields and "win_in" not in fields:
        return None
    return SearchInfo(pv=tuple(pv), **fields)  # type: ignore[arg-type]


#: Where an engine's search info goes as it arrives (see :attr:`Engine.on_info`).
InfoListener = Callable[[SearchInfo], None]


# -- one process --------------------------------------------------------------------


def command_words(command: str | Sequence[str]) -> list[str]:
    """The program and arguments of an engine command: a path (spaces allowed), a shell-like line, or a list."""
    if not isinstance(command, str):
        return list(command)
    if os.path.exists(command):
        return [command]
    try:
        return shlex.split(command)
    except ValueError as error:
        raise EngineStartError(f"{_quote(command)} is not a command line ({error}): quote paths with spaces") from None


class Engine:
    """One engine process, spoken to line by line; use it for one game, then :meth:`close` it (or ``with``).

    ``name`` is how messages call it (default: the program's file name).
    Raises :class:`EngineStartError` when the program cannot be run.
    """

    def __init__(self, command: str | Sequence[str], name: str | None = None) -> None:
        words = command_words(command)
        if not words:
            raise EngineStartError("the engine command is empty: give the path of a pbrain-* program")
        self.path = words[0]
        self.name = name or os.path.basename(words[0]) or words[0]
        try:
            self.process = subprocess.Popen(
                words,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as error:
            reason = error.strerror or str(error)
            raise EngineStartError(
                f"{self.name} will not start ({reason}): check the path {_quote(words[0])}"
            ) from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL)
        #: the ``MESSAGE`` lines since the last command (the newest few hundred)
        self.messages: collections.deque[str] = collections.deque(maxlen=500)
        #: the search info of those lines, merged (``None``: the engine said none)
        self.info: SearchInfo | None = None
        #: called with :attr:`info` each time a ``MESSAGE`` line adds to it, on the thread reading the answer
        self.on_info: InfoListener | None = None
        self.size = 15
        self._threads = [
            threading.Thread(target=self._read_stdout, name=f"engine-out-{self.name}", daemon=True),
            threading.Thread(target=self._read_stderr, name=f"engine-err-{self.name}", daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def _read_stdout(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        with contextlib.suppress(OSError, ValueError):
            while line := stream.readline(MAX_LINE):
                self._lines.put(line.rstrip("\r\n"))
        self._lines.put(None)

    def _read_stderr(self) -> None:
        stream = self.process.stderr
        assert stream is not None
        with contextlib.suppress(OSError, ValueError):
            while line := stream.readline(MAX_LINE):
                self._stderr.append(line.rstrip("\r\n"))

    def send(self, line: str) -> None:
        """Send one command; a closed pipe is an :class:`EngineCrash`."""
        stdin = self.process.stdin
        try:
            assert stdin is not None
            stdin.write(line + "\n")
            stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineCrash(f"{self.name} stopped reading its input{self._exit_note()}") from None

    def _exit_note(self) -> str:
        try:
            code = self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return ""
        time.sleep(0.05)  # let the stderr reader take the last lines
        tail = " | ".join(self._stderr)
        return f" (exit code {code}" + (f", it said: {tail[:200]})" if tail else ")")

    def _forget_messages(self) -> None:
        self.messages.clear()
        self.info = None

    def answer(self, timeout: float) -> str:
        """The next line that is not ``MESSAGE`` or ``DEBUG``, within ``timeout`` seconds in all.

        ``MESSAGE`` lines are kept in :attr:`messages` and their search info
        in :attr:`info`; an ``ERROR`` or ``UNKNOWN`` answer is an
        :class:`EngineProtocolError`.
        """
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(0.0, left))
            except queue.Empty:
                raise EngineTimeout(f"{self.name} gave no answer within {timeout:.1f} s") from None
            if line is None:
                raise EngineCrash(f"{self.name} ended{self._exit_note()}")
            word, _, rest = line.strip().partition(" ")
            if not word or word.upper() in _SKIPPED:
                if word.upper() == "MESSAGE":
                    self.messages.append(rest)
                    found = parse_search_info(rest, self.size)
                    if found is not None:
                        self.info = found if self.info is None else self.info.merged(found)
                        if self.on_info is not None:
                            self.on_info(self.info)
                continue
            if word.upper() in ("ERROR", "UNKNOWN"):
                raise EngineProtocolError(f"{self.name} refused: {_quote(line)}")
            return line

    def move(self, timeout: float) -> Point:
        """Read the engine's move ``x,y``; anything else is an :class:`EngineProtocolError`."""
        line = self.answer(timeout)
        match = _MOVE.match(line)
        if not match:
            raise EngineProtocolError(f"{self.name} answered {_quote(line)} where a move x,y was due")
        return Point(int(match.group(1)), int(match.group(2)))

    def _ok(self, command: str, timeout: float) -> None:
        line = self.answer(timeout)
        if line.strip().upper() != "OK":
            raise EngineProtocolError(f"{self.name} answered {command} with {_quote(line)} instead of OK")

    def start(
        self,
        size: int,
        rule_code: int,
        timeout_turn_ms: int,
        infos: Mapping[str, str] | None = None,
        timeout_match_ms: int | None = None,
        timeout: float = START_TIMEOUT,
    ) -> None:
        """``START size`` (waits for ``OK``), then the rule, the clock and the extra ``INFO`` lines.

        Any failure before ``OK`` (the program ends, is silent, or answers
        something else) is an :class:`EngineStartError`.
        """
        self.size = size
        try:
            self.send(f"START {size}")
            self._ok(f"START {size}", timeout)
        except EngineError as error:
            raise EngineStartError(f"{self.name} did not start a game: {_after_name(error, self.name)}") from None
        timeout_turn_ms = max(1, int(timeout_turn_ms))  # 0 would mean no limit at all to some engines
        if timeout_match_ms is None:
            timeout_match_ms = timeout_turn_ms * MATCH_TURNS
        self.info_line("rule", rule_code)
        self.info_line("timeout_turn", timeout_turn_ms)
        self.info_line("timeout_match", max(1, int(timeout_match_ms)))
        for key, value in dict(infos or {}).items():
            self.info_line(key, value)

    def info_line(self, key: str, value: object) -> None:
        """Send ``INFO key value`` (no answer is due)."""
        self.send(f"INFO {key} {value}")

    def begin(self, timeout: float) -> Point:
        """``BEGIN``: the engine plays the first move on an empty board."""
        self._forget_messages()
        self.send("BEGIN")
        return self.move(timeout)

    def board(self, stones: Iterable[tuple[int, int, int]], timeout: float) -> Point:
        """Send a whole position (``x, y, who``: 1 the engine's stone, 2 the opponent's), read its move."""
        self._forget_messages()
        self.send("BOARD")
        for x, y, who in stones:
            self.send(f"{x},{y},{who}")
        self.send("DONE")
        return self.move(timeout)

    def turn(self, point: tuple[int, int], timeout: float) -> Point:
        """Tell the engine the opponent's move, read its reply."""
        self._forget_messages()
        self.send(f"TURN {point[0]},{point[1]}")
        return self.move(timeout)

    def takeback(self, point: tuple[int, int], timeout: float) -> None:
        """Take ``point``'s stone off the engine's board (it answers ``OK``)."""
        self.send(f"TAKEBACK {point[0]},{point[1]}")
        self._ok("TAKEBACK", timeout)

    def about(self, timeout: float = START_TIMEOUT) -> dict[str, str]:
        """The engine's ``ABOUT`` answer as fields (``name``, ``version``, ...); empty if it has none."""
        self.send("ABOUT")
        line = self.answer(timeout)
        return dict(re.findall(r'(\w+)\s*=\s*"([^"]*)"', line))

    @property
    def running(self) -> bool:
        """Whether the process is still there."""
        return self.process.poll() is None

    def close(self, wait: float = 1.0) -> None:
        """Send ``END``, give the engine ``wait`` seconds to quit, kill it if need be, and reap it."""
        stdin = self.process.stdin
        with contextlib.suppress(BrokenPipeError, OSError, ValueError):
            assert stdin is not None
            if wait > 0:
                stdin.write("END\n")
                stdin.flush()
            stdin.close()
        try:
            self.process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for thread in self._threads:
            thread.join(timeout=1)
        for stream in (self.process.stdout, self.process.stderr):
            with contextlib.suppress(OSError, ValueError):
                if stream is not None:
                    stream.close()

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _after_name(error: EngineError, name: str) -> str:
    """An engine error's message without the engine's name in front (to say it inside another sentence)."""
    text = str(error)
    return text[len(name) :].strip() if text.startswith(name) else text


# -- an engine as a player ----------------------------------------------------------


def parse_engine_spec(text: str) -> tuple[str, str]:
    """``NAME=COMMAND`` (or a bare command, named after its program) as (name, command), for ``--engine``.

    Raises :class:`EngineStartError` for an empty name or command.
    """
    name, equals, command = text.partition("=")
    if not equals or not name.strip() or os.sep in name or " " in name.strip():
        command, name = text, ""
    command = command.strip()
    words = command_words(command) if command else []
    if not words:
        raise EngineStartError(f"{_quote(text)} names no engine: write NAME=COMMAND, like rapfi=/path/to/pbrain-rapfi")
    return (name.strip() or os.path.basename(words[0])), command


def rule_code(rule: Rule) -> int:
    """The ``INFO rule`` code for ``rule``."""
    return RULE_CODES[rule.value]


class EnginePlayer:
    """An outside Gomocup engine as a :class:`~gomoku.ai.base.Player` (opponent or analyst).

    ``command`` is the program (a path, a command line, or a list of
    words); ``name`` what the game calls it.  ``think_time`` is the turn
    limit in seconds (:data:`DEFAULT_TURN_SECONDS` if not given);
    ``max_memory`` (bytes) and ``infos`` (more ``INFO`` lines, such as
    ``{"max_node": "3000"}``) are sent after ``START``.  ``grace`` is how
    long past the turn limit an answer may come (:data:`ANSWER_GRACE`).

    The process starts on the first move and is kept for the game; call
    :meth:`close` (or use ``with``) at the end.  ``choose_move`` may be
    called on any board, in any order: the engine's board is brought in
    step first.  ``stop`` cannot cut an outside engine short (the protocol
    has no such command every engine knows); the answer comes within the
    turn limit anyway.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        name: str | None = None,
        think_time: float | None = None,
        max_memory: int | None = None,
        infos: Mapping[str, str] | None = None,
        grace: float = ANSWER_GRACE,
        start_timeout: float = START_TIMEOUT,
    ) -> None:
        self.command = command
        words = command_words(command)
        self.name = name or (os.path.basename(words[0]) if words else "engine")
        self.think_time = DEFAULT_TURN_SECONDS if think_time is None else max(0.001, float(think_time))
        self.max_memory = max_memory
        self.infos = dict(infos or {})
        self.grace = grace
        self.start_timeout = start_timeout
        self._engine: Engine | None = None
        self._game: tuple[int, Rule] | None = None
        #: the moves on the engine's board, in order, and the colour it played last
        self._seen: list[Point] = []
        self._colour: Stone | None = None
        self._turn_ms = 0
        self._match_ms = 0
        self._spent_ms = 0

    # -- the process --------------------------------------------------------------

    def _started(self, board: Board) -> Engine:
        """The engine process, started for ``board``'s size and rule if it is not already."""
        game = (board.size, board.rule)
        if self._engine is not None and self._game == game and self._engine.running:
            return self._engine
        self.close()
        engine = Engine(self.command, self.name)
        self._engine = engine
        turn_ms = self._ms(self.think_time)
        infos = dict(self.infos)
        if self.max_memory is not None:
            infos.setdefault("max_memory", str(self.max_memory))
        self._match_ms = turn_ms * MATCH_TURNS
        engine.start(board.size, rule_code(board.rule), turn_ms, infos, self._match_ms, self.start_timeout)
        self._game, self._seen, self._colour = game, [], None
        self._turn_ms, self._spent_ms = turn_ms, 0
        return engine

    @staticmethod
    def _ms(seconds: float) -> int:
        return max(1, round(seconds * 1000))

    def close(self) -> None:
        """End the engine process (``END``, then a kill if it lingers); the next move starts a new one."""
        engine, self._engine = self._engine, None
        if engine is not None:
            engine.close()

    def _discard(self) -> None:
        """Kill the process at once after a failure: its state is unknown."""
        engine, self._engine = self._engine, None
        if engine is not None:
            engine.close(wait=0)

    def __enter__(self) -> EnginePlayer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- a move ---------------------------------------------------------------------

    def choose_move(
        self,
        board: Board,
        stop: threading.Event | None = None,
        think_time: float | None = None,
        on_info: InfoListener | None = None,
    ) -> Decision:
        """The engine's move for the side to move on ``board`` (left unchanged), checked on our board.

        ``on_info`` gets the engine's search info so far each time a
        ``MESSAGE`` line adds to it, before the move (on this thread).
        Raises an :class:`EngineError` subclass if the engine fails in any
        way (the process is then killed), :class:`~gomoku.board.GameOverError`
        if the game is over.
        """
        if board.is_game_over():
            raise GameOverError(f"the game is over ({board.outcome}): there is no move to choose")
        started = time.monotonic()
        try:
            engine = self._started(board)
            seconds = self.think_time if think_time is None else max(0.001, float(think_time))
            turn_ms = self._ms(seconds)
            if turn_ms != self._turn_ms:
                engine.info_line("timeout_turn", turn_ms)
                self._turn_ms = turn_ms
            engine.info_line("time_left", max(1, self._match_ms - self._spent_ms))
            engine.on_info = on_info
            try:
                move = self._sync_and_ask(engine, board, turn_ms / 1000 + self.grace)
            finally:
                engine.on_info = None
            self._check(board, move)
        except EngineError:
            self._discard()
            raise
        spent = time.monotonic() - started
        self._spent_ms += round(spent * 1000)
        self._seen = [*board.moves, move]
        self._colour = board.turn
        return self._decision(move, engine.info, spent)

    def _sync_and_ask(self, engine: Engine, board: Board, timeout: float) -> Point:
        """Bring the engine's board to ``board`` with the fewest commands, and read its move."""
        moves, seen = board.moves, self._seen
        common = 0
        while common < min(len(moves), len(seen)) and moves[common] == seen[common]:
            common += 1
        same_colour = self._colour is board.turn
        if not moves:
            if seen:
                return engine.board([], timeout)
            return engine.begin(timeout)
        if same_colour and common == len(moves) - 1 and len(seen) - common <= MAX_TAKEBACKS:
            for point in reversed(seen[common:]):
                engine.takeback(point, timeout)
            return engine.turn(moves[-1], timeout)
        me = board.turn
        stones = [(p.x, p.y, OWN if board[p] is me else THEIRS) for p in moves]
        return engine.board(stones, timeout)

    def _check(self, board: Board, move: Point) -> None:
        """Raise :class:`EngineIllegalMoveError` unless ``move`` is legal for the side to move."""
        x, y = move
        if not (0 <= x < board.size and 0 <= y < board.size):
            raise EngineIllegalMoveError(
                f"{self.name} played {x},{y}, off the {board.size}x{board.size} board", Point(x, y)
            )
        try:
            board.check_move(move)
        except OccupiedError:
            raise EngineIllegalMoveError(f"{self.name} played {board.notation(move)}, which is taken", move) from None
        except ForbiddenMoveError as error:
            raise EngineIllegalMoveError(
                f"{self.name} played {board.notation(move)}, forbidden for black ({error.foul})", move
            ) from None
        except IllegalMoveError as error:
            raise EngineIllegalMoveError(f"{self.name} played {board.notation(move)}: {error}", move) from None

    @staticmethod
    def _decision(move: Point, info: SearchInfo | None, spent: float) -> Decision:
        if info is None:
            return Decision(move, reason="engine", seconds=spent)
        pv = info.pv if info.pv[:1] == (move,) else (move,)
        return Decision(
            move,
            reason="engine",
            score=info.score,
            win_in=info.win_in,
            depth=info.depth,
            seldepth=info.seldepth,
            nodes=info.nodes,
            seconds=spent,
            pv=pv,
        )


__all__ = [
    "RULE_CODES",
    "Engine",
    "EngineCrash",
    "EngineError",
    "EngineIllegalMoveError",
    "EnginePlayer",
    "EngineProtocolError",
    "EngineStartError",
    "EngineTimeout",
    "InfoListener",
    "SearchInfo",
    "parse_engine_spec",
    "parse_search_info",
    "pv_point",
    "rule_code",
]
