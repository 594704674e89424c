"""The replay of a loaded record: step through its moves, then play on from any of them."""

from __future__ import annotations

from dataclasses import replace

from gomoku.board import HistoryError, IllegalMoveError
from gomoku.point import to_notation
from gomoku.rules import Stone
from gomoku.tui import draw
from gomoku.tui.bindings import HELP, Binding, Bindings, find
from gomoku.tui.draw import Marks, Theme, Window
from gomoku.tui.effects import SaveSettings
from gomoku.tui.events import Event, Key, Mouse
from gomoku.tui.keys import LOAD_KEY, QUIT_KEY, SAVE_KEY
from gomoku.tui.layout import board_layout
from gomoku.tui.model import Menu, Playing, PromptKind, Replaying, Screen, forbidden_marks, new_game
from gomoku.tui.saves import fresh_game_effects
from gomoku.tui.screen import NOTHING, UNHANDLED, Context, Outcome, Route, alerted, said, unbound_text
from gomoku.tui.screens import dialogs, prompt
from gomoku.tui.settings import Mode, Side
from gomoku.tui.texts import outcome_text, plural

#: How far up/down and PgUp/PgDn step: ten moves, five of each side.
STEP_MANY = 10
MODES = tuple(Mode)

BACK = Binding(("left", "h", "a", ","), "one move back", "left/right step", "left h a ,")
FORWARD = Binding(("right", "l", "d", ".", "space"), "one move forward", label="right l d . Space")
BACK_MANY = Binding(("up", "k", "w", "pageup"), "ten moves back", label="up k w PgUp")
FORWARD_MANY = Binding(("down", "j", "s", "pagedown"), "ten moves forward", label="down j s PgDn")
FIRST = Binding(("home", "g"), "the start", "Home/End", "Home g")
LAST = Binding(("end", "G"), "the last move", label="End G")
PLAY_ON = Binding(("enter", "p"), "play on from the move shown (r: the rest)", "Enter play on", "Enter p")
MODE = Binding(("m",), "the mode to play on in", "m mode")
HEAT = Binding(("t",), "heat map: how urgent each point is, 1-9", "t heat map")
SAVE = Binding((SAVE_KEY,), "save this record to a file", "S save")
LOAD = Binding((LOAD_KEY,), "load another record")
LEAVE = Binding(("escape", "n", "b"), "back to the game or the menu", "Esc back", "Esc n b")
QUIT = Binding((QUIT_KEY,), "quit", always=True)


def bindings(screen: Replaying, ctx: Context) -> Bindings:
    mode = replace(MODE, short=f"m mode: {ctx.settings.mode.short}")
    return (BACK, FORWARD, BACK_MANY, FORWARD_MANY, PLAY_ON, mode, LEAVE, HELP, FIRST, LAST, HEAT, SAVE, LOAD, QUIT)


def key_line(screen: Replaying, ctx: Context) -> list[str] | None:
    return list(draw.HEAT_LEGEND) if screen.heat else None


def fits(screen: Replaying, ctx: Context, rows: int, cols: int) -> bool:
    return board_layout(rows, cols, screen.board.size) is not None


def update(screen: Replaying, event: Event, ctx: Context) -> tuple[Screen, Outcome]:
    if isinstance(event, Mouse):
        return screen, NOTHING  # a replay board is looked at, not played on
    if not isinstance(event, Key):
        return screen, UNHANDLED
    binding = find(bindings(screen, ctx), event.name)
    total = len(screen.record.moves)
    targets = {
        BACK: screen.index - 1,
        FORWARD: screen.index + 1,
        BACK_MANY: screen.index - STEP_MANY,
        FORWARD_MANY: screen.index + STEP_MANY,
        FIRST: 0,
        LAST: total,
    }
    if binding in targets:
        return _go_to(screen, targets[binding])
    if binding is PLAY_ON:
        return play_on(screen, ctx)
    if binding is not None and binding.keys == MODE.keys:
        mode = MODES[(MODES.index(ctx.settings.mode) + 1) % len(MODES)]
        settings = replace(ctx.settings, mode=mode)
        return screen, said(f"Enter plays on: {mode.label}.", (SaveSettings(settings),), settings=settings)
    if binding is HEAT:
        heat = not screen.heat
        text = "Heat map on: the legend is at the bottom; t hides it." if heat else "Heat map off."
        return replace(screen, heat=heat), said(text)
    if binding is SAVE:
        return screen, prompt.opened(ctx, PromptKind.SAVE)
    if binding is LOAD:
        return screen, prompt.opened(ctx, PromptKind.LOAD)
    if binding is LEAVE:
        return screen.back or Menu(), NOTHING
    if binding is QUIT:
        return screen, dialogs.quit_outcome(screen)
    return screen, UNHANDLED


def _go_to(screen: Replaying, target: int) -> tuple[Screen, Outcome]:
    total = len(screen.record.moves)
    target = max(0, min(total, target))
    if target == screen.index:
        return screen, said("That is the last move." if target == total else "That is the start.")
    board = screen.board.copy()
    try:
        while len(board.moves) > target:
            board.undo()
        while len(board.moves) < target:
            board.redo()
    except (HistoryError, IllegalMoveError):
        return screen, alerted("This record cannot be stepped through.")
    return replace(screen, board=board, forbidden=forbidden_marks(board)), NOTHING


def play_on(screen: Replaying, ctx: Context) -> tuple[Screen, Outcome]:
    """Play on from the move shown: a game of the menu's mode, the later moves kept for ``r``.

    Against the computer, you take the side to move.
    """
    board = screen.board.copy()
    mode = ctx.settings.mode
    black = ctx.settings.black
    if mode is Mode.PVC:
        black = Side.HUMAN if board.turn is Stone.BLACK else Side.COMPUTER
    settings = replace(ctx.settings, black=black, rule=board.rule, size=board.size)
    game = new_game(settings, board)
    where = f"after move {len(board.moves)}" if board.moves else "from the start"
    later = " (r replays the recorded moves)" if board.can_redo else ""
    return Playing(game), said(f"Playing on {where}, {mode.label}{later}.", fresh_game_effects(game))


# -- the view -------------------------------------------------------------------


def header(screen: Replaying, ctx: Context) -> str:
    record = screen.record
    return f"replay · {screen.name} · {record.rule.value} {record.size}x{record.size}"


def view(win: Window, screen: Replaying, ctx: Context, theme: Theme) -> None:
    size = screen.board.size
    layout = draw.board_place(win, theme, size)
    if layout is None:
        return
    draw.board_view(win, layout, screen.board, theme, Marks(screen.forbidden, heat=screen.heat))
    if layout.panel_x is not None:
        names = [to_notation(point, size) for point in screen.record.moves]
        draw.moves_panel(win, layout, theme, names, shown=screen.index)
    _status(win, screen, theme)


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


ROUTE = Route(
    update,
    view,
    bindings,
    header=header,
    fits=fits,
    key_line=key_line,
    unbound=lambda screen, ctx, key: unbound_text(key, "left/right step, Enter plays on, ? helps."),
)
