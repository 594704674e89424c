"""Drawing pieces the screens share: looks, the window, boxes, the board, the move list, the message line.

Views draw on anything with the three methods of :class:`Window`
(``getmaxyx``, ``erase``, ``addstr``), so tests draw on a fake window and
read the text back.  Looks come from a :class:`Theme`: line characters or
plain ASCII, colours or none, per board style (:class:`~gomoku.tui.settings.BoardStyle`:
the wide style draws only characters two columns wide on every terminal, and
plain ASCII elsewhere).  Geometry comes from :mod:`gomoku.tui.layout`.
"""

from __future__ import annotations

import curses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from gomoku.board import Board
from gomoku.i18n import N_, _
from gomoku.point import COLUMN_LETTERS, Point
from gomoku.rules import Stone
from gomoku.textwidth import centre, fit, fit_end, ljust, width
from gomoku.textwidth import wrap as wrap_columns
from gomoku.tui.bindings import HELP
from gomoku.tui.layout import FOOTER_ROWS, HEADER_ROWS, BoardLayout, board_layout, label_width, needed
from gomoku.tui.model import State
from gomoku.tui.settings import BoardStyle

# -- looks ------------------------------------------------------------------

UNICODE_GLYPHS = {
    "tl": "┌",
    "t": "┬",
    "tr": "┐",
    "l": "├",
    "c": "┼",
    "r": "┤",
    "bl": "└",
    "b": "┴",
    "br": "┘",
    "h": "─",
    "v": "│",
    "star": "╋",
    "black": "●",
    "white": "○",
    "black_last": "◉",
    "white_last": "◎",
    "forbidden": "×",
    "hint": "◇",
    "area": "+",
    "offer": "*",
    "cursor_l": "[",
    "cursor_r": "]",
    "box_tl": "╭",
    "box_tr": "╮",
    "box_bl": "╰",
    "box_br": "╯",
    "box_h": "─",
    "box_v": "│",
    "pointer": "▸",
    "dot": "·",
    "spinner": "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏",
    "ellipsis": "…",
    "digits": "123456789",
}
ASCII_GLYPHS = {
    "tl": ".",
    "t": ".",
    "tr": ".",
    "l": ".",
    "c": ".",
    "r": ".",
    "bl": ".",
    "b": ".",
    "br": ".",
    "h": " ",
    "v": " ",
    "star": "+",
    "black": "X",
    "white": "O",
    "black_last": "X",
    "white_last": "O",
    "forbidden": "!",
    "hint": "?",
    "area": ":",
    "offer": "*",
    "cursor_l": "[",
    "cursor_r": "]",
    "box_tl": "+",
    "box_tr": "+",
    "box_bl": "+",
    "box_br": "+",
    "box_h": "-",
    "box_v": "|",
    "pointer": ">",
    "dot": "-",
    "spinner": "|/-\\",
    "ellipsis": "~",
    "digits": "123456789",
}
#: The wide style: every glyph on the board takes two columns on every terminal (fullwidth forms, wide
#: circles; none of the East Asian *ambiguous* characters), and the rest is plain ASCII, but for the
#: pointer and the spinner, which are one column everywhere.
WIDE_GLYPHS = {
    **ASCII_GLYPHS,
    **dict.fromkeys(("tl", "t", "tr", "l", "c", "r", "bl", "b", "br"), "＋"),
    "h": "－",
    "v": "｜",
    "star": "＊",
    "black": "⚫",
    "white": "⚪",
    "black_last": "⚫",
    "white_last": "⚪",
    "forbidden": "Ｘ",
    "hint": "？",
    "area": "：",
    "offer": "＠",
    "pointer": "▸",
    "spinner": UNICODE_GLYPHS["spinner"],
    "digits": "１２３４５６７８９",
}
GLYPHS = {BoardStyle.UNICODE: UNICODE_GLYPHS, BoardStyle.WIDE: WIDE_GLYPHS, BoardStyle.ASCII: ASCII_GLYPHS}

