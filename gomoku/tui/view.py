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
from gomoku.point import COLUMN_LETTERS, Point
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
    else:
        _game(win, state, theme, rows, cols, frame)
    if state.overlay == st.HELP:
        _help(win, theme, rows, cols)
    elif state.overlay == st.CONFIRM_QUIT:
        _confirm(win, theme, rows, cols)


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
    x = layout.panel_x
    assert x is not None
    top = layout.top
    bottom = rows - FOOTER_ROWS - 1
    keys = [
        "Enter/Space play",
        "u undo    r redo",
        "H hint    t heat map",
        "n new     ? help",
        "q quit",
    ]
    if game.settings.mode == "cvc":
        keys[0:3] = ["p pause/resume", "u undo    r redo", "t heat map"]
    keys_top = bottom - len(keys) + 1
    show_keys = keys_top - top >= 6
    moves_bottom = keys_top - 2 if show_keys else bottom
    put(win, top, x, "Moves", theme("status"))
    board = game.board
    names = [board.notation(point) for point in board.moves]
    pairs = [(n // 2 + 1, names[n], names[n + 1] if n + 1 < len(names) else "") for n in range(0, len(names), 2)]
    room = max(0, moves_bottom - top)
    shown = pairs[-room:] if room else []
    for offset, (number, black, white) in enumerate(shown):
        put(win, top + 1 + offset, x, f"{number:>3}. {black:<4} {white:<4}")
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
    ("n", "new game (the menu)"),
    ("? or F1", "this help"),
    ("q", "quit"),
)


def _help(win: Window, theme: Theme, rows: int, cols: int) -> None:
    width = min(cols, 56)
    height = min(rows - HEADER_ROWS, len(HELP_LINES) + 6)
    top = HEADER_ROWS + max(0, (rows - HEADER_ROWS - height) // 2)
    left = max(0, (cols - width) // 2)
    _box(win, theme, top, left, height, width)
    put(win, top + 1, left + 3, "Keys", theme("status"))
    for offset, (keys, what) in enumerate(HELP_LINES):
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
