"""The loop of the terminal game: it reads keys, runs timers and performs effects.

Everything the player sees is decided by :func:`gomoku.tui.update.update`
and drawn by :func:`gomoku.tui.view.draw`; this module only wires the
terminal, the clock and the workers to them:

- keys and mouse clicks become events (:mod:`gomoku.tui.events`), and so does
  the clock: a :class:`~gomoku.tui.events.Tick` on every wake-up, at least
  every second (ten times a second while the computer thinks, for the spinner);
- the effects ``update`` returns (:mod:`gomoku.tui.effects`) are performed by
  :class:`Performer`, one handler per kind in one table, on one pool of
  worker threads (:mod:`gomoku.jobs`): the computer thinks there,
  record files are read and written in order on a lane of it, and the
  autosave writes in order on another;
- workers answer with events through one :class:`Inbox`, a thread-safe queue
  with a wake-up pipe: the loop sleeps in ``select`` on the terminal and that
  pipe, so it never busy-waits, and wakes at once for a key, an answer or a
  resize;
- the terminal is restored on every way out: quit, Ctrl-C, SIGTERM, an error
  (which is reported in one line, with the details in a log file).
"""

from __future__ import annotations

import argparse
import curses
import locale
import os
import queue
import select
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from functools import partial
from typing import Any

from gomoku.ai import LEVELS, Player, make_player
from gomoku.ai.base import Closes, Ponders
from gomoku.ai.opening import OpeningPlayer
from gomoku.gomocup.manager import EngineError, Players
from gomoku.jobs import Jobs, Lane, Pool
from gomoku.net.errors import NetworkError
from gomoku.net.match import BlackChoice, Role
from gomoku.openings import OpeningMove, OpeningRule
from gomoku.point import Point
from gomoku.records import RecordError, read_record
from gomoku.tui import storage, view
from gomoku.tui.analyst import Analyst
from gomoku.tui.draw import curses_theme
from gomoku.tui.effects import (
    AiKind,
    Autosave,
    CancelAi,
    CancelAnalysis,
    CancelPonder,
    CancelReview,
    Effect,
    Effects,
    ListRecords,
    LoadRecord,
    NetSetup,
    Quit,
    RetireAutosave,
    SaveRecord,
    SaveSettings,
    StartAi,
    StartAnalysis,
    StartPonder,
    StartReview,
)
from gomoku.tui.events import AiDone, Event, Key, Mouse, Report, Resize, Tick
from gomoku.tui.model import State
from gomoku.tui.network import Network
from gomoku.tui.reviewer import Reviewer
from gomoku.tui.settings import Remembered, Settings, clean_name, read_settings, save_settings, validated
from gomoku.tui.update import initial_network, initial_state, update
from gomoku.userdirs import data_dir

#: What one opening decision of the computer may spend reading positions, in seconds.
OPENING_THINK_TIME = 1.5
#: Ticks per second while the computer thinks: the spinner turns this often.
FRAMES_PER_SECOND = 10
#: Seconds between ticks otherwise: the clock only names saved files, to the minute.
IDLE_TICK = 1.0
#: Where ``select`` cannot wait on a console (Windows), how often the loop looks for keys.
CONSOLE_POLL = 0.02
#: Options that start a game straight away when given on the command line.
GAME_OPTIONS = ("mode", "rule", "size", "level", "black")

KEY_NAMES = {
    curses.KEY_UP: "up",
    curses.KEY_DOWN: "down",
    curses.KEY_LEFT: "left",
    curses.KEY_RIGHT: "right",
    curses.KEY_ENTER: "enter",
    curses.KEY_F1: "f1",
    curses.KEY_HOME: "home",
    curses.KEY_END: "end",
    curses.KEY_PPAGE: "pageup",
    curses.KEY_NPAGE: "pagedown",
    curses.KEY_BACKSPACE: "backspace",
    127: "backspace",
    8: "backspace",
    21: "ctrl-u",
    10: "enter",
    13: "enter",
    32: "space",
    27: "escape",
}


def key_name(code: int) -> str | None:
    """The state machine's name for a curses key code, or ``None`` for keys it does not know."""
    if code in KEY_NAMES:
        return KEY_NAMES[code]
    if 33 <= code < 127:
        return chr(code)
    if curses.KEY_F0 < code <= curses.KEY_F0 + 12:
        return f"f{code - curses.KEY_F0}"
    return None


