"""The offer at start to resume the game that was in progress when the program last ended."""

from __future__ import annotations

from dataclasses import replace

from gomoku.net.match import Role
from gomoku.savegame import SaveError
from gomoku.tui import draw
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import Quit, RetireAutosave
from gomoku.tui.events import Key, Mouse
from gomoku.tui.keys import NO_KEYS, QUIT_KEY, YES_KEYS
from gomoku.tui.model import Menu, Playing, ResumeOffer, State, Step, complain, say
from gomoku.tui.saves import game_from_saved, net_from_saved, offer_summary
from gomoku.tui.screens import hosting, joining

#: The box is wide enough for most summaries (a long one wraps).
WIDTH = 66


def update(state: State, screen: ResumeOffer, event: Key | Mouse) -> Step:
    if isinstance(event, Mouse):
        return state, ()
    name = event.name
    network = net_from_saved(screen.saved)
    if name in YES_KEYS and network is not None:
        return _resume_network(state, *network)
    if name in YES_KEYS:
        try:
            game = game_from_saved(screen.saved, state.levels, state.settings)
        except SaveError as error:  # checked when the file was read: only a changed rule could land here
            return complain(replace(state, screen=Menu()), f"The saved game cannot be resumed: {error}."), ()
        return say(replace(state, screen=Playing(game)), f"Resumed: {offer_summary(screen.saved)}."), ()
    if name in NO_KEYS and screen.instead is not None:  # the command line asked for a game: it wins
        state, effects = hosting.begin(state, screen.instead)
        return say(state, "The unfinished game is kept as previous.json: hosting a new one."), (
            RetireAutosave(),
            *effects,
        )
    if name in NO_KEYS:
        state = say(replace(state, screen=Menu()), "The unfinished game is kept as previous.json: L loads it.")
        return state, (RetireAutosave(),)
    if name == QUIT_KEY:
        return state, (Quit(),)  # the offer stands for the next start
    return complain(state, "Press y to resume the unfinished game, or n to start afresh."), ()


def _resume_network(state: State, setup, record) -> Step:
    """A network game: host it again with the saved match and code, or join again presenting the game."""
    if setup.role is Role.HOST:
        return hosting.begin(state, setup, record)
    return joining.begin(state, setup, record)


def view(win: Window, state: State, screen: ResumeOffer, theme: Theme) -> None:
    saved = screen.saved
    when = saved.saved_at.replace("T", " ").replace("Z", " UTC")
    summary = [(line, "") for line in draw.wrap(offer_summary(saved), WIDTH - 7)]
    lines = [("", ""), ("Resume the unfinished game?", "status"), ("", ""), *summary]
    if when:
        lines.append((f"saved {when}", "dim"))
    lines += [
        ("", ""),
        ("y or Enter: " + _how(saved), ""),
        (_afresh(screen), ""),
        ("", ""),
    ]
    draw.centred_box(win, theme, [(f" {text}", style) for text, style in lines], WIDTH)
    draw.message_line(win, state, theme)


def _how(saved) -> str:
    network = net_from_saved(saved)
    if network is None:
        return "resume it"
    setup = network[0]
    if setup.role is Role.HOST:
        return f"host it again (port {setup.port}, the same code)"
    return f"join {setup.address} again and resume"


def _afresh(screen: ResumeOffer) -> str:
    """What n does: start afresh, or host the game the command line asked for."""
    if screen.instead is not None:
        return f"n: host a new game on port {screen.instead.port} (the old one is kept as previous.json)"
    return "n: start afresh (it is kept as previous.json)"
