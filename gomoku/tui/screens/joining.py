"""The guest: the address and the code (asked for when the command line did not give them), then connecting.

Esc cancels at any time.  A wrong code asks for the code again; any other
failure says why, and Enter tries again.  When the host starts the game, the
game screen takes over (:mod:`gomoku.tui.screens.netgame`).
"""

from __future__ import annotations

from dataclasses import replace

from gomoku import textwidth
from gomoku.i18n import N_, _
from gomoku.net import events as ev
from gomoku.net.addresses import parse_address
from gomoku.net.auth import format_code
from gomoku.net.errors import NetworkError
from gomoku.net.protocol import ResumeRecord
from gomoku.tui import draw
from gomoku.tui.bindings import HELP, Binding, Bindings
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import NetClose, NetSetup, NetStart, Quit
from gomoku.tui.events import Event, Key, Mouse, NetEvent, Pressed
from gomoku.tui.keys import QUIT_KEY, edited
from gomoku.tui.model import Joining, JoinStep, NetMenu, Screen
from gomoku.tui.screen import NOTHING, UNHANDLED, Context, Reply, Route, alerted, said, unbound_text
from gomoku.tui.screens import netgame
from gomoku.tui.texts import sentence

WIDTH = 66
#: The longest address or code typed.
MAX_TEXT = 100

GO_ON = Binding(("enter",), N_("go on with what is typed"), N_("Enter goes on"))
RETRY = Binding(("enter",), N_("try again"), N_("Enter tries again"))
CANCEL = Binding(("escape",), N_("cancel and go back to the network menu"), N_("Esc cancels"), "Esc")
CLEAR = Binding(
    ("backspace", "ctrl-u"), N_("erase a character / the whole line"), N_("Ctrl-U clears"), "Backspace Ctrl-U"
)
QUIT = Binding((QUIT_KEY,), N_("quit"), N_("q quits"), always=True)


def bindings(screen: Joining, ctx: Context) -> Bindings:
    if typing(screen):
        return (GO_ON, CANCEL, CLEAR)
    if screen.step is JoinStep.FAILED:
        return (RETRY, CANCEL, HELP, QUIT)
    return (CANCEL, HELP, QUIT)


def _nudge(screen: Joining) -> str:
    return _("Enter tries again, Esc goes back.") if screen.step is JoinStep.FAILED else _("connecting: Esc cancels.")


def begin(ctx: Context, setup: NetSetup, resume: ResumeRecord | None = None) -> tuple[Screen, Reply]:
    """Join with ``setup``: ask for the address or the code if it lacks one, else connect."""
    if not setup.address:
        return Joining(setup, JoinStep.ADDRESS, resume=resume), said(
            _("Type the host's address, as its screen shows it."), overlay=None
        )
    if not setup.code:
        asked = _("Type the watchers' code the host's screen shows.") if setup.watch else None
        return Joining(setup, JoinStep.CODE, resume=resume), said(
            asked or _("Type the code the host's screen shows."), overlay=None
        )
    return connect(ctx, Joining(setup, JoinStep.CONNECTING, resume=resume))


def connect(ctx: Context, screen: Joining) -> tuple[Screen, Reply]:
    session = ctx.job
    screen = replace(screen, step=JoinStep.CONNECTING, session=session, error="", text="", admitted=False)
    where = _("Connecting to {address} port {port}...").format(address=screen.setup.address, port=screen.setup.port)
    return screen, said(where, (NetStart(session, screen.setup, screen.resume),), overlay=None)


def update(screen: Joining, event: Event, ctx: Context) -> tuple[Screen, Reply]:
    """A key, or what its connection reports (the router drops what other connections report)."""
    if isinstance(event, NetEvent):
        return _event(screen, event, ctx)
    if isinstance(event, Key):  # typing the address or the code: Esc cancels, any other key is text
        if not typing(screen):
            return screen, UNHANDLED
        if not CANCEL.matches(event.name):
            return _type(screen, event.name, ctx)
        event = Pressed(event.name, CANCEL)
    if not isinstance(event, Pressed):
        return screen, NOTHING if isinstance(event, Mouse) else UNHANDLED
    binding = event.binding
    if binding is CANCEL:
        effects = (NetClose(screen.session, "the guest cancelled"),) if screen.session is not None else ()
        return NetMenu(), said(_("Joining cancelled."), effects)
    if binding is RETRY:
        return connect(ctx, screen)
    if binding is QUIT:
        closing = (NetClose(screen.session, "the guest quit"),) if screen.session is not None else ()
        return screen, Reply(effects=(*closing, Quit()))
    return screen, UNHANDLED