def settings_from_args(args: argparse.Namespace, remembered: Settings, levels: tuple[str, ...]) -> Settings:
    """The remembered settings with the command line's choices on top (``--level`` sets every level).

    These are the settings of this run only: what is written back is the
    menu's choices (:class:`~gomoku.tui.settings.Remembered`).
    """
    data = remembered.to_json()
    for name in GAME_OPTIONS:
        value = getattr(args, name, None)
        if value is not None:
            data[name] = value
    if getattr(args, "level", None) is not None:
        data["black_level"] = data["white_level"] = args.level
    if getattr(args, "name", None):
        data["name"] = args.name
    if getattr(args, "think_time", None) is not None:
        data["think_time"] = args.think_time
    if getattr(args, "engine", None):
        data["engines"] = {**data["engines"], **dict(args.engine)}
    settings = validated(data, levels)
    if getattr(args, "opening", None) is not None:
        settings = replace(settings, opening=OpeningRule(args.opening))
    if getattr(args, "clock", None) is not None:
        settings = replace(settings, clock=args.clock)
    if not settings.name:  # the login name, until --name gives another
        login = os.environ.get("USER") or os.environ.get("LOGNAME") or os.environ.get("USERNAME") or ""
        settings = replace(settings, name=clean_name(login))
    return settings


def network_setup(args: argparse.Namespace, settings: Settings) -> NetSetup | None:
    """The network game ``--host`` or ``--join`` asks for (``None`` if neither); raises ``NetworkError``."""
    from gomoku.net.addresses import parse_address
    from gomoku.net.auth import format_code

    name = settings.name  # none: the other player sees "the host" or "the guest"
    if getattr(args, "host", None) is not None:
        choices = {choice.value: choice for choice in BlackChoice}
        black = choices.get(args.black, BlackChoice.RANDOM)
        bind = args.bind or ""
        return NetSetup(
            Role.HOST,
            name,
            port=args.host,
            bind=bind,
            rule=settings.rule,
            size=settings.size,
            black=black,
            opening=settings.opening,
            clock=settings.clock,
        )
    if getattr(args, "join", None):
        address, port = parse_address(args.join)
        code = format_code(args.code) if args.code else ""
        return NetSetup(Role.GUEST, name, code=code, port=port, address=address)
    return None


def wants_game(args: argparse.Namespace) -> bool:
    """Whether the command line asks for a game straight away (any game option given, or an opening rule)."""
    return any(getattr(args, name, None) is not None for name in (*GAME_OPTIONS, "opening"))


def use_unicode() -> bool:
    """Whether the terminal's encoding can show line characters and stones.

    Asks the C library (what curses writes with) after ``setlocale``, not
    Python's preferred encoding, which UTF-8 mode forces to UTF-8 even in
    the C locale.
    """
    try:
        encoding = locale.nl_langinfo(locale.CODESET)
    except (AttributeError, ValueError):  # Windows has no nl_langinfo
        encoding = locale.getpreferredencoding(False)
    encoding = (encoding or "").lower().replace("-", "")
    return encoding in ("utf8", "utf16", "utf32") and os.environ.get("GOMOKU_ASCII", "") == ""


def use_colour() -> bool:
    """Whether to use colour: the terminal has it and ``NO_COLOR`` is not set."""
    return curses.has_colors() and not os.environ.get("NO_COLOR")


