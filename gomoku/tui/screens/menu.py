"""The menu: the game's settings, one row each, and the actions (new game, load, quit).

Up/down choose a row (rows that do not matter for the chosen mode are
dimmed and skipped), left/right change the choice on it, and Enter starts
the game from any row.  The box says what the selected row means: the rule
in words, the board sizes that fit this terminal, what a level does.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gomoku.point import MAX_SIZE, MIN_SIZE
from gomoku.rules import Rule, Stone
from gomoku.tui import draw
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import SaveSettings
from gomoku.tui.events import Key, Mouse
from gomoku.tui.keys import DOWN_KEYS, LEFT_KEYS, LOAD_KEY, PLAY_KEYS, QUIT_KEY, RIGHT_KEYS, UP_KEYS
from gomoku.tui.layout import board_layout, largest_fitting, menu_layout, needed
from gomoku.tui.model import Menu, MenuRow, NetMenu, Playing, PromptKind, State, Step, complain, new_game, say
from gomoku.tui.saves import fresh_game_effects
from gomoku.tui.screens import dialogs, prompt
from gomoku.tui.settings import RULE_TEXT, Mode, Pace, Settings, Side
from gomoku.tui.texts import key_label

ACTIONS = frozenset({MenuRow.RESUME, MenuRow.NEW, MenuRow.LOAD, MenuRow.NETWORK, MenuRow.QUIT})
LEVEL_ROWS = {MenuRow.LEVEL: "level", MenuRow.BLACK_LEVEL: "black_level", MenuRow.WHITE_LEVEL: "white_level"}
#: What each level does, in a few words (the README's table, shorter).
LEVEL_TEXT = {
    "easy": "quick: the most urgent point and the obvious tactics",
    "normal": "weighs the shapes each move makes and reads short threats",
    "hard": "searches ahead, about 1 s a move: the strongest",
}
MODE_TEXT = {
    Mode.PVC: "you against the computer",
    Mode.PVP: "two players taking turns at one keyboard",
    Mode.CVC: "watch the computer play itself: p pauses, . steps",
}
#: The columns of a row's label, before its value.
LABEL_COLUMN = 17


def rows(state: State, menu: Menu) -> tuple[MenuRow, ...]:
    """The menu's rows, top to bottom, for the chosen mode."""
    resume = (MenuRow.RESUME,) if menu.back is not None else ()
    choices: tuple[MenuRow, ...]
    if state.settings.mode is Mode.CVC:
        choices = (
            MenuRow.MODE,
            MenuRow.BLACK,
            MenuRow.RULE,
            MenuRow.SIZE,
            MenuRow.BLACK_LEVEL,
            MenuRow.WHITE_LEVEL,
            MenuRow.PACE,
        )
    else:
        choices = (MenuRow.MODE, MenuRow.BLACK, MenuRow.RULE, MenuRow.SIZE, MenuRow.LEVEL)
    return resume + (MenuRow.NEW,) + choices + (MenuRow.NETWORK, MenuRow.LOAD, MenuRow.QUIT)


def applies(settings: Settings, row: MenuRow) -> bool:
    """Whether a row matters for the chosen mode (who plays black and the level only against the computer)."""
    if row in (MenuRow.BLACK, MenuRow.LEVEL):
        return settings.mode is Mode.PVC
    return True


def value_text(settings: Settings, row: MenuRow) -> str:
    """The current value of a choice as the player reads it."""
    if row is MenuRow.MODE:
        return settings.mode.label
    if row is MenuRow.BLACK:
        return settings.black.value
    if row is MenuRow.RULE:
        return settings.rule.value
    if row is MenuRow.SIZE:
        return f"{settings.size}x{settings.size}"
    if row is MenuRow.PACE:
        return settings.pace.label
    return getattr(settings, LEVEL_ROWS[row])


def selected(state: State, menu: Menu) -> MenuRow:
    """The row with the cursor (New game if that row is gone, say after the mode changed)."""
    listed = rows(state, menu)
    return menu.row if menu.row in listed else MenuRow.NEW


