"""Play over the network: host a game (its rule, size, who begins, opening rule, clock, port, address) or join one.

The rule, the size and the name are the menu's (and remembered with it); who
plays black (or, under an opening rule, places the first stones) is the
host's choice for the first game (rematches alternate); the opening rule and
the clock are the host's too, for this run (``--opening`` and ``--clock``
give them on the command line);
the port and the address to listen on are for this run (``--host PORT`` and
``--bind`` give them on the command line).  Enter on the port, address or
name row edits it: type, Enter keeps it, Esc leaves it as it was.  The name
the other player sees is the menu's, else ``--name``, else the login name;
with none, they see "the host" or "the guest".
"""

from __future__ import annotations

from dataclasses import replace

from gomoku import textwidth
from gomoku.clock import ClockKind, by_total
from gomoku.i18n import N_, _, pgettext
from gomoku.net.addresses import parse_port
from gomoku.net.errors import NetworkError
from gomoku.net.match import BlackChoice, Role
from gomoku.openings import OpeningRule
from gomoku.point import MAX_SIZE, MIN_SIZE
from gomoku.rules import Rule
from gomoku.tui import draw
from gomoku.tui.bindings import HELP, Binding, Bindings
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import NetSetup, SaveSettings
from gomoku.tui.events import Event, Key, Mouse, Pressed
from gomoku.tui.keys import DOWN_KEYS, LEFT_KEYS, PLAY_KEYS, QUIT_KEY, RIGHT_KEYS, UP_KEYS, edited
from gomoku.tui.layout import FOOTER_ROWS, HEADER_ROWS
from gomoku.tui.model import MenuRow, NetMenu, NetRow, Screen
from gomoku.tui.screen import NOTHING, UNHANDLED, Context, Reply, Route, alerted, said, to_menu, unbound_text
from gomoku.tui.screens import dialogs, hosting, joining
from gomoku.tui.screens.words import wrapped
from gomoku.tui.settings import RULE_TEXT, clean_name, login_name
from gomoku.tui.texts import sentence

ROWS = tuple(NetRow)
CHOICES = frozenset({NetRow.BLACK, NetRow.RULE, NetRow.SIZE, NetRow.OPENING, NetRow.CLOCK, NetRow.WATCHERS_CHAT})
#: The clocks the menu offers, shortest first: a blitz, GomokuWorld's 5+3 and a slower Fischer, a
#: byo-yomi and a fixed time a move (``--clock`` takes any other).
CLOCK_CHOICES = by_total(("none", "1+2", "3+2", "5+3", "10+5", "10+5x30", "30s"))
#: The rows Enter edits as text, and the longest text each takes.
TEXT_ROWS = {NetRow.PORT: 5, NetRow.BIND: 60, NetRow.NAME: 24}
BLACK_ORDER = tuple(BlackChoice)
#: What each opening rule is, in a line (docs/openings.md has the rules in full).
OPENING_TEXT = {
    OpeningRule.NONE: N_("No opening rule: black moves first, anywhere."),
    OpeningRule.SWAP1: N_("Swap1: 3 stones placed, the other player picks a colour (freestyle, standard, caro)."),
    OpeningRule.SWAP2: N_("Swap2: as Swap1, or 2 more stones and the first player picks (freestyle, standard, caro)."),
    OpeningRule.TARAGUCHI10: N_("Taraguchi-10 (renju): stones in growing central squares, a swap after each."),
    OpeningRule.SOOSORV8: N_("Soosorv-8 (renju): a canonical opening, swaps, N offered 5th moves."),
}
#: The fewest columns of a row's label (the English labels' widest and two spaces); wider labels widen it.
LABEL_COLUMN = 17
WIDTH = 60


UP_DOWN = Binding(tuple(UP_KEYS) + tuple(DOWN_KEYS), N_("choose a row"), N_("up/down choose"), "up down")
CHANGE = Binding(
    tuple(LEFT_KEYS) + tuple(RIGHT_KEYS),
    N_("change the host's choice on the row"),
    N_("left/right change"),
    "left right",
)
ENTER = Binding(tuple(PLAY_KEYS), N_("host, join, or edit the port, address or name"), "Enter", "Enter")
BACK = Binding(("escape",), N_("back to the main menu"), N_("Esc back"), "Esc")
QUIT = Binding((QUIT_KEY,), N_("quit"), N_("q quit"), always=True)
#: While the port, the address or the name is typed (every other key is text).
KEEP = Binding(("enter",), N_("keep what is typed"), N_("Enter keeps"))
LEAVE = Binding(("escape",), N_("leave it as it was"), N_("Esc leaves it"))
ERASE = Binding(("backspace", "ctrl-u"), N_("erase a character / the whole line"), label="Backspace Ctrl-U")


def bindings(menu: NetMenu, ctx: Context) -> Bindings:
    if menu.editing is not None:
        return (KEEP, LEAVE, ERASE)
    return (UP_DOWN, CHANGE, ENTER, BACK, HELP, QUIT)


def typing(menu: NetMenu) -> bool:
    return menu.editing is not None