class Inbox:
    """Events from worker threads, in order, and a pipe that wakes the loop when one arrives."""

    def __init__(self) -> None:
        self._events: queue.SimpleQueue[Event] = queue.SimpleQueue()
        self._read, self._write = os.pipe()
        for fd in (self._read, self._write):
            os.set_blocking(fd, False)

    @property
    def wake_fd(self) -> int:
        """The pipe's writing end (also the signal wake-up: a resize wakes the loop too)."""
        return self._write

    def put(self, event: Event) -> None:
        """Post ``event`` from any thread and wake the loop."""
        self._events.put(event)
        self.poke()

    def poke(self) -> None:
        try:
            os.write(self._write, b"!")
        except OSError:
            pass  # the pipe is full: the loop is awake already

    def wait(self, timeout: float, terminal: int | None) -> None:
        """Sleep until a key on ``terminal``, a posted event or ``timeout`` seconds."""
        if terminal is None:  # a console select cannot watch: look again soon
            time.sleep(min(timeout, CONSOLE_POLL))
            return
        try:
            select.select([terminal, self._read], [], [], timeout)
        except (OSError, ValueError):
            time.sleep(min(timeout, CONSOLE_POLL))
        try:
            while os.read(self._read, 4096):
                pass
        except OSError:
            pass

    def drain(self) -> list[Event]:
        """Every event posted so far, oldest first."""
        events = []
        while True:
            try:
                events.append(self._events.get_nowait())
            except queue.Empty:
                return events

    def close(self) -> None:
        for fd in (self._read, self._write):
            try:
                os.close(fd)
            except OSError:
                pass


class Computer:
    """Thinks about :class:`StartAi` jobs on the worker pool and posts each answer as :class:`AiDone`.

    One player per level and colour, so a player's own randomness (and its
    search tables) carry on from move to move; a lock per player, so a job
    that was cancelled finishes with it before the next one starts.
    """

    def __init__(
        self,
        seed: int | None,
        post: Callable[[Event], None],
        pool: Pool | None = None,
        make: Callable[..., Player] | None = None,
    ) -> None:
        self.seed = seed
        self._make = make
        self._post = post
        self._jobs = Jobs((pool or Pool()).submit)
        self._players: dict[tuple[str, int], tuple[Player, threading.Lock]] = {}

    def start(self, job: StartAi) -> None:
        player, lock = self._player(job)
        self._jobs.start(job.job, partial(self._think, job, player, lock))

    def cancel(self, job: CancelAi | CancelPonder) -> None:
        self._jobs.cancel(job.job)

    def ponder(self, job: StartPonder) -> None:
        """Think on the human's time with the player that makes the computer's moves (a level that can)."""
        player, lock = self._player_for(job.level, int(job.board.turn.opponent))
        if isinstance(player, Ponders):
            self._jobs.start(job.job, partial(self._ponder, job, player, lock))

    def stop(self) -> None:
        """Stop every job (at exit), and end the outside engines' processes."""
        self._jobs.stop_all()
        for player, _ in self._players.values():
            if isinstance(player, Closes):
                player.close()

    def _player(self, job: StartAi) -> tuple[Player, threading.Lock]:
        return self._player_for(job.level, int(job.board.turn) if job.kind is AiKind.MOVE else 0)

    def _player_for(self, level: str, colour: int) -> tuple[Player, threading.Lock]:
        """The player of ``level`` making the moves of ``colour`` (0: hints), and its lock."""
        key = (level, colour)
        if key not in self._players:
            seed = None if self.seed is None else self.seed + key[1]
            make = self._make or make_player  # a level's name; the loop's Players knows the outside engines too
            self._players[key] = (make(level, seed=seed), threading.Lock())
        return self._players[key]

    def _think(self, job: StartAi, player: Player, lock: threading.Lock, stop: threading.Event) -> None:
        started = time.monotonic()
        with lock:
            if stop.is_set():
                return
            step: OpeningMove | None = None
            try:
                if job.kind is AiKind.OPENING and job.opening is not None:
                    step = self._opening_step(job)
                    point: Point | None = step.point
                else:
                    point = player.choose_move(job.board, stop, think_time=job.think_time).move  # never writes it
                error, engine = "", ""
            except EngineError as exc:  # an outside engine: said by its name and what happened to it
                point, error, engine = None, exc.reason, exc.engine
            except Exception as exc:  # the game goes on: the state shows the error
                point, error, engine = None, str(exc) or type(exc).__name__, ""
        thought = time.monotonic() - started  # what the game clock charges (not the pace's wait)
        remaining = job.delay - thought
        if remaining > 0:
            stop.wait(remaining)
        if not stop.is_set():
            self._post(AiDone(job.job, point, error, engine, opening_move=step, thought=thought))

    def _ponder(self, job: StartPonder, player: Ponders, lock: threading.Lock, stop: threading.Event) -> None:
        """Ponder until stopped (or its last stage is done), holding the player: its move waits for the lock."""
        with lock:
            if not stop.is_set():
                try:
                    player.ponder(job.board, stop, think_time=job.think_time)  # never writes the board
                except Exception:  # pondering is a bonus: a failure costs only what it would have found
                    pass

    def _opening_step(self, job: StartAi) -> OpeningMove:
        """The computer's step in an opening: read with ``hard``'s search at every level (the
        greedy levels give no score to read), :data:`OPENING_THINK_TIME` for the whole decision, or
        less when the clock's share (the job's think time) is smaller."""
        assert job.opening is not None
        key = ("hard", -1)
        if key not in self._players:
            self._players[key] = (make_player("hard", seed=self.seed), threading.Lock())
        think = OPENING_THINK_TIME if job.think_time is None else min(OPENING_THINK_TIME, job.think_time)
        reader = OpeningPlayer(self._players[key][0], think_time=think)
        return reader.decide(job.opening, job.board.copy())


