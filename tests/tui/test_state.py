"""The terminal game's update: every key on the menu and game screens, with no terminal."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gomoku.board import Board
from gomoku.history import GameKind
from gomoku.point import Point
from gomoku.rules import Outcome, Rule, Stone, Termination
from gomoku.tui.effects import AiKind, Autosave, CancelAi, KeepGame, Quit, ReadHistory, RetireAutosave, SaveSettings
from gomoku.tui.events import AiDone, Key, Mouse, Tick
from gomoku.tui.model import ConfirmQuit, Help, Menu, MenuRow, Playing
from gomoku.tui.screens import menu
from gomoku.tui.settings import Mode, Pace, Side
from gomoku.tui.texts import result_text
from gomoku.tui.update import update
from tests.tui.helpers import (
    LEVELS,
    NOON,
    Run,
    answer,
    at,
    begin,
    click,
    effects_of,
    game_of,
    menu_click,
    menu_state,
    play_at,
    press,
    send,
    start,
    started,
    stones,
)


def select(state, row: MenuRow):  # type: ignore[no-untyped-def]
    return replace(state, screen=replace(state.screen, row=row))


def row(state) -> MenuRow:  # type: ignore[no-untyped-def]
    return menu.selected(state, state.screen)


# -- start-up and the menu ----------------------------------------------------


def test_start_up_shows_the_menu_on_new_game() -> None:
    state = menu_state()
    assert isinstance(state.screen, Menu) and state.screen.back is None
    assert row(state) is MenuRow.NEW


def test_start_up_straight_into_a_game() -> None:
    state = start("pvc", "renju", 19)
    game = game_of(state)
    assert isinstance(state.screen, Playing)
    assert game.board.size == 19 and game.board.rule is Rule.RENJU
    assert game.computer == frozenset({Stone.WHITE}) and game.cursor == Point(9, 9)


@pytest.mark.parametrize("down", ["down", "j", "s"])
@pytest.mark.parametrize("up", ["up", "k", "w"])
def test_menu_selection_moves_and_wraps(down: str, up: str) -> None:
    state = menu_state()
    assert row(press(state, down)) is MenuRow.MODE
    assert row(press(state, up)) is MenuRow.QUIT  # from the top to quit
    assert row(press(state, down, up)) is MenuRow.NEW


@pytest.mark.parametrize("right", ["right", "l", "d"])
def test_menu_changes_a_choice_and_remembers_it(right: str) -> None:
    state = select(menu_state(mode=Mode.PVC), MenuRow.MODE)
    run = Run(state).press(right)
    assert run.state.settings.mode is Mode.PVP and run.of(SaveSettings) == [SaveSettings(run.state.settings, ("mode",))]
    assert press(state, right, right).settings.mode is Mode.CVC
    assert press(state, right, right, right).settings.mode is Mode.PVC


@pytest.mark.parametrize("left", ["left", "h", "a"])
def test_menu_changes_a_choice_backwards(left: str) -> None:
    state = select(menu_state(rule=Rule.FREESTYLE), MenuRow.RULE)
    assert press(state, left).settings.rule is Rule.CARO  # round to the last rule
    assert press(state, left, left).settings.rule is Rule.RENJU
    assert [press(state, *["right"] * k).settings.rule for k in range(1, 5)] == [*list(Rule)[1:], Rule.FREESTYLE]


def test_menu_board_size_wraps_round_like_the_other_rows() -> None:
    # issue 21, item 17: every row of the menu goes round (the size stopped at 5 and 25, the level wrapped)
    state = select(menu_state(size=6), MenuRow.SIZE)
    assert press(state, "left").settings.size == 5
    assert press(state, "left", "left").settings.size == 25
    big = select(menu_state(size=24), MenuRow.SIZE)
    assert press(big, "right").settings.size == 25
    assert press(big, "right", "right").settings.size == 5
    level = select(menu_state(level="hard"), MenuRow.LEVEL)
    assert press(level, "right").settings.level == LEVELS[0]


def test_menu_levels_come_from_the_level_list() -> None:
    state = select(menu_state(level="normal"), MenuRow.LEVEL)
    assert press(state, "right").settings.level == "hard"
    assert press(state, "right", "right").settings.level == "easy"


@pytest.mark.parametrize("choice", [MenuRow.MODE, MenuRow.RULE, MenuRow.SIZE, MenuRow.LEVEL, MenuRow.BLACK])
@pytest.mark.parametrize("key", ["enter", "space"])
def test_enter_on_any_row_starts_the_game_and_changes_nothing(choice: MenuRow, key: str) -> None:
    # issue 17, item 1: Enter on Board size made it 16, on the level made it hard
    state = select(menu_state(mode=Mode.PVC, size=15, level="normal"), choice)
    after = press(state, key)
    assert isinstance(after.screen, Playing)
    assert after.settings == state.settings and game_of(after).board.size == 15


def test_dimmed_rows_do_not_take_the_cursor() -> None:
    # issue 17, item 1: in a two-player game, who plays black and the level do not matter
    state = menu_state(mode=Mode.PVP)
    seen = []
    for _ in menu.rows(state, state.screen):
        state = press(state, "down")
        seen.append(row(state))
    assert MenuRow.BLACK not in seen and MenuRow.LEVEL not in seen
    assert {MenuRow.MODE, MenuRow.RULE, MenuRow.SIZE, MenuRow.LOAD, MenuRow.QUIT} <= set(seen)
    from_rule = press(select(state, MenuRow.RULE), "up", "up")
    assert row(from_rule) is MenuRow.NEW  # up from Rule skips Black played by


def test_clicking_a_dimmed_row_says_why() -> None:
    state = menu_state(mode=Mode.PVP)
    index = menu.rows(state, state.screen).index(MenuRow.BLACK)
    after = send(state, menu_click(state, index))
    assert after.settings == state.settings and "only matters against the computer" in after.message


@pytest.mark.parametrize("key", ["enter", "space", "n"])
def test_menu_starts_a_game_of_the_chosen_settings(key: str) -> None:
    state = menu_state(mode=Mode.PVC, black=Side.COMPUTER, rule=Rule.STANDARD, size=9)
    run = Run(state).press(key)
    game = game_of(run.state)
    assert game.board.size == 9 and game.board.rule is Rule.STANDARD
    assert game.computer == frozenset({Stone.BLACK})
    # the computer plays black: it is asked for the first move at once
    [job] = started(run.effects)
    assert job.kind is AiKind.MOVE and job.board is game.board and run.state.ai is not None
    assert "You play white" in run.state.message
    assert run.of(RetireAutosave) == [RetireAutosave()]  # the old game's save, if any, is retired


def test_menu_quit_without_a_game_quits_at_once() -> None:
    state = menu_state()
    assert effects_of(state, "q") == [Quit()]
    assert effects_of(select(state, MenuRow.QUIT), "enter") == [Quit()]


def test_menu_escape_without_a_game_says_what_to_do() -> None:
    state = press(menu_state(), "escape")
    assert isinstance(state.screen, Menu) and "Enter" in state.message


def test_menu_unknown_key_is_explained_and_changes_nothing() -> None:
    state = menu_state()
    after = press(state, "z")
    assert after.alert and "does nothing" in after.message
    assert replace(after, message="", alert=False) == state


def test_menu_click_on_a_row() -> None:
    state = menu_state(mode=Mode.PVC)
    listed = menu.rows(state, state.screen)
    after = send(state, menu_click(state, listed.index(MenuRow.MODE)))
    assert after.settings.mode is Mode.PVP and row(after) is MenuRow.MODE
    assert isinstance(send(state, menu_click(state, listed.index(MenuRow.NEW))).screen, Playing)
    assert send(state, Mouse(0, 0, 24, 80)) == state


def test_n_in_a_game_opens_the_menu_and_escape_goes_back() -> None:
    state = play_at(start("pvp"), "h8")
    opened = press(state, "g")
    assert isinstance(opened.screen, Menu) and opened.screen.back == state.screen
    assert menu.rows(opened, opened.screen)[0] is MenuRow.RESUME and row(opened) is MenuRow.NEW
    back = press(opened, "escape")
    assert back.screen == state.screen
    assert press(opened, "up", "enter").screen == state.screen
    fresh = press(opened, "enter")
    assert game_of(fresh) is not game_of(state) and stones(fresh) == []


def test_menu_quit_with_a_game_in_progress_asks_first() -> None:
    opened = press(play_at(start("pvp"), "h8"), "g")
    asked = Run(opened).press("q")
    assert asked.state.overlay == ConfirmQuit() and asked.effects == []
    assert effects_of(asked.state, "y") == [Quit()]


def test_watch_mode_has_a_level_for_each_side_and_a_pace() -> None:
    # issue 17, item 9: one level for both sides and a fixed pace before
    state = menu_state(mode=Mode.CVC)
    listed = menu.rows(state, state.screen)
    assert {MenuRow.BLACK_LEVEL, MenuRow.WHITE_LEVEL, MenuRow.PACE} <= set(listed)
    assert MenuRow.LEVEL not in listed
    state = press(select(state, MenuRow.BLACK_LEVEL), "left")  # normal -> easy
    state = press(select(state, MenuRow.WHITE_LEVEL), "right")  # normal -> hard
    state = press(select(state, MenuRow.PACE), "right")  # normal -> slow
    assert (state.settings.black_level, state.settings.white_level, state.settings.pace) == ("easy", "hard", Pace.SLOW)
    run = Run(state).press("enter")
    [first] = started(run.effects)
    assert first.level == "easy" and first.delay == Pace.SLOW.seconds
    run.send(AiDone(first.job, Point(7, 7)))
    [_, second] = started(run.effects)
    assert second.level == "hard" and second.board.turn is Stone.WHITE


# -- the cursor and moves -------------------------------------------------------


@pytest.mark.parametrize(
    ("keys", "delta"),
    [
        (("up", "k", "w"), (0, -1)),
        (("down", "j", "s"), (0, 1)),
        (("left", "h", "a"), (-1, 0)),
        (("right", "l", "d"), (1, 0)),
    ],
)
def test_cursor_keys(keys: tuple[str, ...], delta: tuple[int, int]) -> None:
    state = start("pvp")
    for key in keys:
        run = Run(state).press(key)
        assert game_of(run.state).cursor == Point(7 + delta[0], 7 + delta[1])
        assert game_of(run.state).board is game_of(state).board and run.effects == []  # nothing to save


def test_cursor_stops_at_the_edges() -> None:
    state = start("pvp", size=5)
    assert game_of(press(state, *["up", "left"] * 6)).cursor == Point(0, 0)
    assert game_of(press(state, *["down", "right"] * 6)).cursor == Point(4, 4)


@pytest.mark.parametrize("key", ["enter", "space"])
def test_play_at_the_cursor_and_autosave(key: str) -> None:
    run = Run(start("pvp")).press("right", key)
    assert stones(run.state) == ["i8"] and game_of(run.state).board.turn is Stone.WHITE
    [save] = run.of(Autosave)
    assert save.saved.moves == [at(run.state, "i8")] and save.saved.mode == "pvp"


def test_a_move_leaves_the_old_state_alone() -> None:
    before = start("pvp")
    after = press(before, "enter")
    assert stones(after) == ["h8"] and stones(before) == []


def test_occupied_point_gets_a_message_with_the_point_in_lower_case() -> None:
    # issue 17, item 8: it said "H8 is taken" where everything else says h8
    state = play_at(start("pvp"), "h8")
    again = Run(state).send(click(state, at(state, "h8")))
    assert again.state.alert and again.state.message == "h8 is taken: pick an empty point."
    assert game_of(again.state).board is game_of(state).board and again.effects == []


def test_two_players_play_to_a_win_and_the_save_is_retired() -> None:
    state = play_at(start("pvp"), "a1", "a15", "b2", "b15", "c3", "c15", "d4", "d15")
    run = Run(state).send(click(state, at(state, "e5")))
    game = game_of(run.state)
    assert game.board.outcome is not None and game.board.outcome.winner is Stone.BLACK
    assert result_text(game) == "Black wins with five in a row: a1-e5."
    assert [type(effect) for effect in run.effects] == [Autosave, RetireAutosave, KeepGame]
    kept = run.effects[-1].entry  # the history keeps it: two players, black's five, all nine moves
    assert (kept.kind, kept.outcome, len(kept.record.moves)) == (
        GameKind.TWO_PLAYERS,
        Outcome(Termination.FIVE, Stone.BLACK),
        9,
    )
    late = play_at(run.state, "o1")
    assert "The game is over" in late.message and stones(late) == stones(run.state)
    assert effects_of(run.state, "q") == [Quit()]  # nothing to lose: no confirmation


def test_a_six_under_the_standard_rule_is_explained() -> None:
    # issue 17, item 4: six in a row was silently no win
    names = ("a1", "a15", "b1", "b15", "c1", "c15", "e1", "d15", "f1", "o9")
    state = play_at(start("pvp", "standard"), *names)
    state = play_at(state, "d1")  # a1-f1: six in a row
    assert not game_of(state).board.is_game_over()
    assert state.message == "Six in a row does not count under the standard rule: only exactly five wins."
    free = play_at(play_at(start("pvp", "freestyle"), *names), "d1")
    assert game_of(free).board.is_game_over() and "does not count" not in free.message


def test_a_blocked_five_under_the_caro_rule_is_explained() -> None:
    # a1 and g1 are white: black's b1-f1 is a five blocked at both ends, which caro does not count
    names = ("b1", "a1", "c1", "g1", "d1", "o15", "e1", "o14")
    state = play_at(play_at(start("pvp", "caro"), *names), "f1")
    assert not game_of(state).board.is_game_over()
    assert state.message == "A five blocked at both ends does not count under the caro rule: keep one end open."
    free = play_at(play_at(start("pvp", "freestyle"), *names), "f1")
    assert game_of(free).board.is_game_over() and "does not count" not in free.message


def test_a_drawn_game_says_why_in_a_sentence() -> None:
    rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"]
    blacks = [Point(x, y) for y, line in enumerate(rows) for x, c in enumerate(line) if c == "X"]
    whites = [Point(x, y) for y, line in enumerate(rows) for x, c in enumerate(line) if c == "O"]
    state = start("pvp", size=5)
    for index, point in enumerate(blacks):
        state = send(state, click(state, point))
        if index < len(whites):
            state = send(state, click(state, whites[index]))
    board = game_of(state).board
    assert board.is_game_over() and board.outcome is not None and board.outcome.winner is None
    assert result_text(game_of(state)) == f"{str(board.outcome)[:1].upper()}{str(board.outcome)[1:]}."


def test_a_click_off_the_board_does_nothing() -> None:
    state = send(start("pvp"), click(start("pvp"), Point(2, 3)))
    assert stones(state) == ["c12"] and game_of(state).cursor == Point(2, 3)
    assert send(state, Mouse(0, 0, 24, 80)) == state


# -- against the computer ----------------------------------------------------


def test_the_computer_answers_a_move() -> None:
    run = Run(start("pvc")).send(click(start("pvc"), Point(7, 7)))
    [job] = started(run.effects)
    assert job.kind is AiKind.MOVE and job.board is game_of(run.state).board and job.delay == 0
    state = answer(run.state, "i9")
    assert stones(state) == ["h8", "i9"] and state.ai is None


def test_moving_while_the_computer_thinks_changes_nothing() -> None:
    state = play_at(start("pvc"), "h8")
    tried = play_at(state, "a1")
    assert tried.message == "The computer is thinking: wait for its move."
    assert stones(tried) == ["h8"] and tried.ai == state.ai
    assert press(state, "H").message.startswith("The computer is thinking")
    assert press(state, "r").message.startswith("The computer is thinking")


def test_undo_while_the_computer_thinks_cancels_it_and_a_late_answer_is_ignored() -> None:
    state = play_at(start("pvc"), "h8")
    old = state.ai
    assert old is not None
    run = Run(state).press("u")
    assert stones(run.state) == [] and run.state.ai is None
    assert CancelAi(old.job) in run.effects and RetireAutosave() in run.effects
    assert send(run.state, AiDone(old.job, Point(0, 0))) == run.state


def test_undo_against_the_computer_takes_back_its_reply_too() -> None:
    state = answer(play_at(answer(play_at(start("pvc"), "h8"), "i9"), "h9"), "h10")
    state = press(state, "u")
    assert stones(state) == ["h8", "i9"] and game_of(state).board.turn is Stone.BLACK
    assert state.ai is None and state.message == "Took back h9, h10 (r redoes)."
    state = press(state, "r")
    assert stones(state) == ["h8", "i9", "h9", "h10"] and state.ai is None
    state = press(state, "u", "u")
    assert stones(state) == [] and press(state, "u").message == "Nothing to undo."


def test_undo_when_the_computer_plays_black() -> None:
    state = answer(start("pvc", black="computer"), "h8")
    assert press(state, "u").message == "Nothing to undo."  # the computer's first move stays
    state = press(answer(play_at(state, "i9"), "g7"), "u")
    assert stones(state) == ["h8"] and state.ai is None


def test_the_computer_failing_pauses_with_a_message() -> None:
    state = play_at(start("pvc"), "h8")
    assert state.ai is not None
    failed = send(state, AiDone(state.ai.job, None, "out of ideas"))
    assert failed.alert and "out of ideas" in failed.message
    assert game_of(failed).paused and failed.ai is None
    assert started(effects_of(failed, "p"))


def test_an_illegal_answer_from_the_computer_changes_nothing() -> None:
    wrong = answer(play_at(start("pvc"), "h8"), "h8")
    assert stones(wrong) == ["h8"] and "illegal" in wrong.message


def test_the_computer_winning_is_said_plainly() -> None:
    state = start("pvc")
    for mine, reply in [("a15", "a1"), ("b15", "b1"), ("c15", "c1"), ("e14", "d1")]:
        state = answer(play_at(state, mine), reply)
    state = answer(play_at(state, "o15"), "e1")
    assert result_text(game_of(state)) == "The computer (white) wins with five in a row: a1-e1."
    state = press(state, "u")
    assert stones(state)[-1] == "d1" and game_of(state).board.turn is Stone.BLACK


def test_the_computer_stops_thinking_on_the_menu_and_starts_again_on_return() -> None:
    state = play_at(start("pvc"), "h8")
    job = state.ai
    assert job is not None
    run = Run(state).press("g")
    assert CancelAi(job.job) in run.effects and run.state.ai is None
    assert any(isinstance(effect, ReadHistory) for effect in run.effects)  # the history row's rating, read again
    run.press("escape")
    assert started(run.effects) and run.state.ai is not None


# -- hints, heat map, help, quit --------------------------------------------------


def test_hint_marks_a_point_and_moves_the_cursor_there() -> None:
    run = Run(start("pvp")).press("H")
    [job] = started(run.effects)
    assert job.kind is AiKind.HINT and press(run.state, "H").message.startswith("Still working")
    state = answer(run.state, "g7")
    assert game_of(state).hint == at(state, "g7") and game_of(state).cursor == at(state, "g7")
    assert state.message == "Hint: g7. Enter plays it."
    state = press(state, "enter")
    assert stones(state) == ["g7"] and game_of(state).hint is None


def test_hint_is_dropped_when_the_position_changes() -> None:
    state = press(start("pvp"), "H")
    old = state.ai
    assert old is not None
    run = Run(state).press("enter")
    assert run.state.ai is None and CancelAi(old.job) in run.effects
    assert send(run.state, AiDone(old.job, Point(0, 0))) == run.state


def test_heat_map_toggles_and_is_off_in_the_next_game() -> None:
    # issue 17, item 10: the heat map stayed on into the next game
    state = press(start("pvp"), "t")
    assert game_of(state).heat and not game_of(press(state, "t")).heat
    assert not game_of(press(state, "g", "enter")).heat


@pytest.mark.parametrize("key", ["?", "f1"])
def test_help_opens_and_any_key_closes_it(key: str) -> None:
    state = play_at(start("pvc"), "h8")
    shown = Run(state).press(key)
    assert isinstance(shown.state.overlay, Help) and shown.state.ai == state.ai and shown.effects == []
    closed = Run(shown.state).press("q")
    assert closed.state.overlay is None and closed.effects == []
    assert isinstance(press(menu_state(), key).overlay, Help)


def test_quit_asks_while_a_game_is_in_progress() -> None:
    state = play_at(start("pvp"), "h8")
    asked = press(state, "q")
    assert asked.overlay == ConfirmQuit()
    for key in ("y", "q", "enter"):
        assert effects_of(asked, key) == [Quit()]
    for key in ("n", "escape", "x"):
        back = Run(asked).press(key)
        assert back.effects == [] and back.state.overlay is None and back.state.screen == state.screen


def test_unknown_key_in_a_game_is_explained() -> None:
    state = start("pvp")
    after = press(state, "unknown")
    assert after.message == "That key does nothing here: press ? for the keys."
    assert after.screen == state.screen


def test_ticks_carry_the_time_and_turn_the_spinner_only_while_thinking() -> None:
    idle = start("pvp")
    ticked, effects = update(idle, Tick(NOON, 5))
    assert ticked.now == NOON and ticked.frame == 0 and effects == ()
    assert update(ticked, Tick(NOON.replace(second=30), 6))[0] is ticked  # nothing new to draw
    thinking = play_at(start("pvc"), "h8")
    assert update(thinking, Tick(NOON, 7))[0].frame == 7


# -- watching the computer ----------------------------------------------------------


def test_watch_mode_paces_its_moves_pauses_and_steps() -> None:
    run = begin("cvc")
    [first] = started(run.effects)
    assert first.delay == Pace.NORMAL.seconds
    state = answer(run.state, "h8")
    assert state.ai is not None  # and white is asked at once
    paused = Run(state).press("p")
    assert game_of(paused.state).paused and paused.state.ai is None and isinstance(paused.effects[0], CancelAi)
    assert press(paused.state, "enter").message.startswith("You are watching")
    stepped = Run(paused.state).press(".")
    [one] = started(stepped.effects)
    assert one.delay == 0 and one.board.turn is Stone.WHITE
    after = answer(stepped.state, "i9")
    assert stones(after) == ["h8", "i9"] and game_of(after).paused and after.ai is None  # one move, then paused
    assert started(effects_of(after, "p"))


def test_watch_modes_greeting_names_keys_that_do_what_it_says() -> None:
    run = begin("cvc")
    assert run.state.message.endswith("p pauses, . steps, g for a new game.")
    assert game_of(Run(run.state).press("p").state).paused
    assert isinstance(Run(run.state).press("g").state.screen, Menu)


def test_watch_mode_pace_keys() -> None:
    run = Run(start("cvc")).press("+")
    assert game_of(run.state).settings.pace is Pace.FAST and run.state.settings.pace is Pace.FAST
    assert run.of(SaveSettings) and "Pace: fast" in run.state.message
    assert game_of(press(start("cvc"), "-", "-", "-")).settings.pace is Pace.SLOW


def test_undo_while_watching_pauses() -> None:
    state = press(answer(answer(start("cvc"), "h8"), "i9"), "u")
    assert stones(state) == ["h8"] and game_of(state).paused and state.ai is None
    assert press(state, "H").message.startswith("You are watching")


def test_two_players_have_nothing_to_pause() -> None:
    assert "no computer" in press(start("pvp"), "p").message


# -- renju forbidden points ----------------------------------------------------------


#: Black f8 g8 and h9 h10 (white far away): h8 would make two open threes.
DOUBLE_THREE_AT_H8 = ("f8", "a1", "g8", "a3", "h10", "o1", "h9", "o3")


def test_forbidden_points_are_marked_while_black_is_to_move() -> None:
    state = play_at(start("pvp", "renju"), *DOUBLE_THREE_AT_H8)
    assert game_of(state).forbidden == {at(state, "h8")}
    state = play_at(state, "a5")
    assert game_of(state).forbidden == frozenset()  # white's turn
    state = play_at(state, "o5")
    assert game_of(state).forbidden == {at(state, "h8")}


def test_forbidden_point_gets_a_message_and_changes_nothing() -> None:
    state = play_at(start("pvp", "renju"), *DOUBLE_THREE_AT_H8)
    tried = play_at(state, "h8")
    assert tried.alert and tried.message == "h8 is forbidden for black (double-three): pick another point."
    assert stones(tried) == list(DOUBLE_THREE_AT_H8)


def test_forbidden_points_are_worked_out_once_per_position(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    original = Board.forbidden_points

    def counting(self: Board) -> list[Point]:
        calls.append(1)
        return original(self)

    monkeypatch.setattr(Board, "forbidden_points", counting)
    state = start("pvp", "renju")
    press(state, "left", "left", "up", "down", "t", "t", "?", "x")
    assert len(calls) == 1


def test_key_events_never_raise_anywhere() -> None:
    keys = [
        "up",
        "down",
        "left",
        "right",
        "enter",
        "space",
        "escape",
        "u",
        "r",
        "H",
        "t",
        "p",
        ".",
        "+",
        "n",
        "S",
        "L",
        "m",
        "x",
        "backspace",
        "ctrl-u",
        "home",
        "end",
        "?",
        "f1",
        "unknown",
    ]
    for state in (menu_state(), start("pvc"), start("cvc"), start("pvp", "renju", 5)):
        for key in keys:
            for second in keys:
                update(update(state, Key(key))[0], Key(second))


def test_the_message_line_is_written_in_one_place_and_dead_helpers_are_gone() -> None:
    """Issue 28: ``model.next_job`` and ``model.complain`` were dead (the router refuses keys with its own)."""
    from gomoku.tui import model

    assert not hasattr(model, "next_job") and not hasattr(model, "complain")
    refused = press(start("pvp"), "z")
    assert refused.alert and refused.message == "'z' does nothing here: press ? for the keys."
