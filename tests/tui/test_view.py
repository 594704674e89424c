"""What the view draws for each screen, read back from a fake window."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gomoku.point import Point, parse_point
from gomoku.tui import state as st
from gomoku.tui import view
from gomoku.tui.settings import Settings
from tests.tui.fake_window import FakeWindow

LEVELS = ("easy", "normal")


def start(mode: str = "pvp", rule: str = "freestyle", size: int = 15) -> st.State:
    return st.initial_state(Settings(mode=mode, rule=rule, size=size), LEVELS, start=True)


def play(state: st.State, *names: str) -> st.State:
    for name in names:
        assert state.game is not None
        state = st.update(state, st.Click(parse_point(name, state.game.board.size)))
    return state


def render(state: st.State, rows: int = 24, cols: int = 80, theme: view.Theme | None = None) -> FakeWindow:
    window = FakeWindow(rows, cols)
    view.draw(window, state, theme or view.plain_theme())
    return window


def marked_theme() -> view.Theme:
    """A theme whose every style is a distinct number, to tell which style a cell was drawn in."""
    return view.Theme(dict(view.UNICODE_GLYPHS), {name: 1 << n for n, name in enumerate(view.STYLES)})


def cell(window: FakeWindow, state: st.State, name: str) -> tuple[str, int]:
    assert state.game is not None
    size = state.game.board.size
    layout = view.board_layout(window.rows, window.cols, size)
    assert layout is not None
    row, col = layout.screen_of(parse_point(name, size))
    return window.text[row][col], window.attrs[row][col]


def test_menu_shows_every_choice() -> None:
    state = st.initial_state(Settings(mode="pvc", rule="renju", size=19, level="easy"), LEVELS)
    screen = render(state).screen()
    for text in ("New game", "human vs computer", "renju", "19x19", "easy", "Quit"):
        assert text in screen
    assert "▸ New game" in screen


def test_menu_selected_choice_shows_arrows() -> None:
    state = replace(st.initial_state(Settings(rule="renju"), LEVELS), menu_index=3)
    assert "< renju >" in render(state).screen()


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
    state = play(start(), "h8", "i9")
    window = render(state, theme=marked_theme())
    theme = marked_theme()
    assert cell(window, state, "h8") == ("●", theme("black"))
    assert cell(window, state, "i9") == ("◎", theme("white_last"))
    screen = window.screen()
    assert "move 3" in screen and "last: white i9" in screen


def test_the_cursor_is_bracketed() -> None:
    state = start()
    window = render(state)
    row, col = view.board_layout(24, 80, 15).screen_of(Point(7, 7))  # type: ignore[union-attr]
    assert window.line(row)[col - 1 : col + 2] == "[╋]"


def test_winning_five_is_highlighted_and_the_result_shown() -> None:
    state = play(start(), "a1", "a15", "b2", "b15", "c3", "c15", "d4", "d15", "e5")
    theme = marked_theme()
    window = render(state, theme=theme)
    for name in ("a1", "b2", "c3", "d4", "e5"):
        assert cell(window, state, name) == ("●", theme("black_win"))
    assert cell(window, state, "a15") == ("○", theme("white"))
    screen = window.screen()
    assert "Black wins with five in a row: a1-e5." in screen
    assert "n new game" in screen and "u undo" in screen and "q quit" in screen


def test_forbidden_points_and_hint_are_marked() -> None:
    state = start(rule="renju")
    assert state.game is not None
    game = replace(state.game, forbidden=frozenset({parse_point("c3", 15)}), hint=parse_point("j10", 15))
    state = replace(state, game=game)
    window = render(state)
    assert cell(window, state, "c3")[0] == "×"
    assert cell(window, state, "j10")[0] == "◇"
    assert "×" in render(replace(state, overlay=st.HELP)).screen()  # the help explains the marks


def test_heat_map_shows_urgency_as_digits() -> None:
    state = play(start(), "h8")
    assert cell(render(state), state, "g7")[0] == "┼"
    heated = replace(state, heat=True)
    window = render(heated)
    assert cell(window, heated, "h8")[0] == "◉"
    assert cell(window, heated, "g7")[0] == "9"  # next to the stone: the most urgent
    assert cell(window, heated, "a1")[0] not in "123456789"  # no live combination reaches it
    levels = view.heat_levels(heated.game.board)  # type: ignore[union-attr]
    assert max(levels.values()) == 9 and min(levels.values()) >= 1


def test_side_panel_lists_the_moves_when_there_is_room() -> None:
    state = play(start(), "h8", "i9", "g7")
    screen = render(state).screen()
    assert "Moves" in screen and "1. h8   i9" in screen and "2. g7" in screen
    assert "Moves" not in render(state, 24, 50).screen()


def test_large_terminal_gets_big_square_cells() -> None:
    layout = view.board_layout(60, 200, 15)
    assert layout is not None and (layout.cell_w, layout.cell_h) == (4, 2)
    small = view.board_layout(24, 80, 15)
    assert small is not None and (small.cell_w, small.cell_h) == (2, 1)
    window = render(play(start(), "h8"), 60, 200)
    assert "┌───┬───┬" in window.screen()


@pytest.mark.parametrize(("rows", "cols"), [(24, 80), (60, 200), (40, 120)])
@pytest.mark.parametrize("size", [5, 15, 25])
def test_clicks_map_back_to_the_point_drawn(rows: int, cols: int, size: int) -> None:
    layout = view.board_layout(rows, cols, size)
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
    assert "Terminal too small" in screen
    need_rows, need_cols = view.needed(15)
    assert f"needs {need_cols}x{need_rows}" in screen and "30x10" in screen
    assert "Terminal too small" not in render(state, need_rows, need_cols).screen()
    assert "Terminal too small" in render(start(size=25)).screen()  # 25x25 does not fit 80x24
    assert "Terminal too small" in render(st.initial_state(Settings(), LEVELS), 8, 30).screen()


def test_help_and_quit_confirmation_overlays() -> None:
    state = play(start(), "h8")
    helped = render(replace(state, overlay=st.HELP)).screen()
    assert "undo" in helped and "hint" in helped and "Any key closes" in helped
    asked = render(replace(state, overlay=st.CONFIRM_QUIT)).screen()
    assert "Quit this game?" in asked and "y quits" in asked


def test_thinking_is_shown() -> None:
    state = start("pvc")
    state = play(state, "h8")
    assert state.pending is not None
    assert "White (computer) thinking" in render(state).screen()
    assert "human vs computer · level normal" in render(state).screen()


def test_plain_ascii_when_the_terminal_has_no_unicode() -> None:
    state = play(start(), "h8", "i9")
    window = render(replace(state, heat=True, overlay=None), theme=view.plain_theme(unicode=False))
    text = "\n".join(window.lines())
    assert text.isascii()
    assert cell(window, state, "h8")[0] == "X" and cell(window, state, "i9")[0] == "O"
    for overlay in (st.HELP, st.CONFIRM_QUIT):
        assert "\n".join(render(replace(state, overlay=overlay), theme=view.plain_theme(False)).lines()).isascii()
    assert "\n".join(render(st.initial_state(Settings(), LEVELS), theme=view.plain_theme(False)).lines()).isascii()


def test_drawing_never_goes_off_the_window_at_any_size() -> None:
    game = play(start("pvc", "renju", 15), "h8")
    states = [
        st.initial_state(Settings(), LEVELS),
        game,
        replace(game, overlay=st.HELP),
        replace(game, overlay=st.CONFIRM_QUIT, heat=True),
        play(start(size=25), "a1", "y25"),
    ]
    for rows in (1, 2, 5, 12, 19, 24, 33, 40):
        for cols in (1, 10, 33, 40, 64, 80, 120):
            for state in states:
                render(state, rows, cols)  # the fake window fails on any write off its edge
