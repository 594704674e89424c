"""Drawing the state: the *view* of the Elm architecture, routed to the screen and overlay shown.

:func:`draw` paints a :class:`~gomoku.tui.model.State` on a window with the
three methods of :class:`~gomoku.tui.draw.Window` and changes nothing else.
"""

from __future__ import annotations

from gomoku.tui import draw as pieces
from gomoku.tui.draw import Theme, Window
from gomoku.tui.model import (
    ConfirmQuit,
    Help,
    Hosting,
    Joining,
    Menu,
    NetMenu,
    NetPlaying,
    Notice,
    Playing,
    Prompt,
    Replaying,
    State,
)
from gomoku.tui.screens import dialogs, game, hosting, joining, menu, netgame, netmenu, prompt, replay, resume
from gomoku.tui.screens import help as help_overlay


def draw(win: Window, state: State, theme: Theme) -> None:
    """Paint ``state`` on ``win``."""
    win.erase()
    screen = state.screen
    if isinstance(screen, Playing):
        pieces.header(win, theme, game.header_info(screen.game))
        game.view(win, state, screen, theme)
    elif isinstance(screen, Replaying):
        pieces.header(win, theme, replay.header_info(screen))
        replay.view(win, state, screen, theme)
    elif isinstance(screen, Menu):
        pieces.header(win, theme)
        menu.view(win, state, screen, theme)
    elif isinstance(screen, NetPlaying):
        pieces.header(win, theme, netgame.header_info(screen))
        netgame.view(win, state, screen, theme)
    elif isinstance(screen, Hosting):
        pieces.header(win, theme, "network · hosting")
        hosting.view(win, state, screen, theme)
    elif isinstance(screen, Joining):
        pieces.header(win, theme, "network · joining")
        joining.view(win, state, screen, theme)
    elif isinstance(screen, NetMenu):
        pieces.header(win, theme, "network")
        netmenu.view(win, state, screen, theme)
    else:
        pieces.header(win, theme)
        resume.view(win, state, screen, theme)
    overlay = state.overlay
    if isinstance(overlay, Help):
        help_overlay.view(win, state, theme)
    elif isinstance(overlay, ConfirmQuit):
        dialogs.confirm_view(win, theme)
    elif isinstance(overlay, Prompt):
        prompt.view(win, overlay, theme)
    elif isinstance(overlay, Notice):
        dialogs.notice_view(win, overlay, theme)
