"""The help overlay: the keys of the screen under it, what the rules mean, and what the marks are.

The keys are the screen's own bindings (:mod:`gomoku.tui.bindings`), taken by
the router when it opened the help: what help says is what the keys do.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gomoku import textwidth
from gomoku.i18n import N_, _
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
SAME_KEYS = N_("A key does the same in a local and a network game.")
#: The fewest columns for the keys in the keys list.
KEY_COLUMN = 18
#: The fewest columns for a rule's name in the rules list ("freestyle" and two spaces, so that the name never
#: reads as the first word of its description); a language whose rule names are wider widens it.
RULE_COLUMN = 11


def update(overlay: Help, event: Event, ctx: Context) -> tuple[Any, Reply]:
    """Any key or click closes the help."""
    return dialogs.closes(overlay, event, ctx)


def view(win: Window, overlay: Help, ctx: Context, theme: Theme) -> None:
    rows, cols = win.getmaxyx()
    width = min(cols, 72)
    lines: list[tuple[str, str]] = [(_("Keys"), "status")]
    if isinstance(ctx.screen, (Playing, NetPlaying)):  # one key map: say so where it matters
        lines += [(line, "dim") for line in draw.wrap(_(SAME_KEYS), width - 6)]
    rows_of_keys = help_rows(overlay.bindings)
    key_column = _column(KEY_COLUMN, (keys for keys, _what in rows_of_keys), width)
    for keys, what in rows_of_keys:  # the keys, then what they do, wrapped beside them
        for number, text in enumerate(draw.wrap(what, width - 6 - key_column) or [""]):
            lines.append((textwidth.ljust(keys if number == 0 else "", key_column) + text, ""))
    lines += [(_("Rules"), "status")]
    names = {rule: rule.said() for rule in Rule}
    rule_column = _column(RULE_COLUMN, names.values(), width)
    for rule in Rule:  # the rule's name, then what it means, wrapped beside it
        for number, text in enumerate(draw.wrap(RULE_TEXT[rule], width - 6 - rule_column)):
            lines.append((textwidth.ljust(names[rule] if number == 0 else "", rule_column) + text, ""))
    g = theme.glyphs
    if theme.unicode:
        legend = _("● black  ○ white  ◉◎ last move  × forbidden (renju)  ◇ hint")
    elif g["black"] != "X":  # the wide style's own glyphs
        legend = _("{black} black  {white} white  {forbidden} forbidden (renju)  {hint} hint").format(
            black=g["black"], white=g["white"], forbidden=g["forbidden"], hint=g["hint"]
        )
    else:
        legend = _("X black  O white  ! forbidden (renju)  ? hint")
    lines += [(line, "dim") for line in draw.wrap(legend, width - 6)]
    lines.append((_("Any key closes this help."), "dim"))
    room = max(1, rows - HEADER_ROWS - 2)
    if len(lines) > room:  # a short terminal: the keys and the closing line first
        lines = lines[: room - 1] + lines[-1:]
    draw.centred_box(win, theme, [(f" {text}", style) for text, style in lines], width)


def _column(least: int, labels: Iterable[str], width: int) -> int:
    """The columns of a list's first column: its widest label and two spaces, at least ``least`` (the English
    labels' room), at most a third of the box (a longer label is cut, so what it says keeps its room)."""
    widest = max((textwidth.width(label) for label in labels), default=0)
    return max(least, min(widest + 2, (width - 6) // 3))


ROUTE = Route(update, view, lambda overlay, ctx: (), typing=dialogs.any_key)
