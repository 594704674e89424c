"""The one router of the terminal game: every screen and overlay, its route, and how an event reaches it.

:data:`ROUTES` and :data:`OVERLAYS` are the only place a screen is named
beside its behaviour (see :mod:`gomoku.tui.screen` for the protocol).  The
router hands a key or a click to the overlay if one is up, else to the
screen, and only the keys the screen's bindings declare (help is the
router's own), each as :class:`~gomoku.tui.events.Pressed` with the binding
it found, so no screen looks a key up again; an answer of a worker goes to the overlay and to the screen.
Whatever a network connection reports reaches the screen only when the screen
shows that connection: one closed since (a game left, a host cancelled) is
dropped here, once for every screen.  It applies what they report (:class:`~gomoku.tui.screen.Reply`) to the
state, and it draws: the title bar, the screen, the overlay, and the bottom
line (the message, wrapped, or the key line made from the bindings).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gomoku.i18n import N_, _
from gomoku.tui import draw as pieces
from gomoku.tui.bindings import HELP, Bindings, find, key_line
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import Effects
from gomoku.tui.events import Event, Key, Mouse, NetClock, NetEvent, NetListening, Pressed
from gomoku.tui.model import (
    ConfirmQuit,
    Help,
    Hosting,
    Joining,
    Menu,
    NetMenu,
    NetPlaying,
    Notice,
    Overlay,
    Playing,
    Prompt,
    PuzzleSets,
    Replaying,
    ResumeOffer,
    Reviewing,
    Screen,
    Solving,
    State,
    Update,
    say,
)
from gomoku.tui.screen import KEEP, Context, Reply, Route, context
from gomoku.tui.screens import (
    dialogs,
    game,
    hosting,
    joining,
    menu,
    netgame,
    netmenu,
    prompt,
    puzzles,
    replay,
    resume,
    review,
)
from gomoku.tui.screens import help as help_overlay

#: Every screen's route.
ROUTES: dict[type, Route[Any]] = {
    Playing: game.ROUTE,
    Menu: menu.ROUTE,
    Replaying: replay.ROUTE,
    Reviewing: review.ROUTE,
    ResumeOffer: resume.ROUTE,
    NetMenu: netmenu.ROUTE,
    Hosting: hosting.ROUTE,
    Joining: joining.ROUTE,
    NetPlaying: netgame.ROUTE,
    PuzzleSets: puzzles.SETS_ROUTE,
    Solving: puzzles.SOLVE_ROUTE,
}
#: Every overlay's route.
OVERLAYS: dict[type, Route[Any]] = {
    Help: help_overlay.ROUTE,
    ConfirmQuit: dialogs.CONFIRM,
    Notice: dialogs.NOTICE,
    Prompt: prompt.ROUTE,
}

#: What a network connection reports, each naming its connection (``session``).
CONNECTION_EVENTS = (NetEvent, NetListening, NetClock)
#: The screens that show one network connection (their ``session``).
CONNECTION_SCREENS = (Hosting, Joining, NetPlaying)

#: What it says for a key while the screen cannot be shown (issue 21, item 1).
HIDDEN = N_("The terminal is too small for this screen: enlarge it (q quits, ? helps).")


def bindings(state: State) -> Bindings:
    """The keys the screen shown answers now, help included."""
    screen = state.screen
    return screen_bindings(ROUTES[type(screen)], screen, context(state))


def screen_bindings(route: Route[Any], screen: Any, ctx: Context) -> Bindings:
    """A new-style screen's bindings with the help's added at the end (unless the screen placed it, or takes text)."""
    own = route.bindings(screen, ctx)
    return own if route.typing(screen) or HELP in own else own + (HELP,)


def shown(route: Route[Any], screen: Any, ctx: Context) -> bool:
    """Whether the screen can be seen on the terminal as the loop last reported it."""
    if ctx.terminal is None:
        return True
    return route.fits(screen, ctx, *ctx.terminal)


# -- events -----------------------------------------------------------------------


def deliver(state: State, event: Event) -> Update:
    """A key or a click to the overlay or the screen; another event to the overlay and the screen."""
    if isinstance(event, (Key, Mouse)):
        state = replace(state, message="", alert=False, sticky=False)
        if state.overlay is not None:
            return _to_overlay(state, state.overlay, event)
        return _to_screen(state, event)
    effects: Effects = ()
    if state.overlay is not None:
        state, effects = _to_overlay(state, state.overlay, event)
    state, more = _to_screen(state, event)
    return state, effects + more


def _to_overlay(state: State, overlay: Overlay, event: Event) -> Update:
    route = OVERLAYS[type(overlay)]
    ctx = context(state)
    if isinstance(event, Key) and not route.typing(overlay):
        binding = find(route.bindings(overlay, ctx), event.name)
        if binding is None:
            return state, ()
        event = Pressed(event.name, binding)
    new, reply = route.update(overlay, event, ctx)
    if reply.unhandled:
        return state, ()
    overlay_after = reply.overlay if reply.overlay is not KEEP else new
    return apply(state, state.screen, replace(reply, overlay=overlay_after))


def _to_screen(state: State, event: Event) -> Update:
    screen = state.screen
    if isinstance(event, CONNECTION_EVENTS) and not _from_shown_connection(screen, event):
        return state, ()
    route = ROUTES[type(screen)]
    ctx = context(state)
    visible = shown(route, screen, ctx)
    if isinstance(event, Mouse) and not visible:
        return state, ()
    if isinstance(event, Key) and not route.typing(screen):
        declared = screen_bindings(route, screen, ctx)
        binding = find(declared, event.name)
        if not visible and (binding is None or not binding.always):
            return _complain(state, _(HIDDEN)), ()
        if binding is None:
            return _complain(state, route.unbound(screen, ctx, event.name)), ()
        if binding is HELP:
            return replace(state, overlay=Help(declared)), ()
        event = Pressed(event.name, binding)  # the screen dispatches on the binding found here
    new, reply = route.update(screen, event, ctx)
    if reply.unhandled:
        if isinstance(event, (Key, Pressed)):
            name = event.name if isinstance(event, Key) else event.key
            return _complain(state, route.unbound(screen, ctx, name)), ()
        return state, ()
    return apply(state, new, reply)


def _from_shown_connection(screen: Screen, event: NetEvent | NetListening | NetClock) -> bool:
    """Whether a connection's event is from the one the screen shows, not from a connection closed since."""
    return isinstance(screen, CONNECTION_SCREENS) and screen.session == event.session