class FileWorker:
    """Does file jobs one at a time, in order, on a lane of the worker pool, and posts the events they answer with."""

    def __init__(self, post: Callable[[Event], None], pool: Pool | None = None) -> None:
        self._post = post
        self._lane = Lane((pool or Pool()).submit)

    def submit(self, work: Callable[[], Event | None]) -> None:
        self._lane.put(partial(self._run, work))

    def close(self, timeout: float = 5.0) -> None:
        """Finish the jobs handed over (settings to remember), for at most ``timeout`` seconds."""
        self._lane.wait(timeout)

    def _run(self, work: Callable[[], Event | None]) -> None:
        try:
            event = work()
        except Exception as error:  # a bug in a job must not end the worker: say it
            event = Report(f"A file job failed: {error!r}.")
        if event is not None:
            self._post(event)


def _remember(settings: Settings, levels: tuple[str, ...]) -> Event | None:
    saved = save_settings(settings, levels=levels)  # a settings file that cannot be written loses nothing else
    if saved.moved_aside is not None:
        return Report(f"Damaged settings kept as {saved.moved_aside.name}.")
    return None


class Performer:
    """Performs effects: one handler per kind of effect, in :attr:`handlers`."""

    def __init__(
        self,
        computer: Computer,
        files: FileWorker,
        autosaver: storage.Autosaver,
        network: Network | None = None,
        remembered: Remembered | None = None,
        levels: tuple[str, ...] = tuple(LEVELS),
        reviewer: Reviewer | None = None,
        analyst: Analyst | None = None,
    ) -> None:
        self.quitting = False
        self.network = network or Network(lambda event: None, lambda: None)
        reviewer = reviewer or Reviewer(lambda event: None, lambda job: None)
        analyst = analyst or Analyst(lambda event: None, lambda job: None)
        #: The menu's choices to write (without it, every settings change is written as it is).
        self.remembered = remembered
        self.handlers: dict[type, Callable[[Any], None]] = {
            StartAi: computer.start,
            CancelAi: computer.cancel,
            StartPonder: computer.ponder,
            CancelPonder: computer.cancel,
            StartReview: reviewer.start,
            CancelReview: reviewer.cancel,
            StartAnalysis: analyst.start,
            CancelAnalysis: analyst.cancel,
            SaveRecord: lambda effect: files.submit(partial(storage.save_record, effect)),
            LoadRecord: lambda effect: files.submit(partial(storage.load_record, effect)),
            ListRecords: lambda effect: files.submit(partial(storage.list_records, effect)),
            Autosave: lambda effect: autosaver.save(effect.saved),
            RetireAutosave: lambda effect: autosaver.retire(effect.announce),
            SaveSettings: lambda effect: files.submit(partial(_remember, self._to_remember(effect.settings), levels)),
            Quit: self._quit,
            **self.network.handlers(),
        }

    def perform(self, effects: Effects) -> None:
        for effect in effects:
            self.handlers[type(effect)](effect)

    def _quit(self, effect: Effect) -> None:
        self.quitting = True

    def _to_remember(self, settings: Settings) -> Settings:
        return settings if self.remembered is None else self.remembered.choose(settings)


