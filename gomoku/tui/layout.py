"""Where things go on the screen: one home for the geometry that drawing and mouse clicks share.

The views draw with these layouts, and the screens' ``update`` functions
turn a :class:`~gomoku.tui.events.Mouse` click back into a board point or a
menu row with the very same ones, so a click always lands on what is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from gomoku.point import MAX_SIZE, MIN_SIZE, Point
from gomoku.tui.settings import BoardStyle

#: The title bar at the top; the status line and the message line at the bottom.
HEADER_ROWS = 1
FOOTER_ROWS = 2
#: The move list beside the board: "999. a10  b11" with room to spare.
PANEL_WIDTH = 24


def glyph_width(style: BoardStyle) -> int:
    """The columns of one point's glyph (an intersection, a stone, a mark) in a board style."""
    return 2 if style is BoardStyle.WIDE else 1


def cell_sizes(style: BoardStyle) -> tuple[tuple[int, int], ...]:
    """The cells ``(columns, rows)`` a board of ``style`` may have, the roomiest first.

    A wide glyph takes two columns, and its cell keeps at least one more
    between neighbours, where the cursor's brackets go.
    """
    if style is BoardStyle.WIDE:
        return ((4, 2), (3, 1))
    return ((4, 2), (2, 1))


@dataclass(frozen=True)
class BoardLayout:
    """Where the board goes: ``cell_w`` columns and ``cell_h`` rows per point, each glyph ``glyph_w`` columns."""

    size: int
    top: int
    left: int
    cell_w: int
    cell_h: int
    panel_x: int | None
    glyph_w: int = 1

    def screen_of(self, point: Point) -> tuple[int, int]:
        """The screen ``(row, column)`` of a point's intersection (the first column of its glyph)."""
        return self.top + point.y * self.cell_h, self.left + point.x * self.cell_w

    def point_at(self, row: int, col: int) -> Point | None:
        """The point nearest a screen cell, if the cell is on (or right next to) the board.

        A glyph two columns wide answers a click on either of its columns.
        """
        middle = (self.glyph_w - 1) / 2  # from a glyph's first column to its middle
        x = round((col - self.left - middle) / self.cell_w)
        y = round((row - self.top) / self.cell_h)
        if abs(col - (self.left + x * self.cell_w) - middle) > self.cell_w // 2:
            return None
        if 0 <= x < self.size and 0 <= y < self.size:
            return Point(x, y)
        return None

    @property
    def pad(self) -> int:
        """Blank columns each side of the grid (the cursor's brackets go there at the edges)."""
        return self.cell_w // 2

    @property
    def width(self) -> int:
        return (self.size - 1) * self.cell_w + self.glyph_w

    @property
    def height(self) -> int:
        return (self.size - 1) * self.cell_h + 1


def label_width(size: int) -> int:
    """Columns for the row numbers left of the board, with a space."""
    return len(str(size)) + 1