def _complain(state: State, text: str) -> State:
    """``state`` with ``text`` on the message line as an alert (a key refused)."""
    return say(state, text, alert=True)


def apply(state: State, screen: Screen, reply: Reply) -> Update:
    """``state`` with ``screen`` shown and what ``reply`` reports applied; the effects it asks for."""
    if reply.screen is not KEEP:
        screen = reply.screen
    state = replace(state, screen=screen)
    if reply.overlay is not KEEP:
        state = replace(state, overlay=reply.overlay)
    message = reply.message
    if message is not None and not (message.text == "" and state.sticky):
        state = replace(state, message=message.text, alert=message.alert, sticky=message.sticky)
    if reply.settings is not None:
        state = replace(state, settings=reply.settings)
    if reply.ai is not KEEP:
        state = replace(state, ai=reply.ai)
    if reply.last_file is not None:
        state = replace(state, last_file=reply.last_file)
    if reply.library is not None:
        state = replace(state, library=reply.library)
    jobs = [getattr(effect, "job", 0) for effect in reply.effects]
    if jobs and max(jobs) > state.jobs:
        state = replace(state, jobs=max(jobs))
    if reply.ai is not KEEP and reply.ai is not None and reply.ai.job > state.jobs:
        state = replace(state, jobs=reply.ai.job)
    return state, reply.effects


# -- the view ----------------------------------------------------------------------


def draw(win: Window, state: State, theme: Theme) -> None:
    """Paint ``state`` on ``win``: the title bar, the screen, the overlay, the bottom line."""
    win.erase()
    screen = state.screen
    route = ROUTES[type(screen)]
    ctx = context(state)
    pieces.header(win, theme, route.header(screen, ctx))
    rows, cols = win.getmaxyx()
    route.view(win, screen, ctx, theme)
    if route.fits(screen, ctx, rows, cols):
        line = route.key_line(screen, ctx)
        pieces.message_line(win, state, theme, key_line(screen_bindings(route, screen, ctx)) if line is None else line)
    else:
        pieces.message_line(win, state, theme)
    overlay = state.overlay
    if overlay is not None:
        OVERLAYS[type(overlay)].view(win, overlay, context(state), theme)