STYLES = (
    "board",
    "label",
    "black",
    "white",
    "black_last",
    "white_last",
    "black_win",
    "white_win",
    "cursor",
    "forbidden",
    "hint",
    "area",
    "offer",
    "heat1",
    "heat2",
    "heat3",
    "heat4",
    "heat5",
    "title",
    "status",
    "result",
    "message",
    "alert",
    "dim",
    "selected",
    "panel",
    "box",
)


@dataclass
class Theme:
    """Glyphs and curses attributes per style name, for a board style (which the board's layout follows)."""

    glyphs: dict[str, str] = field(default_factory=lambda: dict(UNICODE_GLYPHS))
    attrs: dict[str, int] = field(default_factory=dict)
    style: BoardStyle = BoardStyle.UNICODE

    def __call__(self, style: str) -> int:
        return self.attrs.get(style, 0)

    @property
    def unicode(self) -> bool:
        """Whether line characters and other East Asian ambiguous ones may be drawn (not in wide or ASCII)."""
        return self.style is BoardStyle.UNICODE

    def dots(self, text: str) -> str:
        """``text`` with its middle dots, crosses and arrows between words as the theme draws them (``-``, ``!``, ``->``
        in ASCII)."""
        return text if self.unicode else text.replace("·", "-").replace("×", "!").replace(" → ", " -> ")

    def join(self, parts: Iterable[str]) -> str:
        """Parts of a line, separated by the theme's dot."""
        return f" {self.glyphs['dot']} ".join(part for part in parts if part)


def plain_theme(unicode: bool = True, style: BoardStyle | None = None) -> Theme:
    """A theme with no attributes at all (for tests and for terminals with nothing)."""
    if style is None or style is BoardStyle.AUTO:
        style = BoardStyle.UNICODE if unicode else BoardStyle.ASCII
    return Theme(dict(GLYPHS[style]), {}, style)


def curses_theme(style: BoardStyle, colour: bool) -> Theme:
    """The theme for the running terminal; call after ``curses.initscr``.

    Without colour, shape and attributes (bold, reverse, underline) still tell
    the marks apart: last move and winning row in reverse video, forbidden
    points and hints by their glyphs.
    """
    bold, reverse, dim = curses.A_BOLD, curses.A_REVERSE, curses.A_DIM
    attrs = {
        "black": bold,
        "white": 0,
        "black_last": bold | reverse,
        "white_last": reverse,
        "black_win": bold | reverse | curses.A_UNDERLINE,
        "white_win": reverse | curses.A_UNDERLINE,
        "cursor": bold,
        "forbidden": bold,
        "hint": bold,
        "area": bold,
        "offer": bold | reverse,
        "title": reverse | bold,
        "status": bold,
        "result": bold | reverse,
        "alert": bold,
        "dim": dim,
        "selected": reverse,
        "label": 0,
        "heat5": bold,
    }
    if colour:
        attrs.update(_colour_attrs())
    return Theme(dict(GLYPHS[style]), attrs, style)


