"""The real game in a pseudo-terminal: the board style ``auto`` asks the terminal; a locale not generated.

The test terminal (pyte) answers the game's cursor position query as a
terminal does.  Told to draw East Asian ambiguous characters two columns
wide, as terminals set up for Chinese, Japanese or Korean do, it answers
that ``●`` moved the cursor two columns: the game picks the wide board, and
its rows, read back by display columns (ambiguous characters two wide), are
straight.
"""

from __future__ import annotations

import sys
import time
import unicodedata

import pyte.screens
import pytest

from gomoku import textwidth
from gomoku.tui.layout import board_layout
from gomoku.tui.settings import BoardStyle
from tests.tui.terminal import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def wide_ambiguous_wcwidth(char: str) -> int:
    """Columns as a terminal that draws ambiguous characters two columns wide counts them."""
    if unicodedata.east_asian_width(char) == "A":
        return 2
    return original_wcwidth(char)


original_wcwidth = pyte.screens.wcwidth


def rows_by_column(game: Terminal) -> list[dict[int, str]]:
    """Each screen row as ``{column: character}``, measured with ambiguous characters two columns wide."""
    rows = []
    for y in range(game.screen.lines):
        line = game.screen.buffer[y]
        text = "".join(line[x].data for x in range(game.screen.columns))  # a wide character's right half is ""
        found, column = {}, 0
        for char in text:
            if char != " ":
                found[column] = char
            column += textwidth.char_width(char, wide_ambiguous=True)
        rows.append(found)
    return rows


def test_a_terminal_that_draws_ambiguous_characters_wide_gets_the_wide_board(launch, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(pyte.screens, "wcwidth", wide_ambiguous_wcwidth)
    game = launch("--mode", "pvp")
    game.wait_for("Black to play")
    for keys in ("\r", "l\r", "j\r", "h\r"):  # h8, i8, i7, h7: stones on two rows
        game.send(keys)
        time.sleep(0.05)
    text = game.wait_for("last: white h7")
    assert "＋" in text and "⚫" in text and "⚪" in text and "┼" not in text and "●" not in text
    layout = board_layout(24, 80, 15, BoardStyle.WIDE)
    assert layout is not None
    rows = rows_by_column(game)
    columns = [layout.left + x * layout.cell_w for x in range(15)]
    for y in range(15):
        row = rows[layout.top + y * layout.cell_h]
        edges = range(layout.left - 1, layout.left + layout.width + 1)
        board = {column: char for column, char in row.items() if column in edges}
        glyphs = sorted(column for column, char in board.items() if char not in "[]")
        assert glyphs == columns, f"row {15 - y} is not straight: {board}"
        for column in columns:  # every point's glyph two columns wide, in the column the layout says
            assert textwidth.width(board[column], wide_ambiguous=True) == 2
    row8, row7 = rows[layout.top + 7 * layout.cell_h], rows[layout.top + 8 * layout.cell_h]
    assert (row8[columns[7]], row8[columns[8]]) == ("⚫", "⚪")
    assert (row7[columns[7]], row7[columns[8]]) == ("⚪", "⚫")
    for line in game.text().splitlines():  # nothing on the screen that another terminal could draw at another width
        assert not [char for char in line if unicodedata.east_asian_width(char) == "A"], line
    game.send("qy")
    assert game.wait_exit() == 0
    assert b"\x1b[6n" in game.raw


def test_a_terminal_that_draws_them_narrow_keeps_the_unicode_board(launch) -> None:  # type: ignore[no-untyped-def]
    game = launch("--mode", "pvp")
    text = game.wait_for("Black to play")
    assert "┼" in text and "＋" not in text
    assert b"\x1b[6n" in game.raw  # it asked, and the answer (one column) chose
    game.send("qy")
    assert game.wait_exit() == 0


def test_the_command_line_chooses_the_style(launch) -> None:  # type: ignore[no-untyped-def]
    game = launch("--mode", "pvp", "--board", "wide")
    text = game.wait_for("Black to play")
    assert "＋" in text
    game.send("q")
    assert game.wait_exit() == 0
    game = launch("--mode", "pvp", "--board", "ascii")
    text = game.wait_for("Black to play")
    assert text.isascii() and "." in text
    game.send("q")
    assert game.wait_exit() == 0


def test_a_utf8_locale_that_is_not_generated_keeps_the_unicode_board(launch) -> None:  # type: ignore[no-untyped-def]
    game = launch("--mode", "pvp", LANG="zh_CN.UTF-8", LC_ALL="")  # speaks Chinese: the board says it all
    text = game.wait_for(lambda text: "┼─┼" in text and "●" in text)  # the grid, and the status line's stone
    assert "15x15" in text
    game.send("\r")
    game.wait_for("◉")  # the last move
    game.send("qy")
    assert game.wait_exit() == 0


def test_the_c_locale_keeps_the_lines_as_python_does_and_ascii_is_a_choice(launch) -> None:  # type: ignore[no-untyped-def]
    # Python takes the C locale for a misconfiguration and makes characters UTF-8 (PEP 538): so does the board.
    game = launch("--mode", "pvp", LANG="C", LC_ALL="")
    text = game.wait_for("Black to play")
    assert "┼" in text
    game.send("q")
    assert game.wait_exit() == 0
    plain = launch("--mode", "pvp", "--board", "ascii", LANG="C", LC_ALL="")
    text = plain.wait_for("Black to play")
    assert text.isascii() and "┼" not in text
    plain.send("q")
    assert plain.wait_exit() == 0
