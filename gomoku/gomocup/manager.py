"""The manager side of the Gomocup protocol: an outside engine (Rapfi, Embryo, any ``pbrain-*``) as a player.

Two layers:

- :class:`Engine` is one engine process and the protocol's commands, each
  answer read with a timeout (its output is read by jobs of :mod:`gomoku.jobs`)::

      with Engine("/path/to/pbrain-rapfi") as engine:
          engine.start(15, rule_code=4, timeout_turn_ms=1000, infos={"max_node": "3000"})
          move = engine.board([(Point(7, 7), Field.OPPONENT), (Point(8, 8), Field.OWN)], timeout=15)
          move = engine.turn((7, 8), timeout=15)

  ``MESSAGE`` and ``DEBUG`` lines are kept aside; the search-info ones
  (ours: ``depth 8-14 ev 120 n 35K tm 850 pv h8 i9``, Rapfi's:
  ``Depth 15-33 | Eval 186 | Time 970ms | H7 H6``) are read into a
  :class:`~gomoku.ai.result.SearchResult`
  (:func:`gomoku.gomocup.protocol.parse_search_info`), and each time a line
  adds to it, the info so far goes to :attr:`Engine.on_info` (if set) at
  once, while the engine still thinks: Rapfi prints a line a depth, so a
  view can deepen before the move comes.

- :class:`EnginePlayer` is an engine as a :class:`~gomoku.ai.base.Player`:
  ``choose_move(board)`` returns a :class:`~gomoku.ai.result.SearchResult`, so a
  game can take it as an opponent and the review as its analyst.  It starts
  the process on first use (``START``, then ``INFO rule``, ``timeout_turn``,
  ``timeout_match``, ``max_memory`` and any extra ``INFO`` lines), sends
  ``INFO time_left`` before each move, and keeps the engine's board in step
  with the game: ``BEGIN`` on an empty board, ``TURN`` for the opponent's
  one new move, ``TAKEBACK`` for moves taken back before it, ``BOARD`` for
  anything else (another position, the other colour to move).  Every move
  it answers is checked on our :class:`~gomoku.board.Board`.

Every failure is one :class:`EngineError` subclass, with the engine's name
and what happened as fields (:attr:`EngineError.engine`, :attr:`EngineError.reason`)
and a :class:`Failure` kind: :class:`EngineStartError` (will not start), :class:`EngineProtocolError`
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
import enum
import os
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import ClassVar

from gomoku.ai import LEVELS, make_player
from gomoku.ai.base import Player, PlayerError
from gomoku.ai.result import SearchResult
from gomoku.board import Board, ForbiddenMoveError, GameOverError, IllegalMoveError, OccupiedError
from gomoku.gomocup.protocol import (
    Answer,
    Command,
    Field,
    InfoKey,
    format_field,
    format_point,
    parse_about,
    parse_search_info,
    quote,
    read_move,
    rule_code,
)
from gomoku.i18n import _, os_error_text
from gomoku.jobs import Pool
from gomoku.point import Point
from gomoku.rules import Rule, Stone

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
#: Seconds to wait, once the process has ended, for its stderr reader to reach the end of the pipe (a
#: child that inherited the pipe could keep it open: then the tail read so far is quoted).
STDERR_DRAIN = 1.0
#: The answers that are not replies: kept aside while the reply is awaited.
_SKIPPED = (Answer.MESSAGE.value, Answer.DEBUG.value)


# -- errors -----------------------------------------------------------------------


class Failure(str, enum.Enum):
    """How an outside engine failed: one value for each :class:`EngineError` subclass."""

    START = "start"
    PROTOCOL = "protocol"
    ILLEGAL = "illegal"
    TIMEOUT = "timeout"
    CRASH = "crash"


class EngineError(PlayerError, RuntimeError):
    """An outside engine failed: ``engine`` is its name, ``reason`` what happened (a phrase after the name).

    A :class:`~gomoku.ai.base.PlayerError`: a match counts it the engine's forfeit.

    ``str(error)`` is the whole sentence, the name first ("rapfi gave no
    answer within 3.0 s"); a front end that says the name its own way uses
    the two fields, never the text.  ``engine`` is empty when no engine is
    named yet (a command line that names none).
    """

    kind: ClassVar[Failure] = Failure.PROTOCOL

    def __init__(self, engine: str, reason: str) -> None:
        # i18n: an outside engine's name, then what happened to it ("rapfi" "gave no answer within 3.0 s")
        super().__init__(_("{engine} {reason}").format(engine=engine, reason=reason) if engine else reason)
        self.engine = engine
        self.reason = reason


class EngineStartError(EngineError):
    """The engine will not start: no such program, not executable, or it ended before ``START`` was answered."""

    kind = Failure.START


class EngineProtocolError(EngineError):
    """The engine answered something the protocol does not allow (garbage, ``ERROR``, ``UNKNOWN``)."""

    kind = Failure.PROTOCOL


class EngineIllegalMoveError(EngineError):
    """The engine played a point off the board, a taken one, or (renju, black) a forbidden one."""

    kind = Failure.ILLEGAL

    def __init__(self, engine: str, reason: str, move: Point) -> None:
        super().__init__(engine, reason)
        self.move = move


class EngineTimeout(EngineError):
    """The engine gave no answer within its time and the grace after it."""

    kind = Failure.TIMEOUT


class EngineCrash(EngineError):
    """The engine's process ended (or closed its input) in the middle of a game."""

    kind = Failure.CRASH


#: Where an engine's search info goes as it arrives (see :attr:`Engine.on_info`).
InfoListener = Callable[[SearchResult], None]


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
        raise EngineStartError(
            "",
            _("{command} is not a command line ({error}): quote paths with spaces").format(
                command=quote(command), error=error
            ),
        ) from None


class Engine:
    """One engine process, spoken to line by line; use it for one game, then :meth:`close` it (or ``with``).

    ``name`` is how messages call it (default: the program's file name).
    Raises :class:`EngineStartError` when the program cannot be run.
    """

    def __init__(self, command: str | Sequence[str], name: str | None = None) -> None:
        words = command_words(command)
        if not words:
            raise EngineStartError("", _("the engine command is empty: give the path of a pbrain-* program"))
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
            reason = os_error_text(error)
            cannot = _("will not start ({reason}): check the path {path}").format(reason=reason, path=quote(words[0]))
            raise EngineStartError(self.name, cannot) from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL)
        #: the ``MESSAGE`` lines since the last command (the newest few hundred)
        self.messages: collections.deque[str] = collections.deque(maxlen=500)
        #: the search info of those lines, merged (``None``: the engine said none)
        self.info: SearchResult | None = None
        #: called with :attr:`info` each time a ``MESSAGE`` line adds to it, on the thread reading the answer
        self.on_info: InfoListener | None = None
        self.size = 15
        # the readers block on the pipes for the process's life: a pool of their own, ended with it
        self._readers = Pool(2, f"engine-{self.name}")
        self._reading = [self._readers.run(self._read_stdout), self._readers.run(self._read_stderr)]

    def _read_stdout(self, stop: threading.Event) -> None:
        stream = self.process.stdout
        assert stream is not None
        with contextlib.suppress(OSError, ValueError):
            while line := stream.readline(MAX_LINE):
                self._lines.put(line.rstrip("\r\n"))
        self._lines.put(None)

    def _read_stderr(self, stop: threading.Event) -> None:
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
            raise EngineCrash(self.name, self._ended(stopped_reading=True)) from None

    def _ended(self, stopped_reading: bool = False) -> str:
        """What happened to a process that ended (or ``stopped_reading`` its input), with its exit code and words."""
        try:
            code = self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return _("stopped reading its input") if stopped_reading else _("ended")
        self._reading[1].wait(STDERR_DRAIN)  # the process has ended: its stderr reader reaches the end
        said = " | ".join(self._stderr)[:200]
        if stopped_reading:
            if said:
                text = _("stopped reading its input (exit code {code}, it said: {said})")
            else:
                text = _("stopped reading its input (exit code {code})")
        elif said:
            text = _("ended (exit code {code}, it said: {said})")
        else:
            text = _("ended (exit code {code})")
        return text.format(code=code, said=said)

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
                silent = _("gave no answer within {seconds} s").format(seconds=f"{timeout:.1f}")
                raise EngineTimeout(self.name, silent) from None
            if line is None:
                raise EngineCrash(self.name, self._ended())
            word, _space, rest = line.strip().partition(" ")
            if not word or word.upper() in _SKIPPED:
                if word.upper() == Answer.MESSAGE:
                    self.messages.append(rest)
                    found = parse_search_info(rest, self.size, self.info)
                    if found is not None:
                        self.info = found
                        if self.on_info is not None:
                            self.on_info(found)
                continue
            if word.upper() in (Answer.ERROR, Answer.UNKNOWN):
                raise EngineProtocolError(self.name, _("refused: {line}").format(line=quote(line)))
            return line

    def move(self, timeout: float) -> Point:
        """Read the engine's move ``x,y``; anything else is an :class:`EngineProtocolError`."""
        line = self.answer(timeout)
        move = read_move(line)
        if move is None:
            raise EngineProtocolError(self.name, _("answered {line} where a move x,y was due").format(line=quote(line)))
        return move

    def _ok(self, command: str, timeout: float) -> None:
        line = self.answer(timeout)
        if line.strip().upper() != Answer.OK:
            wrong = _("answered {command} with {line} instead of OK").format(command=command, line=quote(line))
            raise EngineProtocolError(self.name, wrong)

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
            self.send(f"{Command.START} {size}")
            self._ok(f"{Command.START} {size}", timeout)
        except EngineError as error:
            raise EngineStartError(self.name, _("did not start a game: {reason}").format(reason=error.reason)) from None
        timeout_turn_ms = max(1, int(timeout_turn_ms))  # 0 would mean no limit at all to some engines
        if timeout_match_ms is None:
            timeout_match_ms = timeout_turn_ms * MATCH_TURNS
        self.info_line(InfoKey.RULE, rule_code)
        self.info_line(InfoKey.TIMEOUT_TURN, timeout_turn_ms)
        self.info_line(InfoKey.TIMEOUT_MATCH, max(1, int(timeout_match_ms)))
        for key, value in dict(infos or {}).items():
            self.info_line(key, value)

    def info_line(self, key: str, value: object) -> None:
        """Send ``INFO key value`` (no answer is due)."""
        self.send(f"{Command.INFO} {key} {value}")

    def begin(self, timeout: float) -> Point:
        """``BEGIN``: the engine plays the first move on an empty board."""
        self._forget_messages()
        self.send(str(Command.BEGIN))
        return self.move(timeout)

    def board(self, stones: Iterable[tuple[Point, Field]], timeout: float) -> Point:
        """Send a whole position (each point with whose stone it is, as the engine sees it), read its move."""
        self._forget_messages()
        self.send(str(Command.BOARD))
        for point, field in stones:
            self.send(format_field(point, field))
        self.send(str(Command.DONE))
        return self.move(timeout)

    def turn(self, point: tuple[int, int], timeout: float) -> Point:
        """Tell the engine the opponent's move, read its reply."""
        self._forget_messages()
        self.send(f"{Command.TURN} {format_point(point)}")
        return self.move(timeout)

    def takeback(self, point: tuple[int, int], timeout: float) -> None:
        """Take ``point``'s stone off the engine's board (it answers ``OK``)."""
        self.send(f"{Command.TAKEBACK} {format_point(point)}")
        self._ok(str(Command.TAKEBACK), timeout)

    def about(self, timeout: float = START_TIMEOUT) -> dict[str, str]:
        """The engine's ``ABOUT`` answer as fields (``name``, ``version``, ...); empty if it has none."""
        self.send(str(Command.ABOUT))
        return parse_about(self.answer(timeout))

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
                stdin.write(f"{Command.END}\n")
                stdin.flush()
            stdin.close()
        try:
            self.process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for reader in self._reading:
            reader.wait(1)  # the pipes are closed with the process: the readers end
        self._readers.close()
        for stream in (self.process.stdout, self.process.stderr):
            with contextlib.suppress(OSError, ValueError):
                if stream is not None:
                    stream.close()

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


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
        raise EngineStartError(
            "",
            _("{text} names no engine: write NAME=COMMAND, like rapfi=/path/to/pbrain-rapfi").format(text=quote(text)),
        )
    return (name.strip() or os.path.basename(words[0])), command


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

    def start(self, board: Board) -> None:
        """Start the process for ``board``'s game now (else the first move does), so moves time thinking only.

        Raises an :class:`EngineError` (the process is then killed).
        """
        try:
            self._started(board)
        except EngineError:
            self._discard()
            raise

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
            infos.setdefault(InfoKey.MAX_MEMORY.value, str(self.max_memory))
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
    ) -> SearchResult:
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
                engine.info_line(InfoKey.TIMEOUT_TURN, turn_ms)
                self._turn_ms = turn_ms
            engine.info_line(InfoKey.TIME_LEFT, max(1, self._match_ms - self._spent_ms))
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
        stones = [(p, Field.OWN if board[p] is me else Field.OPPONENT) for p in moves]
        return engine.board(stones, timeout)

    def _check(self, board: Board, move: Point) -> None:
        """Raise :class:`EngineIllegalMoveError` unless ``move`` is legal for the side to move."""
        x, y = move
        if not (0 <= x < board.size and 0 <= y < board.size):
            off = _("played {x},{y}, off the {size}x{size} board").format(x=x, y=y, size=board.size)
            raise EngineIllegalMoveError(self.name, off, Point(x, y))
        point = board.notation(move)
        try:
            board.check_move(move)
        except OccupiedError:
            raise EngineIllegalMoveError(
                self.name, _("played {point}, which is taken").format(point=point), move
            ) from None
        except ForbiddenMoveError as error:
            foul = _("played {point}, forbidden for black ({foul})").format(point=point, foul=error.foul.said())
            raise EngineIllegalMoveError(self.name, foul, move) from None
        except IllegalMoveError as error:
            illegal = _("played {point}: {error}").format(point=point, error=error)
            raise EngineIllegalMoveError(self.name, illegal, move) from None

    @staticmethod
    def _decision(move: Point, info: SearchResult | None, spent: float) -> SearchResult:
        """The move played, with what the engine said of its search (its line only if it starts with the move)."""
        if info is None:
            return SearchResult(move, reason="engine", seconds=spent)
        pv = info.pv if info.pv[:1] == (move,) else (move,)
        return replace(info, move=move, reason="engine", seconds=spent, pv=pv, final=True)