def update(state: State, menu: Menu, event: Key | Mouse) -> Step:
    listed = rows(state, menu)
    row = selected(state, menu)
    if isinstance(event, Mouse):
        return _click(state, menu, event)
    name = event.name
    if name in UP_KEYS or name in DOWN_KEYS:
        return _with(state, menu, _next_row(state.settings, listed, row, -1 if name in UP_KEYS else 1)), ()
    if name in LEFT_KEYS or name in RIGHT_KEYS:
        if row in ACTIONS:
            return say(state, "Left/right change a setting: up/down to one first; Enter starts."), ()
        return _change(state, row, -1 if name in LEFT_KEYS else 1)
    if name in PLAY_KEYS:
        return _activate(state, menu, row)
    if name == "n":
        return start(state)
    if name == LOAD_KEY:
        return prompt.open_prompt(state, PromptKind.LOAD)
    if name == "escape":
        if menu.back is not None:
            return replace(state, screen=menu.back), ()
        return say(state, "Press Enter to start a game, or q to quit."), ()
    if name == QUIT_KEY:
        return dialogs.ask_quit(state)
    return complain(state, f"{key_label(name)} does nothing here: arrows choose, Enter starts, ? helps."), ()


def _with(state: State, menu: Menu, row: MenuRow) -> State:
    return replace(state, screen=replace(menu, row=row))


def _next_row(settings: Settings, listed: tuple[MenuRow, ...], row: MenuRow, step: int) -> MenuRow:
    """The next row up or down that applies (wrapping round)."""
    index = listed.index(row)
    for _ in listed:
        index = (index + step) % len(listed)
        if applies(settings, listed[index]):
            return listed[index]
    return row


def _click(state: State, menu: Menu, event: Mouse) -> Step:
    listed = rows(state, menu)
    layout = menu_layout(event.rows, event.cols, len(listed))
    index = layout.index_at(event.row, event.col) if layout else None
    if index is None:
        return state, ()
    row = listed[index]
    if not applies(state.settings, row):
        return say(state, _why_not(row)), ()
    state = _with(state, menu, row)
    if row in ACTIONS:
        return _activate(state, menu, row)
    return _change(state, row, 1)


def _why_not(row: MenuRow) -> str:
    return f"{row.value} only matters against the computer: change the mode first."


def _activate(state: State, menu: Menu, row: MenuRow) -> Step:
    if row is MenuRow.RESUME and menu.back is not None:
        return replace(state, screen=menu.back), ()
    if row is MenuRow.LOAD:
        return prompt.open_prompt(state, PromptKind.LOAD)
    if row is MenuRow.NETWORK:
        return replace(state, screen=NetMenu()), ()
    if row is MenuRow.QUIT:
        return dialogs.ask_quit(state)
    return start(state)  # New game, or Enter on any setting


def _change(state: State, row: MenuRow, step: int) -> Step:
    """The next (or previous) value of a choice; remembered for the next start."""
    settings = state.settings
    if not applies(settings, row):
        return say(state, _why_not(row)), ()
    if row is MenuRow.SIZE:
        changed = replace(settings, size=min(MAX_SIZE, max(MIN_SIZE, settings.size + step)))
    elif row in LEVEL_ROWS:
        field = LEVEL_ROWS[row]
        levels = state.levels
        current = getattr(settings, field)
        position = levels.index(current) if current in levels else 0
        chosen: dict[str, Any] = {field: levels[(position + step) % len(levels)]}  # the field is named at run time
        changed = replace(settings, **chosen)
    else:
        field, options = {
            MenuRow.MODE: ("mode", tuple(Mode)),
            MenuRow.BLACK: ("black", tuple(Side)),
            MenuRow.RULE: ("rule", tuple(Rule)),
            MenuRow.PACE: ("pace", tuple(Pace)),
        }[row]
        current = getattr(settings, field)
        chosen = {field: options[(options.index(current) + step) % len(options)]}
        changed = replace(settings, **chosen)
    return replace(state, settings=changed), (SaveSettings(changed),)


