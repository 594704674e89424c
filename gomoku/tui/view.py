"""Drawing the state: the *view* of the Elm architecture (see DESIGN.md).

:func:`draw` paints a :class:`~gomoku.tui.state.State` on a curses window and
changes nothing else.  Everything about where things go on the screen is in
:func:`board_layout` and :func:`menu_layout`, which the loop also uses to turn
mouse clicks into points and menu rows.

The window only needs ``getmaxyx()``, ``erase()`` and ``addstr(y, x, text,
attr)``, so tests draw on a fake window and read the text back.  Looks come
from a :class:`Theme`: line characters or plain ASCII, colours or none.
"""

from __future__ import annotations

import curses
from dataclasses import dataclass, field
from typing import Any, Protocol

from gomoku.board import Board
from gomoku.point import COLUMN_LETTERS, Point, to_notation
from gomoku.rules import Stone
from gomoku.tui import state as st

# -- looks ------------------------------------------------------------------

UNICODE_GLYPHS = {
    "tl": "┌", "t": "┬", "tr": "┐", "l": "├", "c": "┼", "r": "┤", "bl": "└", "b": "┴", "br": "┘",
    "h": "─", "v": "│", "star": "╋",
    "black": "●", "white": "○", "black_last": "◉", "white_last": "◎",
    "forbidden": "×", "hint": "◇", "cursor_l": "[", "cursor_r": "]",
    "box_tl": "╭", "box_tr": "╮", "box_bl": "╰", "box_br": "╯", "box_h": "─", "box_v": "│",
    "pointer": "▸", "dot": "·", "spinner": "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏",
}  # fmt: skip
ASCII_GLYPHS = {
    "tl": ".", "t": ".", "tr": ".", "l": ".", "c": ".", "r": ".", "bl": ".", "b": ".", "br": ".",
    "h": " ", "v": " ", "star": "+",
    "black": "X", "white": "O", "black_last": "X", "white_last": "O",
    "forbidden": "!", "hint": "?", "cursor_l": "[", "cursor_r": "]",
    "box_tl": "+", "box_tr": "+", "box_bl": "+", "box_br": "+", "box_h": "-", "box_v": "|",
    "pointer": ">", "dot": "-", "spinner": "|/-\\",
}  # fmt: skip

STYLES = (
    "board", "label", "black", "white", "black_last", "white_last", "black_win", "white_win",
    "cursor", "forbidden", "hint", "heat1", "heat2", "heat3", "heat4", "heat5",
    "title", "status", "result", "message", "alert", "dim", "selected", "panel", "box",
)  # fmt: skip


@dataclass
class Theme:
    """Glyphs and curses attributes per style name."""

    glyphs: dict[str, str] = field(default_factory=lambda: dict(UNICODE_GLYPHS))
    attrs: dict[str, int] = field(default_factory=dict)

    def __call__(self, style: str) -> int:
        return self.attrs.get(style, 0)

    @property
    def unicode(self) -> bool:
        return self.glyphs["black"] != "X"


def plain_theme(unicode: bool = True) -> Theme:
    """A theme with no attributes at all (for tests and for terminals with nothing)."""
    return Theme(dict(UNICODE_GLYPHS if unicode else ASCII_GLYPHS), {})


def curses_theme(unicode: bool, colour: bool) -> Theme:
    """The theme for the running terminal; call after ``curses.initscr``.

    Without colour, shape and attributes (bold, reverse, underline) still tell
    the marks apart: last move and winning row in reverse video, forbidden
    points and hints by their glyphs.
    """
    bold, reverse, dim = curses.A_BOLD, curses.A_REVERSE, curses.A_DIM
    attrs = {
        "black": bold, "white": 0, "black_last": bold | reverse, "white_last": reverse,
        "black_win": bold | reverse | curses.A_UNDERLINE, "white_win": reverse | curses.A_UNDERLINE,
        "cursor": bold, "forbidden": bold, "hint": bold, "title": reverse | bold,
        "status": bold, "result": bold | reverse, "alert": bold, "dim": dim, "selected": reverse,
        "label": 0, "heat5": bold,
    }  # fmt: skip
    if colour:
        attrs.update(_colour_attrs())
    return Theme(dict(UNICODE_GLYPHS if unicode else ASCII_GLYPHS), attrs)


