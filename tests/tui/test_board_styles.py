"""The board styles: unicode, wide (for terminals that draw ambiguous characters two columns wide), ascii, auto.

The wide board is drawn on a fake window that measures ambiguous characters
two columns wide and refuses a write over half of a wide character, and its
rows are read back by columns: every point's glyph sits where the layout
(which the clicks use too) says it does.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import replace

import pytest

from gomoku import textwidth
from gomoku.point import COLUMN_LETTERS, Point, parse_point
from gomoku.tui import draw, view
from gomoku.tui.effects import SaveSettings
from gomoku.tui.events import Mouse
from gomoku.tui.layout import board_layout, cell_sizes, clicked_point, glyph_width, largest_fitting, needed
from gomoku.tui.model import Menu, MenuRow
from gomoku.tui.options import settings_from_args
from gomoku.tui.settings import BoardStyle, Settings, read_settings, save_settings, validated
from tests.tui.fake_window import FakeWindow
from tests.tui.helpers import LEVELS, Run, game_of, menu_state, play_at, press, start

STYLES = (BoardStyle.UNICODE, BoardStyle.WIDE, BoardStyle.ASCII)


@pytest.fixture
def wide_terminal() -> Iterator[None]:
    """Texts measured as a terminal that draws ambiguous characters two columns wide."""
    before = textwidth.set_wide_ambiguous(True)
    yield
    textwidth.set_wide_ambiguous(before)


def render(state, rows: int, cols: int, style: BoardStyle) -> FakeWindow:  # type: ignore[no-untyped-def]
    window = FakeWindow(rows, cols, whole_wide=True)
    view.draw(window, state, draw.plain_theme(style=style))
    return window


def cells(line: str) -> list[tuple[int, str]]:
    """The characters of a drawn row with the column each starts in, measured with ambiguous ones two wide."""
    found, column = [], 0
    for char in line:
        if char == "":
            continue  # the fake window's right half of a wide character
        found.append((column, char))
        column += textwidth.char_width(char, wide_ambiguous=True)
    return found


# -- layout -------------------------------------------------------------------------


def test_each_style_has_its_glyph_width_and_cells() -> None:
    assert [glyph_width(style) for style in STYLES] == [1, 2, 1]
    assert cell_sizes(BoardStyle.UNICODE) == cell_sizes(BoardStyle.ASCII) == ((4, 2), (2, 1))
    assert cell_sizes(BoardStyle.WIDE) == ((4, 2), (3, 1))  # a column between two wide glyphs for the brackets
    unicode, wide = board_layout(24, 80, 15), board_layout(24, 80, 15, BoardStyle.WIDE)
    assert unicode is not None and wide is not None
    assert (unicode.cell_w, unicode.glyph_w, unicode.width) == (2, 1, 29)
    assert (wide.cell_w, wide.glyph_w, wide.width) == (3, 2, 44)
    assert wide.panel_x is not None  # the move list still fits beside it at 80x24
    big = board_layout(40, 120, 15, BoardStyle.WIDE)
    assert big is not None and (big.cell_w, big.cell_h) == (4, 2)


def test_the_wide_board_needs_more_columns_and_says_so() -> None:
    assert needed(15) == (19, 34)
    assert needed(15, style=BoardStyle.WIDE) == (19, 49)
    assert board_layout(24, 40, 15) is not None and board_layout(24, 40, 15, BoardStyle.WIDE) is None
    assert largest_fitting(24, 40) == 18 and largest_fitting(24, 40, BoardStyle.WIDE) == 12
    assert largest_fitting(24, 80, BoardStyle.WIDE) == 20  # 21 needs more rows, as for unicode


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize(("rows", "cols"), [(24, 80), (40, 120), (60, 200)])
@pytest.mark.parametrize("size", [5, 15, 19])
def test_a_click_on_any_column_of_a_glyph_finds_its_point(style: BoardStyle, rows: int, cols: int, size: int) -> None:
    layout = board_layout(rows, cols, size, style)
    assert layout is not None
    for y in range(size):
        for x in range(size):
            row, col = layout.screen_of(Point(x, y))
            for column in range(col, col + layout.glyph_w):
                assert layout.point_at(row, column) == Point(x, y)
                assert clicked_point(row, column, rows, cols, size, style) == Point(x, y)
    assert layout.point_at(0, 0) is None


def test_a_click_on_the_wide_board_plays_where_the_stone_is_drawn() -> None:
    state = replace(start(), settings=replace(start().settings, board=BoardStyle.WIDE))
    layout = board_layout(24, 80, 15, BoardStyle.WIDE)
    assert layout is not None
    row, col = layout.screen_of(parse_point("c3", 15))
    played = Run(state).send(Mouse(row, col + 1, 24, 80)).state  # the right half of the glyph
    assert game_of(played).board.last_move == parse_point("c3", 15)
    unicode = board_layout(24, 80, 15)
    assert unicode is not None and unicode.point_at(row, col + 1) != parse_point("c3", 15)  # another layout


# -- drawing -------------------------------------------------------------------------


def a_busy_game():  # type: ignore[no-untyped-def]
    """A renju game with stones, a forbidden point, a hint, the heat map and the cursor off the last move."""
    state = press(play_at(start("pvp", "renju", 15), "h8", "a1", "i8", "a2", "h9", "a3", "i9", "o15"), "t", "h")
    marks = {"forbidden": frozenset({parse_point("c3", 15)}), "hint": parse_point("j10", 15)}
    return replace(state, screen=replace(state.screen, game=replace(game_of(state), **marks)))


@pytest.mark.usefixtures("wide_terminal")
@pytest.mark.parametrize(("rows", "cols"), [(24, 80), (40, 120)])
def test_the_wide_board_is_straight_where_ambiguous_characters_are_wide(rows: int, cols: int) -> None:
    state = a_busy_game()
    window = render(state, rows, cols, BoardStyle.WIDE)
    layout = board_layout(rows, cols, 15, BoardStyle.WIDE)
    assert layout is not None
    board = game_of(state).board
    for y in range(15):
        row, _ = layout.screen_of(Point(0, y))
        at = dict(cells(window.line(row)))
        for x in range(15):
            column = layout.screen_of(Point(x, y))[1]
            glyph = at.get(column)
            assert glyph is not None and textwidth.width(glyph) == 2, (y, x, window.line(row))
        if (row + 1) - layout.top < layout.height and layout.cell_h == 2:
            between = dict(cells(window.line(row + 1)))
            assert all(between.get(layout.screen_of(Point(x, y))[1]) == "｜" for x in range(15))
    points = [board.point_of(cell) for cell in range(225)]
    stones = {point: window.text[r][c] for point in points for r, c in [layout.screen_of(point)]}
    assert stones[parse_point("h8", 15)] == "⚫" and stones[parse_point("a1", 15)] == "⚪"
    assert stones[parse_point("c3", 15)] == "Ｘ" and stones[parse_point("j10", 15)] == "？"  # forbidden, hint
    assert any(glyph in "１２３４５６７８９" for glyph in stones.values())  # the heat map, one wide digit a point
    letters = dict(cells(window.line(layout.top + layout.height)))
    assert [letters[layout.screen_of(Point(x, 0))[1]] for x in range(15)] == list(COLUMN_LETTERS[:15])
    for line in window.lines():  # nothing ambiguous anywhere, so no terminal can draw it another width
        assert not [char for char in line if char and unicodedata.east_asian_width(char[0]) == "A"], line
        assert textwidth.width(line) == cols


@pytest.mark.usefixtures("wide_terminal")
def test_the_cursor_and_the_last_move_on_the_wide_board() -> None:
    state = play_at(start(), "h8", "i8")
    for rows, cols in ((24, 80), (40, 120)):
        layout = board_layout(rows, cols, 15, BoardStyle.WIDE)
        assert layout is not None
        row, col = layout.screen_of(game_of(state).cursor)
        line = dict(cells(render(state, rows, cols, BoardStyle.WIDE).line(row)))
        assert line[col - 1] == "[" and line[col] == "⚪" and line[col + 2] == "]"  # brackets round the last move


@pytest.mark.usefixtures("wide_terminal")
def test_every_screen_in_the_wide_style_draws_nothing_ambiguous() -> None:
    from gomoku.tui.model import ConfirmQuit, Help

    game = a_busy_game()
    for state in (menu_state(), replace(game, overlay=Help()), replace(game, overlay=ConfirmQuit()), game):
        for rows, cols in ((24, 80), (12, 40), (40, 120)):
            window = render(state, rows, cols, BoardStyle.WIDE)
            for line in window.lines():
                assert not [c for c in line if c and unicodedata.east_asian_width(c[0]) == "A"], line


def test_the_unicode_and_ascii_boards_are_as_before() -> None:
    state = play_at(start(), "h8")
    unicode = render(state, 24, 80, BoardStyle.UNICODE).screen()
    assert "┼─┼" in unicode and "◉" in unicode
    assert "\n".join(render(state, 24, 80, BoardStyle.ASCII).lines()).isascii()


# -- the setting: menu, file, command line, what auto is ------------------------------------


def test_the_style_drawn_is_the_choice_on_this_terminal() -> None:
    assert BoardStyle.AUTO.drawn(BoardStyle.WIDE, unicode=True) is BoardStyle.WIDE
    assert BoardStyle.AUTO.drawn(BoardStyle.UNICODE, unicode=True) is BoardStyle.UNICODE
    assert BoardStyle.WIDE.drawn(BoardStyle.UNICODE, unicode=True) is BoardStyle.WIDE
    assert BoardStyle.UNICODE.drawn(BoardStyle.WIDE, unicode=True) is BoardStyle.UNICODE
    for style in BoardStyle:  # a terminal that is not UTF-8 shows ASCII whatever the choice
        assert style.drawn(BoardStyle.WIDE, unicode=False) is BoardStyle.ASCII
    state = replace(menu_state(), auto_style=BoardStyle.WIDE)
    assert state.board_style is BoardStyle.WIDE
    assert replace(state, unicode=False).board_style is BoardStyle.ASCII


def test_the_menu_row_goes_round_the_styles_and_remembers_the_choice() -> None:
    run = Run(replace(menu_state(), screen=Menu(row=MenuRow.BOARD), auto_style=BoardStyle.WIDE))
    assert run.state.board_style is BoardStyle.WIDE
    seen = []
    for _ in BoardStyle:
        run.press("right")
        seen.append(run.state.settings.board)
    assert seen == [BoardStyle.UNICODE, BoardStyle.WIDE, BoardStyle.ASCII, BoardStyle.AUTO]
    saved = run.of(SaveSettings)
    assert saved and all("board" in effect.chosen for effect in saved)
    window = render(run.state, 24, 80, run.state.board_style)
    assert "Board style" in window.screen() and "auto (ask the terminal)" in window.screen()
    assert "Auto asks the terminal (here: wide (CJK terminals))" in " ".join(window.screen().split())


def test_the_in_game_menu_with_the_style_row_fits_80x24() -> None:
    state = press(start("pvc"), "g")  # the menu over a game: Back to the game, and every row of pvc
    screen = render(state, 24, 80, BoardStyle.UNICODE).screen()
    assert "Back to the game" in screen and "Board style" in screen and "Quit" in screen


def test_the_style_is_remembered_in_the_settings_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "settings.json"
    assert save_settings(replace(Settings(), board=BoardStyle.WIDE), path)
    settings, problem = read_settings(LEVELS, path)
    assert settings.board is BoardStyle.WIDE and problem == ""
    path.write_text('{"board": "huge"}')
    settings, problem = read_settings(LEVELS, path)
    assert settings.board is BoardStyle.AUTO and 'board "huge"' in problem
    assert validated({}, LEVELS).board is BoardStyle.AUTO


def test_the_command_line_chooses_a_style_for_this_run() -> None:
    from gomoku.cli import build_parser

    args = build_parser().parse_args(["--board", "wide"])
    assert settings_from_args(args, Settings(), LEVELS).board is BoardStyle.WIDE
    assert settings_from_args(build_parser().parse_args([]), Settings(), LEVELS).board is BoardStyle.AUTO
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--board", "huge"])


def test_texts_are_measured_as_the_terminal_draws_ambiguous_characters(wide_terminal: None) -> None:
    assert textwidth.width("●○") == 4 and textwidth.terminal_wide_ambiguous()
    assert textwidth.width("●○", wide_ambiguous=False) == 2  # told otherwise for one measure
    assert textwidth.fit("●●", 3) == "●" and textwidth.ljust("●", 4) == "●  "
    textwidth.set_wide_ambiguous(False)
    assert textwidth.width("●○") == 2 and textwidth.fit("●●", 3) == "●●"


@pytest.mark.usefixtures("wide_terminal")
def test_marks_on_points_fill_a_wide_glyph_whole() -> None:
    from types import SimpleNamespace

    from gomoku.tui import live

    small, big = board_layout(24, 80, 15, BoardStyle.WIDE), board_layout(40, 120, 15, BoardStyle.WIDE)
    unicode = board_layout(24, 80, 15)
    assert small is not None and big is not None and unicode is not None
    assert draw.on_point(small, "1") == "１" and draw.on_point(small, "12") == "12"
    assert draw.on_point(unicode, "1") == "1"
    assert draw.beside_point(small, "X") == "X" and draw.beside_point(big, "X") == "X "  # over a space, over a line
    assert draw.beside_point(unicode, "X") == "X"
    state = play_at(start(), "h8")
    board = game_of(state).board
    analysis = SimpleNamespace(best=[SimpleNamespace(move=parse_point(name, 15)) for name in ("i9", "g7", "h8")])
    for layout in (small, big):
        window = FakeWindow(layout.top + layout.height + 5, 120 if layout is big else 80, whole_wide=True)
        view.draw(window, state, draw.plain_theme(style=BoardStyle.WIDE))
        live.draw_marks(window, layout, analysis, board, draw.plain_theme(style=BoardStyle.WIDE))  # type: ignore[arg-type]
        row, col = layout.screen_of(parse_point("i9", 15))
        assert window.text[row][col] == "１"
        row, col = layout.screen_of(parse_point("g7", 15))
        assert window.text[row][col] == "２"


def test_the_start_menu_with_an_analyst_row_still_fits_80x24() -> None:
    from gomoku.tui.layout import menu_layout

    state = menu_state(engines=(("rapfi", "/opt/pbrain-rapfi"),))
    screen = render(state, 24, 80, BoardStyle.UNICODE).screen()
    assert "Analyst" in screen and "Board style" in screen and "Language" in screen and "Quit" in screen
    assert "up/down choose" in screen  # the keys in one line: the title bar names ? and q
    layout = menu_layout(24, 80, 18)  # with the Puzzles row too
    assert layout is not None and layout.hints == 1 and layout.height == 23