def start(state: State) -> Step:
    """A fresh game of the menu's settings, on the game screen (the old game's save is retired)."""
    settings = state.settings
    game = new_game(settings)
    if settings.mode is Mode.PVC:
        colour = "white" if Stone.BLACK in game.computer else "black"
        hello = f"You play {colour}. Arrows move, Enter plays, ? for help."
    elif settings.mode is Mode.PVP:
        hello = "Black moves first. Arrows move, Enter plays, ? for help."
    else:
        hello = "Watching the computer play itself. p pauses, . steps, n for a new game."
    state = say(replace(state, screen=Playing(game), overlay=None), hello)
    return state, fresh_game_effects(game)


# -- the view -------------------------------------------------------------------


def about(state: State, row: MenuRow, rows_: int, cols: int) -> str:
    """What the selected row means, for the line under the rows."""
    settings = state.settings
    if row is MenuRow.SIZE:
        largest = largest_fitting(rows_, cols)
        if largest is None:
            return f"No board fits this {cols}x{rows_} terminal: enlarge it."
        fits = f"Sizes {MIN_SIZE} to {largest} fit this {cols}x{rows_} terminal."
        if settings.size > largest:
            need_rows, need_cols = needed(settings.size)
            return f"{settings.size}x{settings.size} needs {need_cols}x{need_rows}. {fits}"
        return fits
    if row in LEVEL_ROWS:
        level = getattr(settings, LEVEL_ROWS[row])
        return f"{level}: {LEVEL_TEXT.get(level, 'a computer player')}."
    if row is MenuRow.MODE:
        return f"{settings.mode.label}: {MODE_TEXT[settings.mode]}."
    if row is MenuRow.PACE:
        return "Seconds from one move to the next; paused, . plays one move."
    if row is MenuRow.BLACK:
        return "Black moves first."
    return f"{settings.rule.value}: {RULE_TEXT[settings.rule]}."


def size_warning(settings: Settings, rows_: int, cols: int) -> str:
    """What the size row says when the chosen board does not fit this terminal, or ``""``."""
    if board_layout(rows_, cols, settings.size) is not None:
        return ""
    largest = largest_fitting(rows_, cols)
    return "too big here" if largest is None else f"too big here (up to {largest})"


def view(win: Window, state: State, menu: Menu, theme: Theme) -> None:
    rows_, cols = win.getmaxyx()
    listed = rows(state, menu)
    layout = menu_layout(rows_, cols, len(listed))
    if layout is None:
        draw.too_small(win, theme, "The menu", (len(listed) + 10, 40))
        return
    draw.box(win, theme, layout.top, layout.left, layout.height, layout.width)
    draw.put(win, layout.top + 1, layout.left + 3, "Gomoku: five in a row", theme("status"))
    settings = state.settings
    current = selected(state, menu)
    inner = layout.width - 4
    for index, row in enumerate(listed):
        is_selected = row is current
        pointer = theme.glyphs["pointer"] if is_selected else " "
        text = f" {pointer} {row.value}"
        warning = ""
        if row not in ACTIONS:
            value = value_text(settings, row)
            text = f" {pointer} {row.value:<{LABEL_COLUMN}}" + (f"< {value} >" if is_selected else f"  {value}")
            if row is MenuRow.SIZE:
                warning = size_warning(settings, rows_, cols)
        attr = theme("selected") if is_selected else (0 if applies(settings, row) else theme("dim"))
        y = layout.first_item + index
        draw.put(win, y, layout.left + 2, text.ljust(inner)[:inner], attr)
        if warning and len(text) + 2 < inner:
            draw.put(win, y, layout.left + 2 + len(text) + 2, warning[: inner - len(text) - 2], theme("alert"))
    below = layout.first_item + len(listed) + 1
    for offset, line in enumerate(draw.wrap(about(state, current, rows_, cols), inner - 2)[:2]):
        draw.put(win, below + offset, layout.left + 3, theme.dots(line))
    hints = ["up/down choose", "left/right change", "Enter starts"]
    more = ["L load", "Esc back to the game" if menu.back is not None else "", "? help", "q quit"]
    for offset, keys in enumerate((hints, more)):
        draw.put(win, below + 2 + offset, layout.left + 3, theme.dots(theme.join(keys))[: inner - 2], theme("dim"))
    draw.message_line(win, state, theme)
