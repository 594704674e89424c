"""Save, load, replay and resume in the state machine: every new key and screen, no terminal, no files."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest

from gomoku.board import Board
from gomoku.point import Point, parse_point
from gomoku.records import GameRecord, read_move_list
from gomoku.rules import Rule, Stone
from gomoku.savegame import SavedGame
from gomoku.tui import state as st
from gomoku.tui.settings import Settings
from tests.tui.test_state import LEVELS, answer, play_at, press, start, stones

NOON = datetime(2026, 11, 29, 12, 5)


def clocked(state: st.State) -> st.State:
    return replace(state, clock=lambda: NOON)


def typed(state: st.State, text: str) -> st.State:
    return press(state, *("space" if c == " " else c for c in text))


def record(text: str, size: int = 15, rule: Rule = Rule.FREESTYLE) -> GameRecord:
    return read_move_list(text, size, rule)


def loaded(text: str = "h8 i9 h9 i10 h10", mode: str = "pvp", game: bool = False, size: int = 15) -> st.State:
    """A state that has loaded ``text`` with L: the replay at its last move."""
    state = start(mode) if game else st.initial_state(Settings(mode=mode), LEVELS)
    state = press(state, "L")
    state = typed(state, "game.txt")
    state = press(state, "enter")
    assert state.job is not None
    return st.update(state, st.FileDone(state.job.id, "/here/game.txt", record=record(text, size)))


def shown(state: st.State) -> list[str]:
    assert state.replay is not None
    board = state.replay.board
    return [board.notation(point) for point in board.moves]


# -- S: saving a record ---------------------------------------------------------


def test_s_suggests_a_dated_name_that_typing_replaces() -> None:
    state = press(clocked(play_at(start(), "h8", "i9")), "S")
    assert state.overlay == st.PROMPT and state.prompt is not None
    assert state.prompt.kind == st.SAVE_RECORD and state.prompt.text == "gomoku-20261129-1205.sgf"
    assert typed(state, "my.psq").prompt.text == "my.psq"  # type: ignore[union-attr]
    edited = press(state, "backspace", "backspace", "backspace", "p", "s", "q")
    assert edited.prompt.text == "gomoku-20261129-1205.psq"  # type: ignore[union-attr]
    assert press(state, "ctrl-u").prompt.text == ""  # type: ignore[union-attr]


def test_the_prompt_takes_every_key_as_text() -> None:
    state = press(play_at(start(), "h8"), "S", "ctrl-u")
    state = typed(state, "q?u nH.sgf")
    assert state.overlay == st.PROMPT and not state.quit
    assert state.prompt.text == "q?u nH.sgf"  # type: ignore[union-attr]
    assert stones(state) == ["h8"]  # 'u' did not undo


def test_escape_cancels_and_keeps_the_game() -> None:
    before = play_at(start(), "h8", "i9")
    state = press(before, "S", "x", "escape")
    assert state.overlay is None and state.prompt is None and state.job is None
    assert state.message == "Save cancelled." and state.game == before.game


def test_enter_asks_the_loop_to_save_the_moves() -> None:
    state = play_at(start(), "h8", "i9", "h9")
    state = press(typed(press(state, "S"), "game.sgf"), "enter")
    job = state.job
    assert job is not None and job.kind == st.SAVE_RECORD and job.path == "game.sgf" and not job.overwrite
    assert job.record is not None
    assert list(job.record.moves) == [parse_point(name, 15) for name in ("h8", "i9", "h9")]
    assert (job.record.black, job.record.white) == ("Human", "Human")
    done = st.update(state, st.FileDone(job.id, "/home/ann/game.sgf"))
    assert done.overlay is None and done.job is None and done.last_file == "game.sgf"
    assert done.message == "Saved 3 moves to /home/ann/game.sgf." and not done.alert


def test_psq_records_carry_no_names_and_the_computer_is_named_in_sgf() -> None:
    state = answer(play_at(start("pvc"), "h8"), "i9")
    psq = press(typed(press(state, "S"), "g.psq"), "enter").job
    assert psq is not None and psq.record is not None and (psq.record.black, psq.record.white) == ("", "")
    sgf = press(typed(press(state, "S"), "g.sgf"), "enter").job
    assert sgf is not None and sgf.record is not None and sgf.record.white == "gomoku normal"


def test_an_existing_file_is_replaced_only_after_a_second_enter() -> None:
    state = press(typed(press(play_at(start(), "h8"), "S"), "g.sgf"), "enter")
    state = st.update(state, st.FileDone(state.job.id, "g.sgf", exists=True))  # type: ignore[union-attr]
    assert state.overlay == st.PROMPT
    assert state.prompt.error == "g.sgf exists: Enter again replaces it, or edit the name."  # type: ignore[union-attr]
    again = press(state, "enter")
    assert again.job is not None and again.job.overwrite
    renamed = press(state, "backspace", "backspace", "backspace", "p", "s", "q", "enter")
    assert renamed.job is not None and not renamed.job.overwrite and renamed.job.path == "g.psq"


def test_a_failed_save_keeps_the_prompt_and_the_game() -> None:
    before = play_at(start(), "h8", "i9")
    state = press(typed(press(before, "S"), "/root/g.sgf"), "enter")
    error = "Cannot save to /root/g.sgf: Permission denied."
    failed = st.update(state, st.FileDone(state.job.id, "/root/g.sgf", error=error))  # type: ignore[union-attr]
    assert failed.overlay == st.PROMPT and failed.prompt.error.endswith("Permission denied.")  # type: ignore[union-attr]
    assert failed.game == before.game and failed.job is None
    assert press(failed, "x").prompt.error == ""  # type: ignore[union-attr]


def test_an_answer_to_another_job_is_ignored() -> None:
    state = press(typed(press(play_at(start(), "h8"), "S"), "g.sgf"), "enter")
    assert st.update(state, st.FileDone(state.job.id + 1, "/x", error="no")) == state  # type: ignore[union-attr]


def test_nothing_to_save_and_an_empty_name() -> None:
    empty = press(start(), "S")
    assert empty.overlay is None and empty.alert and "No moves to save" in empty.message
    state = press(play_at(start(), "h8"), "S", "ctrl-u", "enter")
    assert state.job is None and state.prompt.error == "Type a file name, or Esc to cancel."  # type: ignore[union-attr]


# -- L: loading a record, and the replay ------------------------------------------


@pytest.mark.parametrize("how", ["game", "menu key", "menu row"])
def test_l_opens_the_load_prompt_from_the_game_and_the_menu(how: str) -> None:
    if how == "game":
        state = press(start(), "L")
    elif how == "menu key":
        state = press(st.initial_state(Settings(), LEVELS), "L")
    else:
        menu = st.initial_state(Settings(), LEVELS)
        state = st.update(menu, st.MenuClick(st.menu_items(menu).index("load")))
    assert state.overlay == st.PROMPT and state.prompt is not None and state.prompt.kind == st.LOAD_RECORD
    assert state.prompt.text == ""  # nothing loaded or saved yet this session


def test_loading_asks_with_the_menus_rule_and_size_and_opens_the_replay_at_the_end() -> None:
    menu = st.initial_state(Settings(rule="renju", size=19), LEVELS)
    state = press(typed(press(menu, "L"), "g.psq"), "enter")
    job = state.job
    assert job is not None and (job.kind, job.path, job.rule, job.size) == (st.LOAD_RECORD, "g.psq", Rule.RENJU, 19)
    state = loaded()
    assert state.screen == st.REPLAY and state.overlay is None and state.replay is not None
    assert state.replay.name == "game.txt" and shown(state) == ["h8", "i9", "h9", "i10", "h10"]
    assert "game.txt: 5 moves" in state.message and state.last_file == "game.txt"
    assert press(state, "L").prompt.text == "game.txt"  # type: ignore[union-attr]


def test_a_broken_record_leaves_the_game_untouched() -> None:
    before = play_at(start(), "h8", "i9")
    state = press(typed(press(before, "L"), "bad.sgf"), "enter")
    error = "/d/bad.sgf: line 1: move 2: i9 is taken: pick an empty point."
    state = st.update(state, st.FileDone(state.job.id, "/d/bad.sgf", error=error))  # type: ignore[union-attr]
    assert state.overlay == st.PROMPT and state.prompt.error == error  # type: ignore[union-attr]
    state = press(state, "escape")
    assert state.screen == st.GAME and state.game == before.game and state.replay is None


@pytest.mark.parametrize(
    ("keys", "moves"),
    [
        (("left",), 4), ((",",), 4), (("h",), 4), (("left", "right"), 5), (("left", "."), 5),
        (("home",), 0), (("g",), 0), (("home", "right", "d"), 2), (("home", "end"), 5), (("home", "G"), 5),
        (("up",), 0), (("home", "pagedown"), 5), (("left",) * 9, 0),
    ],
)  # fmt: skip
def test_replay_steps_through_the_moves(keys: tuple[str, ...], moves: int) -> None:
    state = press(loaded(), *keys)
    assert state.screen == st.REPLAY and len(shown(state)) == moves
    assert shown(state) == ["h8", "i9", "h9", "i10", "h10"][:moves]


def test_replay_says_when_it_is_at_either_end() -> None:
    assert press(loaded(), "right").message == "That is the last move."
    assert press(loaded(), "home", "left").message == "That is the start."


def test_replay_of_a_long_big_game_steps_ten_at_a_time() -> None:
    moves = " ".join(f"{c}{r}" for r in range(1, 25, 2) for c in "abcdefghijklm")  # 156 moves on 25x25
    state = loaded(moves, size=25)
    assert state.replay is not None and state.replay.board.size == 25 and state.replay.index == 156
    assert press(state, "up", "up").replay.index == 136  # type: ignore[union-attr]
    assert press(state, "home", "pagedown", "down").replay.index == 20  # type: ignore[union-attr]


def test_take_over_in_two_player_mode_keeps_the_later_moves_for_redo() -> None:
    state = press(loaded(), "left", "left", "enter")
    assert state.screen == st.GAME and state.replay is None and state.game is not None
    assert stones(state) == ["h8", "i9", "h9"] and state.game.board.turn is Stone.WHITE
    assert "Playing on after move 3, two players (r replays the recorded moves)." == state.message
    assert stones(press(state, "r")) == ["h8", "i9", "h9", "i10"]
    played = play_at(state, "a1")
    assert stones(played) == ["h8", "i9", "h9", "a1"] and not played.game.board.can_redo  # type: ignore[union-attr]


def test_take_over_against_the_computer_gives_you_the_side_to_move() -> None:
    state = press(loaded(mode="pvc"), "left", "left", "p")  # white to move after 3 moves
    assert state.game is not None and state.game.computer == frozenset({Stone.BLACK})
    assert state.game.settings.black == "computer" and state.pending is None  # your turn
    state = play_at(state, "a1")
    assert state.pending is not None and state.pending.kind == st.MOVE  # the computer answers


def test_m_chooses_the_mode_to_play_on_in() -> None:
    state = press(loaded(mode="pvp"), "m")
    assert state.settings.mode == "cvc" and "computer vs computer" in state.message
    state = press(state, "home", "enter")
    assert state.game is not None and state.game.computer == frozenset(Stone)
    assert state.pending is not None  # the computer plays on at once
    assert press(loaded(mode="cvc"), "m").settings.mode == "pvc"


def test_take_over_keeps_the_records_rule_and_size() -> None:
    state = st.initial_state(Settings(mode="pvp", rule="freestyle", size=15), LEVELS)
    state = press(typed(press(state, "L"), "r.sgf"), "enter")
    done = st.FileDone(state.job.id, "r.sgf", record=record("h8 i9", 9, Rule.RENJU))  # type: ignore[union-attr]
    state = st.update(state, done)
    game = press(state, "enter").game
    assert game is not None and game.board.size == 9 and game.board.rule is Rule.RENJU
    assert game.settings.rule == "renju" and game.settings.size == 9
    assert state.settings.size == 15  # the menu's choices stay


def test_s_in_the_replay_saves_the_whole_record() -> None:
    state = press(loaded(), "home", "S", "ctrl-u")
    state = press(typed(state, "all.psq"), "enter")
    assert state.job is not None and state.job.record is not None and len(state.job.record.moves) == 5


def test_escape_leaves_the_replay_for_the_game_or_the_menu() -> None:
    with_game = loaded(game=True)
    assert press(with_game, "escape").screen == st.GAME
    assert press(loaded(), "escape").screen == st.MENU
    assert press(loaded(), "n").screen == st.MENU


def test_replay_keys_that_do_nothing_say_so_and_help_shows() -> None:
    state = press(loaded(), "x")
    assert state.alert and "left/right step" in state.message
    assert press(loaded(), "?").overlay == st.HELP
    assert press(loaded(), "t").heat
    assert press(loaded(), "q").quit  # no game in progress: no question
    assert press(loaded(game=True), "q").overlay is None  # an empty game is not in progress
    in_progress = play_at(start(), "h8")
    state = press(typed(press(in_progress, "L"), "g"), "enter")
    state = st.update(state, st.FileDone(state.job.id, "/g", record=record("a1")))  # type: ignore[union-attr]
    assert press(state, "q").overlay == st.CONFIRM_QUIT


def test_clicks_do_nothing_in_the_replay() -> None:
    state = loaded()
    assert st.update(state, st.Click(Point(0, 0))).replay == state.replay


def test_command_line_load_opens_the_replay() -> None:
    state = st.initial_state(Settings(), LEVELS, start=True, record=record("h8 i9"), record_name="g.sgf")
    assert state.screen == st.REPLAY and state.game is None and "g.sgf: 2 moves" in state.message


# -- resume -------------------------------------------------------------------------


def saved(mode: str = "pvc", black: str = "computer", moves: str = "h8 i9 h9", redo: str = "i10") -> SavedGame:
    board = Board(15, Rule.RENJU)
    for name in (moves + " " + redo).split():
        board.play(parse_point(name, 15))
    for _ in redo.split():
        board.undo()
    players = {"black": black, "white": "human" if black == "computer" else "computer"}
    if mode == "pvp":
        players = {"black": "human", "white": "human"}
    return SavedGame.from_board(board, mode=mode, players=players, level="easy", extra={"cursor": "c3"})


def test_a_saved_game_is_offered_first_and_resumed_exactly() -> None:
    state = st.initial_state(Settings(), LEVELS, offer=saved())
    assert state.screen == st.RESUME and state.game is None and state.pending is None
    resumed = press(state, "y")
    game = resumed.game
    assert resumed.screen == st.GAME and game is not None and resumed.offer is None
    assert stones(resumed) == ["h8", "i9", "h9"] and game.board.can_redo
    assert game.board.rule is Rule.RENJU and game.settings.level == "easy" and game.settings.black == "computer"
    assert game.computer == frozenset({Stone.BLACK}) and game.cursor == parse_point("c3", 15)
    assert resumed.message == "Resumed: renju 15x15, you (white) vs computer, 3 moves."
    assert resumed.pending is None  # white (you) to move
    assert press(state, "enter").game.board.moves == game.board.moves  # type: ignore[union-attr]


def test_resuming_when_the_computer_is_to_move_starts_it() -> None:
    state = press(st.initial_state(Settings(), LEVELS, offer=saved(black="human")), "y")
    assert state.pending is not None and state.pending.kind == st.MOVE


def test_declining_retires_the_save_and_goes_where_the_command_line_asked() -> None:
    offer = saved()
    menu = press(st.initial_state(Settings(), LEVELS, offer=offer), "n")
    assert menu.screen == st.MENU and menu.game is None
    assert menu.job is not None and menu.job.kind == st.DISCARD_SAVE and "previous.json" in menu.message
    game = press(st.initial_state(Settings(mode="pvp"), LEVELS, start=True, offer=offer), "escape")
    assert game.screen == st.GAME and game.game is not None and not game.game.board.moves
    replay = press(st.initial_state(Settings(), LEVELS, record=record("h8"), record_name="r", offer=offer), "n")
    assert replay.screen == st.REPLAY


def test_the_computer_waits_while_the_offer_is_up() -> None:
    state = st.initial_state(Settings(mode="cvc"), LEVELS, start=True, offer=saved())
    assert state.pending is None and state.game is None
    assert press(state, "n").pending is not None


def test_other_keys_on_the_offer_say_what_to_press_and_q_quits_keeping_it() -> None:
    state = st.initial_state(Settings(), LEVELS, offer=saved())
    other = press(state, "x")
    assert other.screen == st.RESUME and "Press y to resume" in other.message
    quit = press(state, "q")
    assert quit.quit and quit.job is None  # nothing retired: offered again next time


def test_a_notice_at_start_shows_until_a_key() -> None:
    state = st.initial_state(Settings(), LEVELS, notice="The saved game is damaged.")
    assert state.overlay == st.NOTICE and state.screen == st.MENU
    after = press(state, "x")
    assert after.overlay is None and after.notice == "" and after.screen == st.MENU


def test_the_loops_notices_go_to_the_message_line() -> None:
    state = st.update(start(), st.Notice("Autosave failed (disk full): the game goes on."))
    assert state.alert and state.message.startswith("Autosave failed")


def test_saved_and_resumed_games_match() -> None:
    state = answer(play_at(start("pvc", "renju"), "h8"), "i9")
    state = press(state, "u")  # back to black, i9 and h8 in the redo list
    assert state.game is not None
    copy = st.game_from_saved(st.saved_from_game(state.game), LEVELS, number=7)
    assert copy.board.moves == state.game.board.moves and copy.number == 7
    assert copy.settings == state.game.settings and copy.computer == state.game.computer
    assert copy.cursor == state.game.cursor and copy.board.can_redo


def test_new_games_resumes_and_take_overs_are_numbered() -> None:
    first = start()
    second = press(first, "n", "enter")
    assert second.game.number == first.game.number + 1  # type: ignore[union-attr]
    taken = press(loaded(game=True), "enter")
    assert taken.game.number == 2  # type: ignore[union-attr]


def test_the_load_prompt_lists_the_record_files_here_for_up_and_down() -> None:
    state = press(st.initial_state(Settings(), LEVELS), "L")
    job = state.job
    assert job is not None and job.kind == st.LIST_RECORDS
    state = st.update(state, st.FileDone(job.id, names=("new.sgf", "old.psq")))
    assert state.job is None and state.prompt.choices == ("new.sgf", "old.psq")  # type: ignore[union-attr]
    assert press(state, "down").prompt.text == "new.sgf"  # type: ignore[union-attr]
    assert press(state, "down", "down").prompt.text == "old.psq"  # type: ignore[union-attr]
    assert press(state, "down", "down", "down").prompt.text == "new.sgf"  # type: ignore[union-attr]
    assert press(state, "up").prompt.text == "old.psq"  # type: ignore[union-attr]
    assert typed(press(state, "down"), "x.sgf").prompt.text == "x.sgf"  # type: ignore[union-attr]
    picked = press(state, "down", "enter")
    assert picked.job is not None and picked.job.kind == st.LOAD_RECORD and picked.job.path == "new.sgf"
    assert press(press(st.initial_state(Settings(), LEVELS), "L"), "down").prompt.text == ""  # type: ignore[union-attr]
