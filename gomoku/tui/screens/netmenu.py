"""Play over the network: host a game (its rule, board size and who plays black) or join one.

The rule and the size are the menu's (and remembered with it); who plays
black is the host's choice for the first game (rematches alternate).  The
name the other player sees is ``--name``, else the login name.
"""

from __future__ import annotations

from dataclasses import replace

from gomoku.point import MAX_SIZE, MIN_SIZE
from gomoku.rules import Rule
from gomoku.tui import draw
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import NetSetup, SaveSettings
from gomoku.tui.events import Key, Mouse
from gomoku.tui.keys import DOWN_KEYS, LEFT_KEYS, PLAY_KEYS, QUIT_KEY, RIGHT_KEYS, UP_KEYS
from gomoku.tui.model import NET_BLACK, Menu, MenuRow, NetMenu, NetRow, State, Step, complain, say
from gomoku.tui.screens import dialogs, hosting, joining
from gomoku.tui.settings import RULE_TEXT

ROWS = tuple(NetRow)
CHOICES = frozenset({NetRow.BLACK, NetRow.RULE, NetRow.SIZE})
BLACK_TEXT = {"random": "drawn at random", "host": "you (the host)", "guest": "the one who joins"}
LABEL_COLUMN = 17
WIDTH = 60


def player_name(state: State) -> str:
    return state.settings.name or "player"


def update(state: State, menu: NetMenu, event: Key | Mouse) -> Step:
    if isinstance(event, Mouse):
        return state, ()
    name = event.name
    index = ROWS.index(menu.row)
    if name in UP_KEYS or name in DOWN_KEYS:
        row = ROWS[(index + (-1 if name in UP_KEYS else 1)) % len(ROWS)]
        return replace(state, screen=replace(menu, row=row)), ()
    if name in LEFT_KEYS or name in RIGHT_KEYS:
        if menu.row not in CHOICES:
            return say(state, "Left/right change the host's choices: up/down to one first."), ()
        return _change(state, menu, -1 if name in LEFT_KEYS else 1)
    if name in PLAY_KEYS:
        return _activate(state, menu)
    if name == "escape":
        return replace(state, screen=Menu(MenuRow.NETWORK)), ()
    if name == QUIT_KEY:
        return dialogs.ask_quit(state)
    return complain(state, "Up/down choose, Enter hosts or joins, Esc goes back."), ()


def _activate(state: State, menu: NetMenu) -> Step:
    settings = state.settings
    if menu.row is NetRow.JOIN:
        return joining.begin(state, NetSetup("guest", player_name(state)))
    if menu.row is NetRow.BACK:
        return replace(state, screen=Menu(MenuRow.NETWORK)), ()
    setup = NetSetup("host", player_name(state), rule=settings.rule, size=settings.size, black=menu.black)
    return hosting.begin(state, setup)


def _change(state: State, menu: NetMenu, step: int) -> Step:
    settings = state.settings
    if menu.row is NetRow.BLACK:
        black = NET_BLACK[(NET_BLACK.index(menu.black) + step) % len(NET_BLACK)]
        return replace(state, screen=replace(menu, black=black)), ()
    if menu.row is NetRow.SIZE:
        changed = replace(settings, size=min(MAX_SIZE, max(MIN_SIZE, settings.size + step)))
    else:
        rules = tuple(Rule)
        changed = replace(settings, rule=rules[(rules.index(settings.rule) + step) % len(rules)])
    return replace(state, settings=changed), (SaveSettings(changed),)


def view(win: Window, state: State, menu: NetMenu, theme: Theme) -> None:
    settings = state.settings
    values = {
        NetRow.BLACK: BLACK_TEXT[menu.black],
        NetRow.RULE: settings.rule.value,
        NetRow.SIZE: f"{settings.size}x{settings.size}",
    }
    lines: list[tuple[str, str]] = [("Play over the network", "status"), ("", "")]
    for row in ROWS:
        chosen = row is menu.row
        pointer = theme.glyphs["pointer"] if chosen else " "
        text = f"{pointer} {row.value}"
        if row in values:
            value = values[row]
            text = f"{pointer} {row.value:<{LABEL_COLUMN}}" + (f"< {value} >" if chosen else f"  {value}")
        lines.append((text, "selected" if chosen else ""))
    about = {
        NetRow.HOST: "Wait for the other player; your screen shows the command they run.",
        NetRow.JOIN: "Type the address and the code the host's screen shows.",
        NetRow.BLACK: "Who plays black in the first game; rematches swap colours.",
        NetRow.RULE: f"{settings.rule.value}: {RULE_TEXT[settings.rule]}.",
        NetRow.SIZE: "The host's board size (both sides play on it).",
        NetRow.BACK: "Back to the main menu.",
    }[menu.row]
    lines += [("", "")] + [(line, "") for line in draw.wrap(about, WIDTH - 8)[:2]]
    lines += [("", ""), (f"Your name: {player_name(state)} (--name changes it)", "dim")]
    lines.append((theme.join(["up/down choose", "left/right change", "Enter", "Esc back"]), "dim"))
    draw.centred_box(win, theme, [(f" {text}", style) for text, style in lines], WIDTH)
    draw.message_line(win, state, theme)
