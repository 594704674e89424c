"""The host waits for its guest: the addresses, and the one command the other player must run.

Esc cancels (the connection is closed) at any time; the screen stays live
while it waits.  A guest turned away (a wrong code) is shown, and the host
goes on waiting.  When the guest has joined and the game starts, the game
screen takes over (:mod:`gomoku.tui.screens.netgame`).
"""

from __future__ import annotations

from dataclasses import replace

from gomoku.clock import ClockKind
from gomoku.i18n import N_, _, ngettext
from gomoku.net import events as ev
from gomoku.net.match import MatchRecord
from gomoku.openings import OpeningRule
from gomoku.tui import draw
from gomoku.tui.bindings import HELP, Binding, Bindings
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import NetClose, NetSetup, NetStart, Quit
from gomoku.tui.events import Event, Mouse, NetEvent, NetListening, Pressed
from gomoku.tui.keys import QUIT_KEY
from gomoku.tui.model import Hosting, NetMenu, Screen
from gomoku.tui.screen import NOTHING, UNHANDLED, Context, Reply, Route, alerted, said, unbound_text
from gomoku.tui.screens import netgame
from gomoku.tui.texts import sentence

#: The box is wide enough for the command with a long IPv6 address (it wraps beyond).
WIDTH = 78

CANCEL = Binding(("escape",), N_("stop waiting and go back to the network menu"), N_("Esc cancels"), "Esc")
QUIT = Binding((QUIT_KEY,), N_("quit"), N_("q quits"), always=True)


def bindings(screen: Hosting, ctx: Context) -> Bindings:
    return (CANCEL, HELP, QUIT)


def begin(ctx: Context, setup: NetSetup, record: MatchRecord | None = None) -> tuple[Screen, Reply]:
    """Start listening for a guest with ``setup`` (resuming ``record``, a match saved before a restart)."""
    session = ctx.job
    screen = Hosting(session, setup, record=record)
    text = (
        _("Resuming the saved network game: waiting for the guest.") if record else _("Opening the game to a guest...")
    )
    return screen, said(text, (NetStart(session, setup, record),), overlay=None)


def update(screen: Hosting, event: Event, ctx: Context) -> tuple[Screen, Reply]:
    """A key, or what its connection reports (the router drops what other connections report)."""
    if isinstance(event, NetListening):
        return _listening(screen, event)
    if isinstance(event, NetEvent):
        return _event(screen, event, ctx)
    if not isinstance(event, Pressed):
        return screen, NOTHING if isinstance(event, Mouse) else UNHANDLED
    binding = event.binding
    if binding is CANCEL:
        setup = screen.setup
        menu = NetMenu(black=setup.black, port=setup.port, bind=setup.bind, watch_chat=setup.watch_chat)
        return menu, said(_("Hosting cancelled."), (NetClose(screen.session, "the host stopped waiting"),))
    if binding is QUIT:
        return screen, Reply(effects=(NetClose(screen.session, "the host quit"), Quit()))
    return screen, UNHANDLED


def _listening(screen: Hosting, event: NetListening) -> tuple[Screen, Reply]:
    setup = replace(screen.setup, code=event.code, port=event.port, watch_code=event.watch_code)
    screen = replace(screen, setup=setup, commands=event.commands, watch_commands=event.watch_commands, error="")
    return screen, said(_("Waiting for the other player: give them the command above."))


def _event(screen: Hosting, net: NetEvent, ctx: Context) -> tuple[Screen, Reply]:
    e = net.event
    if isinstance(e, ev.GuestRefused):
        return replace(screen, refused=e.reason), alerted(
            _("A guest was turned away: {reason}.").format(reason=e.reason)
        )
    if isinstance(e, ev.GameStarted):
        return netgame.started(ctx, screen.session, screen.setup, net, screen.commands)
    if isinstance(e, ev.WatcherJoined):
        return screen, said(_("{name} is watching.").format(name=e.name or _("a watcher")))
    if isinstance(e, (ev.ConnectionLost, ev.Closed)) and not screen.error:
        return replace(screen, error=e.reason), alerted(_("Cannot host: {reason}").format(reason=sentence(e.reason)))
    return screen, NOTHING


def view(win: Window, screen: Hosting, ctx: Context, theme: Theme) -> None:
    cols = win.getmaxyx()[1]
    width = min(cols, WIDTH)
    inner = width - 6
    setup = screen.setup
    lines: list[tuple[str, str]] = [(_("Waiting for the other player to join"), "status"), ("", "")]
    if screen.error:
        error = _("Cannot host: {reason}").format(reason=sentence(screen.error))
        lines += [(line, "alert") for line in draw.wrap(error, inner)]
    elif not screen.commands:
        lines.append((_("Opening the port..."), "dim"))
    else:
        lines += [(line, "") for line in draw.wrap(_("The other player runs this command (one line):"), inner)]
        for line in draw.wrap(screen.commands[0], inner):
            lines.append((line, "selected"))
        if len(screen.commands) > 1:
            lines += [("", ""), (_("Or, with another address of this machine:"), "dim")]
            for command in screen.commands[1:4]:
                address = command.split("--join ", 1)[-1].split(" ", 1)[0]
                lines.append((f"  {address}", "dim"))
        lines += [("", ""), (_("Code {code} · port {port}").format(code=setup.code, port=setup.port), "")]
        game = _("{rule} {size} · black: {black}").format(
            rule=setup.rule.said(), size=f"{setup.size}x{setup.size}", black=setup.black.label
        )
        lines.append((game, ""))
        if setup.opening is not OpeningRule.NONE or setup.clock.kind is not ClockKind.NONE:
            opening = setup.opening.said()
            lines.append((f"{opening} · {setup.clock.describe()}", ""))
        if setup.watch_code:
            lines.append((_("Watchers: code {code}").format(code=setup.watch_code), "dim"))
        if screen.record is not None:
            count = len(screen.record.moves)
            resuming = ngettext("Resuming game {game}: {count} move", "Resuming game {game}: {count} moves", count)
            lines.append((resuming.format(game=screen.record.game, count=count), ""))
        if screen.refused:
            refused = _("Turned away: {reason}").format(reason=screen.refused)
            lines += [("", "")] + [(line, "alert") for line in draw.wrap(refused, inner)]
    draw.centred_box(win, theme, [(f" {text}", style) for text, style in lines], width)


def header(screen: Hosting, ctx: Context) -> str:
    return _("network · hosting")


ROUTE = Route(
    update,
    view,
    bindings,
    header=header,
    unbound=lambda screen, ctx, key: unbound_text(key, _("waiting for the other player to join: Esc cancels.")),
)