def run(args: argparse.Namespace) -> int:
    """Play in the terminal with the command line's choices; returns the exit status."""
    levels = tuple(LEVELS)
    remembered, settings_notice = read_settings(levels)
    settings = settings_from_args(args, remembered, levels)
    problem = terminal_problem()
    if problem:
        print(f"gomoku: {problem}", file=sys.stderr)
        return 2
    record, record_name = None, ""
    if getattr(args, "load", None):
        try:
            record = read_record(storage.resolve(args.load), settings.rule, settings.size)
        except RecordError as error:
            print(f"gomoku: {error}", file=sys.stderr)
            return 2
        record_name = os.path.basename(args.load)
    try:
        setup = network_setup(args, settings)
    except NetworkError as error:
        print(f"gomoku: {error}", file=sys.stderr)
        return 2
    playable = levels + settings.engine_names  # the menu offers the outside engines beside the levels
    offer, notice = storage.read_offer()
    notice = " ".join(text for text in (settings_notice, notice) if text)
    if setup is not None:
        state, effects = initial_network(settings, playable, setup, offer=offer, notice=notice)
    else:
        state, effects = initial_state(
            settings,
            playable,
            start=wants_game(args),
            record=record,
            record_name=record_name,
            offer=offer,
            notice=notice,
        )
    inbox = Inbox()
    pool = Pool()  # one pool for the computer, the file jobs and the autosave
    players = Players(dict(settings.engines))
    computer = Computer(getattr(args, "seed", None), inbox.put, pool, players.make)
    files = FileWorker(inbox.put, pool)
    autosaver = storage.Autosaver(report=lambda text: inbox.put(Report(text)), run=pool.submit)
    network = Network(inbox.put, inbox.poke)
    reviewer = Reviewer(inbox.put, pool.submit, players.make)
    analyst = Analyst(inbox.put, pool.submit, engines=players)
    performer = Performer(
        computer, files, autosaver, network, Remembered(remembered, settings), levels, reviewer, analyst
    )
    resized = threading.Event()
    previous = _install_signals(inbox, resized)
    os.environ.setdefault("ESCDELAY", "25")
    try:
        locale.setlocale(locale.LC_ALL, "")  # curses writes in the user's encoding
    except locale.Error:
        pass  # an unknown locale in the environment: keep "C", which draws plain ASCII
    try:
        return curses.wrapper(_loop, state, effects, performer, inbox, resized)
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # the terminal is restored by curses.wrapper: report in one line
        where = _log_crash()
        print(f"gomoku: internal error: {error!r}", file=sys.stderr)
        if where:
            print(f"details are in {where}", file=sys.stderr)
        return 1
    finally:
        computer.stop()
        reviewer.stop()
        analyst.stop()
        network.close_all()
        files.close()
        autosaver.close()  # the last move reaches the disk before the program ends
        pool.close()
        _restore_signals(previous)
        inbox.close()


def _install_signals(inbox: Inbox, resized: threading.Event) -> dict[int, Any]:
    """SIGTERM ends the game cleanly; a resize (SIGWINCH) wakes the loop through the inbox's pipe.

    Our SIGWINCH handler is set before curses starts, so curses leaves it
    alone; the loop then tells curses the new size itself.
    """
    previous: dict[int, Any] = {signal.SIGTERM: signal.signal(signal.SIGTERM, _terminate)}
    winch = getattr(signal, "SIGWINCH", None)
    if winch is not None:
        previous[winch] = signal.signal(winch, lambda signum, frame: resized.set())
        previous[-1] = signal.set_wakeup_fd(inbox.wake_fd)
    return previous


def _restore_signals(previous: dict[int, Any]) -> None:
    for signum, handler in previous.items():
        if signum == -1:
            signal.set_wakeup_fd(handler)
        else:
            signal.signal(signum, handler)


