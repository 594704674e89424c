"""What a new player tripped over (issue 21, items 1, 5, 8, 11, 12): as data, and in a real pseudo-terminal."""

from __future__ import annotations

import sys
from dataclasses import replace

import pytest

from gomoku.tui.effects import Quit, StartAi
from gomoku.tui.events import Report, Resize
from gomoku.tui.model import ConfirmQuit, Help, Menu, MenuRow, Playing
from gomoku.tui.router import HIDDEN
from gomoku.tui.settings import Mode
from tests.tui.helpers import Run, answer, game_of, menu_state, press, send, start, stones
from tests.tui.terminal import flatten
from tests.tui.test_e2e import board_row
from tests.tui.test_view import flat, render

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

# -- item 1: nothing is played on a board that cannot be seen ------------------------------


def test_keys_do_nothing_while_the_board_cannot_be_seen() -> None:
    state = send(start("pvc"), Resize(24, 80))
    state = press(state, "enter")  # h8
    state = answer(state, "h9")
    hidden = send(state, Resize(10, 30))
    assert "Terminal too small" in render(hidden, 10, 30).screen()
    after = Run(hidden).press("right", "enter", "u", "H", "space")
    assert stones(after.state) == ["h8", "h9"] and not after.of(StartAi)
    assert after.state.message == HIDDEN and game_of(after.state).cursor == game_of(hidden).cursor
    assert isinstance(press(hidden, "?").overlay, Help)  # help still opens
    assert isinstance(press(hidden, "q").overlay, ConfirmQuit)  # quit still works (a game is in progress)
    back = send(after.state, Resize(24, 80))
    assert back.message == ""  # "too small" went with the small terminal
    played = press(back, "right", "enter")
    assert stones(played) == ["h8", "h9", "i8"]  # seen again: the keys play again


def test_quit_works_on_a_hidden_menu() -> None:
    hidden = send(menu_state(), Resize(6, 20))
    assert Run(hidden).press("q").effects == [Quit()]
    assert isinstance(press(hidden, "enter").screen, Menu)


@posix_only
def test_a_stone_is_not_played_while_the_terminal_is_too_small(launch) -> None:
    game = launch("--mode", "pvc", "--level", "easy", "--black", "human", "--seed", "1")
    game.wait_for("Black (you) to play")
    game.send("\r")  # h8, and the computer answers
    game.wait_for(lambda t: "Black (you) to play" in t and "last: white" in t and "move 3" in t)
    game.resize(10, 30)
    game.wait_for(lambda t: "too small" in t and "30x10" in t)
    game.send("\x1b[C")  # right
    game.send("\r")  # Enter
    game.wait_for("enlarge it (q quits")
    game.resize(24, 80)
    text = game.wait_for(lambda t: "Black (you) to play" in t and "move 3" in t)
    row = board_row(text, 8)
    assert row.count("●") + row.count("◉") == 1  # h8 only: nothing on i8
    game.send("q")
    game.wait_for("Quit this game?")
    game.send("y")
    assert game.wait_exit() == 0


# -- item 5: a long message is shown whole ----------------------------------------------------


@pytest.mark.parametrize("cols", [40, 60, 80])
def test_a_long_message_wraps_and_is_shown_whole(cols: int) -> None:
    text = (
        "Cannot reconnect: Cannot reach 127.0.0.1 port 5790 (Connection refused): check the address and that the "
        "host is still running, then press r to try again."
    )
    state = replace(start("pvp"), message=text, alert=True)
    window = render(state, 24, cols)
    assert text in flat(window)
    assert window.lines()[-1].strip().endswith("try again.")


# -- item 8: old messages go when they stop being true ---------------------------------------


def test_the_thinking_message_goes_once_the_computer_has_moved() -> None:
    state = press(start("pvc"), "enter")  # h8: the computer thinks
    busy = press(state, "right", "enter")
    assert busy.message == "The computer is thinking: wait for its move."
    moved = answer(busy, "h9")
    assert moved.message == "" and "Enter play" in render(moved).lines()[-1]


