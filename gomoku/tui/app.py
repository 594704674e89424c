"""The loop of the terminal game: keys, mouse, resize and the computer's worker thread.

Everything the player sees is decided by :func:`gomoku.tui.state.update` and
drawn by :func:`gomoku.tui.view.draw`; this module only wires the terminal and
the computer to them:

- keys and mouse clicks become :mod:`~gomoku.tui.state` events;
- when ``state.pending`` names a new job, a daemon thread asks the computer
  (:func:`gomoku.ai.make_player`) for a move on a copy of the board and posts
  the answer back through a queue; a job that went away gets its stop event
  set, and its late answer is ignored by ``update``;
- while the computer thinks, the loop wakes every few milliseconds, so keys,
  resize, help and quit keep working and the spinner turns;
- the terminal is restored on every way out: quit, Ctrl-C, SIGTERM, an error
  (which is reported in one line, with the details in a log file).
"""

from __future__ import annotations

import argparse
import curses
import locale
import os
import queue
import signal
import sys
import threading
import time
import traceback
from typing import Any

from gomoku.ai import LEVELS, Player, make_player
from gomoku.point import Point
from gomoku.records import RecordError, read_record
from gomoku.tui import state as st
from gomoku.tui import storage, view
from gomoku.tui.settings import Settings, load_settings, save_settings, validated
from gomoku.userdirs import data_dir

#: How often the loop looks for the computer's answer while it thinks (seconds).
POLL = 0.01
#: Spinner frames per second (the screen is redrawn this often while the computer thinks).
FRAMES_PER_SECOND = 10
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
    """The remembered settings with the command line's choices on top."""
    data = {name: getattr(remembered, name) for name in GAME_OPTIONS}
    for name in GAME_OPTIONS:
        value = getattr(args, name, None)
        if value is not None:
            data[name] = value
    return validated(data, levels)


def wants_game(args: argparse.Namespace) -> bool:
    """Whether the command line asks for a game straight away (any game option given)."""
    return any(getattr(args, name, None) is not None for name in GAME_OPTIONS)


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


class Computer:
    """Runs the computer's jobs in worker threads and hands back their answers."""

    def __init__(self, seed: int | None, think_time: float | None) -> None:
        self.seed = seed
        self.think_time = think_time
        self.answers: queue.Queue[st.AiResult] = queue.Queue()
        self._job: st.AiRequest | None = None
        self._stop = threading.Event()
        self._players: dict[tuple[str, int], Player] = {}

    def follow(self, request: st.AiRequest | None) -> None:
        """Start ``request`` if it is new; stop the running job if it is no longer wanted."""
        if request is self._job:
            return
        self._stop.set()
        self._job = request
        self._stop = threading.Event()
        if request is not None:
            player = self._player(request)
            worker = threading.Thread(
                target=self._think, args=(request, player, self._stop), name="gomoku-ai", daemon=True
            )
            worker.start()

    def stop(self) -> None:
        """Ask the running job to stop (at exit)."""
        self._stop.set()

    def _player(self, request: st.AiRequest) -> Player:
        # one player per level and colour, so a player's own randomness (and any cache) carries on
        key = (request.level, int(request.board.turn) if request.kind == st.MOVE else 0)
        if key not in self._players:
            seed = None if self.seed is None else self.seed + key[1]
            self._players[key] = make_player(request.level, seed=seed, think_time=self.think_time)
        return self._players[key]

    def _think(self, request: st.AiRequest, player: Player, stop: threading.Event) -> None:
        started = time.monotonic()
        try:
            point: Point | None = player.choose_move(request.board, stop).move
            error = ""
        except Exception as exc:  # the game goes on: the state shows the error
            point, error = None, str(exc) or type(exc).__name__
        remaining = request.delay - (time.monotonic() - started)
        if remaining > 0:
            stop.wait(remaining)
        if not stop.is_set():
            self.answers.put(st.AiResult(request.id, point, error))