def _colour_attrs() -> dict[str, int]:
    rich = curses.COLORS >= 256
    black, white = (16, 231) if rich else (curses.COLOR_BLACK, curses.COLOR_WHITE)
    wood = 179 if rich else curses.COLOR_YELLOW
    grid = 94 if rich else curses.COLOR_BLACK
    last = 203 if rich else curses.COLOR_RED
    win = 114 if rich else curses.COLOR_GREEN
    heat = (230, 229, 221, 214, 202) if rich else (curses.COLOR_YELLOW,) * 2 + (curses.COLOR_RED,) * 3
    pairs = {
        "board": (grid, wood), "label": (-1, -1),
        "black": (black, wood), "white": (white, wood),
        "black_last": (black, last), "white_last": (white, last),
        "black_win": (black, win), "white_win": (white, win),
        "cursor": (curses.COLOR_BLUE if not rich else 21, wood),
        "forbidden": (curses.COLOR_RED if not rich else 160, wood),
        "hint": (curses.COLOR_MAGENTA if not rich else 90, wood),
        "title": (curses.COLOR_WHITE, curses.COLOR_BLUE),
        "alert": (curses.COLOR_RED, -1), "result": (curses.COLOR_BLACK, curses.COLOR_GREEN),
        "selected": (curses.COLOR_WHITE if not rich else 231, curses.COLOR_BLUE if not rich else 25),
        "box": (curses.COLOR_CYAN, -1),
    }  # fmt: skip
    for level, background in enumerate(heat, start=1):
        pairs[f"heat{level}"] = (black, background) if rich else (curses.COLOR_BLACK, background)
    attrs: dict[str, int] = {}
    extra = {
        "black": curses.A_BOLD, "white": curses.A_BOLD, "black_last": curses.A_BOLD,
        "white_last": curses.A_BOLD, "black_win": curses.A_BOLD, "white_win": curses.A_BOLD,
        "cursor": curses.A_BOLD, "forbidden": curses.A_BOLD, "hint": curses.A_BOLD,
        "title": curses.A_BOLD, "alert": curses.A_BOLD, "result": curses.A_BOLD,
    }  # fmt: skip
    for number, (name, (fg, bg)) in enumerate(pairs.items(), start=1):
        if number >= curses.COLOR_PAIRS:
            break
        curses.init_pair(number, fg, bg)
        attrs[name] = curses.color_pair(number) | extra.get(name, 0)
    return attrs


# -- the window -------------------------------------------------------------


class Window(Protocol):
    def getmaxyx(self) -> tuple[int, int]: ...
    def erase(self) -> None: ...
    def addstr(self, y: int, x: int, text: str, attr: int = 0) -> Any: ...


def put(win: Window, y: int, x: int, text: str, attr: int = 0) -> None:
    """Write ``text`` at ``(y, x)``, clipped to the window; never raises for lack of room."""
    rows, cols = win.getmaxyx()
    if not 0 <= y < rows or x >= cols or not text:
        return
    if x < 0:
        text, x = text[-x:], 0
    text = text[: cols - x]
    if not text:
        return
    try:
        win.addstr(y, x, text, attr)
    except curses.error:
        pass  # writing the bottom-right cell moves the cursor off screen: the text is drawn


# -- geometry ---------------------------------------------------------------

HEADER_ROWS = 1
FOOTER_ROWS = 2
PANEL_WIDTH = 24


@dataclass(frozen=True)
class BoardLayout:
    """Where the board goes: ``cell_w`` columns and ``cell_h`` rows per point."""

    size: int
    top: int
    left: int
    cell_w: int
    cell_h: int
    panel_x: int | None

    def screen_of(self, point: Point) -> tuple[int, int]:
        """The screen ``(row, column)`` of a point's intersection."""
        return self.top + point.y * self.cell_h, self.left + point.x * self.cell_w

    def point_at(self, row: int, col: int) -> Point | None:
        """The point nearest a screen cell, if the cell is on (or right next to) the board."""
        x = round((col - self.left) / self.cell_w)
        y = round((row - self.top) / self.cell_h)
        if abs(col - (self.left + x * self.cell_w)) > self.cell_w // 2:
            return None
        if 0 <= x < self.size and 0 <= y < self.size:
            return Point(x, y)
        return None

    @property
    def width(self) -> int:
        return (self.size - 1) * self.cell_w + 1

    @property
    def height(self) -> int:
        return (self.size - 1) * self.cell_h + 1


def label_width(size: int) -> int:
    return len(str(size)) + 1


