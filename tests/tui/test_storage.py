"""The terminal game's files: record jobs done for the state machine, and the autosave worker."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from gomoku.records import read_record, write_record
from gomoku.rules import Rule
from gomoku.savegame import SaveResult, load_game, save_path
from gomoku.tui import state as st
from gomoku.tui import storage
from tests.tui.test_saves_state import record
from tests.tui.test_state import play_at, press, start


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own user directory, and runs in it."""
    monkeypatch.setenv("GOMOKU_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def save_job(path: str, text: str = "h8 i9 h9", overwrite: bool = False) -> st.FileJob:
    return st.FileJob(1, st.SAVE_RECORD, path, record(text), overwrite=overwrite)


# -- record jobs ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["g.sgf", "g.psq", "g.txt"])
def test_a_saved_record_reads_back_the_same(home: Path, name: str) -> None:
    done = storage.perform(save_job(name))
    assert done == st.FileDone(1, name)  # as the player reads it: in the current directory
    assert read_record(home / name).moves == record("h8 i9 h9").moves
    loaded = storage.perform(st.FileJob(2, st.LOAD_RECORD, name))
    assert loaded.error == "" and loaded.record is not None and loaded.record.moves == record("h8 i9 h9").moves


def test_an_existing_file_is_kept_unless_replacing_was_confirmed(home: Path) -> None:
    (home / "g.sgf").write_text("precious")
    assert storage.perform(save_job("g.sgf")).exists
    assert (home / "g.sgf").read_text() == "precious"
    assert storage.perform(save_job("g.sgf", overwrite=True)).error == ""
    assert read_record(home / "g.sgf").moves == record("h8 i9 h9").moves


def test_save_problems_are_sentences(home: Path) -> None:
    (home / "folder").mkdir()
    assert storage.perform(save_job("folder")).error == "folder is a folder: add a file name."
    missing = storage.perform(save_job("nowhere/g.sgf")).error
    assert missing == "There is no folder nowhere: pick another name."
    assert not (home / "nowhere").exists()


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="needs a folder the user cannot write")
def test_a_folder_without_write_permission(home: Path) -> None:
    locked = home / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        error = storage.perform(save_job("locked/g.sgf")).error
    finally:
        locked.chmod(0o700)
    assert error == "Cannot save to locked/g.sgf: Permission denied."


def test_a_broken_record_says_where(home: Path) -> None:
    (home / "bad.sgf").write_text("(;FF[4]GM[4]SZ[15];B[hh];W[hh])")
    done = storage.perform(st.FileJob(3, st.LOAD_RECORD, "bad.sgf"))
    assert done.record is None and done.error.startswith("bad.sgf: ") and "taken" in done.error
    missing = storage.perform(st.FileJob(4, st.LOAD_RECORD, "none.psq"))
    assert "cannot read it" in missing.error


def test_psq_and_move_lists_take_the_rule_and_size_asked(home: Path) -> None:
    write_record(home / "g.psq", record("h8 i9"))
    done = storage.perform(st.FileJob(1, st.LOAD_RECORD, "g.psq", rule=Rule.RENJU))
    assert done.record is not None and done.record.rule is Rule.RENJU
    (home / "m.txt").write_text("a1 s19\n")
    done = storage.perform(st.FileJob(2, st.LOAD_RECORD, "m.txt", size=19))
    assert done.record is not None and done.record.size == 19


def test_names_are_relative_to_the_current_directory_and_home(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(home / "ann"))
    assert storage.resolve("g.sgf") == home / "g.sgf"
    assert storage.resolve("~/x.sgf") == home / "ann" / "x.sgf"
    assert storage.resolve("/abs/x.sgf") == Path("/abs/x.sgf")
    assert storage.shown_path(home / "d" / "g.sgf") == "d/g.sgf"
    assert storage.shown_path(home / "ann" / "g.sgf", cwd=home / "elsewhere") == "~/g.sgf"
    assert storage.shown_path(Path("/abs/x.sgf")) == "/abs/x.sgf"


def test_discarding_retires_the_save(home: Path) -> None:
    saver = storage.Autosaver()
    saver.follow(play_at(start(), "h8", "i9"))
    assert saver.wait()
    done = storage.perform(st.FileJob(5, st.DISCARD_SAVE))
    assert done.error == "" and not save_path().exists() and (home / "previous.json").exists()


# -- the resume offer ----------------------------------------------------------------


def test_the_offer_is_the_saved_game(home: Path) -> None:
    assert storage.read_offer() == (None, "")
    saver = storage.Autosaver()
    saver.follow(play_at(start(), "h8", "i9"))
    saver.close()
    offer, notice = storage.read_offer()
    assert offer is not None and len(offer.moves) == 2 and notice == ""


def test_a_damaged_or_newer_save_gives_a_notice_and_stays(home: Path) -> None:
    save_path().write_text("{ broken")
    offer, notice = storage.read_offer()
    assert offer is None and notice.startswith("The saved game") and "damaged" in notice
    assert save_path().read_text() == "{ broken"
    save_path().write_text(json.dumps({"format": "gomoku-save", "version": 99}))
    offer, notice = storage.read_offer()
    assert offer is None and "newer gomoku" in notice


