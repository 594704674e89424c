"""Play over the network: host a game (its rule, board size, who plays black, port and address) or join one.

The rule, the size and the name are the menu's (and remembered with it); who
plays black is the host's choice for the first game (rematches alternate);
the port and the address to listen on are for this run (``--host PORT`` and
``--bind`` give them on the command line).  Enter on the port, address or
name row edits it: type, Enter keeps it, Esc leaves it as it was.  The name
the other player sees is the menu's, else ``--name``, else the login name;
with none, they see "the host" or "the guest".
"""

from __future__ import annotations

from dataclasses import replace

from gomoku.net.addresses import parse_port
from gomoku.net.errors import NetworkError
from gomoku.net.match import BlackChoice, Role
from gomoku.point import MAX_SIZE, MIN_SIZE
from gomoku.rules import Rule
from gomoku.tui import draw
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import NetSetup, SaveSettings
from gomoku.tui.events import Key, Mouse
from gomoku.tui.keys import DOWN_KEYS, LEFT_KEYS, PLAY_KEYS, QUIT_KEY, RIGHT_KEYS, UP_KEYS
from gomoku.tui.model import Menu, MenuRow, NetMenu, NetRow, State, Step, complain, say
from gomoku.tui.screens import dialogs, hosting, joining
from gomoku.tui.settings import RULE_TEXT, clean_name
from gomoku.tui.texts import sentence

ROWS = tuple(NetRow)
CHOICES = frozenset({NetRow.BLACK, NetRow.RULE, NetRow.SIZE})
#: The rows Enter edits as text, and the longest text each takes.
TEXT_ROWS = {NetRow.PORT: 5, NetRow.BIND: 60, NetRow.NAME: 24}
BLACK_ORDER = tuple(BlackChoice)
LABEL_COLUMN = 17
WIDTH = 60


def player_name(state: State) -> str:
    """The name the other player sees ("" when there is none: they see "the host" or "the guest")."""
    return state.settings.name


def update(state: State, menu: NetMenu, event: Key | Mouse) -> Step:
    if isinstance(event, Mouse):
        return state, ()
    name = event.name
    if menu.editing is not None:
        return _edit(state, menu, name)
    index = ROWS.index(menu.row)
    if name in UP_KEYS or name in DOWN_KEYS:
        row = ROWS[(index + (-1 if name in UP_KEYS else 1)) % len(ROWS)]
        return replace(state, screen=replace(menu, row=row, error="")), ()
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
    return complain(state, "Up/down choose, Enter hosts, joins or edits, Esc goes back."), ()


def _activate(state: State, menu: NetMenu) -> Step:
    settings = state.settings
    if menu.row is NetRow.JOIN:
        return joining.begin(state, NetSetup(Role.GUEST, player_name(state)))
    if menu.row is NetRow.BACK:
        return replace(state, screen=Menu(MenuRow.NETWORK)), ()
    if menu.row in TEXT_ROWS:
        text = _value(state, menu, menu.row)
        return say(replace(state, screen=replace(menu, editing=text, error="")), _EDIT_HINT[menu.row]), ()
    if menu.row is not NetRow.HOST:
        return say(state, "Left/right change this choice; Enter on Host a game starts it."), ()
    setup = NetSetup(
        Role.HOST,
        player_name(state),
        port=menu.port,
        bind=menu.bind,
        rule=settings.rule,
        size=settings.size,
        black=menu.black,
    )
    return hosting.begin(state, setup)


_EDIT_HINT = {
    NetRow.PORT: "Type the port to listen on (1 to 65535), then Enter; Esc leaves it.",
    NetRow.BIND: "Type an address of this machine to listen on only (empty: all), then Enter; Esc leaves it.",
    NetRow.NAME: "Type your name as the other player sees it, then Enter; Esc leaves it.",
}


def _value(state: State, menu: NetMenu, row: NetRow) -> str:
    """The text a text row holds now."""
    return {NetRow.PORT: str(menu.port), NetRow.BIND: menu.bind, NetRow.NAME: player_name(state)}[row]