def terminal_problem() -> str:
    """Why the game cannot run in this terminal, or ``""`` if it can."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return "the game needs a terminal (run it in one, not through a pipe)"
    if sys.platform == "win32":
        return ""  # the Windows console has no terminfo entry to check
    try:
        curses.setupterm(fd=sys.stdout.fileno())
    except curses.error:
        return f"this terminal (TERM={os.environ.get('TERM', '')!r}) cannot run the game; try TERM=xterm"
    return ""


def _terminate(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)


def _log_crash() -> str:
    try:
        path = data_dir() / "crash.log"
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as log:
            log.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{traceback.format_exc()}\n")
        return str(path)
    except OSError:
        return ""


def _loop(
    screen: Any, state: State, effects: Effects, performer: Performer, inbox: Inbox, resized: threading.Event
) -> int:
    _setup_terminal(screen)
    screen.nodelay(True)
    theme = curses_theme(use_unicode(), use_colour())
    terminal = None if sys.platform == "win32" else sys.stdin.fileno()
    state, more = update(state, Resize(*screen.getmaxyx()))
    performer.perform(effects + more)
    drawn: State | None = None
    while not performer.quitting:
        if state is not drawn:
            view.draw(screen, state, theme)
            screen.refresh()
            drawn = state
        inbox.wait(1 / FRAMES_PER_SECOND if state.ai is not None else IDLE_TICK, terminal)
        events: list[Event] = []
        if resized.is_set():
            resized.clear()
            _resize(screen)
            drawn = None
        while True:
            code = read_key(screen)
            if code == -1:
                break
            event = _event(screen, code)
            if event is None:
                drawn = None  # a resize or Ctrl-L: paint every cell again
            else:
                events.append(event)
        rows, cols = screen.getmaxyx()
        if state.terminal != (rows, cols):  # at start and after a resize: the screens know what can be seen
            events.insert(0, Resize(rows, cols))
        events += inbox.drain()
        events += performer.network.drain()
        # the tick comes first, so that the keys of this wake-up are timed by it (the game clocks)
        seconds = time.monotonic()
        events.insert(0, Tick(datetime.now(), int(seconds * FRAMES_PER_SECOND), seconds))
        for event in events:
            state, effects = update(state, event)
            performer.perform(effects)
            if performer.quitting:
                break
    return 0


def _resize(screen: Any) -> None:
    """Tell curses the terminal's new size (our SIGWINCH handler took the signal from it)."""
    if sys.__stdout__ is None:  # no standard output to measure (pythonw)
        return
    try:
        cols, rows = os.get_terminal_size(sys.__stdout__.fileno())  # None: AttributeError
        curses.resizeterm(rows, cols)
    except (OSError, ValueError, curses.error, AttributeError):
        pass
    screen.clear()


def _setup_terminal(screen: Any) -> None:
    try:
        curses.curs_set(0)
    except curses.error:
        pass
    screen.keypad(True)
    try:
        curses.mousemask(curses.BUTTON1_CLICKED | curses.BUTTON1_PRESSED)
        curses.mouseinterval(0)
    except curses.error:
        pass
    try:
        curses.use_default_colors()
    except curses.error:
        pass


def read_key(screen: Any) -> int | str:
    """The next key: a curses key code, a typed character (``"é"`` for non-ASCII text), or -1 for none."""
    try:
        key = screen.get_wch()
    except curses.error:  # nothing typed
        return -1
    if isinstance(key, str) and len(key) == 1 and ord(key) < 128:
        return ord(key)  # ASCII goes through the key names
    return key


def _event(screen: Any, code: int | str) -> Event | None:
    """The event for a key code (``None`` for a resize or a repaint, which only redraw)."""
    if isinstance(code, str):  # a character beyond ASCII: text for the file-name prompt
        return Key(code) if code.isprintable() else Key("unknown")
    if code == curses.KEY_RESIZE:
        if sys.platform == "win32":
            curses.resize_term(0, 0)  # PDCurses learns the new size only when asked
        curses.update_lines_cols()
        screen.clear()
        return None
    if code == curses.KEY_MOUSE:
        return _mouse_event(screen)
    if code == 12:  # Ctrl-L: repaint
        screen.clear()
        return None
    name = key_name(code)
    return Key(name if name is not None else "unknown")


def _mouse_event(screen: Any) -> Event | None:
    try:
        _, col, row, _, buttons = curses.getmouse()
    except curses.error:
        return None
    if not buttons & (curses.BUTTON1_CLICKED | curses.BUTTON1_PRESSED):
        return None  # another button, or a release: nothing to do
    rows, cols = screen.getmaxyx()
    return Mouse(row, col, rows, cols)
