"""The loop of the terminal game: it reads keys, runs timers and performs effects.

Everything the player sees is decided by :func:`gomoku.tui.update.update`
and drawn by :func:`gomoku.tui.view.draw`; this module only wires the
terminal, the clock and the workers to them, each of which has a module of
its own:

- :mod:`~gomoku.tui.startup` makes the first state from the command line
  (:mod:`~gomoku.tui.options`) and the user's files, and the workers (the
  :mod:`~gomoku.tui.computer`, the :mod:`~gomoku.tui.files` worker, the
  autosave, the network, the reviewer and the analyst) on one pool;
- keys and clicks become events in :mod:`~gomoku.tui.keyboard`, and so does
  the clock: a :class:`~gomoku.tui.events.Tick` on every wake-up, at least
  every second (ten times a second while the computer thinks, for the spinner);
- the effects ``update`` returns are performed by the
  :mod:`~gomoku.tui.performer`, one handler per kind in one table;
- workers answer through one :mod:`~gomoku.tui.inbox`: the loop sleeps in
  ``select`` on the terminal and its pipe, so it never busy-waits, and wakes
  at once for a key, an answer or a resize (:mod:`~gomoku.tui.signals`);
- before curses starts, the terminal is asked how wide it draws ambiguous
  characters (:mod:`~gomoku.tui.probe`): what the board style ``auto`` is, and
  how every text is measured (:func:`gomoku.textwidth.set_wide_ambiguous`);
- the terminal (:mod:`~gomoku.tui.console`) is restored on every way out:
  quit, Ctrl-C, SIGTERM, an error (reported in one line, with the details in
  the :mod:`~gomoku.tui.crashlog`).
"""

from __future__ import annotations

import argparse
import curses
import sys
import threading
import time
from dataclasses import replace
from datetime import datetime
from typing import Any

from gomoku import textwidth
from gomoku.i18n import _
from gomoku.tui import console, keyboard, probe, signals, view
from gomoku.tui.crashlog import log_crash
from gomoku.tui.draw import Theme, curses_theme
from gomoku.tui.events import Event, Resize, Tick
from gomoku.tui.model import State, busy
from gomoku.tui.settings import BoardStyle
from gomoku.tui.startup import Crew, Start, StartError, begin
from gomoku.tui.update import update

#: Ticks per second while the computer thinks: the spinner turns this often.
FRAMES_PER_SECOND = 10
#: Seconds between ticks otherwise: the clock only names saved files, to the minute.
IDLE_TICK = 1.0


def run(args: argparse.Namespace) -> int:
    """Play in the terminal with the command line's choices; returns the exit status."""
    problem = console.terminal_problem()
    start: Start | None = None
    try:
        start = begin(args) if not problem else None
    except StartError as error:
        problem = str(error)
    if start is None:
        print(f"gomoku: {problem}", file=sys.stderr)
        return 2
    crew = Crew(start, getattr(args, "seed", None))
    resized = threading.Event()
    previous = signals.install(crew.inbox.wake_fd, resized)
    console.prepare_environment()
    unicode = console.use_unicode()
    # how wide the terminal draws ●: asked before curses takes the terminal
    taken = probe.ask(screen=probe.alternate_screen()) if unicode else None
    first = replace(start.state, auto_style=probe.style_for(taken, unicode), unicode=unicode)
    try:
        return curses.wrapper(_loop, replace(start, state=first), crew, resized, taken)
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # the terminal is restored by curses.wrapper: report in one line
        where = log_crash()
        print(_("gomoku: internal error: {error!r}").format(error=error), file=sys.stderr)
        if where:
            print(_("details are in {where}").format(where=where), file=sys.stderr)
        return 1
    finally:
        crew.close()
        signals.restore(previous)
        crew.inbox.close()


def _measure(state: State, taken: int | None) -> BoardStyle:
    """Measure texts as the terminal draws ambiguous characters (unasked: as the style drawn says); that style."""
    style = state.board_style
    textwidth.set_wide_ambiguous(taken == 2 if taken is not None else style is BoardStyle.WIDE)
    return style


def _loop(screen: Any, start: Start, crew: Crew, resized: threading.Event, taken: int | None = None) -> int:
    """Draw, sleep till something happens, turn it into events, update, perform; until an effect quits.

    ``taken`` is the columns the terminal said an ambiguous character takes (``None``: it did not say).
    """
    console.set_up(screen)
    colour = console.use_colour()
    themes: dict[BoardStyle, Theme] = {}
    _measure(start.state, taken)
    terminal = None if sys.platform == "win32" else sys.stdin.fileno()
    performer, inbox = crew.performer, crew.inbox
    state, more = update(start.state, Resize(*screen.getmaxyx()))
    performer.perform(start.effects + more)
    drawn: State | None = None
    while not performer.quitting:
        if state is not drawn:
            style = _measure(state, taken)
            theme = themes.get(style) or themes.setdefault(style, curses_theme(style, colour))
            view.draw(screen, state, theme)
            screen.refresh()
            drawn = state
        inbox.wait(1 / FRAMES_PER_SECOND if busy(state) else IDLE_TICK, terminal)
        events: list[Event] = []
        if resized.is_set():
            resized.clear()
            console.resized(screen)
            drawn = None
        for code in keyboard.without_reports(list(iter(lambda: keyboard.read_key(screen), -1))):
            event = keyboard.key_event(screen, code)
            if event is None:
                drawn = None  # a resize or Ctrl-L: paint every cell again
            else:
                events.append(event)
        if state.terminal != screen.getmaxyx():  # at start and after a resize: the screens know what can be seen
            events.insert(0, Resize(*screen.getmaxyx()))
        events += inbox.drain() + performer.network.drain()
        # the tick comes first, so that the keys of this wake-up are timed by it (the game clocks)
        seconds = time.monotonic()
        events.insert(0, Tick(datetime.now(), int(seconds * FRAMES_PER_SECOND), seconds))
        for event in events:
            state, effects = update(state, event)
            performer.perform(effects)
            if performer.quitting:
                break
    return 0