def _edit(state: State, menu: NetMenu, name: str) -> Step:
    """A key while a text row is edited: type, Backspace, Ctrl-U, Enter keeps, Esc leaves."""
    text = menu.editing or ""
    if name == "escape":
        return say(replace(state, screen=replace(menu, editing=None, error="")), "Left as it was."), ()
    if name == "enter":
        return _keep(state, menu, text.strip())
    if name == "backspace":
        text = text[:-1]
    elif name == "ctrl-u":
        text = ""
    else:
        character = " " if name == "space" else name
        if len(character) != 1 or len(text) >= TEXT_ROWS[menu.row]:
            return state, ()
        text += character
    return replace(state, screen=replace(menu, editing=text, error="")), ()


def _keep(state: State, menu: NetMenu, text: str) -> Step:
    """Take the typed text for the row, or say what is wrong with it and keep editing."""
    done = replace(menu, editing=None, error="")
    if menu.row is NetRow.PORT:
        try:
            port = parse_port(text)
        except NetworkError as error:
            problem = sentence(str(error))
            return complain(replace(state, screen=replace(menu, error=problem)), problem), ()
        return say(replace(state, screen=replace(done, port=port)), f"The host listens on port {port}."), ()
    if menu.row is NetRow.BIND:
        where = f"only on {text}" if text else "on every address of this machine"
        return say(replace(state, screen=replace(done, bind=text)), f"The host listens {where}."), ()
    changed = replace(state.settings, name=clean_name(text))
    shown = changed.name or "the host or the guest (no name)"
    state = say(replace(state, screen=done, settings=changed), f"The other player sees you as {shown}.")
    return state, (SaveSettings(changed),)


def _change(state: State, menu: NetMenu, step: int) -> Step:
    settings = state.settings
    if menu.row is NetRow.BLACK:
        black = BLACK_ORDER[(BLACK_ORDER.index(menu.black) + step) % len(BLACK_ORDER)]
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
        NetRow.BLACK: menu.black.label,
        NetRow.RULE: settings.rule.value,
        NetRow.SIZE: f"{settings.size}x{settings.size}",
        NetRow.PORT: str(menu.port),
        NetRow.BIND: menu.bind or "every address",
        NetRow.NAME: player_name(state) or "(none)",
    }
    lines: list[tuple[str, str]] = [("Play over the network", "status"), ("", "")]
    for row in ROWS:
        chosen = row is menu.row
        pointer = theme.glyphs["pointer"] if chosen else " "
        text = f"{pointer} {row.value}"
        if chosen and menu.editing is not None:
            text = f"{pointer} {row.value:<{LABEL_COLUMN}}{menu.editing}_"
        elif row in values:
            value = values[row]
            arrows = chosen and row in CHOICES
            text = f"{pointer} {row.value:<{LABEL_COLUMN}}" + (f"< {value} >" if arrows else f"  {value}")
        lines.append((text, "selected" if chosen else ""))
    about = (
        menu.error
        or {
            NetRow.HOST: "Wait for the other player; your screen shows the command they run.",
            NetRow.JOIN: "Type the address and the code the host's screen shows.",
            NetRow.BLACK: "Who plays black in the first game; rematches swap colours.",
            NetRow.RULE: f"{settings.rule.value}: {RULE_TEXT[settings.rule]}.",
            NetRow.SIZE: "The host's board size (both sides play on it).",
            NetRow.PORT: "The port the host listens on: Enter edits it.",
            NetRow.BIND: "Listen on one address of this machine only (like 127.0.0.1): Enter edits it.",
            NetRow.NAME: "Your name as the other player sees it: Enter edits it.",
            NetRow.BACK: "Back to the main menu.",
        }[menu.row]
    )
    lines += [("", "")] + [(line, "alert" if menu.error else "") for line in draw.wrap(about, WIDTH - 8)[:2]]
    lines += [("", ""), (theme.join(["up/down choose", "left/right change", "Enter", "Esc back"]), "dim")]
    draw.centred_box(win, theme, [(f" {text}", style) for text, style in lines], WIDTH)
    draw.message_line(win, state, theme)