# -- players by name -----------------------------------------------------------------


class Players:
    """Makes a player by name: an outside engine if one has that name, else the built-in level.

    ``engines`` are the outside engines' commands by name, as ``--engine
    NAME=CMD`` and the settings file's ``engines`` give them: one home for
    "a name is a level or an engine", so an engine's name is usable
    wherever a level's is (the computer's moves, the review, live analysis,
    ``--level``, ``--analyst``).
    """

    def __init__(self, engines: Mapping[str, str] | None = None) -> None:
        #: the outside engines' commands, by name
        self.engines = dict(engines or {})

    def knows(self, name: str) -> bool:
        """Whether ``name`` is a built-in level or one of the engines."""
        return name in self.engines or name in LEVELS

    def make(
        self, name: str, seed: int | None = None, think_time: float | None = None, max_nodes: int | None = None
    ) -> Player:
        """The player ``name`` (an engine's process starts on its first move); raises
        :class:`~gomoku.ai.UnknownLevelError` for a name that is neither.  ``max_nodes`` makes a
        built-in level count its thinking in nodes (an engine keeps to the clock)."""
        if name in self.engines:
            return EnginePlayer(self.engines[name], name=name, think_time=think_time)
        return make_player(name, seed=seed, think_time=think_time, max_nodes=max_nodes)


__all__ = [
    "Engine",
    "EngineCrash",
    "EngineError",
    "EngineIllegalMoveError",
    "EnginePlayer",
    "EngineProtocolError",
    "EngineStartError",
    "EngineTimeout",
    "Failure",
    "InfoListener",
    "Players",
    "parse_engine_spec",
]
