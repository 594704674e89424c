"""The real ``python -m gomoku`` in a pseudo-terminal: kept games, remembered settings, files and times (issue 21)."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest

from gomoku.records import read_record
from tests.tui.terminal import compact, flatten

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def kept_names(home: Path) -> list[str]:
    return sorted(path.name for path in home.iterdir() if path.name.startswith(("unfinished-", "finished-")))


def test_no_kept_game_is_ever_overwritten_and_the_load_prompt_lists_them_newest_first(launch, home: Path) -> None:
    # item 3: the 15x15 game kept as unfinished.json was overwritten by the 9x9 one
    first = launch("--mode", "pvp", "--size", "15")
    first.wait_for("Black to play")
    first.send("\r")
    first.wait_for("last: black h8")
    first.send("k ")
    first.wait_for("last: white h9")
    first.send("qy")
    assert first.wait_exit() == 0
    second = launch("--mode", "pvp", "--size", "9")
    second.wait_for(lambda t: "Your unfinished game is kept as unfinished-" in t and "L loads it." in t)
    (fifteen,) = kept_names(home)
    said = second.compact()  # the name it really has, and where (a temporary path of any length)
    assert compact(f"Your unfinished game is kept as {fifteen} in this folder: L loads it.") in said
    second.send("\r")
    second.wait_for("last: black e5")
    second.send("qy")
    assert second.wait_exit() == 0
    os.utime(home / fifteen, (1_000_000, 1_000_000))  # kept in the same minute: make the order plain
    third = launch("--mode", "pvp", "--size", "11")
    third.wait_for(lambda t: "Your unfinished game is kept as unfinished-" in t and "L loads it." in t)
    names = kept_names(home)
    assert len(names) == 2 and fifteen in names  # the 15x15 game is still there
    (nine,) = [name for name in names if name != fifteen]
    assert compact(f"Your unfinished game is kept as {nine} in this folder: L loads it.") in third.compact()
    sizes = {name: json.loads((home / name).read_text())["size"] for name in names}
    assert sizes == {fifteen: 15, nine: 9}
    third.send("L")
    text = third.wait_for(lambda t: fifteen in flatten(t) and nine in flatten(t))
    flat = flatten(text)
    assert flat.index(nine) < flat.index(fifteen)  # newest first
    third.send(f"\x15{fifteen}\r")
    text = third.wait_for(f"Resumed {fifteen}: freestyle 15x15, two players, 2 moves.")
    assert "last: white h9" in text
    third.send("qy")
    assert third.wait_exit() == 0


def test_command_line_options_are_for_one_run_and_menu_choices_are_remembered(launch, home: Path) -> None:
    # item 4: after --mode cvc --level easy --rule renju, --mode pvc --level easy --size 15 opened renju
    watch = launch("--mode", "cvc", "--level", "easy", "--rule", "renju")
    watch.wait_for("thinking")
    watch.send("+")  # a choice made while watching: the pace is remembered
    watch.wait_for("Pace: fast")
    watch.send("g")  # to the menu, where the mode goes round from watch to human vs computer
    watch.wait_for("New game")
    watch.send("j")  # down to the mode row
    watch.wait_for(lambda t: "▸ Mode" in t)
    watch.send("\x1bOC")  # right: the next mode
    watch.wait_for("human vs computer")
    watch.send("qy")
    assert watch.wait_exit() == 0
    remembered = json.loads((home / "settings.json").read_text())
    assert remembered["rule"] == "freestyle" and remembered["level"] == "normal"  # the command line's: not kept
    assert remembered["pace"] == "fast" and remembered["mode"] == "pvc"  # the choices made: kept
    later = launch("--mode", "pvc", "--level", "easy", "--size", "15")
    text = later.wait_for("Black (you) to play")
    assert "freestyle" in text and "renju" not in text


def test_a_damaged_settings_file_is_said_at_start_kept_aside_and_never_overwritten(launch, home: Path) -> None:
    # item 13: a damaged settings.json was ignored without a word, then overwritten
    (home / "settings.json").write_text('{"mode": "pvp", "size": 9')
    game = launch()
    game.wait_for("Any key continues.")
    said = compact("The settings file is damaged (not JSON from line 1, column 26): the defaults are used, and")
    assert said in game.compact() and compact("settings.json will be kept aside") in game.compact()
    game.send("x")
    game.wait_for(lambda t: "New game" in t and "Any key" not in t)
    game.send("jjj\x1bOC")  # the rule row: freestyle to standard, a choice to remember
    game.wait_for("< standard >")
    game.wait_for("Damaged settings kept as settings.json.corrupt-")
    game.send("qy")
    assert game.wait_exit() == 0
    (aside,) = [path for path in home.iterdir() if path.name.startswith("settings.json.corrupt-")]
    assert aside.read_text() == '{"mode": "pvp", "size": 9'
    assert json.loads((home / "settings.json").read_text())["rule"] == "standard"
    again = launch()
    again.wait_for("New game")
    assert "damaged" not in again.flat()
    again.send("q")
    again.wait_exit()


def test_records_follow_the_umask_and_psq_keeps_the_names_and_the_offer_shows_local_time(launch, home: Path) -> None:
    # item 15: records were -rw------- whatever the umask; .psq had no names; the offer showed UTC
    game = launch("--mode", "pvc", "--level", "easy")
    game.wait_for("Black (you) to play")
    game.send("\r")
    game.wait_for("last: white")
    for name in ("g.sgf", "g.psq"):
        game.send("S")
        game.wait_for("Save this game to a file")
        game.send(f"\x15{name}\r")
        game.wait_for(f"to {name}.")
    game.send("qy")
    assert game.wait_exit() == 0
    for name in ("g.sgf", "g.psq"):
        assert stat.S_IMODE((home / name).stat().st_mode) == 0o666 & ~_umask()
        record = read_record(home / name)
        assert (record.black, record.white) == ("Human", "gomoku easy")
    assert stat.S_IMODE((home / "current.json").stat().st_mode) == 0o600  # saves stay private
    save = json.loads((home / "current.json").read_text())
    save["saved_at"] = "2026-11-29T20:31:54Z"
    (home / "current.json").write_text(json.dumps(save))
    later = launch(TZ="XXX-5:30")  # five and a half hours east of UTC
    later.wait_for("Resume the unfinished game?")
    later.wait_for("saved 2026-11-30 02:01")  # the offer's box may be drawn in more than one write
    assert "UTC" not in later.flat()
    later.send("q")
    later.wait_exit()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
