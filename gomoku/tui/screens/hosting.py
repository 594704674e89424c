"""The host waits for its guest: the addresses, and the one command the other player must run.

Esc cancels (the connection is closed) at any time; the screen stays live
while it waits.  A guest turned away (a wrong code) is shown, and the host
goes on waiting.  When the guest has joined and the game starts, the game
screen takes over (:mod:`gomoku.tui.screens.netgame`).
"""

from __future__ import annotations

from dataclasses import replace

from gomoku.net import events as ev
from gomoku.net.match import MatchRecord
from gomoku.tui import draw
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import NetClose, NetSetup, NetStart, Quit
from gomoku.tui.events import Key, Mouse, NetEvent, NetListening
from gomoku.tui.keys import QUIT_KEY
from gomoku.tui.model import Hosting, NetMenu, State, Step, complain, next_job, say
from gomoku.tui.screens import netgame
from gomoku.tui.texts import plural, sentence

#: The box is wide enough for the command with a long IPv6 address (it wraps beyond).
WIDTH = 78


def begin(state: State, setup: NetSetup, record: MatchRecord | None = None) -> Step:
    """Start listening for a guest with ``setup`` (resuming ``record``, a match saved before a restart)."""
    state, session = next_job(state)
    screen = Hosting(session, setup, record=record)
    text = "Resuming the saved network game: waiting for the guest." if record else "Opening the game to a guest..."
    return say(replace(state, screen=screen, overlay=None), text), (NetStart(session, setup, record),)


def listening(state: State, screen: Hosting, event: NetListening) -> Step:
    setup = replace(screen.setup, code=event.code, port=event.port)
    screen = replace(screen, setup=setup, commands=event.commands, error="")
    return say(replace(state, screen=screen), "Waiting for the other player: give them the command above."), ()


def event(state: State, screen: Hosting, net: NetEvent) -> Step:
    e = net.event
    if isinstance(e, ev.GuestRefused):
        return complain(
            replace(state, screen=replace(screen, refused=e.reason)), f"A guest was turned away: {e.reason}."
        ), ()
    if isinstance(e, ev.OpponentJoined):
        return replace(state, screen=replace(screen, opponent=e.name)), ()
    if isinstance(e, ev.GameStarted):
        return netgame.started(state, screen.session, screen.setup, net, screen.commands)
    if isinstance(e, (ev.ConnectionLost, ev.Closed)) and not screen.error:
        screen = replace(screen, error=e.reason)
        return complain(replace(state, screen=screen), f"Cannot host: {sentence(e.reason)}"), ()
    return state, ()


def update(state: State, screen: Hosting, event: Key | Mouse) -> Step:
    if isinstance(event, Mouse):
        return state, ()
    if event.name == "escape":
        setup = screen.setup
        state = say(
            replace(state, screen=NetMenu(black=setup.black, port=setup.port, bind=setup.bind)), "Hosting cancelled."
        )
        return state, (NetClose(screen.session, "the host stopped waiting"),)
    if event.name == QUIT_KEY:
        return state, (NetClose(screen.session, "the host quit"), Quit())
    return complain(state, "Waiting for the other player to join: Esc cancels."), ()


def view(win: Window, state: State, screen: Hosting, theme: Theme) -> None:
    cols = win.getmaxyx()[1]
    width = min(cols, WIDTH)
    inner = width - 6
    setup = screen.setup
    lines: list[tuple[str, str]] = [("Waiting for the other player to join", "status"), ("", "")]
    if screen.error:
        lines += [(line, "alert") for line in draw.wrap(f"Cannot host: {sentence(screen.error)}", inner)]
        lines += [("", ""), ("Esc goes back", "dim")]
    elif not screen.commands:
        lines.append(("Opening the port...", "dim"))
    else:
        lines.append(("The other player runs this command (one line):", ""))
        for line in draw.wrap(screen.commands[0], inner):
            lines.append((line, "selected"))
        if len(screen.commands) > 1:
            lines += [("", ""), ("Or, with another address of this machine:", "dim")]
            for command in screen.commands[1:4]:
                address = command.split("--join ", 1)[-1].split(" ", 1)[0]
                lines.append((f"  {address}", "dim"))
        lines += [("", ""), (f"Code {setup.code} · port {setup.port}", "")]
        lines.append((f"{setup.rule.value} {setup.size}x{setup.size} · black: {setup.black.label}", ""))
        if screen.record is not None:
            lines.append((f"Resuming game {screen.record.game}: {plural(len(screen.record.moves), 'move')}", ""))
        if screen.refused:
            lines += [("", "")] + [(line, "alert") for line in draw.wrap(f"Turned away: {screen.refused}", inner)]
        lines += [("", ""), ("Esc cancels · q quits", "dim")]
    draw.centred_box(win, theme, [(f" {text}", style) for text, style in lines], width)
    draw.message_line(win, state, theme)
