"""A stand-in for a curses window that keeps the text drawn on it, for testing the view.

It counts columns as a terminal does (:mod:`gomoku.textwidth`): a wide
character such as ``中`` takes its cell and the next, which holds ``""`` so
that a row joined back is the text drawn.  Writing over either half of a wide
character blanks the other half, as curses does (or, with ``whole_wide``,
fails: curses builds that keep the other half lose count of the columns).
"""

from __future__ import annotations

from gomoku.textwidth import char_width, width


class FakeWindow:
    """``rows`` x ``cols`` cells of text and attributes; ``addstr`` past the edge fails like curses."""

    def __init__(self, rows: int, cols: int, whole_wide: bool = False) -> None:
        self.rows, self.cols = rows, cols
        self.whole_wide = whole_wide
        self.erase()

    def getmaxyx(self) -> tuple[int, int]:
        return self.rows, self.cols

    def erase(self) -> None:
        self.text = [[" "] * self.cols for _ in range(self.rows)]
        self.attrs = [[0] * self.cols for _ in range(self.rows)]

    def addstr(self, y: int, x: int, text: str, attr: int = 0) -> None:
        if not (0 <= y < self.rows and x >= 0 and x + width(text) <= self.cols):
            raise AssertionError(f"drawing off the window: {y},{x} {text!r}")
        row = self.text[y]
        column = x
        for char in text:
            size = char_width(char)
            if size == 0:  # a combining mark joins the character before it
                if column > 0:
                    row[column - 1] += char
                continue
            for cell in range(column, column + size):
                self._unpair(row, cell, x, x + width(text))
            row[column] = char
            self.attrs[y][column] = attr
            if size == 2:
                row[column + 1] = ""
                self.attrs[y][column + 1] = attr
            column += size

    def _unpair(self, row: list[str], cell: int, start: int, end: int) -> None:
        """Blank the other half of a wide character about to lose one of its halves (``start``-``end`` is written)."""
        if row[cell] == "" and cell > 0:
            split = f"half of a wide {row[cell - 1]!r} written over at column {cell}"
            assert not self.whole_wide or cell - 1 >= start, split
            row[cell - 1] = " "  # the right half is written over: the left half goes
        elif cell + 1 < self.cols and row[cell + 1] == "" and width(row[cell]) == 2:
            assert not self.whole_wide or cell + 1 < end, f"half of a wide {row[cell]!r} written over at column {cell}"
            row[cell + 1] = " "  # the left half is written over: the right half goes

    def line(self, y: int) -> str:
        return "".join(self.text[y])

    def lines(self) -> list[str]:
        return [self.line(y) for y in range(self.rows)]

    def screen(self) -> str:
        return "\n".join(line.rstrip() for line in self.lines())

    def find(self, needle: str) -> tuple[int, int] | None:
        """The row and the *column* where ``needle`` is first drawn."""
        for y, line in enumerate(self.lines()):
            x = line.find(needle)
            if x >= 0:
                return y, width(line[:x])
        return None