def player_name(ctx: Context) -> str:
    """The name the other player sees: the menu's or ``--name``, else the login name ("": "the host" or "the guest")."""
    return ctx.settings.name or login_name()


def update(menu: NetMenu, event: Event, ctx: Context) -> tuple[Screen, Reply]:
    if isinstance(event, Mouse):
        return menu, NOTHING
    if isinstance(event, Key):  # a line being edited: every key is text or an edit
        return _edit(menu, event.name, ctx) if menu.editing is not None else (menu, UNHANDLED)
    if not isinstance(event, Pressed):
        return menu, UNHANDLED
    name, binding = event.key, event.binding
    index = ROWS.index(menu.row)
    if binding is UP_DOWN:
        row = ROWS[(index + (-1 if name in UP_KEYS else 1)) % len(ROWS)]
        return replace(menu, row=row, error=""), NOTHING
    if binding is CHANGE:
        if menu.row not in CHOICES:
            return menu, said(_("Left/right change the host's choices: up/down to one first."))
        return _change(menu, ctx, -1 if name in LEFT_KEYS else 1)
    if binding is ENTER:
        return _activate(menu, ctx)
    if binding is BACK:
        return to_menu(ctx, MenuRow.NETWORK)
    if binding is QUIT:
        return menu, dialogs.quit_reply(menu)
    return menu, UNHANDLED


def _activate(menu: NetMenu, ctx: Context) -> tuple[Screen, Reply]:
    settings = ctx.settings
    if menu.row is NetRow.JOIN:
        return joining.begin(ctx, NetSetup(Role.GUEST, player_name(ctx)))
    if menu.row is NetRow.WATCH:
        return joining.begin(ctx, NetSetup(Role.GUEST, player_name(ctx), watch=True))
    if menu.row is NetRow.BACK:
        return to_menu(ctx, MenuRow.NETWORK)
    if menu.row in TEXT_ROWS:
        return replace(menu, editing=_value(ctx, menu, menu.row), error=""), said(_(_EDIT_HINT[menu.row]))
    if menu.row is not NetRow.HOST:
        return menu, said(_("Left/right change this choice; Enter on Host a game starts it."))
    setup = NetSetup(
        Role.HOST,
        player_name(ctx),
        port=menu.port,
        bind=menu.bind,
        rule=settings.rule,
        size=settings.size,
        black=menu.black,
        opening=settings.opening,
        clock=settings.clock,
        watch_chat=menu.watch_chat,
    )
    return hosting.begin(ctx, setup)


_EDIT_HINT = {
    NetRow.PORT: N_("Type the port to listen on (1 to 65535), then Enter; Esc leaves it."),
    NetRow.BIND: N_("Type an address of this machine to listen on only (empty: all), then Enter; Esc leaves it."),
    NetRow.NAME: N_("Type your name as the other player sees it, then Enter; Esc leaves it."),
}


def _value(ctx: Context, menu: NetMenu, row: NetRow) -> str:
    """The text a text row holds now."""
    return {NetRow.PORT: str(menu.port), NetRow.BIND: menu.bind, NetRow.NAME: ctx.settings.name}[row]


def _edit(menu: NetMenu, name: str, ctx: Context) -> tuple[Screen, Reply]:
    """A key while a text row is edited: type, Backspace, Ctrl-U, Enter keeps, Esc leaves."""
    text = menu.editing or ""
    if LEAVE.matches(name):
        return replace(menu, editing=None, error=""), said(_("Left as it was."))
    if KEEP.matches(name):
        return _keep(menu, text.strip(), ctx)
    typed = edited(text, name, TEXT_ROWS[menu.row])
    if typed is None:
        return menu, NOTHING
    return replace(menu, editing=typed, error=""), NOTHING


def _keep(menu: NetMenu, text: str, ctx: Context) -> tuple[Screen, Reply]:
    """Take the typed text for the row, or say what is wrong with it and keep editing."""
    done = replace(menu, editing=None, error="")
    if menu.row is NetRow.PORT:
        try:
            port = parse_port(text)
        except NetworkError as error:
            problem = sentence(str(error))
            return replace(menu, error=problem), alerted(problem)
        return replace(done, port=port), said(_("The host listens on port {port}.").format(port=port))
    if menu.row is NetRow.BIND:
        if text:
            listens = _("The host listens only on {address}.").format(address=text)
        else:
            listens = _("The host listens on every address of this machine.")
        return replace(done, bind=text), said(listens)
    changed = replace(ctx.settings, name=clean_name(text))
    shown = changed.name or login_name() or _("the host or the guest (no name)")
    remember = SaveSettings.of(ctx.settings, changed)
    return done, said(_("The other player sees you as {name}.").format(name=shown), (remember,), settings=changed)


