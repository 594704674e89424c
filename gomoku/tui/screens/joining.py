"""The guest: the address and the code (asked for when the command line did not give them), then connecting.

Esc cancels at any time.  A wrong code asks for the code again; any other
failure says why, and Enter tries again.  When the host starts the game, the
game screen takes over (:mod:`gomoku.tui.screens.netgame`).
"""

from __future__ import annotations

from dataclasses import replace

from gomoku.net import events as ev
from gomoku.net.addresses import parse_address
from gomoku.net.auth import format_code
from gomoku.net.errors import NetworkError
from gomoku.net.protocol import ResumeRecord
from gomoku.tui import draw
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import NetClose, NetSetup, NetStart, Quit
from gomoku.tui.events import Key, Mouse, NetEvent
from gomoku.tui.keys import QUIT_KEY
from gomoku.tui.model import Joining, JoinStep, NetMenu, State, Step, complain, next_job, say
from gomoku.tui.screens import netgame
from gomoku.tui.texts import sentence

WIDTH = 66
#: The longest address or code typed.
MAX_TEXT = 100


def begin(state: State, setup: NetSetup, resume: ResumeRecord | None = None) -> Step:
    """Join with ``setup``: ask for the address or the code if it lacks one, else connect."""
    if not setup.address:
        screen = Joining(setup, JoinStep.ADDRESS, resume=resume)
        return say(replace(state, screen=screen, overlay=None), "Type the host's address, as its screen shows it."), ()
    if not setup.code:
        screen = Joining(setup, JoinStep.CODE, resume=resume)
        return say(replace(state, screen=screen, overlay=None), "Type the code the host's screen shows."), ()
    return connect(state, Joining(setup, JoinStep.CONNECTING, resume=resume))


def connect(state: State, screen: Joining) -> Step:
    state, session = next_job(state)
    screen = replace(screen, step=JoinStep.CONNECTING, session=session, error="", text="")
    where = f"{screen.setup.address} port {screen.setup.port}"
    return say(replace(state, screen=screen, overlay=None), f"Connecting to {where}..."), (
        NetStart(session, screen.setup, screen.resume),
    )


def event(state: State, screen: Joining, net: NetEvent) -> Step:
    e = net.event
    if isinstance(e, ev.OpponentJoined):
        return replace(state, screen=replace(screen, opponent=e.name)), ()
    if isinstance(e, ev.GameStarted):
        return netgame.started(state, net.session, screen.setup, net)
    if screen.step is not JoinStep.CONNECTING:
        return state, ()
    if isinstance(e, ev.JoinRefused):
        if e.code == "bad-code":
            screen = replace(screen, step=JoinStep.CODE, error=sentence(e.reason), text="")
        else:
            screen = replace(screen, step=JoinStep.FAILED, error=sentence(e.reason))
        return complain(replace(state, screen=screen), screen.error), ()
    if isinstance(e, (ev.ConnectionLost, ev.PeerLeft, ev.Closed)):
        screen = replace(screen, step=JoinStep.FAILED, error=sentence(e.reason))
        return complain(replace(state, screen=screen), screen.error), ()
    return state, ()


def update(state: State, screen: Joining, event: Key | Mouse) -> Step:
    if isinstance(event, Mouse):
        return state, ()
    name = event.name
    if name == "escape":
        effects = (NetClose(screen.session, "the guest cancelled"),) if screen.session is not None else ()
        return say(replace(state, screen=NetMenu()), "Joining cancelled."), effects
    if screen.step is JoinStep.CONNECTING:
        if name == QUIT_KEY:
            return state, (NetClose(screen.session or 0, "the guest quit"), Quit())
        return complain(state, "Connecting: Esc cancels."), ()
    if screen.step is JoinStep.FAILED:
        if name == "enter":
            return connect(state, screen)
        if name == QUIT_KEY:
            return state, (Quit(),)
        return complain(state, "Enter tries again, Esc goes back."), ()
    return _type(state, screen, name)


def _type(state: State, screen: Joining, name: str) -> Step:
    text = screen.text
    if name == "enter":
        return _submit(state, screen)
    if name == "backspace":
        text = text[:-1]
    elif name == "ctrl-u":
        text = ""
    else:
        character = " " if name == "space" else name
        if len(character) != 1 or len(text) >= MAX_TEXT:
            return state, ()
        text += character
    return replace(state, screen=replace(screen, text=text, error="")), ()


def _submit(state: State, screen: Joining) -> Step:
    try:
        if screen.step is JoinStep.ADDRESS:
            address, port = parse_address(screen.text)
            screen = replace(screen, setup=replace(screen.setup, address=address, port=port), text="")
            return begin(replace(state, screen=screen), screen.setup, screen.resume)
        code = format_code(screen.text)
    except NetworkError as error:
        return replace(state, screen=replace(screen, error=sentence(str(error)))), ()
    return connect(state, replace(screen, setup=replace(screen.setup, code=code)))


def view(win: Window, state: State, screen: Joining, theme: Theme) -> None:
    width = min(win.getmaxyx()[1], WIDTH)
    setup = screen.setup
    lines: list[tuple[str, str]] = [("Join a network game", "status"), ("", "")]
    if setup.address:
        lines.append((f"Host: {setup.address} port {setup.port}", ""))
    if screen.step in (JoinStep.ADDRESS, JoinStep.CODE):
        label = "Address: " if screen.step is JoinStep.ADDRESS else "Code: "
        lines.append((label + screen.text + "_", "selected"))
        hint = (
            "like 192.168.1.5:5757 or [::1]:5757"
            if screen.step is JoinStep.ADDRESS
            else "like K7QM-4RZT-9X (case and dashes do not matter)"
        )
        lines.append((hint, "dim"))
    elif screen.step is JoinStep.CONNECTING:
        lines.append(("Connecting...", ""))
    for line in draw.wrap(screen.error, width - 6):
        lines.append((line, "alert"))
    lines.append(("", ""))
    if screen.step is JoinStep.FAILED:
        lines.append(("Enter tries again · Esc goes back", "dim"))
    elif screen.step is JoinStep.CONNECTING:
        lines.append(("Esc cancels", "dim"))
    else:
        lines.append(("Enter goes on · Esc cancels · Ctrl-U clears", "dim"))
    draw.centred_box(win, theme, [(f" {text}", style) for text, style in lines], width)
    draw.message_line(win, state, theme)
