"""The terminal game's files: record jobs done for the state machine, and the autosave worker."""

from __future__ import annotations

import json
import os
import sys
import threading
from pathlib import Path

import pytest

from gomoku.records import read_record, write_record
from gomoku.rules import Rule
from gomoku.savegame import FORMAT, SaveResult, kept_games, load_game, save_path
from gomoku.tui import storage
from gomoku.tui.effects import Autosave, ListRecords, LoadRecord, RetireAutosave, SaveRecord
from gomoku.tui.events import Exists, Failed, Listed, Loaded, LoadedSave, Saved
from gomoku.tui.saves import game_from_saved, saved_from_game
from gomoku.tui.settings import Settings
from tests.tui.helpers import LEVELS, Run, at, begin, click, game_of, play_at, record, start
from tests.tui.test_view import flat, render


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own user directory, and runs in it."""
    monkeypatch.setenv("GOMOKU_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def save_job(path: str, text: str = "h8 i9 h9", overwrite: bool = False) -> SaveRecord:
    return SaveRecord(1, path, record(text), overwrite=overwrite)


def follow(saver: storage.Autosaver, run: Run) -> None:
    """Hand the autosave effects of ``run`` to ``saver``, as the loop does."""
    for effect in run.effects:
        if isinstance(effect, Autosave):
            saver.save(effect.saved)
        elif isinstance(effect, RetireAutosave):
            saver.retire(effect.announce)
    run.effects.clear()


# -- record jobs ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["g.sgf", "g.psq", "g.txt"])
def test_a_saved_record_reads_back_the_same(home: Path, name: str) -> None:
    assert storage.save_record(save_job(name)) == Saved(1, name)  # as the player reads it: here
    assert read_record(home / name).moves == record("h8 i9 h9").moves
    loaded = storage.load_record(LoadRecord(2, name))
    assert isinstance(loaded, Loaded) and loaded.record.moves == record("h8 i9 h9").moves


def test_an_existing_file_is_kept_unless_replacing_was_confirmed(home: Path) -> None:
    (home / "g.sgf").write_text("precious")
    assert storage.save_record(save_job("g.sgf")) == Exists(1, "g.sgf")
    assert (home / "g.sgf").read_text() == "precious"
    assert storage.save_record(save_job("g.sgf", overwrite=True)) == Saved(1, "g.sgf")
    assert read_record(home / "g.sgf").moves == record("h8 i9 h9").moves


def test_save_problems_are_sentences(home: Path) -> None:
    (home / "folder").mkdir()
    assert storage.save_record(save_job("folder")) == Failed(1, "folder is a folder: add a file name.")
    missing = storage.save_record(save_job("nowhere/g.sgf"))
    assert missing == Failed(1, "There is no folder nowhere: pick another name.")
    assert not (home / "nowhere").exists()


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="needs a folder the user cannot write")
def test_a_folder_without_write_permission(home: Path) -> None:
    locked = home / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        error = storage.save_record(save_job("locked/g.sgf")).error  # type: ignore[union-attr]
    finally:
        locked.chmod(0o700)
    assert error == "Cannot save to locked/g.sgf: Permission denied."


def test_a_broken_record_says_where(home: Path) -> None:
    (home / "bad.sgf").write_text("(;FF[4]GM[4]SZ[15];B[hh];W[hh])")
    done = storage.load_record(LoadRecord(3, "bad.sgf"))
    assert isinstance(done, Failed) and done.error.startswith("bad.sgf: ") and "taken" in done.error
    missing = storage.load_record(LoadRecord(4, "none.psq"))
    assert isinstance(missing, Failed) and "cannot read it" in missing.error


def test_a_damaged_kept_game_is_named_as_the_player_typed_it(home: Path) -> None:
    (home / "kept.json").write_text(json.dumps({"format": FORMAT, "version": 1, "size": 99}))
    done = storage.load_record(LoadRecord(5, "kept.json"))
    assert isinstance(done, Failed), done
    assert done.error.startswith("The saved game is damaged (its board size 99")
    assert done.error.endswith("kept.json is left as it is.") and str(home) not in done.error


def test_psq_and_move_lists_take_the_rule_and_size_asked(home: Path) -> None:
    write_record(home / "g.psq", record("h8 i9"))
    done = storage.load_record(LoadRecord(1, "g.psq", rule=Rule.RENJU))
    assert isinstance(done, Loaded) and done.record.rule is Rule.RENJU
    (home / "m.txt").write_text("a1 s19\n")
    done = storage.load_record(LoadRecord(2, "m.txt", size=19))
    assert isinstance(done, Loaded) and done.record.size == 19


def test_names_are_relative_to_the_current_directory_and_home(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(home / "ann"))
    assert storage.resolve("g.sgf") == home / "g.sgf"
    assert storage.resolve("~/x.sgf") == home / "ann" / "x.sgf"
    assert storage.resolve("/abs/x.sgf") == Path("/abs/x.sgf")
    assert storage.shown_path(home / "d" / "g.sgf") == "d/g.sgf"
    assert storage.shown_path(home / "ann" / "g.sgf", cwd=home / "elsewhere") == "~/g.sgf"
    assert storage.shown_path(Path("/abs/x.sgf")) == "/abs/x.sgf"


def test_retiring_moves_the_save_aside_and_the_load_prompt_offers_it(home: Path) -> None:
    saver = storage.Autosaver()
    saver.save(saved_from_game(game_of(play_at(start(), "h8", "i9"))))
    assert saver.wait() and save_path().exists()
    saver.retire()
    saver.close()
    (name,) = [path.name for path in home.iterdir() if path.name.startswith("unfinished-")]
    assert not save_path().exists()
    listed = storage.list_records(ListRecords(5))
    assert listed == Listed(5, (name,))
    kept = storage.load_record(LoadRecord(6, name))
    assert isinstance(kept, LoadedSave) and len(kept.saved.moves) == 2


# -- the resume offer ----------------------------------------------------------------


def test_the_offer_is_the_saved_game(home: Path) -> None:
    assert storage.read_offer() == (None, "")
    saver = storage.Autosaver()
    follow(saver, begin())  # a fresh game retires nothing that is not there
    saver.save(saved_from_game(game_of(play_at(start(), "h8", "i9"))))
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


def test_a_damaged_save_never_says_at_at(home: Path) -> None:
    # issue 17, item 8: "... Unterminated string starting at at line 1"
    save_path().write_text('{"format": "gomoku-save", "version": 1, "size": 15, "rule": "ren')
    _, notice = storage.read_offer()
    assert "at at" not in notice and "line 1, column" in notice


# -- autosave --------------------------------------------------------------------------


def saved_moves() -> list[str]:
    data = json.loads(save_path().read_text())
    return data["moves"]


def test_every_move_undo_and_redo_is_saved(home: Path) -> None:
    saver = storage.Autosaver()
    run = Run(start()).press("enter", "l", "space")  # h8, i8
    follow(saver, run)
    assert saver.wait() and saved_moves() == ["h8", "i8"]
    follow(saver, run.press("u"))
    assert saver.wait() and saved_moves() == ["h8"]
    assert json.loads(save_path().read_text())["redo"] == ["i8"]
    follow(saver, run.press("r"))
    saver.close()
    assert saved_moves() == ["h8", "i8"]
    resumed = game_from_saved(load_game(), LEVELS, Settings())  # type: ignore[arg-type]
    assert resumed.board.moves == game_of(run.state).board.moves


def test_a_finished_game_and_a_new_one_retire_the_save(home: Path) -> None:
    saver = storage.Autosaver()
    state = play_at(start(), "a1", "a15", "b2", "b15", "c3", "c15", "d4", "d15")
    saver.save(saved_from_game(game_of(state)))
    assert saver.wait() and save_path().exists()
    run = Run(state).send(click(state, at(state, "e5")))  # black wins
    follow(saver, run)
    assert saver.wait() and not save_path().exists()
    (finished,) = kept_games()
    assert finished.name.startswith("finished-") and len(json.loads(finished.read_text())["moves"]) == 9
    run.press("g", "enter", "enter")  # a new game, one move
    follow(saver, run)
    assert saver.wait() and saved_moves() == ["h8"]
    run.press("g", "enter")  # another new game, no moves yet
    follow(saver, run)
    assert saver.wait() and not save_path().exists()
    unfinished, first = kept_games()  # newest first; the finished game is still there
    assert first == finished and json.loads(unfinished.read_text())["moves"] == ["h8"]


def test_saves_that_pile_up_cost_one_write(home: Path) -> None:
    writes: list[int] = []
    gate = threading.Event()

    def save(game, path):  # type: ignore[no-untyped-def]
        gate.wait(5)
        writes.append(len(game.moves))
        return SaveResult(save_path())

    saver = storage.Autosaver(save=save)
    run = Run(start()).press("enter")
    follow(saver, run)  # the first write may start and wait at the gate
    for key in ("l", "space", "l", "space", "l", "space"):
        follow(saver, run.press(key))
    gate.set()
    saver.close()
    assert writes[-1] == 4 and len(writes) <= 2  # the first write (if it had begun) and the newest


def test_a_failing_disk_is_reported_once_and_the_game_goes_on(home: Path) -> None:
    def save(game, path):  # type: ignore[no-untyped-def]
        raise OSError(28, "No space left on device")

    reports: list[str] = []
    saver = storage.Autosaver(save=save, report=reports.append)
    run = Run(start()).press("enter")
    follow(saver, run)
    assert saver.wait()
    follow(saver, run.press("l", "space"))
    saver.close()
    assert reports == ["Autosave failed (No space left on device): the game goes on; S saves it to a file."]


def test_a_damaged_save_is_kept_aside_and_reported(home: Path) -> None:
    save_path().write_text("{ broken")
    reports: list[str] = []
    saver = storage.Autosaver(report=reports.append)
    follow(saver, Run(start()).press("enter"))
    saver.close()
    aside = [p.name for p in home.iterdir() if p.name.startswith("current.json.corrupt-")]
    assert len(aside) == 1 and (home / aside[0]).read_text() == "{ broken"
    assert reports == [f"The damaged save is kept as {aside[0]}."]
    assert saved_moves() == ["h8"]


def test_the_game_kept_aside_for_the_command_line_is_named_and_listed(home: Path) -> None:
    reports: list[str] = []
    saver = storage.Autosaver(report=reports.append)
    saver.save(saved_from_game(game_of(play_at(start(), "h8"))))
    saver.retire(announce=True)
    saver.close()
    (kept,) = kept_games()
    assert not save_path().exists() and kept.name.startswith("unfinished-")
    assert reports == [f"Your unfinished game is kept as {kept.name} in this folder: L loads it."]
    assert storage.list_records(ListRecords(1)) == Listed(1, (kept.name,))


def test_games_kept_one_after_another_are_all_kept_and_listed_newest_first(home: Path) -> None:
    # issue 21, item 3: a second game set aside overwrote the first (both were unfinished.json)
    reports: list[str] = []
    saver = storage.Autosaver(report=reports.append)
    for moves, stamp in ((("h8", "i9"), 1_000), (("a1",), 2_000), (("c3",), 3_000)):
        saver.save(saved_from_game(game_of(play_at(start(), *moves))))
        saver.retire(announce=True)
        assert saver.wait()
        os.utime(kept_games()[0], (stamp, stamp))
    saver.close()
    names = [report.split(" kept as ")[1].split(" in ")[0] for report in reports]
    assert len(set(names)) == 3
    listed = storage.list_records(ListRecords(1))
    assert isinstance(listed, Listed) and listed.names == tuple(reversed(names))
    assert [json.loads((home / name).read_text())["moves"] for name in listed.names] == [["c3"], ["a1"], ["h8", "i9"]]


def test_the_record_files_here_newest_first(home: Path) -> None:
    for age, name in enumerate(["new.sgf", "mid.PSQ", "old.sgf"]):
        write_record(home / name, record("h8"))
        os.utime(home / name, (1_000_000 - age * 10, 1_000_000 - age * 10))
    (home / "notes.txt").write_text("h8")
    (home / "folder.sgf").mkdir()
    assert storage.record_files() == ["new.sgf", "mid.PSQ", "old.sgf"]
    assert storage.record_files(limit=2) == ["new.sgf", "mid.PSQ"]
    assert storage.list_records(ListRecords(9)) == Listed(9, ("new.sgf", "mid.PSQ", "old.sgf"))
    assert storage.record_files(home / "missing") == []


def test_the_load_prompt_offers_to_tidy_and_the_report_says_where_the_kept_games_are(home: Path) -> None:
    """Issue 28, item 11: kept games piled up with no way to tidy them from the game."""
    from gomoku.savegame import SavedGame, save_game
    from gomoku.tui.effects import TidyKept
    from gomoku.tui.events import Report
    from gomoku.tui.keyboard import key_name
    from gomoku.tui.model import Prompt

    assert key_name(4) == "ctrl-d"
    prompt = Run(start()).press("L")
    assert isinstance(prompt.state.overlay, Prompt) and "Ctrl-D tidies" in flat(render(prompt.state))
    tidied = prompt.press("ctrl-d")
    assert tidied.of(TidyKept) and tidied.state.overlay is None
    for number in range(5):  # a pile from before the rule
        save_game(
            SavedGame.from_board(game_of(play_at(start(), "h8")).board), home / f"unfinished-20261101-100{number}.json"
        )
    report = storage.tidy(home)
    assert isinstance(report, Report) and "2 older unfinished games let go" in report.text
    assert f"Tidied {storage.shown_folder(home)}:" in report.text and not report.alert
    assert len(kept_games()) == 3