def test_resumed_goes_when_the_game_ends_and_the_next_keys_show() -> None:
    state = press(start("cvc", size=9), "p", "p")
    assert state.message == "Resumed."
    for name in ("a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1"):
        state = answer(state, name)
    assert game_of(state).board.is_game_over()
    assert state.message == ""
    bottom = render(state).lines()[-1]
    assert "g next game" in bottom and "u undo" in bottom


def test_a_workers_report_outlives_the_computers_move_but_not_a_key() -> None:
    state = press(start("pvc"), "enter")
    reported = send(state, Report("Autosave failed (disk full): the game goes on; S saves it to a file."))
    moved = answer(reported, "h9")
    assert moved.message.startswith("Autosave failed")
    assert press(moved, "right").message == ""


# -- item 11: the menu's explanation line is about the row chosen --------------------------


@pytest.mark.parametrize(
    ("row", "says"),
    [
        (MenuRow.NEW, "Start a game with the choices below."),
        (MenuRow.NETWORK, "Host a game for someone on another terminal, or join theirs."),
        (MenuRow.LOAD, "Replay a game record"),
        (MenuRow.QUIT, "an unfinished game is kept"),
    ],
)
def test_the_menu_explains_action_rows(row: MenuRow, says: str) -> None:
    state = replace(menu_state(), screen=Menu(row))
    text = flat(render(state))
    assert says in text and "five or more in a row wins" not in text


def test_the_menu_explains_a_game_to_go_back_to() -> None:
    state = press(start("pvp"), "g")
    assert isinstance(state.screen, Menu)
    state = replace(state, screen=replace(state.screen, row=MenuRow.RESUME))
    assert "Back to the game you left" in flat(render(state))


# -- item 12: a board the menu says will not fit is not started -------------------------------


def test_enter_on_a_board_too_big_says_so_and_starts_nothing() -> None:
    state = send(menu_state(size=25), Resize(24, 80))
    run = Run(state).press("enter")
    assert isinstance(run.state.screen, Menu) and not run.effects
    assert run.state.alert and "25x25 does not fit this 80x24 terminal" in run.state.message
    assert "up to 20" in run.state.message
    over_a_game = send(press(start("pvp"), "g"), Resize(24, 80))
    refused = press(replace(over_a_game, settings=replace(over_a_game.settings, size=25)), "n")
    assert refused.screen == over_a_game.screen and "does not fit" in refused.message  # the game is still behind
    assert isinstance(press(send(state, Resize(40, 120)), "enter").screen, Playing)
    assert isinstance(press(menu_state(size=25, mode=Mode.PVP), "n").screen, Playing)  # size not known yet: start


@posix_only
def test_the_menu_does_not_start_a_board_that_does_not_fit(launch) -> None:
    game = launch()
    game.wait_for("left/right change")
    game.send("jjjj")  # down to Board size
    game.wait_for("< 15x15 >")
    game.send("h" * 11)  # 15 down to 5, then round to 25
    game.wait_for(lambda t: "< 25x25 >" in t and "too big here" in t)
    game.send("\r")
    text = game.wait_for("does not fit this 80x24 terminal")
    assert "Terminal too small" not in text and "Gomoku: five in a row" in text
    assert "pick a size up to" in flatten(text)
    game.send("q")
    assert game.wait_exit() == 0


@pytest.mark.parametrize(("rows", "cols"), [(10, 30), (5, 12)])
def test_on_a_tiny_terminal_any_key_but_quit_and_help_says_to_enlarge_it(rows: int, cols: int) -> None:
    hidden = press(send(start("pvc"), Resize(rows, cols)), "x")
    assert hidden.message == HIDDEN
    text = flat(render(hidden, rows, cols))  # the message is drawn over what was there, inside the window
    assert "helps)." in text
