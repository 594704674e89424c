"""Two small overlays: the quit question, and a notice that any key closes."""

from __future__ import annotations

from dataclasses import replace

from gomoku.tui import draw
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import Quit
from gomoku.tui.events import Key, Mouse
from gomoku.tui.model import ConfirmQuit, NetPlaying, Notice, State, Step, current_game, say

QUIT_YES = frozenset({"y", "Y", "q", "enter"})


def ask_quit(state: State) -> Step:
    """Quit at once, or ask first while a game is in progress (it is kept for next time either way)."""
    game = state.screen if isinstance(state.screen, NetPlaying) else current_game(state)
    if game is not None and game.in_progress:
        return replace(state, overlay=ConfirmQuit()), ()
    return state, (Quit(),)


def confirm_update(state: State, event: Key | Mouse) -> Step:
    if isinstance(event, Key) and event.name in QUIT_YES:
        return replace(state, overlay=None), (Quit(),)
    if isinstance(event, Mouse):
        return state, ()
    return say(replace(state, overlay=None), "Quit cancelled."), ()


def confirm_view(win: Window, theme: Theme) -> None:
    lines = [("Quit this game?", "status"), ("y quits (the game is kept), any other key goes back", "")]
    draw.centred_box(win, theme, lines, max(len(text) for text, _ in lines) + 6)


def notice_update(state: State, event: Key | Mouse) -> Step:
    return replace(state, overlay=None), ()


def notice_view(win: Window, notice: Notice, theme: Theme) -> None:
    rows, cols = win.getmaxyx()
    width = min(cols, 64)
    body = draw.wrap(notice.text, width - 6)[: max(1, rows - 8)]
    lines = [("", "")] + [(f" {line}", "alert" if n == 0 else "") for n, line in enumerate(body)]
    lines += [("", ""), (" Any key continues.", "dim")]
    draw.centred_box(win, theme, lines, width)
