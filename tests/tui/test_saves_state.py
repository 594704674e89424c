"""Save, load, replay and resume in update: every key and answer, no terminal, no files."""

from __future__ import annotations

import pytest

from gomoku.board import Board
from gomoku.point import parse_point
from gomoku.rules import Rule, Stone
from gomoku.savegame import SavedGame
from gomoku.tui.effects import AiKind, ListRecords, LoadRecord, Quit, RetireAutosave, SaveRecord, SaveSettings
from gomoku.tui.events import Exists, Failed, Listed, Loaded, LoadedSave, Mouse, Report, Saved
from gomoku.tui.model import ConfirmQuit, Help, Menu, Notice, Playing, Prompt, PromptKind, Replaying, ResumeOffer
from gomoku.tui.saves import game_from_saved, saved_from_game
from gomoku.tui.settings import Mode, Settings, Side
from gomoku.tui.update import initial_state
from tests.tui.helpers import (
    LEVELS,
    Run,
    answer,
    clocked,
    effects_of,
    game_of,
    loaded,
    menu_state,
    play_at,
    press,
    record,
    send,
    start,
    started,
    stones,
    typed,
)


def shown(state) -> list[str]:  # type: ignore[no-untyped-def]
    assert isinstance(state.screen, Replaying)
    board = state.screen.board
    return [board.notation(point) for point in board.moves]


def prompt_of(state) -> Prompt:  # type: ignore[no-untyped-def]
    assert isinstance(state.overlay, Prompt)
    return state.overlay


def submit(state):  # type: ignore[no-untyped-def]
    """Enter in the prompt: the state and the one file job it asks for."""
    run = Run(state).press("enter")
    jobs = run.of(SaveRecord) + run.of(LoadRecord)
    return run.state, (jobs[0] if jobs else None)


# -- S: saving a record ---------------------------------------------------------


def test_s_suggests_a_dated_name_from_the_clock_that_typing_replaces() -> None:
    state = press(clocked(play_at(start(), "h8", "i9")), "S")
    prompt = prompt_of(state)
    assert prompt.kind is PromptKind.SAVE and prompt.text == "gomoku-20261129-1205.sgf"
    assert prompt_of(typed(state, "my.psq")).text == "my.psq"
    edited = press(state, "backspace", "backspace", "backspace", "p", "s", "q")
    assert prompt_of(edited).text == "gomoku-20261129-1205.psq"
    assert prompt_of(press(state, "ctrl-u")).text == ""


def test_the_prompt_takes_every_key_as_text() -> None:
    state = typed(press(play_at(start(), "h8"), "S", "ctrl-u"), "q?u nH.sgf")
    assert prompt_of(state).text == "q?u nH.sgf" and stones(state) == ["h8"]  # 'u' did not undo


def test_escape_cancels_and_keeps_the_game() -> None:
    before = play_at(start(), "h8", "i9")
    state = press(before, "S", "x", "escape")
    assert state.overlay is None and state.message == "Save cancelled." and state.screen == before.screen


def test_enter_asks_the_loop_to_save_the_moves() -> None:
    state, job = submit(typed(press(play_at(start(), "h8", "i9", "h9"), "S"), "game.sgf"))
    assert isinstance(job, SaveRecord) and job.path == "game.sgf" and not job.overwrite
    assert list(job.record.moves) == [parse_point(name, 15) for name in ("h8", "i9", "h9")]
    assert (job.record.black, job.record.white) == ("Human", "Human")
    done = send(state, Saved(job.job, "/home/ann/game.sgf"))
    assert done.overlay is None and done.last_file == "game.sgf"
    assert done.message == "Saved 3 moves to /home/ann/game.sgf." and not done.alert


def test_one_move_is_one_move() -> None:
    # issue 17, item 8: it said "1 moves"
    state, job = submit(typed(press(play_at(start(), "h8"), "S", "ctrl-u"), "g.sgf"))
    assert send(state, Saved(job.job, "g.sgf")).message == "Saved 1 move to g.sgf."


def test_records_name_the_players_in_sgf_and_psq_alike() -> None:
    # issue 21, item 15: .psq files carried no names though the README says they do
    state = answer(play_at(start("pvc"), "h8"), "i9")
    for name in ("g.psq", "g.sgf"):
        _, job = submit(typed(press(state, "S"), name))
        assert (job.record.black, job.record.white) == ("Human", "gomoku normal")


def test_an_existing_file_is_replaced_only_after_a_second_enter() -> None:
    state, job = submit(typed(press(play_at(start(), "h8"), "S"), "g.sgf"))
    state = send(state, Exists(job.job, "g.sgf"))
    assert prompt_of(state).error == "g.sgf exists: Enter again replaces it, or edit the name."
    _, again = submit(state)
    assert again.overwrite
    _, renamed = submit(press(state, "backspace", "backspace", "backspace", "p", "s", "q"))
    assert not renamed.overwrite and renamed.path == "g.psq"