def _colour_attrs() -> dict[str, int]:
    rich = curses.COLORS >= 256
    black, white = (16, 231) if rich else (curses.COLOR_BLACK, curses.COLOR_WHITE)
    wood = 179 if rich else curses.COLOR_YELLOW
    grid = 94 if rich else curses.COLOR_BLACK
    last = 203 if rich else curses.COLOR_RED
    win = 114 if rich else curses.COLOR_GREEN
    heat = (230, 229, 221, 214, 202) if rich else (curses.COLOR_YELLOW,) * 2 + (curses.COLOR_RED,) * 3
    pairs = {
        "board": (grid, wood),
        "label": (-1, -1),
        "black": (black, wood),
        "white": (white, wood),
        "black_last": (black, last),
        "white_last": (white, last),
        "black_win": (black, win),
        "white_win": (white, win),
        "cursor": (curses.COLOR_BLUE if not rich else 21, wood),
        "forbidden": (curses.COLOR_RED if not rich else 160, wood),
        "hint": (curses.COLOR_MAGENTA if not rich else 90, wood),
        "area": (curses.COLOR_BLUE if not rich else 25, wood),
        "offer": (curses.COLOR_MAGENTA if not rich else 90, wood),
        "title": (curses.COLOR_WHITE, curses.COLOR_BLUE),
        "alert": (curses.COLOR_RED, -1),
        "result": (curses.COLOR_BLACK, curses.COLOR_GREEN),
        "selected": (curses.COLOR_WHITE if not rich else 231, curses.COLOR_BLUE if not rich else 25),
        "box": (curses.COLOR_CYAN, -1),
    }
    for level, background in enumerate(heat, start=1):
        pairs[f"heat{level}"] = (black, background) if rich else (curses.COLOR_BLACK, background)
    attrs: dict[str, int] = {}
    extra = {
        "black": curses.A_BOLD,
        "white": curses.A_BOLD,
        "black_last": curses.A_BOLD,
        "white_last": curses.A_BOLD,
        "black_win": curses.A_BOLD,
        "white_win": curses.A_BOLD,
        "cursor": curses.A_BOLD,
        "forbidden": curses.A_BOLD,
        "hint": curses.A_BOLD,
        "area": curses.A_BOLD,
        "offer": curses.A_BOLD,
        "title": curses.A_BOLD,
        "alert": curses.A_BOLD,
        "result": curses.A_BOLD,
    }
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
    """Write ``text`` at ``(y, x)``, clipped to the window by columns; never raises for lack of room."""
    rows, cols = win.getmaxyx()
    if not 0 <= y < rows or x >= cols or not text:
        return
    if x < 0:
        text, x = fit_end(text, width(text) + x), 0
    text = fit(text, cols - x)
    if not text:
        return
    try:
        win.addstr(y, x, text, attr)
    except curses.error:
        pass  # writing the bottom-right cell moves the cursor off screen: the text is drawn


def wrap(text: str, columns: int) -> list[str]:
    """``text`` broken into lines of at most ``columns`` terminal columns (long words are cut)."""
    return wrap_columns(text, columns)


def joined_lines(names: Iterable[str], separator: str, columns: int) -> list[str]:
    """``names`` joined by ``separator`` into lines of at most ``columns`` columns (a name too long is cut)."""
    columns = max(1, columns)
    lines: list[str] = []
    line = ""
    for name in names:
        name = fit(name, columns)
        if line and width(line) + width(separator) + width(name) > columns:
            lines.append(line)
            line = name
        else:
            line = f"{line}{separator}{name}" if line else name
    if line:
        lines.append(line)
    return lines


def box(win: Window, theme: Theme, top: int, left: int, height: int, width: int) -> None:
    """A frame with a blank inside.

    In the wide style the box's rows are first blanked from edge to edge: its
    sides would otherwise fall on half of a board's wide glyph, and curses,
    which keeps the other half, loses count of the columns on that row.
    """
    g, attr = theme.glyphs, theme("box")
    if theme.style is BoardStyle.WIDE:
        cols = win.getmaxyx()[1]
        for row in range(top, top + height):
            put(win, row, 0, " " * cols)
    put(win, top, left, g["box_tl"] + g["box_h"] * (width - 2) + g["box_tr"], attr)
    for row in range(top + 1, top + height - 1):
        put(win, row, left, g["box_v"], attr)
        put(win, row, left + 1, " " * (width - 2))
        put(win, row, left + width - 1, g["box_v"], attr)
    put(win, top + height - 1, left, g["box_bl"] + g["box_h"] * (width - 2) + g["box_br"], attr)


