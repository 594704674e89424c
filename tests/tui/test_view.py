"""What the views draw for the menu and the game, read back from a fake window."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gomoku.board import Board
from gomoku.point import Point, parse_point
from gomoku.rules import Rule
from gomoku.tui import draw, view
from gomoku.tui.layout import board_layout, largest_fitting, needed
from gomoku.tui.model import ConfirmQuit, Help, MenuRow, Playing, new_game
from gomoku.tui.settings import Mode
from tests.test_outcome import LAST_POINT  # 5x5, black to move, c3 the one empty point
from tests.tui.fake_window import FakeWindow
from tests.tui.helpers import game_of, menu_state, play_at, press, start


def render(state, rows: int = 24, cols: int = 80, theme: draw.Theme | None = None) -> FakeWindow:  # type: ignore[no-untyped-def]
    window = FakeWindow(rows, cols)
    view.draw(window, state, theme or draw.plain_theme())
    return window


def flat(window: FakeWindow) -> str:
    """The screen's text with line breaks and box borders taken out, spaces squeezed: wrap points do not matter."""
    text = " ".join(window.lines())
    for border in "│|╭╮╰╯─+":
        text = text.replace(border, " ")
    return " ".join(text.split())


def marked_theme() -> draw.Theme:
    """A theme whose every style is a distinct number, to tell which style a cell was drawn in."""
    return draw.Theme(dict(draw.UNICODE_GLYPHS), {name: 1 << n for n, name in enumerate(draw.STYLES)})


def cell(window: FakeWindow, state, name: str) -> tuple[str, int]:  # type: ignore[no-untyped-def]
    size = game_of(state).board.size
    layout = board_layout(window.rows, window.cols, size)
    assert layout is not None
    row, col = layout.screen_of(parse_point(name, size))
    return window.text[row][col], window.attrs[row][col]


def selected(state, row: MenuRow):  # type: ignore[no-untyped-def]
    return replace(state, screen=replace(state.screen, row=row))


# -- the menu ---------------------------------------------------------------


def test_menu_shows_every_choice() -> None:
    state = menu_state(mode=Mode.PVC, rule=Rule.RENJU, size=19, level="easy")
    screen = render(state).screen()
    for text in ("New game", "human vs computer", "renju", "19x19", "easy", "Quit", "▸ New game"):
        assert text in screen


@pytest.mark.parametrize("cols", [80, 120])
def test_menu_labels_keep_apart_from_their_values_and_the_hints_are_whole(cols: int) -> None:
    # issue 17, item 7: "Black played by< human >", and "Esc back" cut off at 80 and 120 columns
    state = selected(press(play_at(start("pvc"), "h8"), "g"), MenuRow.BLACK)
    screen = render(state, 24, cols).screen()
    assert "Black played by  < human >" in screen
    assert "Computer level     5 normal" in screen
    text = flat(render(state, 24, cols))
    for hint in ("up/down choose", "left/right change", "Enter starts", "Esc back to the game", "q quit"):
        assert hint in text


def test_the_menu_explains_the_rule_chosen() -> None:
    # issue 17, item 4: the rules were never explained
    for rule, words in (
        (Rule.FREESTYLE, "five or more in a row wins"),
        (Rule.STANDARD, "exactly five wins"),
        (Rule.RENJU, "black may not make six"),
    ):
        assert words in flat(render(selected(menu_state(rule=rule), MenuRow.RULE)))


def test_the_menu_says_which_board_sizes_fit_this_terminal() -> None:
    # issue 17, item 3: 21 to 25 were offered at 80x24 without a word, then "Terminal too small"
    largest = largest_fitting(24, 80)
    assert largest is not None and largest < 21
    on_size = flat(render(selected(menu_state(size=15), MenuRow.SIZE)))
    assert f"Sizes 5 to {largest} fit this 80x24 terminal." in on_size
    need_rows, need_cols = needed(21)
    assert f"< 21x21 >  too big here (up to {largest})" in render(selected(menu_state(size=21), MenuRow.SIZE)).screen()
    assert f"21x21 needs {need_cols}x{need_rows}." in flat(render(selected(menu_state(size=21), MenuRow.SIZE)))
    assert f"21x21  too big here (up to {largest})" in render(menu_state(size=21)).screen()  # on any row
    assert "too big" not in flat(render(menu_state(size=21), 40, 120))  # it fits a bigger terminal


