"""A stand-in for a curses window that keeps the text drawn on it, for testing the view."""

from __future__ import annotations


class FakeWindow:
    """``rows`` x ``cols`` cells of text and attributes; ``addstr`` past the edge fails like curses."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.erase()

    def getmaxyx(self) -> tuple[int, int]:
        return self.rows, self.cols

    def erase(self) -> None:
        self.text = [[" "] * self.cols for _ in range(self.rows)]
        self.attrs = [[0] * self.cols for _ in range(self.rows)]

    def addstr(self, y: int, x: int, text: str, attr: int = 0) -> None:
        if not (0 <= y < self.rows and x >= 0 and x + len(text) <= self.cols):
            raise AssertionError(f"drawing off the window: {y},{x} {text!r}")
        for offset, char in enumerate(text):
            self.text[y][x + offset] = char
            self.attrs[y][x + offset] = attr

    def line(self, y: int) -> str:
        return "".join(self.text[y])

    def lines(self) -> list[str]:
        return [self.line(y) for y in range(self.rows)]

    def screen(self) -> str:
        return "\n".join(line.rstrip() for line in self.lines())

    def find(self, needle: str) -> tuple[int, int] | None:
        for y, line in enumerate(self.lines()):
            x = line.find(needle)
            if x >= 0:
                return y, x
        return None