def needed(size: int, cell_w: int = 2, cell_h: int = 1) -> tuple[int, int]:
    """The smallest terminal ``(rows, columns)`` that shows a ``size`` board with these cells."""
    rows = HEADER_ROWS + (size - 1) * cell_h + 1 + 1 + FOOTER_ROWS
    cols = label_width(size) + (size - 1) * cell_w + 1 + 2 * (cell_w // 2)
    return rows, cols


def board_layout(rows: int, cols: int, size: int) -> BoardLayout | None:
    """Where a ``size`` board goes on a ``rows`` x ``cols`` terminal, or ``None`` if it cannot fit.

    Cells are 4 columns by 2 rows when that fits, else 2 by 1 (terminal
    characters are about twice as tall as wide, so both look square).  The
    move list goes to the right when there is room.
    """
    for cell_w, cell_h in ((4, 2), (2, 1)):
        need_rows, need_cols = needed(size, cell_w, cell_h)
        if rows >= need_rows and cols >= need_cols:
            break
    else:
        return None
    board_cols = need_cols
    panel = cols - board_cols >= PANEL_WIDTH + 2
    total = board_cols + (PANEL_WIDTH + 2 if panel else 0)
    start = max(0, (cols - total) // 2)
    left = start + label_width(size) + cell_w // 2
    spare = rows - need_rows
    top = HEADER_ROWS + min(spare // 2, 1 if cell_h == 1 else spare // 2)
    panel_x = start + board_cols + 2 if panel else None
    return BoardLayout(size, top, left, cell_w, cell_h, panel_x)


MENU_WIDTH = 50


@dataclass(frozen=True)
class MenuLayout:
    top: int
    left: int
    width: int
    first_item: int
    items: int

    def index_at(self, row: int, col: int) -> int | None:
        """The menu row under a screen cell, if any."""
        index = row - self.first_item
        if 0 <= index < self.items and self.left <= col < self.left + self.width:
            return index
        return None


def menu_layout(rows: int, cols: int, items: int) -> MenuLayout | None:
    """Where the menu box goes, or ``None`` if the terminal is too small for it."""
    height = items + 7
    width = min(MENU_WIDTH, cols)
    if rows < height + HEADER_ROWS or cols < 40:
        return None
    top = HEADER_ROWS + max(0, (rows - HEADER_ROWS - height) // 2)
    left = (cols - width) // 2
    return MenuLayout(top, left, width, top + 3, items)


# -- drawing ----------------------------------------------------------------


def draw(win: Window, state: st.State, theme: Theme, frame: int = 0) -> None:
    """Paint ``state`` on ``win``.  ``frame`` turns the thinking spinner."""
    win.erase()
    rows, cols = win.getmaxyx()
    _header(win, state, theme, cols)
    if state.screen == st.MENU:
        _menu(win, state, theme, rows, cols)
    elif state.screen == st.RESUME:
        _resume(win, state, theme, rows, cols)
    elif state.screen == st.REPLAY:
        _replay(win, state, theme, rows, cols)
    else:
        _game(win, state, theme, rows, cols, frame)
    if state.overlay == st.HELP:
        _help(win, theme, rows, cols, REPLAY_HELP_LINES if state.screen == st.REPLAY else HELP_LINES)
    elif state.overlay == st.CONFIRM_QUIT:
        _confirm(win, theme, rows, cols)
    elif state.overlay == st.PROMPT and state.prompt is not None:
        _prompt(win, state.prompt, theme, rows, cols)
    elif state.overlay == st.NOTICE:
        _notice(win, state.notice, theme, rows, cols)


def _header(win: Window, state: st.State, theme: Theme, cols: int) -> None:
    put(win, 0, 0, " " * cols, theme("title"))
    put(win, 0, 1, "gomoku", theme("title"))
    game = state.game
    if state.screen == st.GAME and game is not None:
        settings = game.settings
        info = st.MODE_NAMES[settings.mode]
        if settings.mode != "pvp":
            info += f" · level {settings.level}"
        info += f" · {settings.rule} {settings.size}x{settings.size}"
        if game.paused:
            info += " · paused"
        if not theme.unicode:
            info = info.replace("·", "-")
        put(win, 0, max(9, cols - len(info) - 1), info, theme("title"))
    elif state.screen == st.REPLAY and state.replay is not None:
        record = state.replay.record
        info = f"replay · {state.replay.name} · {record.rule.value} {record.size}x{record.size}"
        if not theme.unicode:
            info = info.replace("·", "-")
        info = info if len(info) <= cols - 10 else info[: max(0, cols - 11)] + ("…" if theme.unicode else "~")
        put(win, 0, max(9, cols - len(info) - 1), info, theme("title"))
    else:
        put(win, 0, max(9, cols - 16), "? help  q quit", theme("title"))


def _too_small(win: Window, theme: Theme, rows: int, cols: int, what: str, need: tuple[int, int]) -> None:
    lines = [
        "Terminal too small",
        f"{what} needs {need[1]}x{need[0]};",
        f"this terminal is {cols}x{rows}.",
        "Enlarge it, or q to quit.",
    ]
    top = max(HEADER_ROWS, (rows - len(lines)) // 2)
    for offset, line in enumerate(lines):
        put(win, top + offset, max(0, (cols - len(line)) // 2), line, theme("alert") if offset == 0 else 0)


def _box(win: Window, theme: Theme, top: int, left: int, height: int, width: int) -> None:
    g, attr = theme.glyphs, theme("box")
    put(win, top, left, g["box_tl"] + g["box_h"] * (width - 2) + g["box_tr"], attr)
    for row in range(top + 1, top + height - 1):
        put(win, row, left, g["box_v"], attr)
        put(win, row, left + 1, " " * (width - 2))
        put(win, row, left + width - 1, g["box_v"], attr)
    put(win, top + height - 1, left, g["box_bl"] + g["box_h"] * (width - 2) + g["box_br"], attr)


# -- the menu ---------------------------------------------------------------


def _menu(win: Window, state: st.State, theme: Theme, rows: int, cols: int) -> None:
    items = st.menu_items(state)
    layout = menu_layout(rows, cols, len(items))
    if layout is None:
        _too_small(win, theme, rows, cols, "The menu", (len(items) + 8, 40))
        return
    height = len(items) + 7
    _box(win, theme, layout.top, layout.left, height, layout.width)
    put(win, layout.top + 1, layout.left + 3, "Gomoku: five in a row", theme("status"))
    settings = state.settings
    for index, item in enumerate(items):
        row = layout.first_item + index
        selected = index == state.menu_index
        pointer = theme.glyphs["pointer"] if selected else " "
        label = st.MENU_LABELS[item]
        if item in st.CHOICES:
            value = st.choice_text(settings, item)
            value = f"< {value} >" if selected else f"  {value}"
            text = f" {pointer} {label:<15}{value}"
        else:
            text = f" {pointer} {label}"
        text = text.ljust(layout.width - 4)
        applies = item not in st.CHOICES or st.choice_applies(settings, item)
        attr = theme("selected") if selected else (0 if applies else theme("dim"))
        put(win, row, layout.left + 2, text, attr)
    help_row = layout.first_item + len(items) + 1
    dot = theme.glyphs["dot"]
    hint = f"up/down choose {dot} left/right change {dot} Enter"
    if state.game is not None:
        hint += f" {dot} Esc back"
    put(win, help_row, layout.left + 3, hint[: layout.width - 5], theme("dim"))
    _message(win, state, theme, rows, cols)


# -- the game ---------------------------------------------------------------


def _game(win: Window, state: st.State, theme: Theme, rows: int, cols: int, frame: int) -> None:
    game = state.game
    if game is None:
        return
    size = game.board.size
    layout = board_layout(rows, cols, size)
    if layout is None:
        _too_small(win, theme, rows, cols, f"A {size}x{size} board", needed(size))
        return
    _board(win, state, game, layout, theme)
    if layout.panel_x is not None:
        _panel(win, game, layout, theme, rows)
    _status(win, state, game, theme, rows, cols, frame)
    _message(win, state, theme, rows, cols)


def star_points(size: int) -> set[Point]:
    """The marked points (hoshi) of a board: the centre and, on bigger boards, the corners' stars."""
    if size < 9:
        return set()
    edge = 3 if size >= 13 else 2
    lines = [edge, size - 1 - edge]
    if size % 2 and size >= 15:
        lines.append(size // 2)
    points = {Point(x, y) for x in lines for y in lines} if size >= 19 else {
        Point(x, y) for x in lines[:2] for y in lines[:2]
    }
    if size % 2:
        points.add(Point(size // 2, size // 2))
    return points


def _grid_glyph(x: int, y: int, size: int, stars: set[Point]) -> str:
    vertical = "t" if y == 0 else "b" if y == size - 1 else ""
    horizontal = "l" if x == 0 else "r" if x == size - 1 else ""
    if not vertical and not horizontal:
        return "star" if Point(x, y) in stars else "c"
    if vertical and horizontal:
        return vertical + horizontal
    return vertical or horizontal


def heat_levels(board: Board) -> dict[Point, int]:
    """Each empty point's urgency for both sides (document 000's weights), scaled 1..9 (0 left out)."""
    urgency = board.tables.urgency
    values = {
        cell: urgency[1][cell] + urgency[2][cell]
        for cell, value in enumerate(board.cells)
        if not value
    }
    top = max(values.values(), default=0)
    if top <= 0:
        return {}
    return {
        board.point_of(cell): max(1, -(-9 * value // top))
        for cell, value in values.items()
        if value > 0
    }


def _board(win: Window, state: st.State, game: st.Game, layout: BoardLayout, theme: Theme) -> None:
    g = theme.glyphs
    board, size = game.board, game.board.size
    stars = star_points(size)
    board_attr = theme("board")
    pad = layout.cell_w // 2
    # the grid, one line of text per screen row, on the board's colour
    for y in range(size):
        row, _ = layout.screen_of(Point(0, y))
        line = (g["h"] * (layout.cell_w - 1)).join(g[_grid_glyph(x, y, size, stars)] for x in range(size))
        put(win, row, layout.left - pad, " " * pad + line + " " * pad, board_attr)
        label = str(size - y).rjust(label_width(size) - 1)
        put(win, row, layout.left - pad - label_width(size), label, theme("label"))
        if y < size - 1:
            between = (" " * (layout.cell_w - 1)).join(g["v"] for _ in range(size))
            for extra in range(1, layout.cell_h):
                put(win, row + extra, layout.left - pad, " " * pad + between + " " * pad, board_attr)
    letters_row = layout.top + layout.height
    for x in range(size):
        _, col = layout.screen_of(Point(x, 0))
        put(win, letters_row, col, COLUMN_LETTERS[x], theme("label"))
    # marks under the stones: heat map, forbidden points, the hint
    if state.heat:
        for point, level in heat_levels(board).items():
            row, col = layout.screen_of(point)
            put(win, row, col, str(level), theme(f"heat{(level + 1) // 2}"))
    for point in game.forbidden:
        row, col = layout.screen_of(point)
        put(win, row, col, g["forbidden"], theme("forbidden"))
    if game.hint is not None and board.is_empty(game.hint):
        row, col = layout.screen_of(game.hint)
        put(win, row, col, g["hint"], theme("hint"))
    # the stones, the last move and the winning row
    last = board.last_move
    winning = set(board.outcome.line) if board.outcome is not None else set()
    cells = board.cells
    for cell, value in enumerate(cells):
        if not value:
            continue
        point = board.point_of(cell)
        name = "black" if value == Stone.BLACK else "white"
        glyph = g[name]
        if point in winning:
            style = f"{name}_win"
        elif point == last:
            style = f"{name}_last"
            glyph = g[f"{name}_last"]
        else:
            style = name
        row, col = layout.screen_of(point)
        put(win, row, col, glyph, theme(style))
    # the cursor, as brackets either side of the point
    if game.settings.mode != "cvc" and state.screen == st.GAME:
        row, col = layout.screen_of(game.cursor)
        put(win, row, col - 1, g["cursor_l"], theme("cursor"))
        put(win, row, col + 1, g["cursor_r"], theme("cursor"))


def _panel(win: Window, game: st.Game, layout: BoardLayout, theme: Theme, rows: int) -> None:
    keys = [
        "Enter/Space play",
        "u undo    r redo",
        "H hint    t heat map",
        "S save    L load",
        "n new     ? help",
        "q quit",
    ]
    if game.settings.mode == "cvc":
        keys[0:3] = ["p pause/resume", "u undo    r redo", "t heat map"]
    board = game.board
    names = [board.notation(point) for point in board.moves]
    _moves_panel(win, layout, theme, rows, names, keys)


def _moves_panel(
    win: Window,
    layout: BoardLayout,
    theme: Theme,
    rows: int,
    names: list[str],
    keys: list[str],
    shown: int | None = None,
) -> None:
    """The move list beside the board, and the keys below it when there is room.

    In a replay, ``shown`` moves are on the board: the last of them is
    highlighted and kept in view, and the later ones are dimmed.  Otherwise
    the list ends with the last move.
    """
    x = layout.panel_x
    assert x is not None
    top = layout.top
    bottom = rows - FOOTER_ROWS - 1
    keys_top = bottom - len(keys) + 1
    show_keys = keys_top - top >= 6
    moves_bottom = keys_top - 2 if show_keys else bottom
    put(win, top, x, "Moves", theme("status"))
    pairs = list(range(0, len(names), 2))
    room = max(0, moves_bottom - top)
    first = max(0, len(pairs) - room)
    if shown is not None:
        current = max(0, shown - 1) // 2
        first = max(0, min(current - room // 2, len(pairs) - room))
    for offset, n in enumerate(pairs[first : first + room]):
        row = top + 1 + offset
        put(win, row, x, f"{n // 2 + 1:>3}.")
        for column, index in ((x + 5, n), (x + 10, n + 1)):
            if index >= len(names):
                continue
            attr = 0
            if shown is not None and index == shown - 1:
                attr = theme("selected")
            elif shown is not None and index >= shown:
                attr = theme("dim")
            put(win, row, column, f"{names[index]:<4}" if attr == 0 else names[index], attr)
    if not pairs:
        put(win, top + 1, x, "  none yet", theme("dim"))
    if show_keys:
        for offset, line in enumerate(keys):
            put(win, keys_top + offset, x, line, theme("dim"))


def _status(win: Window, state: st.State, game: st.Game, theme: Theme, rows: int, cols: int, frame: int) -> None:
    board = game.board
    dot = f" {theme.glyphs['dot']} "
    row = rows - FOOTER_ROWS
    result = st.result_text(game)
    if result:
        text = f" {result} "
        put(win, row, 0, text, theme("result"))
        put(win, row, len(text) + 1, f"after {len(board.moves)} moves")
        return
    stone = board.turn
    glyph = theme.glyphs[str(stone)]
    spinner = theme.glyphs["spinner"]
    if state.pending is not None and state.pending.kind == st.MOVE:
        turn = f"{glyph} {st.side_name(game, stone)} thinking {spinner[frame % len(spinner)]}"
    elif game.paused and game.computer_to_move:
        turn = f"{glyph} {st.side_name(game, stone)} to play (paused)"
    else:
        turn = f"{glyph} {st.side_name(game, stone)} to play"
    parts = [turn, game.settings.rule, f"move {len(board.moves) + 1}"]
    if board.last_move is not None:
        parts.append(f"last: {board.turn.opponent} {board.notation(board.last_move)}")
    put(win, row, 1, dot.join(parts)[: cols - 2], theme("status"))


def _message(win: Window, state: st.State, theme: Theme, rows: int, cols: int) -> None:
    row = rows - 1
    if state.message:
        put(win, row, 1, state.message, theme("alert") if state.alert else theme("message"))
        return
    dot = f" {theme.glyphs['dot']} "
    if state.screen == st.REPLAY:
        keys = ["left/right step", "Home/End", "Enter play on", "m mode", "Esc back", "? help"]
        put(win, row, 1, dot.join(keys)[: cols - 2], theme("dim"))
        return
    if state.screen == st.GAME and state.game is not None:
        dot = f" {theme.glyphs['dot']} "
        if state.game.board.is_game_over():
            keys = ["n new game", "u undo", "t heat map", "? help", "q quit"]
        elif state.game.settings.mode == "cvc":
            keys = ["p pause", "u undo", "t heat map", "n new game", "? help", "q quit"]
        else:
            keys = ["Enter play", "u undo", "r redo", "H hint", "t heat map", "? help", "q quit"]
        text = dot.join(keys)
        put(win, row, 1, text[: cols - 2], theme("dim"))


HELP_LINES = (
    ("arrows hjkl wasd", "move the cursor"),
    ("Enter or Space", "play at the cursor"),
    ("mouse click", "play where you click"),
    ("u / r", "undo / redo"),
    ("", "(vs the computer: back to your turn)"),
    ("H", "hint: the computer's suggestion"),
    ("t", "heat map of the urgency of points"),
    ("p", "pause or resume the computer"),
    ("S / L", "save to a file / load and replay one"),
    ("n", "new game (the menu)"),
    ("? or F1", "this help"),
    ("q", "quit (the game is kept: resume later)"),
)

REPLAY_HELP_LINES = (
    ("left right , .", "one move back / forward (Space too)"),
    ("up down PgUp PgDn", "ten moves back / forward"),
    ("Home End g G", "the start / the last move"),
    ("Enter or p", "play on from the move shown"),
    ("", "(later moves stay: r replays them)"),
    ("m", "mode to play on in (vs computer:"),
    ("", "you take the side to move)"),
    ("t", "heat map of the urgency of points"),
    ("S / L", "save this record / load another"),
    ("Esc", "back to the game or the menu"),
    ("? or F1", "this help"),
    ("q", "quit"),
)


def _help(win: Window, theme: Theme, rows: int, cols: int, lines: tuple[tuple[str, str], ...] = HELP_LINES) -> None:
    width = min(cols, 60)
    height = min(rows - HEADER_ROWS, len(lines) + 6)
    top = HEADER_ROWS + max(0, (rows - HEADER_ROWS - height) // 2)
    left = max(0, (cols - width) // 2)
    _box(win, theme, top, left, height, width)
    put(win, top + 1, left + 3, "Keys", theme("status"))
    for offset, (keys, what) in enumerate(lines):
        row = top + 2 + offset
        if row >= top + height - 2:
            break
        put(win, row, left + 3, f"{keys:<18}{what}"[: width - 5])
    if theme.unicode:
        legend = "● black  ○ white  ◉◎ last  × forbidden  ◇ hint"
    else:
        legend = "X black  O white  ! forbidden  ? hint"
    put(win, top + height - 3, left + 3, legend[: width - 5], theme("dim"))
    put(win, top + height - 2, left + 3, "Any key closes this help."[: width - 5], theme("dim"))


def _confirm(win: Window, theme: Theme, rows: int, cols: int) -> None:
    lines = ("Quit this game?", "y quits, any other key goes back")
    width = min(cols, max(len(line) for line in lines) + 6)
    top = max(0, rows // 2 - 2)
    left = max(0, (cols - width) // 2)
    _box(win, theme, top, left, 4, width)
    for offset, line in enumerate(lines):
        put(win, top + 1 + offset, left + 3, line, theme("status") if offset == 0 else 0)


# -- replay, resume, file names, notices ---------------------------------------


SHORT_MODE_NAMES = {"pvc": "vs computer", "pvp": "two players", "cvc": "watch"}


def replay_game(state: st.State) -> st.Game | None:
    """The replay's position as a game to draw (no cursor, no computer; renju fouls marked)."""
    replay = state.replay
    if replay is None:
        return None
    board = replay.board
    settings = st.Settings(mode="pvp", rule=board.rule.value, size=board.size)
    return st.with_board(st.Game(board, settings, frozenset(), Point(board.size // 2, board.size // 2)), board)


def _replay(win: Window, state: st.State, theme: Theme, rows: int, cols: int) -> None:
    replay = state.replay
    game = replay_game(state)
    if replay is None or game is None:
        return
    size = replay.board.size
    layout = board_layout(rows, cols, size)
    if layout is None:
        _too_small(win, theme, rows, cols, f"A {size}x{size} board", needed(size))
        return
    _board(win, state, game, layout, theme)
    record = replay.record
    if layout.panel_x is not None:
        names = [to_notation(point, size) for point in record.moves]
        mode = SHORT_MODE_NAMES.get(st.take_over_mode(state), "")
        keys = ["left/right step", "Home/End first/last", "Enter play on from here", f"m mode: {mode}",
                "S save    L load", "Esc back  ? help"]  # fmt: skip
        _moves_panel(win, layout, theme, rows, names, keys, shown=replay.index)
    _replay_status(win, replay, game, theme, rows, cols)
    _message(win, state, theme, rows, cols)


def _replay_status(win: Window, replay: st.Replay, game: st.Game, theme: Theme, rows: int, cols: int) -> None:
    board = replay.board
    total = len(replay.record.moves)
    row = rows - FOOTER_ROWS
    dot = f" {theme.glyphs['dot']} "
    if replay.index == 0:
        parts = ["Start", f"{total} moves in all", f"{str(board.turn).capitalize()} to play"]
    else:
        last = board.last_move
        mover = str(board.turn.opponent).capitalize()
        parts = [f"Move {replay.index} of {total}", f"{mover} {board.notation(last)}" if last else ""]
    result = st.result_text(game)
    if result:
        text = f" {result} "
        put(win, row, 0, text, theme("result"))
        put(win, row, len(text) + 1, dot.join(parts)[: max(0, cols - len(text) - 2)], theme("status"))
        return
    if replay.index == total and replay.record.result:
        parts.append(f"result {replay.record.result}")
    put(win, row, 1, dot.join(p for p in parts if p)[: cols - 2], theme("status"))


def _centred_box(
    win: Window, theme: Theme, rows: int, cols: int, lines: list[tuple[str, str]], width: int
) -> tuple[int, int]:
    """A box in the middle of the screen holding ``lines`` of (text, style); its top-left corner."""
    width = min(cols, width)
    height = len(lines) + 2
    top = HEADER_ROWS + max(0, (rows - HEADER_ROWS - height) // 2)
    left = max(0, (cols - width) // 2)
    _box(win, theme, top, left, height, width)
    for offset, (text, style) in enumerate(lines):
        put(win, top + 1 + offset, left + 2, text[: width - 4], theme(style) if style else 0)
    return top, left


def _joined_lines(names: tuple[str, ...], separator: str, width: int) -> list[str]:
    """``names`` joined by ``separator`` into lines of at most ``width`` (a name too long is cut)."""
    width = max(1, width)
    lines: list[str] = []
    line = ""
    for name in names:
        name = name[:width]
        if line and len(line) + len(separator) + len(name) > width:
            lines.append(line)
            line = name
        else:
            line = f"{line}{separator}{name}" if line else name
    if line:
        lines.append(line)
    return lines


def wrap(text: str, width: int) -> list[str]:
    """``text`` broken into lines of at most ``width`` characters (long words are cut)."""
    width = max(1, width)  # a tiny terminal still gets lines, one character wide
    lines: list[str] = []
    line = ""
    for word in text.split():
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def _resume(win: Window, state: st.State, theme: Theme, rows: int, cols: int) -> None:
    saved = state.offer
    if saved is None:
        return
    width = min(cols, 60)
    when = saved.saved_at.replace("T", " ").replace("Z", " UTC")
    lines = [
        ("", ""),
        ("Resume the unfinished game?", "status"),
        ("", ""),
        (st.offer_summary(saved), ""),
    ]
    if when:
        lines.append((f"saved {when}", "dim"))
    lines += [
        ("", ""),
        ("y or Enter: resume it", ""),
        ("n: start afresh (it is kept as previous.json)", ""),
        ("", ""),
    ]
    _centred_box(win, theme, rows, cols, [(f" {text}", style) for text, style in lines], width)
    _message(win, state, theme, rows, cols)


def _prompt(win: Window, prompt: st.Prompt, theme: Theme, rows: int, cols: int) -> None:
    width = min(cols, 64)
    inner = width - 6
    saving = prompt.kind == st.SAVE_RECORD
    title = "Save this game to a file" if saving else "Load a game record to replay"
    field = inner - 6
    text = prompt.text
    if len(text) >= field:
        text = ("…" if theme.unicode else "<") + text[-(field - 2) :]
    shown = text + ("" if prompt.fresh else "_")
    lines: list[tuple[str, str]] = [(title, "status"), ("", "")]
    lines.append(("File: " + shown.ljust(field), ""))
    if saving:
        lines.append((".sgf, .psq, or any other name for a move list", "dim"))
        lines.append(("(a name without a folder goes in the current one)", "dim"))
    else:
        lines.append(("SGF, Piskvork .psq, or a move list such as h8 i9", "dim"))
        if prompt.choices:
            label = "Here (up/down): "
            listed = _joined_lines(prompt.choices, "  ", inner - len(label))
            for number, line in enumerate(listed[:2]):
                lines.append(((label if number == 0 else " " * len(label)) + line, "dim"))
    for line in wrap(prompt.error, inner)[:4]:
        lines.append((line, "alert"))
    lines.append(("", ""))
    lines.append(("Enter " + ("saves" if saving else "loads") + " · Esc cancels · Ctrl-U clears", "dim"))
    if not theme.unicode:
        lines = [(text.replace("·", "-"), style) for text, style in lines]
    top, left = _centred_box(win, theme, rows, cols, [(f" {t}", style) for t, style in lines], width)
    if prompt.fresh and prompt.text:  # the suggestion is selected: typing replaces it
        put(win, top + 3, left + 9, text, theme("selected"))


def _notice(win: Window, text: str, theme: Theme, rows: int, cols: int) -> None:
    width = min(cols, 64)
    body = wrap(text, width - 6)[: max(1, rows - 8)]
    lines = [("", "")] + [(line, "alert" if n == 0 else "") for n, line in enumerate(body)]
    lines += [("", ""), ("Any key continues.", "dim")]
    _centred_box(win, theme, rows, cols, [(f" {t}", style) for t, style in lines], width)
