"""The offer at start to resume the game that was in progress when the program last ended."""

from __future__ import annotations

from dataclasses import replace

from gomoku.i18n import N_, _
from gomoku.net.match import MatchRecord, Role
from gomoku.net.protocol import ResumeRecord
from gomoku.savegame import SaveError
from gomoku.tui import draw
from gomoku.tui.bindings import Binding, Bindings
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import NetSetup, Quit, RetireAutosave
from gomoku.tui.events import Event, Mouse, Pressed
from gomoku.tui.keys import NO_KEYS, QUIT_KEY, YES_KEYS
from gomoku.tui.model import Menu, Playing, ResumeOffer, Screen
from gomoku.tui.saves import game_from_saved, net_from_saved, offer_summary
from gomoku.tui.screen import NOTHING, UNHANDLED, Context, Reply, Route, alerted, said, unbound_text
from gomoku.tui.screens import hosting, joining

#: The box is wide enough for most summaries (a long one wraps).
WIDTH = 66

YES = Binding(tuple(sorted(YES_KEYS)), N_("resume the unfinished game"), N_("y resume"), "y Enter")
NO = Binding(tuple(sorted(NO_KEYS)), N_("start afresh (the game is kept: L loads it)"), N_("n start afresh"), "n Esc")
#: With ``--host``: n hosts what the command line asks for (an explicit command line wins).
HOST_ANEW = replace(
    NO, help=N_("host the new game the command line asks for (the old one is kept)"), short=N_("n host anew")
)
QUIT = Binding((QUIT_KEY,), N_("quit (the offer stands for the next start)"), N_("q quit"), always=True)


def bindings(screen: ResumeOffer, ctx: Context) -> Bindings:
    return (YES, HOST_ANEW if screen.instead is not None else NO, QUIT)


def update(screen: ResumeOffer, event: Event, ctx: Context) -> tuple[Screen, Reply]:
    if not isinstance(event, Pressed):
        return screen, NOTHING if isinstance(event, Mouse) else UNHANDLED
    binding = event.binding
    network = net_from_saved(screen.saved)
    if binding is YES and network is not None:
        return _resume_network(ctx, *network)
    if binding is YES:
        try:
            game = game_from_saved(screen.saved, ctx.levels, ctx.settings)
        except SaveError as error:  # checked when the file was read: only a changed rule could land here
            return Menu(), alerted(_("The saved game cannot be resumed: {error}.").format(error=error))
        return Playing(game), said(_("Resumed: {summary}.").format(summary=offer_summary(screen.saved)))
    if binding is HOST_ANEW and screen.instead is not None:  # the command line asked for a game: it wins
        hosting_screen, outcome = hosting.begin(ctx, screen.instead)  # the worker says the old game's kept name
        return hosting_screen, replace(outcome, effects=(RetireAutosave(announce=True), *outcome.effects))
    if binding is NO:
        return Menu(), Reply(effects=(RetireAutosave(announce=True),))  # the worker says its kept name
    if binding is QUIT:
        return screen, Reply(effects=(Quit(),))  # the offer stands for the next start
    return screen, UNHANDLED


def _resume_network(ctx: Context, setup: NetSetup, record: MatchRecord | ResumeRecord | None) -> tuple[Screen, Reply]:
    """A network game: host it again with the saved match and code, or join again presenting the game."""
    if setup.role is Role.HOST:
        return hosting.begin(ctx, setup, record if isinstance(record, MatchRecord) else None)
    return joining.begin(ctx, setup, record if isinstance(record, ResumeRecord) else None)


def view(win: Window, screen: ResumeOffer, ctx: Context, theme: Theme) -> None:
    saved = screen.saved
    saved_time = saved.saved_time()
    when = saved_time.astimezone().strftime("%Y-%m-%d %H:%M") if saved_time else ""
    summary = [(line, "") for line in draw.wrap(offer_summary(saved), WIDTH - 7)]
    lines = [("", ""), (_("Resume the unfinished game?"), "status"), ("", ""), *summary]
    if when:
        lines.append((_("saved {when}").format(when=when), "dim"))
    answers = [_how(saved), _afresh(screen)]  # wrapped as the summary is: a port is long
    lines += [("", ""), *((line, "") for answer in answers for line in draw.wrap(answer, WIDTH - 7)), ("", "")]
    draw.centred_box(win, theme, [(f" {text}", style) for text, style in lines], WIDTH)


def _how(saved) -> str:
    network = net_from_saved(saved)
    if network is None:
        return _("y or Enter: resume it")
    setup = network[0]
    if setup.role is Role.HOST:
        return _("y or Enter: host it again (port {port}, the same code)").format(port=setup.port)
    return _("y or Enter: join {address} again and resume").format(address=setup.address)


def _afresh(screen: ResumeOffer) -> str:
    """What n does: start afresh, or host the game the command line asked for."""
    if screen.instead is not None:
        return _("n: host a new game on port {port} (the old one is kept: L loads it)").format(port=screen.instead.port)
    return _("n: start afresh (it is kept: L loads it)")


ROUTE = Route(
    update,
    view,
    bindings,
    unbound=lambda screen, ctx, key: unbound_text(key, _("y resumes the unfinished game, n starts afresh.")),
)
