"""Two small overlays: the quit question, and a notice that any key closes."""

from __future__ import annotations

from typing import Any

from gomoku import textwidth
from gomoku.i18n import N_, _
from gomoku.tui import draw
from gomoku.tui.bindings import Binding, Bindings, key_line
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import Autosave, Quit
from gomoku.tui.events import Event, Key, Mouse
from gomoku.tui.layout import HEADER_ROWS
from gomoku.tui.model import ConfirmQuit, NetPlaying, Notice, Screen, game_behind
from gomoku.tui.saves import saved_from_game
from gomoku.tui.screen import NOTHING, UNHANDLED, Context, Reply, Route, said

QUIT_YES = ("y", "Y", "q", "enter")


def quit_reply(screen: Screen) -> Reply:
    """Quit at once, or ask first while a game is in progress (it is kept for next time either way)."""
    game = screen if isinstance(screen, NetPlaying) else game_behind(screen)
    if game is not None and game.in_progress:
        return Reply(overlay=ConfirmQuit())
    return Reply(effects=(Quit(),))


def _kept_at_quitting(ctx: Context) -> tuple[Autosave, ...]:
    """The local game saved with its clock as it reads now: the move under way is charged, not refunded."""
    game = game_behind(ctx.screen)
    if game is None or not game.in_progress or not game.clock.enabled or ctx.seconds is None:
        return ()
    return (Autosave(saved_from_game(game, ctx.seconds)),)


# -- the quit question ----------------------------------------------------------------

YES = Binding(
    QUIT_YES, N_("quit (the game is kept: resume later)"), N_("y quits (the game is kept)"), "y q Enter", always=True
)
#: Any other key goes back: the binding that says so holds no key of its own.
BACK = Binding((), N_("go back to the game"), N_("any other key goes back"), N_("any other key"))


def confirm_bindings(overlay: ConfirmQuit, ctx: Context) -> Bindings:
    return (YES, BACK)


def confirm_update(overlay: ConfirmQuit, event: Event, ctx: Context) -> tuple[Any, Reply]:
    if not isinstance(event, Key):
        return overlay, UNHANDLED
    if event.name in QUIT_YES:
        return None, Reply(effects=(*_kept_at_quitting(ctx), Quit()))
    return None, said(_("Quit cancelled."))


def confirm_view(win: Window, overlay: ConfirmQuit, ctx: Context, theme: Theme) -> None:
    lines = [(_("Quit this game?"), "status"), (theme.join(key_line(confirm_bindings(overlay, ctx))), "")]
    width = max(textwidth.width(text) for text, _style in lines) + 6
    if width > win.getmaxyx()[1]:  # a long key line in a narrow terminal: one entry a line
        lines = lines[:1] + [(short, "") for short in key_line(confirm_bindings(overlay, ctx))]
        width = max(textwidth.width(text) for text, _style in lines) + 6
    draw.centred_box(win, theme, lines, width)


# -- a notice -------------------------------------------------------------------------


def closes(overlay: Any, event: Event, ctx: Context) -> tuple[Any, Reply]:
    """Any key or click closes the overlay."""
    if isinstance(event, (Key, Mouse)):
        return None, NOTHING
    return overlay, UNHANDLED


def notice_view(win: Window, notice: Notice, ctx: Context, theme: Theme) -> None:
    """The notice in a box; on a small terminal the text keeps the rows first (blank lines, then the closing
    line give way), so its first words, which say what happened, always show."""
    rows, cols = win.getmaxyx()
    width = min(cols, 64)
    body = draw.wrap(notice.text, width - 6)
    room = max(1, rows - HEADER_ROWS - 2)  # inside the box's borders
    blank: list[tuple[str, str]] = [("", "")]
    closing = [(" " + _("Any key continues."), "dim")]
    if len(body) + 2 * len(blank) + len(closing) > room:
        blank = []
    if len(body) + len(closing) > room:
        closing = []
    if len(body) > room:
        body = [*body[: room - 1], textwidth.fit(body[room - 1], width - 7) + theme.glyphs["ellipsis"]]
    lines = blank + [(f" {line}", "alert" if n == 0 else "") for n, line in enumerate(body)] + blank + closing
    draw.centred_box(win, theme, lines, width)


def any_key(overlay: Any) -> bool:
    return True  # every key goes to it (and closes it)


CONFIRM = Route(confirm_update, confirm_view, confirm_bindings, typing=any_key)
NOTICE = Route(closes, notice_view, lambda overlay, ctx: (), typing=any_key)