def test_a_failed_save_keeps_the_prompt_and_the_game() -> None:
    before = play_at(start(), "h8", "i9")
    state, job = submit(typed(press(before, "S"), "/root/g.sgf"))
    failed = send(state, Failed(job.job, "Cannot save to /root/g.sgf: Permission denied."))
    assert prompt_of(failed).error.endswith("Permission denied.") and failed.screen == before.screen
    assert prompt_of(press(failed, "x")).error == ""


def test_an_answer_to_another_job_is_ignored() -> None:
    state, job = submit(typed(press(play_at(start(), "h8"), "S"), "g.sgf"))
    assert send(state, Failed(job.job + 1, "no")) == state


def test_nothing_to_save_and_an_empty_name() -> None:
    empty = press(start(), "S")
    assert empty.overlay is None and empty.alert and "No moves to save" in empty.message
    state, job = submit(press(play_at(start(), "h8"), "S", "ctrl-u"))
    assert job is None and prompt_of(state).error == "Type a file name, or Esc to cancel."


# -- L: loading a record, and the replay ------------------------------------------


@pytest.mark.parametrize("how", ["game", "menu key", "menu row"])
def test_l_opens_the_load_prompt_and_lists_the_files(how: str) -> None:
    if how == "game":
        run = Run(start()).press("L")
    elif how == "menu key":
        run = Run(menu_state()).press("L")
    else:
        run = Run(menu_state()).press("up", "up", "enter")  # up from New game: Quit, then Load
    prompt = prompt_of(run.state)
    assert prompt.kind is PromptKind.LOAD and prompt.text == ""  # nothing loaded or saved yet
    assert run.effects == [ListRecords(prompt.listing)]  # type: ignore[arg-type]


def test_loading_asks_with_the_menus_rule_and_size_and_opens_the_replay_at_the_end() -> None:
    _, job = submit(typed(press(menu_state(rule=Rule.RENJU, size=19), "L"), "g.psq"))
    assert isinstance(job, LoadRecord) and (job.path, job.rule, job.size) == ("g.psq", Rule.RENJU, 19)
    state = loaded()
    assert isinstance(state.screen, Replaying) and state.overlay is None
    assert state.screen.name == "game.txt" and shown(state) == ["h8", "i9", "h9", "i10", "h10"]
    assert "game.txt: 5 moves" in state.message and state.last_file == "game.txt"
    assert prompt_of(press(state, "L")).text == "game.txt"


def test_a_broken_record_leaves_the_game_untouched() -> None:
    before = play_at(start(), "h8", "i9")
    state, job = submit(typed(press(before, "L"), "bad.sgf"))
    error = "bad.sgf: line 1: move 2: i9 is already taken."
    state = send(state, Failed(job.job, error))
    assert prompt_of(state).error == error
    state = press(state, "escape")
    assert state.screen == before.screen


@pytest.mark.parametrize(
    ("keys", "moves"),
    [
        (("left",), 4),
        ((",",), 4),
        (("h",), 4),
        (("left", "right"), 5),
        (("left", "."), 5),
        (("home",), 0),
        (("g",), 0),
        (("home", "right", "d"), 2),
        (("home", "end"), 5),
        (("home", "G"), 5),
        (("up",), 0),
        (("home", "pagedown"), 5),
        (("left",) * 9, 0),
    ],
)
def test_replay_steps_through_the_moves(keys: tuple[str, ...], moves: int) -> None:
    state = press(loaded(), *keys)
    assert shown(state) == ["h8", "i9", "h9", "i10", "h10"][:moves]


def test_replay_says_when_it_is_at_either_end() -> None:
    assert press(loaded(), "right").message == "That is the last move."
    assert press(loaded(), "home", "left").message == "That is the start."


def test_replay_of_a_long_big_game_steps_ten_at_a_time() -> None:
    moves = " ".join(f"{c}{r}" for r in range(1, 25, 2) for c in "abcdefghijklm")  # 156 moves on 25x25
    state = loaded(moves, size=25)
    assert state.screen.board.size == 25 and state.screen.index == 156  # type: ignore[union-attr]
    assert press(state, "up", "up").screen.index == 136  # type: ignore[union-attr]
    assert press(state, "home", "pagedown", "down").screen.index == 20  # type: ignore[union-attr]


