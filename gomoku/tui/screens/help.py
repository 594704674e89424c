"""The help overlay: the keys of the screen under it, what the rules mean, and what the marks are.

The keys are the screen's own bindings (:mod:`gomoku.tui.bindings`), taken by
the router when it opened the help: what help says is what the keys do.
"""

from __future__ import annotations

from typing import Any

from gomoku import textwidth
from gomoku.rules import Rule
from gomoku.tui import draw
from gomoku.tui.bindings import help_rows
from gomoku.tui.draw import Theme, Window
from gomoku.tui.events import Event
from gomoku.tui.layout import HEADER_ROWS
from gomoku.tui.model import Help, NetPlaying, Playing
from gomoku.tui.screen import Context, Reply, Route
from gomoku.tui.screens import dialogs
from gomoku.tui.settings import RULE_TEXT

#: Said over a game screen's keys (gomoku.tui.bindings.GAME_KEYS).
SAME_KEYS = "A key does the same in a local and a network game."
#: Columns for the keys in the keys list.
KEY_COLUMN = 18
#: Columns for a rule's name in the rules list ("freestyle" and a space).
RULE_COLUMN = 10


def update(overlay: Help, event: Event, ctx: Context) -> tuple[Any, Reply]:
    """Any key or click closes the help."""
    return dialogs.closes(overlay, event, ctx)


def view(win: Window, overlay: Help, ctx: Context, theme: Theme) -> None:
    rows, cols = win.getmaxyx()
    width = min(cols, 72)
    lines: list[tuple[str, str]] = [("Keys", "status")]
    if isinstance(ctx.screen, (Playing, NetPlaying)):  # one key map: say so where it matters
        lines.append((SAME_KEYS, "dim"))
    for keys, what in help_rows(overlay.bindings):  # the keys, then what they do, wrapped beside them
        for number, text in enumerate(draw.wrap(what, width - 6 - KEY_COLUMN) or [""]):
            lines.append((textwidth.ljust(keys if number == 0 else "", KEY_COLUMN) + text, ""))
    lines += [("Rules", "status")]
    for rule in Rule:  # the rule's name, then what it means, wrapped beside it
        for number, text in enumerate(draw.wrap(RULE_TEXT[rule], width - 6 - RULE_COLUMN)):
            lines.append((textwidth.ljust(rule.value if number == 0 else "", RULE_COLUMN) + text, ""))
    g = theme.glyphs
    if theme.unicode:
        legend = "● black  ○ white  ◉◎ last move  × forbidden (renju)  ◇ hint"
    elif g["black"] != "X":  # the wide style's own glyphs
        legend = f"{g['black']} black  {g['white']} white  {g['forbidden']} forbidden (renju)  {g['hint']} hint"
    else:
        legend = "X black  O white  ! forbidden (renju)  ? hint"
    lines += [(legend, "dim"), ("Any key closes this help.", "dim")]
    room = max(1, rows - HEADER_ROWS - 2)
    if len(lines) > room:  # a short terminal: the keys and the closing line first
        lines = lines[: room - 1] + lines[-1:]
    draw.centred_box(win, theme, [(f" {text}", style) for text, style in lines], width)


ROUTE = Route(update, view, lambda overlay, ctx: (), typing=dialogs.any_key)
