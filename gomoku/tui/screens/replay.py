"""The replay of a loaded record: step through its moves, then play on from any of them."""

from __future__ import annotations

from dataclasses import replace

from gomoku.board import HistoryError, IllegalMoveError
from gomoku.point import to_notation
from gomoku.rules import Stone
from gomoku.tui import draw
from gomoku.tui.draw import Marks, Theme, Window
from gomoku.tui.effects import SaveSettings
from gomoku.tui.events import Key, Mouse
from gomoku.tui.keys import LOAD_KEY, QUIT_KEY, SAVE_KEY
from gomoku.tui.model import (
    Menu,
    Playing,
    PromptKind,
    Replaying,
    State,
    Step,
    complain,
    forbidden_marks,
    new_game,
    say,
)
from gomoku.tui.saves import fresh_game_effects
from gomoku.tui.screens import dialogs, prompt
from gomoku.tui.settings import Mode, Side
from gomoku.tui.texts import key_label, outcome_text, plural

BACK = frozenset({"left", "h", "a", ","})
FORWARD = frozenset({"right", "l", "d", ".", "space"})
BACK_MANY = frozenset({"up", "k", "w", "pageup"})
FORWARD_MANY = frozenset({"down", "j", "s", "pagedown"})
#: How far up/down and PgUp/PgDn step: ten moves, five of each side.
STEP_MANY = 10
FIRST = frozenset({"home", "g"})
LAST = frozenset({"end", "G"})
PLAY_ON = frozenset({"enter", "p"})
MODES = tuple(Mode)


def update(state: State, screen: Replaying, event: Key | Mouse) -> Step:
    if isinstance(event, Mouse):
        return state, ()  # a replay board is looked at, not played on
    name = event.name
    total = len(screen.record.moves)
    targets = {
        **dict.fromkeys(BACK, screen.index - 1),
        **dict.fromkeys(FORWARD, screen.index + 1),
        **dict.fromkeys(BACK_MANY, screen.index - STEP_MANY),
        **dict.fromkeys(FORWARD_MANY, screen.index + STEP_MANY),
        **dict.fromkeys(FIRST, 0),
        **dict.fromkeys(LAST, total),
    }
    if name in targets:
        return _go_to(state, screen, targets[name]), ()
    if name in PLAY_ON:
        return play_on(state, screen)
    if name == "m":
        mode = MODES[(MODES.index(state.settings.mode) + 1) % len(MODES)]
        settings = replace(state.settings, mode=mode)
        return say(replace(state, settings=settings), f"Enter plays on: {mode.label}."), (SaveSettings(settings),)
    if name == "t":
        heat = not screen.heat
        text = "Heat map on: the legend is at the bottom; t hides it." if heat else "Heat map off."
        return say(replace(state, screen=replace(screen, heat=heat)), text), ()
    if name == SAVE_KEY:
        return prompt.open_prompt(state, PromptKind.SAVE)
    if name == LOAD_KEY:
        return prompt.open_prompt(state, PromptKind.LOAD)
    if name in ("escape", "n", "b"):
        return replace(state, screen=screen.back or Menu()), ()
    if name == QUIT_KEY:
        return dialogs.ask_quit(state)
    return complain(state, f"{key_label(name)} does nothing here: left/right step, Enter plays on, ? helps."), ()


def _go_to(state: State, screen: Replaying, target: int) -> State:
    total = len(screen.record.moves)
    target = max(0, min(total, target))
    if target == screen.index:
        return say(state, "That is the last move." if target == total else "That is the start.")
    board = screen.board.copy()
    try:
        while len(board.moves) > target:
            board.undo()
        while len(board.moves) < target:
            board.redo()
    except (HistoryError, IllegalMoveError):
        return complain(state, "This record cannot be stepped through.")
    return replace(state, screen=replace(screen, board=board, forbidden=forbidden_marks(board)))


def play_on(state: State, screen: Replaying) -> Step:
    """Play on from the move shown: a game of the menu's mode, the later moves kept for ``r``.

    Against the computer, you take the side to move.
    """
    board = screen.board.copy()
    mode = state.settings.mode
    black = state.settings.black
    if mode is Mode.PVC:
        black = Side.HUMAN if board.turn is Stone.BLACK else Side.COMPUTER
    settings = replace(state.settings, black=black, rule=board.rule, size=board.size)
    game = new_game(settings, board)
    where = f"after move {len(board.moves)}" if board.moves else "from the start"
    later = " (r replays the recorded moves)" if board.can_redo else ""
    state = say(replace(state, screen=Playing(game)), f"Playing on {where}, {mode.label}{later}.")
    return state, fresh_game_effects(game)


# -- the view -------------------------------------------------------------------


def header_info(screen: Replaying) -> str:
    record = screen.record
    return f"replay · {screen.name} · {record.rule.value} {record.size}x{record.size}"


def keys(state: State, screen: Replaying) -> list[str]:
    if screen.heat:
        return list(draw.HEAT_LEGEND)
    return [
        "left/right step",
        "Enter play on",
        f"m mode: {state.settings.mode.short}",
        "Esc back",
        "? help",
        "Home/End",
        "S save",
    ]


def view(win: Window, state: State, screen: Replaying, theme: Theme) -> None:
    size = screen.board.size
    layout = draw.board_place(win, theme, size)
    if layout is None:
        return
    draw.board_view(win, layout, screen.board, theme, Marks(screen.forbidden, heat=screen.heat))
    if layout.panel_x is not None:
        names = [to_notation(point, size) for point in screen.record.moves]
        draw.moves_panel(win, layout, theme, names, shown=screen.index)
    _status(win, screen, theme)
    draw.message_line(win, state, theme, keys(state, screen))


def _status(win: Window, screen: Replaying, theme: Theme) -> None:
    board = screen.board
    total = len(screen.record.moves)
    row, cols = draw.status_row(win), win.getmaxyx()[1]
    if screen.index == 0:
        parts = ["Start", f"{plural(total, 'move')} in all", f"{str(board.turn).capitalize()} to play"]
    else:
        last = board.last_move
        mover = str(board.turn.opponent).capitalize()
        parts = [f"Move {screen.index} of {total}", f"{mover} {board.notation(last)}" if last else ""]
    result = outcome_text(board)
    if result:
        text = f" {result} "
        draw.put(win, row, 0, text, theme("result"))
        draw.put(win, row, len(text) + 1, theme.join(parts)[: max(0, cols - len(text) - 2)], theme("status"))
        return
    if screen.index == total and screen.record.result:
        parts.append(f"result {screen.record.result}")
    draw.put(win, row, 1, theme.join(parts)[: cols - 2], theme("status"))