def centred_box(win: Window, theme: Theme, lines: list[tuple[str, str]], width: int) -> tuple[int, int]:
    """A box in the middle of the screen holding ``lines`` of (text, style); its top-left corner."""
    rows, cols = win.getmaxyx()
    width = min(cols, width)
    height = len(lines) + 2
    top = HEADER_ROWS + max(0, (rows - HEADER_ROWS - height) // 2)
    left = max(0, (cols - width) // 2)
    for row in range(max(top, rows - FOOTER_ROWS), top + height):
        # the status and key lines under a tall box are blanked whole: no scrap of them beside it, and no
        # wide character with its right half under the border (a terminal would leave half a glyph)
        put(win, row, 0, " " * cols)
    box(win, theme, top, left, height, width)
    for offset, (text, style) in enumerate(lines):
        put(win, top + 1 + offset, left + 2, fit(theme.dots(text), width - 4), theme(style) if style else 0)
    return top, left


def too_small(win: Window, theme: Theme, what: str, need: tuple[int, int], needs: str = "") -> None:
    """Say how big the terminal must be for ``what`` (``need`` is rows, columns).

    ``needs`` is the line that says so as a whole sentence, in the language in
    use (``A 15x15 board needs 50x24;``); without it the line is made from ``what``.
    """
    rows, cols = win.getmaxyx()
    # i18n: {what} names the thing shown, as a sentence's subject: "The menu"
    needs = needs or _("{what} needs {columns}x{rows};").format(what=what, columns=need[1], rows=need[0])
    lines = [
        _("Terminal too small"),
        needs,
        _("this terminal is {columns}x{rows}.").format(columns=cols, rows=rows),
        _("Enlarge it, or q to quit."),
    ]
    top = max(HEADER_ROWS, (rows - len(lines)) // 2)
    for offset, line in enumerate(lines):
        put(win, top + offset, centre(line, cols), line, theme("alert") if offset == 0 else 0)


def board_place(win: Window, theme: Theme, size: int) -> BoardLayout | None:
    """Where a ``size`` board of the theme's style goes on ``win``; if it cannot fit, how big the terminal must be."""
    rows, cols = win.getmaxyx()
    layout = board_layout(rows, cols, size, theme.style)
    if layout is None:
        rows_needed, columns_needed = needed(size, style=theme.style)
        needs = _("A {size}x{size} board needs {columns}x{rows};").format(
            size=size, columns=columns_needed, rows=rows_needed
        )
        too_small(win, theme, "", (rows_needed, columns_needed), needs)
    return layout


def header(win: Window, theme: Theme, info: str = "") -> None:
    """The title bar: ``gomoku`` and, on the right, what is going on (else the two keys that always work)."""
    cols = win.getmaxyx()[1]
    put(win, 0, 0, " " * cols, theme("title"))
    put(win, 0, 1, "gomoku", theme("title"))
    info = theme.dots(info or _("? help  q quit"))
    room = cols - 10
    if width(info) > room:
        info = fit(info, max(0, room - 1)) + theme.glyphs["ellipsis"]
    put(win, 0, max(9, cols - width(info) - 1), info, theme("title"))


def message_line(win: Window, state: State, theme: Theme, keys: Iterable[str] = ()) -> None:
    """The bottom line: the message if there is one, else the keys of the screen (those that fit).

    A message longer than the line wraps upwards over the rows above it (the
    status line first): the whole of it is shown, the advice at its end too.
    """
    rows, cols = win.getmaxyx()
    if state.message:
        style = theme("alert") if state.alert else theme("message")
        lines = wrap(theme.dots(state.message), cols - 2)[-max(1, rows - HEADER_ROWS) :]
        top = rows - len(lines)
        for offset, line in enumerate(lines):
            put(win, top + offset, 0, " " * cols)  # what was drawn there gives way to the message
            put(win, top + offset, 1, line, style)
        return
    entries = list(keys)
    # "? help" is the one entry a line too narrow for all of them never drops (the others give way before it),
    # so the keys left out can always be found (the history's line at 80 columns ended at "D delete")
    fits = width(theme.join(entries)) <= cols - 2
    kept = [] if fits else [entry for entry in entries if entry == HELP.said_short]
    shown: list[str] = []
    for key in (entry for entry in entries if entry not in kept):  # whole entries only: never half a word
        if width(theme.join([*shown, key, *kept])) > cols - 2:
            break
        shown.append(key)
    if width(theme.join([*shown, *kept])) <= cols - 2:
        shown += kept
    put(win, rows - 1, 1, theme.dots(theme.join(shown)), theme("dim"))


def status_row(win: Window) -> int:
    return win.getmaxyx()[0] - FOOTER_ROWS


# -- the board ----------------------------------------------------------------


def star_points(size: int) -> set[Point]:
    """The marked points (hoshi) of a board: the centre and, on bigger boards, the corners' stars."""
    if size < 9:
        return set()
    edge = 3 if size >= 13 else 2
    lines = [edge, size - 1 - edge]
    if size % 2 and size >= 15:
        lines.append(size // 2)
    points = (
        {Point(x, y) for x in lines for y in lines}
        if size >= 19
        else {Point(x, y) for x in lines[:2] for y in lines[:2]}
    )
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


#: The heat map's scale: urgency shown as 1 (a little) to 9 (the most urgent point now).
HEAT_TOP = 9
#: The heat map's legend on the bottom line, in parts that are shown whole or not at all.
HEAT_LEGEND = (N_("heat: 1 calm .. 9 most urgent"), N_("both sides' open rows of five"), N_("t hides it"))


def heat_legend() -> list[str]:
    """The heat map's legend in the language in use, in the parts of :data:`HEAT_LEGEND`."""
    return [_(part) for part in HEAT_LEGEND]


def heat_levels(board: Board) -> dict[Point, int]:
    """Each empty point's urgency for both sides (document 000's weights), scaled 1..9 (0 left out)."""
    urgency = board.tables.urgency
    values = {cell: urgency[1][cell] + urgency[2][cell] for cell, value in enumerate(board.cells) if not value}
    top = max(values.values(), default=0)
    if top <= 0:
        return {}
    return {board.point_of(cell): max(1, -(-HEAT_TOP * value // top)) for cell, value in values.items() if value > 0}


@dataclass(frozen=True)
class Marks:
    """What is drawn on the board besides the stones."""

    forbidden: frozenset[Point] = frozenset()
    hint: Point | None = None
    cursor: Point | None = None
    heat: bool = False
    #: an opening step's allowed area (its empty points are marked), and the 5th moves offered so far
    area: frozenset[Point] = frozenset()
    offers: frozenset[Point] = frozenset()


#: ASCII letters, digits and signs in their fullwidth forms (``1`` becomes U+FF11): one glyph of the wide board.
FULLWIDTH = str.maketrans({chr(code): chr(code + 0xFEE0) for code in range(0x21, 0x7F)})


def on_point(layout: BoardLayout, text: str) -> str:
    """``text`` to draw on a point: exactly its glyph's columns (a character of the wide board in fullwidth form).

    A mark on the wide board that took one column would write over half of
    the glyph under it, which curses cannot do without losing count.
    """
    if layout.glyph_w == 1:
        return text
    return ljust(text.translate(FULLWIDTH) if width(text) == 1 else text, layout.glyph_w)


def beside_point(layout: BoardLayout, text: str) -> str:
    """``text`` (one column) to draw just right of a point, as wide as the line glyph it takes the place of."""
    gap = layout.cell_w - layout.glyph_w
    return ljust(text, layout.glyph_w if gap >= layout.glyph_w else 1)


def board_view(win: Window, layout: BoardLayout, board: Board, theme: Theme, marks: Marks) -> None:
    """The grid with coordinates, the marks, the stones, the last move and the winning row."""
    g = theme.glyphs
    size = board.size
    stars = star_points(size)
    board_attr = theme("board")
    pad = layout.pad
    gap = layout.cell_w - layout.glyph_w  # columns between two glyphs: lines, or blank where a line cannot fit
    lines = gap // layout.glyph_w
    for y in range(size):
        row, _col = layout.screen_of(Point(0, y))
        filler = g["h"] * lines + " " * (gap - lines * layout.glyph_w)
        line = filler.join(g[_grid_glyph(x, y, size, stars)] for x in range(size))
        put(win, row, layout.left - pad, " " * pad + line + " " * pad, board_attr)
        label = str(size - y).rjust(label_width(size) - 1)
        put(win, row, layout.left - pad - label_width(size), label, theme("label"))
        if y < size - 1:
            between = (" " * gap).join(g["v"] for _x in range(size))
            for extra in range(1, layout.cell_h):
                put(win, row + extra, layout.left - pad, " " * pad + between + " " * pad, board_attr)
    letters_row = layout.top + layout.height
    for x in range(size):
        _row, col = layout.screen_of(Point(x, 0))
        put(win, letters_row, col, COLUMN_LETTERS[x], theme("label"))
    if marks.heat:
        for point, level in heat_levels(board).items():
            row, col = layout.screen_of(point)
            put(win, row, col, g["digits"][level - 1], theme(f"heat{(level + 1) // 2}"))
    for point in marks.forbidden:
        row, col = layout.screen_of(point)
        put(win, row, col, g["forbidden"], theme("forbidden"))
    if marks.hint is not None and board.is_empty(marks.hint):
        row, col = layout.screen_of(marks.hint)
        put(win, row, col, g["hint"], theme("hint"))
    for point in marks.area:
        if board.is_empty(point) and point not in marks.offers:
            row, col = layout.screen_of(point)
            put(win, row, col, g["area"], theme("area"))
    for point in marks.offers:
        row, col = layout.screen_of(point)
        put(win, row, col, g["offer"], theme("offer"))
    last = board.last_move
    winning = set(board.outcome.line) if board.outcome is not None else set()
    for cell, value in enumerate(board.cells):
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
    if marks.cursor is not None:
        cursor(win, layout, marks.cursor, theme)


def cursor(win: Window, layout: BoardLayout, point: Point, theme: Theme) -> None:
    """The cursor's brackets either side of ``point`` (drawn last, so no mark beside a stone covers them)."""
    row, col = layout.screen_of(point)
    # a bracket takes the place of a whole line glyph, never half of a wide one (curses would lose count)
    side = layout.glyph_w if layout.cell_w - layout.glyph_w >= layout.glyph_w else 1
    put(win, row, col - side, theme.glyphs["cursor_l"].rjust(side), theme("cursor"))
    put(win, row, col + layout.glyph_w, theme.glyphs["cursor_r"].ljust(side), theme("cursor"))


def cell_label(number: int, layout: BoardLayout) -> str:
    """A number drawn on a point (a forced line's stones): whole when it leaves a blank column before the next
    point, else its last digit (``12`` on two-column cells would run into its neighbour's ``17``: ``1217``)."""
    text = str(number)
    return text if len(text) < layout.cell_w else text[-1]


def opening_panel(
    win: Window, layout: BoardLayout, theme: Theme, title: str, history: Sequence[str], top: int, room: int
) -> int:
    """The opening as it happened, above the move list: the rule's name, then its last steps in ``room`` rows.

    ``history`` is the opening's lines (:meth:`gomoku.openings.OpeningState.history`);
    nothing is drawn without a step.  Both game screens show it the same way.
    Returns the first row below it (and a blank row), where the move list goes.
    """
    if not history:
        return top
    x = layout.panel_x
    assert x is not None
    columns = max(1, win.getmaxyx()[1] - x - 1)
    lines = [(_("{title}:").format(title=title), "status")] + [(step, "dim") for step in history[-max(1, room - 1) :]]
    for offset, (text, style) in enumerate(lines):
        put(win, top + offset, x, fit(text, columns), theme(style))
    return top + len(lines) + 1


def moves_panel(
    win: Window,
    layout: BoardLayout,
    theme: Theme,
    names: list[str],
    shown: int | None = None,
    top: int | None = None,
    bottom: int | None = None,
) -> None:
    """The move list beside the board, as many pairs as the rows allow.

    In a replay, ``shown`` moves are on the board: the last of them is
    highlighted and kept in view, and the later ones are dimmed.  Otherwise
    the list ends with the last move.  The keys are on the bottom line only.
    ``top`` and ``bottom`` bound the rows it takes (the whole panel's height
    if not given; the network game shares the panel with its chat).
    """
    x = layout.panel_x
    assert x is not None
    rows = win.getmaxyx()[0]
    top = layout.top if top is None else top
    bottom = rows - FOOTER_ROWS - 1 if bottom is None else bottom
    # i18n: width 24
    put(win, top, x, _("Moves"), theme("status"))
    pairs = list(range(0, len(names), 2))
    room = max(0, bottom - top)
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
        put(win, top + 1, x, "  " + _("none yet"), theme("dim"))