def run(args: argparse.Namespace) -> int:
    """Play in the terminal with the command line's choices; returns the exit status."""
    levels = tuple(LEVELS)
    remembered = load_settings(levels)
    settings = settings_from_args(args, remembered, levels)
    problem = terminal_problem()
    if problem:
        print(f"gomoku: {problem}", file=sys.stderr)
        return 2
    record, record_name = None, ""
    if getattr(args, "load", None):
        try:
            record = read_record(storage.resolve(args.load), settings.rule_value, settings.size)
        except RecordError as error:
            print(f"gomoku: {error}", file=sys.stderr)
            return 2
        record_name = os.path.basename(args.load)
    offer, notice = storage.read_offer()
    state = st.initial_state(
        settings, levels, start=wants_game(args), record=record, record_name=record_name, offer=offer, notice=notice
    )
    computer = Computer(getattr(args, "seed", None), getattr(args, "think_time", None))
    autosaver = storage.Autosaver()
    previous = signal.signal(signal.SIGTERM, _terminate)
    os.environ.setdefault("ESCDELAY", "25")
    try:
        locale.setlocale(locale.LC_ALL, "")  # curses writes in the user's encoding
    except locale.Error:
        pass  # an unknown locale in the environment: keep "C", which draws plain ASCII
    try:
        return curses.wrapper(_loop, state, computer, settings, autosaver)  # command-line choices are not remembered
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
        autosaver.close()  # the last move reaches the disk before the program ends
        signal.signal(signal.SIGTERM, previous)


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


def _loop(screen: Any, state: st.State, computer: Computer, saved: Settings, autosaver: storage.Autosaver) -> int:
    _setup_terminal(screen)
    theme = view.curses_theme(use_unicode(), use_colour())
    dirty = True
    drawn_frame = -1
    while True:
        computer.follow(state.pending)
        autosaver.follow(state)
        if state.settings != saved:
            save_settings(state.settings)
            saved = state.settings
        if state.quit:
            return 0
        frame = int(time.monotonic() * FRAMES_PER_SECOND)
        if dirty or (state.pending is not None and frame != drawn_frame):
            # redraw on change, and for the spinner only as often as it turns:
            # the computer's thread needs the interpreter more than we do
            view.draw(screen, state, theme, frame=frame)
            screen.refresh()
            drawn_frame = frame
        screen.timeout(int(POLL * 1000) if state.pending is not None or autosaver.busy else 1000)
        code = read_key(screen)
        dirty = code != -1
        event = _event(screen, state, code)
        if event is not None:
            state = st.update(state, event)
        if state.job is not None:  # a file to save or load: the player waits for it
            state = st.update(state, storage.perform(state.job))
            dirty = True
        while True:
            try:
                answer = computer.answers.get_nowait()
            except queue.Empty:
                break
            state = st.update(state, answer)
            dirty = True
        while not autosaver.notices.empty():
            state = st.update(state, st.Notice(autosaver.notices.get_nowait()))
            dirty = True


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
    except curses.error:  # nothing typed before the timeout
        return -1
    if isinstance(key, str) and len(key) == 1 and ord(key) < 128:
        return ord(key)  # ASCII goes through the key names
    return key


def _event(screen: Any, state: st.State, code: int | str) -> st.Event | None:
    """The state-machine event for a key code (``None`` for nothing to do)."""
    if isinstance(code, str):  # a character beyond ASCII: text for the file-name prompt
        return st.Key(code) if code.isprintable() else st.Key("unknown")
    if code == -1:
        return None
    if code == curses.KEY_RESIZE:
        if sys.platform == "win32":
            curses.resize_term(0, 0)  # PDCurses learns the new size only when asked
        curses.update_lines_cols()
        screen.clear()  # the next draw repaints every cell
        return None
    if code == curses.KEY_MOUSE:
        return _mouse_event(screen, state)
    if code == 12:  # Ctrl-L: repaint
        screen.clear()
        return None
    name = key_name(code)
    return st.Key(name if name is not None else "unknown")


def _mouse_event(screen: Any, state: st.State) -> st.Event | None:
    try:
        _, col, row, _, buttons = curses.getmouse()
    except curses.error:
        return None
    if not buttons & (curses.BUTTON1_CLICKED | curses.BUTTON1_PRESSED):
        return None
    rows, cols = screen.getmaxyx()
    if state.overlay is not None:
        return st.Key("escape") if state.overlay in (st.HELP, st.NOTICE) else None
    if state.screen == st.MENU:
        layout = view.menu_layout(rows, cols, len(st.menu_items(state)))
        index = layout.index_at(row, col) if layout else None
        return st.MenuClick(index) if index is not None else None
    if state.game is None or state.screen != st.GAME:
        return None
    board_layout = view.board_layout(rows, cols, state.game.board.size)
    point = board_layout.point_at(row, col) if board_layout else None
    return st.Click(point) if point is not None else None