def test_dimmed_rows_are_drawn_dim() -> None:
    theme = marked_theme()
    window = render(menu_state(mode=Mode.PVP), theme=theme)
    row, col = window.find("Black played by")  # type: ignore[misc]
    assert window.attrs[row][col] == theme("dim")


def test_watch_mode_rows_in_the_menu() -> None:
    screen = render(menu_state(mode=Mode.CVC)).screen()
    assert "Black's level" in screen and "White's level" in screen and "Pace" in screen
    assert "normal (0.6 s a move)" in screen


# -- the game ---------------------------------------------------------------


def test_board_at_80x24_has_coordinates_and_a_grid() -> None:
    window = render(start())
    screen = window.screen()
    assert "a b c d e f g h i j k l m n o" in screen
    lines = window.lines()
    top = next(line for line in lines if "┌" in line)
    bottom = next(line for line in lines if "└" in line)
    assert top.split()[0] == "15" and bottom.split()[0] == "1"
    assert "┌─┬─┬" in top and "┴─┘" in bottom
    assert "Black to play" in screen and "freestyle" in screen and "move 1" in screen


def test_stones_last_move_and_status() -> None:
    state = play_at(start(), "h8", "i9")
    theme = marked_theme()
    window = render(state, theme=theme)
    assert cell(window, state, "h8") == ("●", theme("black"))
    assert cell(window, state, "i9") == ("◎", theme("white_last"))
    assert "move 3" in window.screen() and "last: white i9" in window.screen()


def test_the_cursor_is_bracketed_and_not_drawn_while_watching() -> None:
    window = render(start())
    row, col = board_layout(24, 80, 15).screen_of(Point(7, 7))  # type: ignore[union-attr]
    assert window.line(row)[col - 1 : col + 2] == "[╋]"
    assert "[" not in render(start("cvc")).line(row)


def test_winning_five_is_highlighted_and_the_result_shown() -> None:
    state = play_at(start(), "a1", "a15", "b2", "b15", "c3", "c15", "d4", "d15", "e5")
    theme = marked_theme()
    window = render(state, theme=theme)
    for name in ("a1", "b2", "c3", "d4", "e5"):
        assert cell(window, state, name) == ("●", theme("black_win"))
    screen = window.screen()
    assert "Black wins with five in a row: a1-e5. Game over after 9 moves." in screen
    assert "g next game" in screen and "u undo" in screen and "q quit" in screen


def test_a_draw_is_one_clean_sentence() -> None:
    # issue 17, item 8: "Draw: the board is full.  after 25 moves"
    board = Board.from_diagram(LAST_POINT)
    state = start(size=5)
    state = replace(state, screen=Playing(new_game(state.settings, board)))
    state = play_at(state, "c3")
    assert not list(game_of(state).board.empty_points())
    line = render(state).lines()[22].strip()
    assert line == "Draw: the board is full. Game over after 1 move."


def test_forbidden_points_and_hint_are_marked() -> None:
    state = start(rule="renju")
    game = replace(game_of(state), forbidden=frozenset({parse_point("c3", 15)}), hint=parse_point("j10", 15))
    state = replace(state, screen=replace(state.screen, game=game))
    window = render(state)
    assert cell(window, state, "c3")[0] == "×" and cell(window, state, "j10")[0] == "◇"
    assert "×" in render(replace(state, overlay=Help())).screen()  # the help explains the marks


def test_heat_map_shows_urgency_as_digits_with_a_legend() -> None:
    state = play_at(start(), "h8")
    assert cell(render(state), state, "g7")[0] == "┼"
    heated = press(state, "t")
    window = render(heated)
    assert cell(window, heated, "h8")[0] == "◉"
    assert cell(window, heated, "g7")[0] == "9"  # next to the stone: the most urgent
    assert cell(window, heated, "a1")[0] not in "123456789"  # no live combination reaches it
    # issue 17, item 10: the heat map had no legend; issue 28, item 16: its message covered the legend
    assert "heat: 1 calm .. 9 most urgent" in window.lines()[23] and "t hides it" in window.lines()[23]
    assert "Heat map off." in render(press(heated, "t")).lines()[23]
    levels = draw.heat_levels(game_of(heated).board)
    assert max(levels.values()) == 9 and min(levels.values()) >= 1