def _change(menu: NetMenu, ctx: Context, step: int) -> tuple[Screen, Reply]:
    settings = ctx.settings
    if menu.row is NetRow.BLACK:
        black = BLACK_ORDER[(BLACK_ORDER.index(menu.black) + step) % len(BLACK_ORDER)]
        return replace(menu, black=black), NOTHING
    if menu.row is NetRow.WATCHERS_CHAT:  # for this run
        return replace(menu, watch_chat=not menu.watch_chat), NOTHING
    if menu.row is NetRow.OPENING:  # for this run: not remembered
        openings = tuple(OpeningRule)
        opening = openings[(openings.index(settings.opening) + step) % len(openings)]
        return menu, Reply(settings=replace(settings, opening=opening))
    if menu.row is NetRow.CLOCK:
        index = CLOCK_CHOICES.index(settings.clock) if settings.clock in CLOCK_CHOICES else -1 if step > 0 else 0
        clock = CLOCK_CHOICES[(index + step) % len(CLOCK_CHOICES)]
        return menu, Reply(settings=replace(settings, clock=clock))
    if menu.row is NetRow.SIZE:
        changed = replace(settings, size=min(MAX_SIZE, max(MIN_SIZE, settings.size + step)))
    else:
        rules = tuple(Rule)
        changed = replace(settings, rule=rules[(rules.index(settings.rule) + step) % len(rules)])
    return menu, Reply(effects=(SaveSettings.of(settings, changed),), settings=changed)


def view(win: Window, menu: NetMenu, ctx: Context, theme: Theme) -> None:
    settings = ctx.settings
    clock = settings.clock.text() if settings.clock.kind is not ClockKind.NONE else pgettext("setting", "none")
    values = {
        NetRow.BLACK: menu.black.label,
        NetRow.RULE: settings.rule.said(),
        NetRow.SIZE: f"{settings.size}x{settings.size}",
        NetRow.OPENING: settings.opening.said()
        if settings.opening is not OpeningRule.NONE
        else pgettext("setting", "none"),
        NetRow.CLOCK: clock,
        NetRow.PORT: str(menu.port),
        NetRow.BIND: menu.bind or _("every address"),
        NetRow.NAME: player_name(ctx) or _("(none)"),
        NetRow.WATCHERS_CHAT: pgettext("setting", "yes") if menu.watch_chat else pgettext("setting", "no"),
    }
    lines: list[tuple[str, str]] = [(_("Play over the network"), "status"), ("", "")]
    labels = {row: row.label for row in ROWS}
    widest = max(textwidth.width(labels[row]) for row in ROWS if row in values)
    column = max(LABEL_COLUMN, min(widest + 2, (WIDTH - 6) // 2))
    room = WIDTH - 7 - column  # the box's inside, less the pointer and the labels' column
    for row in ROWS:
        chosen = row is menu.row
        pointer = theme.glyphs["pointer"] if chosen else " "
        text = f"{pointer} {labels[row]}"
        if chosen and menu.editing is not None:
            typed = menu.editing + "_"
            if textwidth.width(typed) > room:  # the end of the line, where the typing is, shows
                typed = textwidth.fit_end(typed, room)
            text = f"{pointer} {textwidth.ljust(labels[row], column)}{typed}"
        elif row in values:
            value = values[row]
            arrows = chosen and row in CHOICES
            text = f"{pointer} {textwidth.ljust(labels[row], column)}" + (f"< {value} >" if arrows else f"  {value}")
        lines.append((text, "selected" if chosen else ""))
    about = (
        menu.error
        or {
            NetRow.HOST: _("Wait for the other player; your screen shows the command they run."),
            NetRow.JOIN: _("Type the address and the code the host's screen shows."),
            NetRow.BLACK: _("Who plays black (or begins the opening) in the first game; rematches swap."),
            NetRow.OPENING: _(OPENING_TEXT[settings.opening]),
            NetRow.CLOCK: _("The clock: {clock} (for this run; --clock sets any other).").format(
                clock=settings.clock.describe()
            ),
            NetRow.RULE: _("{rule}: {meaning}.").format(rule=settings.rule.said(), meaning=RULE_TEXT[settings.rule]),
            NetRow.SIZE: _("The host's board size (both sides play on it)."),
            NetRow.PORT: _("The port the host listens on: Enter edits it."),
            NetRow.BIND: _("Listen on one address of this machine only (like 127.0.0.1): Enter edits it."),
            NetRow.NAME: _("Your name as the other player sees it: Enter edits it."),
            NetRow.WATCHERS_CHAT: _("Whether the people watching your game may write in its chat."),
            NetRow.WATCH: _("Type the address and the watchers' code the host's screen shows."),
            NetRow.BACK: _("Back to the main menu."),
        }[menu.row]
    )
    rows = win.getmaxyx()[0]
    most = max(2, rows - HEADER_ROWS - FOOTER_ROWS - 2 - len(lines) - 1)  # the rows the box may still take
    said_lines = wrapped(about, WIDTH - 8, most, theme.glyphs["ellipsis"])
    lines += [("", "")] + [(line, "alert" if menu.error else "") for line in said_lines]
    draw.centred_box(win, theme, [(f" {text}", style) for text, style in lines], WIDTH)


def header(menu: NetMenu, ctx: Context) -> str:
    return _("network")


ROUTE = Route(
    update,
    view,
    bindings,
    header=header,
    typing=typing,
    unbound=lambda menu, ctx, key: unbound_text(key, _("up/down choose, Enter hosts, joins or edits, Esc goes back.")),
)