def _event(screen: Joining, net: NetEvent, ctx: Context) -> tuple[Screen, Reply]:
    e = net.event
    if isinstance(e, ev.GameStarted):
        return netgame.started(ctx, screen.session or 0, screen.setup, net)
    if screen.step is not JoinStep.CONNECTING:
        return screen, NOTHING
    if isinstance(e, ev.OpponentJoined) and screen.setup.watch:  # a watcher is in before the game begins
        return replace(screen, admitted=True), said(_("Admitted: waiting for the game to begin."))
    if isinstance(e, ev.JoinRefused):
        if e.code == "bad-code":
            screen = replace(screen, step=JoinStep.CODE, error=sentence(e.reason), text="")
        else:
            screen = replace(screen, step=JoinStep.FAILED, error=sentence(e.reason))
        return screen, alerted(screen.error)
    if isinstance(e, (ev.ConnectionLost, ev.PeerLeft, ev.Closed)):
        screen = replace(screen, step=JoinStep.FAILED, error=sentence(e.reason))
        return screen, alerted(screen.error)
    return screen, NOTHING


def _type(screen: Joining, name: str, ctx: Context) -> tuple[Screen, Reply]:
    text = screen.text
    if GO_ON.matches(name):
        return _submit(screen, ctx)
    typed = edited(text, name, MAX_TEXT)
    if typed is None:
        return screen, NOTHING
    return replace(screen, text=typed, error=""), NOTHING


def _submit(screen: Joining, ctx: Context) -> tuple[Screen, Reply]:
    try:
        if screen.step is JoinStep.ADDRESS:
            address, port = parse_address(screen.text)
            screen = replace(screen, setup=replace(screen.setup, address=address, port=port), text="")
            return begin(ctx, screen.setup, screen.resume)
        code = format_code(screen.text)
    except NetworkError as error:
        return replace(screen, error=sentence(str(error))), NOTHING
    return connect(ctx, replace(screen, setup=replace(screen.setup, code=code)))


def view(win: Window, screen: Joining, ctx: Context, theme: Theme) -> None:
    width = min(win.getmaxyx()[1], WIDTH)
    setup = screen.setup
    title = _("Watch a network game") if setup.watch else _("Join a network game")
    lines: list[tuple[str, str]] = [(title, "status"), ("", "")]
    if setup.address:
        lines.append((_("Host: {address} port {port}").format(address=setup.address, port=setup.port), ""))
    if screen.step in (JoinStep.ADDRESS, JoinStep.CODE):
        label = _("Address: ") if screen.step is JoinStep.ADDRESS else _("Code: ")
        if screen.step is JoinStep.CODE and setup.watch:
            label = _("Watchers' code: ")
        typed = screen.text + "_"
        room = width - 5 - textwidth.width(label)  # the box's inside less its leading space
        if textwidth.width(typed) > room:  # the end, where the typing is, shows
            typed = textwidth.fit_end(typed, room)
        lines.append((label + typed, "selected"))
        hint = (
            _("like 192.168.1.5:5757 or [::1]:5757")
            if screen.step is JoinStep.ADDRESS
            else _("like K7QM-4RZT-9X (case and dashes do not matter)")
        )
        lines += [(line, "dim") for line in draw.wrap(hint, width - 6)]
    elif screen.step is JoinStep.CONNECTING and screen.admitted:
        lines.append((_("Admitted: waiting for the game to begin..."), ""))
    elif screen.step is JoinStep.CONNECTING:
        lines.append((_("Connecting..."), ""))
    for line in draw.wrap(screen.error, width - 6):
        lines.append((line, "alert"))
    draw.centred_box(win, theme, [(f" {text}", style) for text, style in lines], width)


def header(screen: Joining, ctx: Context) -> str:
    return _("network · joining")


def typing(screen: Joining) -> bool:
    """The address or the code is typed: every key is text but Enter, Esc, Backspace and Ctrl-U."""
    return screen.step in (JoinStep.ADDRESS, JoinStep.CODE)


ROUTE = Route(
    update,
    view,
    bindings,
    header=header,
    typing=typing,
    unbound=lambda screen, ctx, key: unbound_text(key, _nudge(screen)),
)