def needed(
    size: int, cell_w: int | None = None, cell_h: int | None = None, style: BoardStyle = BoardStyle.UNICODE
) -> tuple[int, int]:
    """The smallest terminal ``(rows, columns)`` that shows a ``size`` board with these cells.

    Without cells given, the smallest cells of ``style``: the least a board of that style needs.
    """
    if cell_w is None or cell_h is None:
        cell_w, cell_h = cell_sizes(style)[-1]
    rows = HEADER_ROWS + (size - 1) * cell_h + 1 + 1 + FOOTER_ROWS
    cols = label_width(size) + (size - 1) * cell_w + glyph_width(style) + 2 * (cell_w // 2)
    return rows, cols


def board_layout(rows: int, cols: int, size: int, style: BoardStyle = BoardStyle.UNICODE) -> BoardLayout | None:
    """Where a ``size`` board goes on a ``rows`` x ``cols`` terminal, or ``None`` if it cannot fit.

    Cells are 4 columns by 2 rows when that fits, else 2 by 1 (terminal
    characters are about twice as tall as wide, so both look square); the
    wide style's glyphs take two columns, and its small cells three
    (:func:`cell_sizes`).  The move list goes to the right when there is room.
    """
    for cell_w, cell_h in cell_sizes(style):
        need_rows, need_cols = needed(size, cell_w, cell_h, style)
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
    return BoardLayout(size, top, left, cell_w, cell_h, panel_x, glyph_width(style))


def clicked_point(
    row: int, col: int, rows: int, cols: int, size: int, style: BoardStyle = BoardStyle.UNICODE
) -> Point | None:
    """The board point a click on cell ``(row, col)`` of a ``rows`` x ``cols`` terminal lands on, if any."""
    layout = board_layout(rows, cols, size, style)
    return layout.point_at(row, col) if layout else None


def stepped(cursor: Point, dx: int, dy: int, size: int) -> Point:
    """The cursor moved by ``(dx, dy)``, kept on a ``size`` board."""
    return Point(min(size - 1, max(0, cursor.x + dx)), min(size - 1, max(0, cursor.y + dy)))


def largest_fitting(rows: int, cols: int, style: BoardStyle = BoardStyle.UNICODE) -> int | None:
    """The biggest board size of ``style`` that fits a ``rows`` x ``cols`` terminal, or ``None`` if none does."""
    for size in range(MAX_SIZE, MIN_SIZE - 1, -1):
        if board_layout(rows, cols, size, style) is not None:
            return size
    return None


#: The menu box: wide enough for its longest line ("up/down choose · left/right change · ...").
MENU_WIDTH = 60
#: Lines of the menu box besides its rows: border, title, blank / blank, two about lines, two hint lines, border.
MENU_EXTRA = 9
MENU_MIN_COLS = 40


@dataclass(frozen=True)
class MenuLayout:
    top: int
    left: int
    width: int
    first_item: int
    items: int
    #: whether a blank line parts the title from the rows (dropped when the terminal is one line short)
    spaced: bool = True
    #: whether a blank line parts the rows from the text under them (dropped when two lines short)
    parted: bool = True
    #: the lines of keys at the bottom of the box: two, or one when three lines short (the title bar names ? and q)
    hints: int = 2
    #: the lines that say what the row chosen means: two, or one when short of more lines still
    about: int = 2
    #: whether the title has a line of its own (else it is written into the box's top border)
    title_row: bool = True

    @property
    def height(self) -> int:
        return menu_height(self.items, self.spaced, self.parted, self.hints, self.about, self.title_row)

    @property
    def title_y(self) -> int:
        """The line the title is written on: its own, or the top border."""
        return self.top + 1 if self.title_row else self.top

    @property
    def below(self) -> int:
        """The first line of the text under the rows (after a blank line, where there is room for one)."""
        return self.first_item + self.items + (1 if self.parted else 0)

    def index_at(self, row: int, col: int) -> int | None:
        """The menu row under a screen cell, if any."""
        index = row - self.first_item
        if 0 <= index < self.items and self.left <= col < self.left + self.width:
            return index
        return None


def menu_height(
    items: int, spaced: bool, parted: bool = True, hints: int = 2, about: int = 2, title_row: bool = True
) -> int:
    """The menu box's lines for ``items`` rows, with or without the blank lines under the title and the rows,
    ``hints`` lines of keys, ``about`` lines on the row chosen, the title on a line of its own or in the border."""
    shorter = (0 if spaced else 1) + (0 if parted else 1) + (2 - hints) + (2 - about) + (0 if title_row else 1)
    return items + MENU_EXTRA - shorter


def menu_layout(rows: int, cols: int, items: int, keys_first: bool = False) -> MenuLayout | None:
    """Where the menu box goes, or ``None`` if the terminal is too small for it.

    A terminal one line short of the whole box gets it without the blank line under the title
    (80x24 then holds the in-game menu of a game against the computer, all sixteen rows), one
    two lines short without the blank line under the rows too (the sixteen rows of a start menu
    with the language and board style rows), one three lines short with the title written into
    the top border (the seventeen rows of either menu with the Puzzles row).  Four lines short, a
    line of keys gives way (the title bar names ? and q: the eighteen rows of a start menu with
    the Puzzles and an analyst row), or, with ``keys_first``, a line about the row chosen instead
    (the in-game menu, whose keys say Esc goes back to the game); five lines short, both.
    """
    if cols < MENU_MIN_COLS:
        return None
    short_by_four = (False, False, 2, 1, False) if keys_first else (False, False, 1, 2, False)
    fallbacks = (
        (True, True, 2, 2, True),
        (False, True, 2, 2, True),
        (False, False, 2, 2, True),
        (False, False, 2, 2, False),
        short_by_four,
        (False, False, 1, 1, False),
    )
    for spaced, parted, hints, about, title_row in fallbacks:
        height = menu_height(items, spaced, parted, hints, about, title_row)
        if rows >= height + HEADER_ROWS:
            break
    else:
        return None
    width = min(MENU_WIDTH, cols)
    top = HEADER_ROWS + max(0, (rows - HEADER_ROWS - height) // 2)
    left = (cols - width) // 2
    first_item = top + (3 if spaced else 2) if title_row else top + 1
    return MenuLayout(top, left, width, first_item, items, spaced, parted, hints, about, title_row)