# -- autosave --------------------------------------------------------------------------


def saved_moves() -> list[str]:
    data = json.loads(save_path().read_text())
    return data["moves"]


def test_every_move_undo_and_redo_is_saved(home: Path) -> None:
    saver = storage.Autosaver()
    state = play_at(start(), "h8", "i9")
    saver.follow(state)
    assert saver.wait() and saved_moves() == ["h8", "i9"]
    state = press(state, "u")
    saver.follow(state)
    assert saver.wait() and saved_moves() == ["h8"]
    assert json.loads(save_path().read_text())["redo"] == ["i9"]
    state = press(state, "r")
    saver.follow(state)
    saver.close()
    assert saved_moves() == ["h8", "i9"]
    resumed = st.game_from_saved(load_game(), ("easy", "normal", "hard"))  # type: ignore[arg-type]
    assert resumed.board.moves == state.game.board.moves  # type: ignore[union-attr]


def test_a_finished_game_and_a_new_one_retire_the_save(home: Path) -> None:
    saver = storage.Autosaver()
    state = play_at(start(), "a1", "a15", "b2", "b15", "c3", "c15", "d4", "d15")
    saver.follow(state)
    assert saver.wait() and save_path().exists()
    state = play_at(state, "e5")  # black wins
    saver.follow(state)
    assert saver.wait() and not save_path().exists()
    assert len(json.loads((home / "previous.json").read_text())["moves"]) == 9
    state = play_at(press(state, "n", "enter"), "h8")  # a new game, one move
    saver.follow(state)
    assert saver.wait() and saved_moves() == ["h8"]
    state = press(state, "n", "enter")  # another new game, no moves yet
    saver.follow(state)
    assert saver.wait() and not save_path().exists()
    assert json.loads((home / "previous.json").read_text())["moves"] == ["h8"]


def test_a_new_game_retires_the_old_one_before_its_first_save(home: Path) -> None:
    saver = storage.Autosaver()
    first = play_at(start(), "h8", "i9")
    saver.follow(first)
    other = play_at(start(), "a1").game
    taken = replace(first, game=replace(other, number=first.game.number + 1))  # type: ignore[arg-type, union-attr]
    saver.follow(taken)
    saver.close()
    assert saved_moves() == ["a1"]
    assert json.loads((home / "previous.json").read_text())["moves"] == ["h8", "i9"]


def test_nothing_is_written_while_the_board_stays(home: Path) -> None:
    writes: list[int] = []

    def save(game, path):  # type: ignore[no-untyped-def]
        writes.append(len(game.moves))
        return SaveResult(save_path())

    saver = storage.Autosaver(save=save)
    state = play_at(start(), "h8")
    saver.follow(state)
    saver.follow(press(state, "left"))  # the cursor moved: same board
    saver.follow(press(state, "t"))
    saver.close()
    assert writes == [1]


def test_a_failing_disk_is_reported_once_and_the_game_goes_on(home: Path) -> None:
    def save(game, path):  # type: ignore[no-untyped-def]
        raise OSError(28, "No space left on device")

    saver = storage.Autosaver(save=save)
    state = play_at(start(), "h8")
    saver.follow(state)
    assert saver.wait()
    saver.follow(play_at(state, "i9"))
    saver.close()
    notices = [saver.notices.get_nowait() for _ in range(saver.notices.qsize())]
    assert notices == ["Autosave failed (No space left on device): the game goes on; S saves it to a file."]


def test_a_damaged_save_is_kept_aside_and_reported(home: Path) -> None:
    save_path().write_text("{ broken")
    saver = storage.Autosaver()
    saver.follow(play_at(start(), "h8"))
    saver.close()
    aside = [p.name for p in home.iterdir() if p.name.startswith("current.json.corrupt-")]
    assert len(aside) == 1 and (home / aside[0]).read_text() == "{ broken"
    assert saver.notices.get_nowait() == f"The damaged save is kept as {aside[0]}."
    assert saved_moves() == ["h8"]


def test_nothing_is_touched_while_the_offer_is_up(home: Path) -> None:
    save_path().write_text("{ broken")
    offer = st.saved_from_game(play_at(start(), "h8").game)  # type: ignore[arg-type]
    offered = st.initial_state(st.Settings(mode="pvp"), ("normal",), start=True, offer=offer)
    saver = storage.Autosaver()
    saver.follow(offered)
    saver.close()
    assert save_path().read_text() == "{ broken"


def test_the_record_files_here_newest_first(home: Path) -> None:
    for age, name in enumerate(["new.sgf", "mid.PSQ", "old.sgf"]):
        write_record(home / name, record("h8"))
        os.utime(home / name, (1_000_000 - age * 10, 1_000_000 - age * 10))
    (home / "notes.txt").write_text("h8")
    (home / "folder.sgf").mkdir()
    assert storage.record_files() == ["new.sgf", "mid.PSQ", "old.sgf"]
    assert storage.record_files(limit=2) == ["new.sgf", "mid.PSQ"]
    assert storage.perform(st.FileJob(9, st.LIST_RECORDS)).names == ("new.sgf", "mid.PSQ", "old.sgf")
    assert storage.record_files(home / "missing") == []
