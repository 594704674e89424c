"""Where things go on the screen: one home for the geometry that drawing and mouse clicks share.

The views draw with these layouts, and the screens' ``update`` functions
turn a :class:`~gomoku.tui.events.Mouse` click back into a board point or a
menu row with the very same ones, so a click always lands on what is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from gomoku.point import MAX_SIZE, MIN_SIZE, Point

#: The title bar at the top; the status line and the message line at the bottom.
HEADER_ROWS = 1
FOOTER_ROWS = 2
#: The move list beside the board: "999. a10  b11" with room to spare.
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
    """Columns for the row numbers left of the board, with a space."""
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


def clicked_point(row: int, col: int, rows: int, cols: int, size: int) -> Point | None:
    """The board point a click on cell ``(row, col)`` of a ``rows`` x ``cols`` terminal lands on, if any."""
    layout = board_layout(rows, cols, size)
    return layout.point_at(row, col) if layout else None


def stepped(cursor: Point, dx: int, dy: int, size: int) -> Point:
    """The cursor moved by ``(dx, dy)``, kept on a ``size`` board."""
    return Point(min(size - 1, max(0, cursor.x + dx)), min(size - 1, max(0, cursor.y + dy)))


def largest_fitting(rows: int, cols: int) -> int | None:
    """The biggest board size that fits a ``rows`` x ``cols`` terminal, or ``None`` if none does."""
    for size in range(MAX_SIZE, MIN_SIZE - 1, -1):
        if board_layout(rows, cols, size) is not None:
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

    @property
    def height(self) -> int:
        return menu_height(self.items, self.spaced, self.parted)

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


def menu_height(items: int, spaced: bool, parted: bool = True) -> int:
    """The menu box's lines for ``items`` rows, with or without the blank lines under the title and the rows."""
    return items + MENU_EXTRA - (0 if spaced else 1) - (0 if parted else 1)


def menu_layout(rows: int, cols: int, items: int) -> MenuLayout | None:
    """Where the menu box goes, or ``None`` if the terminal is too small for it.

    A terminal one line short of the whole box gets it without the blank line under the title
    (80x24 then holds the in-game menu of a game against the computer, all fifteen rows), and
    one two lines short without the blank line under the rows too (the sixteen rows of a start
    menu with an analyst row and the language row).
    """
    spaced = rows >= menu_height(items, True) + HEADER_ROWS
    parted = spaced or rows >= menu_height(items, False) + HEADER_ROWS
    height = menu_height(items, spaced, parted)
    width = min(MENU_WIDTH, cols)
    if rows < height + HEADER_ROWS or cols < MENU_MIN_COLS:
        return None
    top = HEADER_ROWS + max(0, (rows - HEADER_ROWS - height) // 2)
    left = (cols - width) // 2
    return MenuLayout(top, left, width, top + (3 if spaced else 2), items, spaced, parted)