def test_play_on_in_two_player_mode_keeps_the_later_moves_for_redo() -> None:
    run = Run(loaded()).press("left", "left", "enter")
    assert isinstance(run.state.screen, Playing) and stones(run.state) == ["h8", "i9", "h9"]
    assert game_of(run.state).board.turn is Stone.WHITE
    assert run.state.message == "Playing on after move 3, two players (r replays the recorded moves)."
    assert RetireAutosave() in run.effects
    assert stones(press(run.state, "r")) == ["h8", "i9", "h9", "i10"]
    played = play_at(run.state, "a1")
    assert stones(played) == ["h8", "i9", "h9", "a1"] and not game_of(played).board.can_redo


def test_play_on_against_the_computer_gives_you_the_side_to_move() -> None:
    run = Run(loaded(mode="pvc")).press("left", "left", "p")  # white to move after 3 moves
    game = game_of(run.state)
    assert game.computer == frozenset({Stone.BLACK}) and game.settings.black is Side.COMPUTER
    assert run.state.ai is None  # your turn
    state = play_at(run.state, "a1")
    assert state.ai is not None and state.ai.kind is AiKind.MOVE


def test_m_chooses_the_mode_to_play_on_in() -> None:
    run = Run(loaded(mode="pvp")).press("m")
    assert run.state.settings.mode is Mode.CVC and "computer vs computer" in run.state.message
    assert not run.of(SaveSettings)  # for the game played on: not remembered (issue 28, item 9)
    run.press("home", "enter")
    assert game_of(run.state).computer == frozenset(Stone) and run.state.ai is not None
    assert press(loaded(mode="cvc"), "m").settings.mode is Mode.PVC


def test_play_on_keeps_the_records_rule_and_size() -> None:
    state, job = submit(typed(press(menu_state(mode=Mode.PVP), "L"), "r.sgf"))
    state = send(state, Loaded(job.job, "r.sgf", record("h8 i9", 9, Rule.RENJU)))
    game = game_of(press(state, "enter"))
    assert game.board.size == 9 and game.board.rule is Rule.RENJU and game.settings.size == 9
    assert state.settings.size == 15  # the menu's choices stay


def test_s_in_the_replay_saves_the_whole_record() -> None:
    _, job = submit(typed(press(loaded(), "home", "S", "ctrl-u"), "all.psq"))
    assert len(job.record.moves) == 5


def test_escape_leaves_the_replay_for_the_game_or_the_menu() -> None:
    assert isinstance(press(loaded(game=True), "escape").screen, Playing)
    assert isinstance(press(loaded(), "escape").screen, Menu)
    assert isinstance(press(loaded(), "n").screen, Menu)


def test_replay_keys_that_do_nothing_say_so_and_help_shows() -> None:
    state = press(loaded(), "x")
    assert state.alert and "left/right step" in state.message
    assert isinstance(press(loaded(), "?").overlay, Help)
    assert press(loaded(), "t").screen.heat  # type: ignore[union-attr]
    assert effects_of(loaded(), "q") == [Quit()]  # no game in progress: no question
    in_progress = play_at(start(), "h8")
    state, job = submit(typed(press(in_progress, "L"), "g"))
    state = send(state, Loaded(job.job, "/g", record("a1")))
    assert press(state, "q").overlay == ConfirmQuit()


def test_clicks_do_nothing_in_the_replay() -> None:
    state = loaded()
    assert send(state, Mouse(10, 20, 24, 80)).screen == state.screen


def test_command_line_load_opens_the_replay() -> None:
    state, _ = initial_state(Settings(), LEVELS, start=True, record=record("h8 i9"), record_name="g.sgf")
    assert isinstance(state.screen, Replaying) and state.screen.back is None and "g.sgf: 2 moves" in state.message


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


def offered(**options) -> Run:  # type: ignore[no-untyped-def]
    state, effects = initial_state(options.pop("settings", Settings()), LEVELS, offer=saved(), **options)
    return Run(state, list(effects))


def test_a_saved_game_is_offered_first_and_resumed_exactly() -> None:
    state = offered().state
    assert isinstance(state.screen, ResumeOffer) and state.ai is None
    run = Run(state).press("y")
    game = game_of(run.state)
    assert stones(run.state) == ["h8", "i9", "h9"] and game.board.can_redo
    assert game.board.rule is Rule.RENJU and game.settings.level == "easy" and game.settings.black is Side.COMPUTER
    assert game.computer == frozenset({Stone.BLACK}) and game.cursor == parse_point("c3", 15)
    assert run.state.message == "Resumed: renju 15x15, you (white) vs computer, 3 moves."
    assert run.state.ai is None and run.effects == []  # white (you) to move; the file stays as it is
    assert game_of(press(state, "enter")).board.moves == game.board.moves


