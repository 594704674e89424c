"""Chinese text on the screen: names, chat and file names measured in columns, never past the edge, never cut
through a character, nothing drawn over.  The fake window counts columns as a terminal does."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gomoku.net.match import Role
from gomoku.textwidth import width
from gomoku.tui.model import NetMenu, Notice
from tests.tui.fake_window import FakeWindow
from tests.tui.helpers import menu_state
from tests.tui.netplay import Match
from tests.tui.test_view import flat, render

NAME = "王小明"
CHAT = "你好，下一盘我执黑，这次我们用更长的时间来慢慢下吧"


def columns(window: FakeWindow) -> list[int]:
    """Each row's width in columns, as the terminal would draw it."""
    return [width(line) for line in window.lines()]


def test_the_fake_window_counts_columns_as_a_terminal_does() -> None:
    window = FakeWindow(2, 10)
    window.addstr(0, 6, "中文")  # four columns: ends at the edge
    assert window.line(0) == "      中文" and width(window.line(0)) == 10
    assert window.find("文") == (0, 8)  # the column, not the index in the string
    with pytest.raises(AssertionError, match="off the window"):
        window.addstr(1, 7, "中文")  # five characters' room would do for len(), not for the terminal
    window.addstr(0, 7, "x")  # over the right half of 中: its left half goes too, as in curses
    assert window.line(0) == "       x文" and width(window.line(0)) == 10
    window.addstr(0, 8, "a")  # over the left half of 文: its right half goes
    assert window.line(0) == "       xa " and width(window.line(0)) == 10


def network_game() -> Match:
    """A network game on 9x9 whose guest is 王小明, who has said a long line in Chinese and been answered."""
    match = Match.start(guest_name=NAME)
    match.play_all(["e5", "e6"])
    match.press(Role.GUEST, "m", *CHAT, "enter")
    match.press(Role.HOST, "m", *"好的没问题", "enter")
    return match


def test_a_chinese_name_and_chat_fit_the_panel_at_80x24_without_overwriting() -> None:
    window = render(network_game().host.run.state, 24, 80)
    assert columns(window) == [80] * 24  # no row wider than the terminal
    lines = window.lines()
    assert any(f"○ {NAME} (white)" in line for line in lines)  # the name whole, beside its stone
    assert f"vs {NAME}" in lines[-2]  # and in the status line
    panel_x = window.find(f"○ {NAME}")
    assert panel_x is not None
    chat = [line for line in lines if any(c in line for c in CHAT)]
    shown = "".join("".join(line.split()[-1:]) for line in chat if "好的没问题" not in line)
    assert shown.endswith(CHAT)  # every character of the line, in order, none drawn over
    for line in chat:  # the panel's rows stay right of the board, within the window
        start = line.index(next(c for c in line if c in CHAT))
        assert width(line[:start]) >= panel_x[1] and width(line) <= 80
    assert "you: 好的没问题" in flat(window)


def test_a_chinese_line_being_typed_shows_its_end_within_the_status_line() -> None:
    match = network_game()
    match.press(Role.GUEST, "m", *(CHAT * 3))
    window = render(match.guest.run.state, 24, 80)
    status = window.lines()[-2]
    assert width(status) == 80 and status.rstrip().endswith(CHAT[-10:] + "_")
    assert width(status.rstrip()) <= 79  # one column kept free at the right, as for ASCII


def test_a_chinese_name_in_the_network_menu() -> None:
    window = render(replace(menu_state(name=NAME), screen=NetMenu()), 24, 80)
    assert columns(window) == [80] * 24
    assert f"Your name {NAME}" in flat(window)


def test_a_file_name_in_chinese_wraps_at_the_notice_box_right_column() -> None:
    path = "中文棋谱/五子棋对局记录很长很长很长的文件名第二部分很长很长很长很长很长很长.sgf"
    notice = Notice(f"Could not read {path}: it is not a game record. Pick another file.")
    window = render(replace(menu_state(), overlay=notice), 24, 80)
    assert columns(window) == [80] * 24
    left, right = 8, 8 + 64 - 1  # the notice's box: 64 columns, centred at 80 (over the menu's, 60 wide)
    rows = [line for line in window.lines() if line[left] in "│|"]
    assert len(rows) >= 6
    for line in rows:  # every row of the box closes in the same column: nothing wider pushed it
        assert width(line[: line.rindex("│")]) == right
    inside = [line[left + 1 : line.rindex("│")] for line in rows]
    assert all(width(text) == right - left - 1 for text in inside)
    text = "".join("".join(text.split()) for text in inside)
    assert "".join(path.split()) in text  # the whole name, wrapped by columns, no character cut or lost
    wrapped = [text.strip() for text in inside if any(c in text for c in "棋谱")]
    assert all(width(part) <= 64 - 6 for part in wrapped)  # wrapped at the box's text width, not by len()
