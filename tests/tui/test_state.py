"""The terminal game's state machine: every key on every screen, with no terminal."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gomoku.board import Board
from gomoku.point import Point, parse_point
from gomoku.rules import Rule, Stone
from gomoku.tui import state as st
from gomoku.tui.settings import Settings

LEVELS = ("easy", "normal", "hard")


def press(state: st.State, *keys: str) -> st.State:
    for key in keys:
        state = st.update(state, st.Key(key))
    return state


def start(mode: str = "pvp", rule: str = "freestyle", size: int = 15, black: str = "human") -> st.State:
    settings = Settings(mode=mode, rule=rule, size=size, black=black, level="normal")
    return st.initial_state(settings, LEVELS, start=True)


def at(state: st.State, name: str) -> Point:
    assert state.game is not None
    return parse_point(name, state.game.board.size)


def play_at(state: st.State, *names: str) -> st.State:
    """Click the named points in turn (a click plays where it lands)."""
    for name in names:
        state = st.update(state, st.Click(at(state, name)))
    return state


def answer(state: st.State, name: str) -> st.State:
    """The computer answers its pending request with the named point."""
    assert state.pending is not None
    return st.update(state, st.AiResult(state.pending.id, at(state, name)))


def stones(state: st.State) -> list[str]:
    assert state.game is not None
    board = state.game.board
    return [board.notation(p) for p in board.moves]


# -- start-up and the menu ----------------------------------------------------


def test_start_up_shows_the_menu_on_new_game() -> None:
    state = st.initial_state(Settings(), LEVELS)
    assert state.screen == st.MENU and state.game is None
    assert st.menu_items(state)[state.menu_index] == "new"


def test_start_up_straight_into_a_game() -> None:
    state = start("pvc", "renju", 19)
    assert state.screen == st.GAME
    assert state.game is not None
    assert state.game.board.size == 19 and state.game.board.rule is Rule.RENJU
    assert state.game.computer == frozenset({Stone.WHITE})
    assert state.game.cursor == Point(9, 9)


@pytest.mark.parametrize("down", ["down", "j", "s"])
@pytest.mark.parametrize("up", ["up", "k", "w"])
def test_menu_selection_moves_and_wraps(down: str, up: str) -> None:
    state = st.initial_state(Settings(), LEVELS)
    items = st.menu_items(state)
    assert st.menu_items(state)[press(state, down).menu_index] == "mode"
    assert press(state, up).menu_index == len(items) - 1  # from the top to quit
    assert press(state, down, up).menu_index == state.menu_index


def select(state: st.State, item: str) -> st.State:
    return replace(state, menu_index=st.menu_items(state).index(item))


@pytest.mark.parametrize("right", ["right", "l", "d", "enter"])
def test_menu_changes_a_choice(right: str) -> None:
    state = select(st.initial_state(Settings(mode="pvc"), LEVELS), "mode")
    assert press(state, right).settings.mode == "pvp"
    assert press(state, right, right).settings.mode == "cvc"
    assert press(state, right, right, right).settings.mode == "pvc"


@pytest.mark.parametrize("left", ["left", "h", "a"])
def test_menu_changes_a_choice_backwards(left: str) -> None:
    state = select(st.initial_state(Settings(rule="freestyle"), LEVELS), "rule")
    assert press(state, left).settings.rule == "renju"


def test_menu_board_size_stays_between_5_and_25() -> None:
    state = select(st.initial_state(Settings(size=6), LEVELS), "size")
    assert press(state, "left").settings.size == 5
    assert press(state, "left", "left", "left").settings.size == 5
    big = select(st.initial_state(Settings(size=24), LEVELS), "size")
    assert press(big, "right", "right", "right").settings.size == 25


def test_menu_levels_come_from_the_level_list() -> None:
    state = select(st.initial_state(Settings(level="normal"), LEVELS), "level")
    assert press(state, "right").settings.level == "hard"
    assert press(state, "right", "right").settings.level == "easy"
    two = select(st.initial_state(Settings(level="normal"), ("easy", "normal")), "level")
    assert press(two, "right").settings.level == "easy"


def test_menu_who_plays_black_only_against_the_computer() -> None:
    state = select(st.initial_state(Settings(mode="pvp"), LEVELS), "black")
    after = press(state, "right")
    assert after.settings == state.settings
    assert "only matters against the computer" in after.message
    pvc = select(st.initial_state(Settings(mode="pvc"), LEVELS), "black")
    assert press(pvc, "right").settings.black == "computer"


@pytest.mark.parametrize("key", ["enter", "space", "n"])
def test_menu_starts_a_game_of_the_chosen_settings(key: str) -> None:
    state = st.initial_state(Settings(mode="pvc", black="computer", rule="standard", size=9), LEVELS)
    state = press(state, key)
    assert state.screen == st.GAME and state.game is not None
    assert state.game.board.size == 9 and state.game.board.rule is Rule.STANDARD
    assert state.game.computer == frozenset({Stone.BLACK})
    # the computer plays black: it is asked for the first move at once
    assert state.pending is not None and state.pending.kind == st.MOVE
    assert "You play white" in state.message


def test_menu_quit_without_a_game_quits_at_once() -> None:
    state = st.initial_state(Settings(), LEVELS)
    assert press(state, "q").quit
    assert press(select(state, "quit"), "enter").quit


def test_menu_escape_without_a_game_says_what_to_do() -> None:
    state = press(st.initial_state(Settings(), LEVELS), "escape")
    assert state.screen == st.MENU and "Enter" in state.message


def test_menu_unknown_key_is_explained_and_changes_nothing() -> None:
    state = st.initial_state(Settings(), LEVELS)
    after = press(state, "z")
    assert after.alert and "does nothing" in after.message
    assert replace(after, message="", alert=False) == state


def test_menu_click_on_a_row() -> None:
    state = st.initial_state(Settings(mode="pvc"), LEVELS)
    items = st.menu_items(state)
    after = st.update(state, st.MenuClick(items.index("mode")))
    assert after.settings.mode == "pvp" and after.menu_index == items.index("mode")
    assert st.update(state, st.MenuClick(items.index("new"))).screen == st.GAME
    assert st.update(state, st.MenuClick(99)) == state


def test_n_in_a_game_opens_the_menu_and_escape_goes_back() -> None:
    state = play_at(start("pvp"), "h8")
    menu = press(state, "n")
    assert menu.screen == st.MENU
    assert st.menu_items(menu)[0] == "resume"
    assert st.menu_items(menu)[menu.menu_index] == "new"
    back = press(menu, "escape")
    assert back.screen == st.GAME and back.game is state.game
    resumed = press(menu, "up", "enter")
    assert resumed.screen == st.GAME and resumed.game is state.game
    fresh = press(menu, "enter")
    assert fresh.game is not state.game and stones(fresh) == []


def test_menu_quit_with_a_game_in_progress_asks_first() -> None:
    menu = press(play_at(start("pvp"), "h8"), "n")
    asked = press(menu, "q")
    assert asked.overlay == st.CONFIRM_QUIT and not asked.quit
    assert press(asked, "y").quit


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
        moved = press(state, key)
        assert moved.game is not None
        assert moved.game.cursor == Point(7 + delta[0], 7 + delta[1])
        assert moved.game.board is state.game.board  # type: ignore[union-attr]


def test_cursor_stops_at_the_edges() -> None:
    state = start("pvp", size=5)
    corner = press(state, *["up", "left"] * 6)
    assert corner.game is not None and corner.game.cursor == Point(0, 0)
    other = press(state, *["down", "right"] * 6)
    assert other.game is not None and other.game.cursor == Point(4, 4)


@pytest.mark.parametrize("key", ["enter", "space"])
def test_play_at_the_cursor(key: str) -> None:
    state = press(start("pvp"), "right", key)
    assert stones(state) == ["i8"]
    assert state.game is not None and state.game.board.turn is Stone.WHITE


def test_a_move_leaves_the_old_state_alone() -> None:
    before = start("pvp")
    after = press(before, "enter")
    assert stones(after) == ["h8"] and stones(before) == []


def test_occupied_point_gets_a_message_and_changes_nothing() -> None:
    state = play_at(start("pvp"), "h8")
    again = play_at(state, "h8")
    assert again.alert and again.message == "H8 is taken: pick an empty point."
    assert again.game is not None and state.game is not None
    assert again.game.board is state.game.board


def test_two_players_play_to_a_win() -> None:
    state = start("pvp")
    state = play_at(state, "a1", "a15", "b2", "b15", "c3", "c15", "d4", "d15")
    assert state.game is not None and not state.game.board.is_game_over()
    state = play_at(state, "e5")
    assert state.game is not None
    outcome = state.game.board.outcome
    assert outcome is not None and outcome.winner is Stone.BLACK
    assert st.result_text(state.game) == "Black wins with five in a row: a1-e5."
    assert not state.game.in_progress
    late = play_at(state, "o1")
    assert "The game is over" in late.message and stones(late) == stones(state)
    assert press(state, "q").quit  # nothing to lose: no confirmation


def test_draw_on_a_full_board() -> None:
    rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"]
    blacks = [Point(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == "X"]
    whites = [Point(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == "O"]
    state = start("pvp", size=5)
    for index, point in enumerate(blacks):
        state = st.update(state, st.Click(point))
        if index < len(whites):
            state = st.update(state, st.Click(whites[index]))
    assert state.game is not None
    assert st.result_text(state.game) == "Draw: the board is full."


def test_click_plays_where_it_lands_and_ignores_points_off_the_board() -> None:
    state = st.update(start("pvp"), st.Click(Point(2, 3)))
    assert stones(state) == ["c12"]
    assert state.game is not None and state.game.cursor == Point(2, 3)
    assert st.update(state, st.Click(Point(15, 0))) == state


# -- against the computer ----------------------------------------------------


def test_the_computer_answers_a_move() -> None:
    state = play_at(start("pvc"), "h8")
    request = state.pending
    assert request is not None and request.kind == st.MOVE
    assert request.board is state.game.board  # type: ignore[union-attr]
    assert request.delay == 0
    state = answer(state, "i9")
    assert stones(state) == ["h8", "i9"] and state.pending is None


def test_moving_while_the_computer_thinks_changes_nothing() -> None:
    state = play_at(start("pvc"), "h8")
    tried = play_at(state, "a1")
    assert tried.message == "The computer is thinking: wait for its move."
    assert stones(tried) == ["h8"] and tried.pending == state.pending
    assert press(state, "H").message.startswith("The computer is thinking")
    assert press(state, "r").message.startswith("The computer is thinking")


def test_a_late_answer_to_an_old_question_is_ignored() -> None:
    state = play_at(start("pvc"), "h8")
    old = state.pending
    assert old is not None
    state = press(state, "u")  # takes back h8 while the computer thinks
    assert stones(state) == [] and state.pending is None
    late = st.update(state, st.AiResult(old.id, Point(0, 0)))
    assert late == state


def test_undo_against_the_computer_takes_back_its_reply_too() -> None:
    state = answer(play_at(answer(play_at(start("pvc"), "h8"), "i9"), "h9"), "h10")
    assert stones(state) == ["h8", "i9", "h9", "h10"]
    state = press(state, "u")
    assert stones(state) == ["h8", "i9"]
    assert state.game is not None and state.game.board.turn is Stone.BLACK
    assert state.pending is None and state.message == "Took back h9, h10 (r redoes)."
    state = press(state, "r")
    assert stones(state) == ["h8", "i9", "h9", "h10"] and state.pending is None
    state = press(state, "u", "u")
    assert stones(state) == []
    assert press(state, "u").message == "Nothing to undo."


def test_undo_when_the_computer_plays_black() -> None:
    state = start("pvc", black="computer")
    state = answer(state, "h8")
    assert press(state, "u").message == "Nothing to undo."  # the computer's first move stays
    state = answer(play_at(state, "i9"), "g7")
    state = press(state, "u")
    assert stones(state) == ["h8"] and state.pending is None


def test_undo_after_the_human_won_takes_back_the_winning_move() -> None:
    state = start("pvc")
    for mine, reply in [("a1", "o15"), ("b1", "o14"), ("c1", "o13"), ("d1", "o12")]:
        state = answer(play_at(state, mine), reply)
    state = play_at(state, "e1")
    assert state.game is not None and st.result_text(state.game) == "You (black) win with five in a row: a1-e1."
    assert state.pending is None
    state = press(state, "u")
    assert stones(state)[-1] == "o12" and state.game is not None and not state.game.board.is_game_over()


def test_the_computer_failing_pauses_with_a_message() -> None:
    state = play_at(start("pvc"), "h8")
    assert state.pending is not None
    failed = st.update(state, st.AiResult(state.pending.id, None, "out of ideas"))
    assert failed.alert and "out of ideas" in failed.message
    assert failed.game is not None and failed.game.paused and failed.pending is None
    retry = press(failed, "p")
    assert retry.pending is not None and retry.pending.kind == st.MOVE


def test_an_illegal_answer_from_the_computer_changes_nothing() -> None:
    state = play_at(start("pvc"), "h8")
    wrong = answer(state, "h8")
    assert stones(wrong) == ["h8"] and "illegal" in wrong.message


# -- hints, heat map, help, quit --------------------------------------------------


def test_hint_marks_a_point_and_moves_the_cursor_there() -> None:
    state = press(start("pvp"), "H")
    assert state.pending is not None and state.pending.kind == st.HINT
    assert press(state, "H").message.startswith("Still working")
    state = answer(state, "g7")
    assert state.game is not None
    assert state.game.hint == at(state, "g7") and state.game.cursor == at(state, "g7")
    assert state.message == "Hint: g7. Enter plays it."
    state = press(state, "enter")
    assert stones(state) == ["g7"] and state.game is not None and state.game.hint is None


def test_hint_is_dropped_when_the_position_changes() -> None:
    state = press(start("pvp"), "H")
    old = state.pending
    assert old is not None
    state = press(state, "enter")  # play before the hint arrives
    assert state.pending is None
    assert st.update(state, st.AiResult(old.id, Point(0, 0))) == state


def test_heat_map_toggles() -> None:
    state = start("pvp")
    assert press(state, "t").heat and not press(state, "t", "t").heat


@pytest.mark.parametrize("key", ["?", "f1"])
def test_help_opens_and_any_key_closes_it(key: str) -> None:
    state = play_at(start("pvc"), "h8")
    shown = press(state, key)
    assert shown.overlay == st.HELP and shown.pending == state.pending  # the computer keeps thinking
    closed = press(shown, "q")
    assert closed.overlay is None and not closed.quit
    assert press(st.initial_state(Settings(), LEVELS), key).overlay == st.HELP


def test_quit_asks_while_a_game_is_in_progress() -> None:
    state = play_at(start("pvp"), "h8")
    asked = press(state, "q")
    assert asked.overlay == st.CONFIRM_QUIT and not asked.quit
    for key in ("y", "q", "enter"):
        assert press(asked, key).quit
    for key in ("n", "escape", "x"):
        back = press(asked, key)
        assert not back.quit and back.overlay is None and back.game is state.game


def test_quit_before_any_move_needs_no_confirmation() -> None:
    assert press(start("pvp"), "q").quit


def test_unknown_key_in_a_game_is_explained() -> None:
    state = start("pvp")
    after = press(state, "unknown")
    assert after.message == "That key does nothing here: press ? for the keys."
    assert after.game is state.game


# -- watching the computer ----------------------------------------------------------


def test_computer_against_computer_paces_its_moves_and_pauses() -> None:
    state = start("cvc")
    assert state.pending is not None and state.pending.delay == st.WATCH_DELAY
    state = answer(state, "h8")
    assert state.pending is not None  # and white is asked at once
    paused = press(state, "space")
    assert paused.game is not None and paused.game.paused and paused.pending is None
    assert press(paused, "enter").message.startswith("You are watching")
    resumed = press(paused, "p")
    assert resumed.pending is not None and resumed.pending.kind == st.MOVE


def test_undo_while_watching_pauses() -> None:
    state = answer(answer(start("cvc"), "h8"), "i9")
    state = press(state, "u")
    assert stones(state) == ["h8"]
    assert state.game is not None and state.game.paused and state.pending is None
    assert press(state, "H").message.startswith("You are watching")


def test_two_players_have_nothing_to_pause() -> None:
    assert "no computer" in press(start("pvp"), "p").message


# -- renju forbidden points ----------------------------------------------------------


#: Black f8 g8 and h9 h10 (white far away): h8 would make two open threes.
DOUBLE_THREE_AT_H8 = ("f8", "a1", "g8", "a3", "h10", "o1", "h9", "o3")


def test_forbidden_points_are_marked_while_black_is_to_move() -> None:
    state = play_at(start("pvp", "renju"), *DOUBLE_THREE_AT_H8)
    assert state.game is not None and state.game.forbidden == {at(state, "h8")}
    state = play_at(state, "a5")
    assert state.game is not None and state.game.forbidden == frozenset()  # white's turn
    state = play_at(state, "o5")
    assert state.game is not None and state.game.forbidden == {at(state, "h8")}


def test_forbidden_point_gets_a_message_and_changes_nothing() -> None:
    state = play_at(start("pvp", "renju"), *DOUBLE_THREE_AT_H8)
    tried = play_at(state, "h8")
    assert tried.alert and tried.message == "H8 is forbidden for black (double-three): pick another point."
    assert stones(tried) == list(DOUBLE_THREE_AT_H8)


def test_no_forbidden_points_outside_renju() -> None:
    state = play_at(start("pvp", "freestyle"), *DOUBLE_THREE_AT_H8)
    assert state.game is not None and state.game.forbidden == frozenset()
    assert stones(play_at(state, "h8"))[-1] == "h8"


def test_with_board_works_out_forbidden_points_once_per_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = []
    original = Board.forbidden_points

    def counting(self: Board) -> list[Point]:
        calls.append(1)
        return original(self)

    monkeypatch.setattr(Board, "forbidden_points", counting)
    state = start("pvp", "renju")
    state = press(state, "left", "left", "up", "down", "t", "t", "?", "x")
    assert len(calls) == 1


def test_the_computer_winning_is_said_plainly() -> None:
    state = start("pvc")
    for mine, reply in [("a15", "a1"), ("b15", "b1"), ("c15", "c1"), ("e14", "d1")]:
        state = answer(play_at(state, mine), reply)
    state = answer(play_at(state, "o15"), "e1")
    assert state.game is not None
    assert st.result_text(state.game) == "The computer (white) wins with five in a row: a1-e1."
    state = press(state, "u")  # back to before the human's last move
    assert stones(state)[-1] == "d1" and state.game is not None and state.game.board.turn is Stone.BLACK


def test_pausing_the_computer_in_a_game_against_it() -> None:
    state = press(play_at(start("pvc"), "h8"), "p")
    assert state.pending is None and state.game is not None and state.game.paused
    assert play_at(state, "a1").message == "The computer is paused: p resumes it."
    state = answer(press(state, "p"), "i9")
    assert stones(state) == ["h8", "i9"]