def test_the_keys_are_drawn_once_and_the_move_list_gets_the_room() -> None:
    # issue 17, item 6: the side panel and the bottom line both listed the keys; 12 pairs of moves shown
    names = [f"{c}{r}" for r in (1, 3, 5, 7) for c in "abcdefghijklmn"][:48]
    state = play_at(start(), *names)
    screen = render(press(state, "escape")).screen()
    assert screen.count("undo") == 1
    layout = board_layout(24, 80, 15)
    assert layout is not None
    pairs = [line for line in screen.splitlines() if ". " in line[layout.panel_x :]]  # type: ignore[index]
    assert len(pairs) >= 18


def test_side_panel_lists_the_moves_when_there_is_room() -> None:
    state = play_at(start(), "h8", "i9", "g7")
    screen = render(state).screen()
    assert "Moves" in screen and "1. h8   i9" in screen and "2. g7" in screen
    assert "Moves" not in render(state, 24, 50).screen()


def test_the_bottom_line_shows_whole_keys_only() -> None:
    state = press(start(), "escape")
    for cols in (40, 50, 80):
        line = render(state, 24, cols).lines()[23].strip()
        assert line.endswith(("play", "undo", "redo", "hint", "map", "save", "load", "help", "quit"))


def test_large_terminal_gets_big_square_cells() -> None:
    layout = board_layout(60, 200, 15)
    assert layout is not None and (layout.cell_w, layout.cell_h) == (4, 2)
    assert "┌───┬───┬" in render(play_at(start(), "h8"), 60, 200).screen()


@pytest.mark.parametrize(("rows", "cols"), [(24, 80), (60, 200), (40, 120)])
@pytest.mark.parametrize("size", [5, 15, 25])
def test_clicks_map_back_to_the_point_drawn(rows: int, cols: int, size: int) -> None:
    layout = board_layout(rows, cols, size)
    if layout is None:
        assert size == 25 and rows < 29  # only the biggest board needs more than 80x24
        return
    for y in range(size):
        for x in range(size):
            row, col = layout.screen_of(Point(x, y))
            assert layout.point_at(row, col) == Point(x, y)
    assert layout.point_at(0, 0) is None


def test_too_small_terminal_says_how_big_it_must_be() -> None:
    state = start()
    screen = render(state, 10, 30).screen()
    need_rows, need_cols = needed(15)
    assert "Terminal too small" in screen and f"needs {need_cols}x{need_rows}" in screen and "30x10" in screen
    assert "Terminal too small" not in render(state, need_rows, need_cols).screen()
    assert "Terminal too small" in render(start(size=25)).screen()
    assert "Terminal too small" in render(menu_state(), 8, 30).screen()


def test_help_explains_keys_and_rules_and_the_quit_question() -> None:
    state = play_at(start(), "h8")
    helped = flat(render(replace(state, overlay=Help())))
    assert "undo" in helped and "hint" in helped and "Any key closes" in helped
    assert "exactly five wins; six or more in a row does not count" in helped
    assert "black may not make six, two fours or two threes at once" in helped
    asked = flat(render(replace(state, overlay=ConfirmQuit())))
    assert "Quit this game?" in asked and "y quits" in asked


def test_thinking_is_shown() -> None:
    state = play_at(start("pvc"), "h8")
    screen = render(state).screen()
    assert "White (computer) thinking" in screen and "human vs computer · level normal" in screen


def test_plain_ascii_when_the_terminal_has_no_unicode() -> None:
    state = play_at(start(), "h8", "i9")
    ascii_theme = draw.plain_theme(unicode=False)
    window = render(press(state, "t"), theme=ascii_theme)
    assert "\n".join(window.lines()).isascii()
    assert cell(window, state, "h8")[0] == "X" and cell(window, state, "i9")[0] == "O"
    for overlay in (Help(), ConfirmQuit()):
        assert "\n".join(render(replace(state, overlay=overlay), theme=ascii_theme).lines()).isascii()
    assert "\n".join(render(menu_state(), theme=ascii_theme).lines()).isascii()


def test_drawing_never_goes_off_the_window_at_any_size() -> None:
    game = play_at(start("pvc", "renju", 15), "h8")
    states = [
        menu_state(),
        menu_state(mode=Mode.CVC),
        game,
        replace(game, overlay=Help()),
        replace(press(game, "t"), overlay=ConfirmQuit()),
        play_at(start(size=25), "a1", "y25"),
        start("cvc"),
    ]
    for rows in (1, 2, 5, 12, 19, 24, 33, 40):
        for cols in (1, 10, 33, 40, 64, 80, 120):
            for state in states:
                render(state, rows, cols)  # the fake window fails on any write off its edge