def test_resuming_when_the_computer_is_to_move_starts_it() -> None:
    state = initial_state(Settings(), LEVELS, offer=saved(black="human"))[0]
    assert started(effects_of(state, "y"))


def test_declining_retires_the_save_and_opens_the_menu() -> None:
    run = offered().press("n")
    # the worker names the kept game when it has moved it (issue 21, item 3: no name is shared)
    assert isinstance(run.state.screen, Menu) and run.effects == [RetireAutosave(announce=True)]


@pytest.mark.parametrize("how", ["options", "load"])
def test_an_explicit_request_on_the_command_line_wins_over_the_offer(how: str) -> None:
    # issue 17, item 2: --load and --mode/--size were dropped when the offer was accepted
    if how == "options":
        run = offered(settings=Settings(mode=Mode.PVP, size=9), start=True)
        assert isinstance(run.state.screen, Playing) and game_of(run.state).board.size == 9
    else:
        run = offered(record=record("h8 i9"), record_name="g.sgf")
        assert isinstance(run.state.screen, Replaying)
    assert run.effects[0] == RetireAutosave(announce=True)  # kept aside (and named) before anything is saved


def test_the_computer_waits_while_the_offer_is_up() -> None:
    state, effects = initial_state(Settings(mode=Mode.CVC), LEVELS, offer=saved())
    assert state.ai is None and effects == ()


def test_other_keys_on_the_offer_say_what_to_press_and_q_quits_keeping_it() -> None:
    state = offered().state
    other = press(state, "x")
    assert isinstance(other.screen, ResumeOffer) and "y resumes the unfinished game" in other.message
    assert effects_of(state, "q") == [Quit()]  # nothing retired: offered again next time


def test_a_notice_at_start_shows_until_a_key() -> None:
    state, _ = initial_state(Settings(), LEVELS, notice="The saved game is damaged.")
    assert state.overlay == Notice("The saved game is damaged.") and isinstance(state.screen, Menu)
    assert press(state, "x").overlay is None


def test_the_workers_reports_go_to_the_message_line() -> None:
    state = send(start(), Report("Autosave failed (disk full): the game goes on."))
    assert state.alert and state.message.startswith("Autosave failed")


def test_saved_and_resumed_games_match() -> None:
    state = press(answer(play_at(start("pvc", "renju"), "h8"), "i9"), "u")
    copy = game_from_saved(saved_from_game(game_of(state)), LEVELS, state.settings)
    game = game_of(state)
    assert copy.board.moves == game.board.moves and copy.board.can_redo
    assert copy.settings == game.settings and copy.computer == game.computer and copy.cursor == game.cursor


def test_watch_levels_and_pace_survive_a_save() -> None:
    state = start("cvc", black_level="easy", white_level="hard")
    copy = game_from_saved(saved_from_game(game_of(state)), LEVELS, Settings())
    assert (copy.settings.black_level, copy.settings.white_level) == ("easy", "hard")


def test_the_load_prompt_lists_files_for_up_and_down() -> None:
    state = press(menu_state(), "L")
    state = send(state, Listed(prompt_of(state).listing, ("new.sgf", "old.psq", "previous.json")))  # type: ignore[arg-type]
    assert prompt_of(state).choices == ("new.sgf", "old.psq", "previous.json")
    assert prompt_of(press(state, "down")).text == "new.sgf"
    assert prompt_of(press(state, "down", "down")).text == "old.psq"
    assert prompt_of(press(state, "up")).text == "previous.json"
    assert prompt_of(typed(press(state, "down"), "x.sgf")).text == "x.sgf"
    _, job = submit(press(state, "down"))
    assert isinstance(job, LoadRecord) and job.path == "new.sgf"


def test_a_kept_game_loaded_from_the_prompt_is_resumed_as_it_was() -> None:
    # issue 17, item 10: previous.json was kept but could not be reopened from the game
    before = play_at(start(), "a1")
    state, job = submit(typed(press(before, "L"), "previous.json"))
    run = Run(state).send(LoadedSave(job.job, "previous.json", saved()))
    game = game_of(run.state)
    assert isinstance(run.state.screen, Playing) and stones(run.state) == ["h8", "i9", "h9"]
    assert game.settings.mode is Mode.PVC and game.computer == frozenset({Stone.BLACK})
    assert run.state.message == "Resumed previous.json: renju 15x15, you (white) vs computer, 3 moves."
    assert run.effects[0] == RetireAutosave() and run.effects[1].saved.moves == game.board.moves  # type: ignore[union-attr]


def test_answers_without_a_prompt_change_nothing() -> None:
    state = start()
    for event in (Saved(1, "x"), Failed(1, "x"), Listed(1, ()), Loaded(1, "x", record("h8"))):
        assert send(state, event) == state
