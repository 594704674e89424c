"""Remembering the menu's choices: round trip, and broken files fall back to defaults."""

from __future__ import annotations

import json
import os
import stat
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.rules import Rule
from gomoku.tui.settings import (
    Mode,
    Pace,
    Remembered,
    Settings,
    Side,
    default_settings,
    load_settings,
    read_settings,
    save_settings,
    settings_path,
)
from tests.mutations import json_values, mutated

LEVELS = ("easy", "normal", "hard")


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    chosen = Settings(Mode.CVC, Side.COMPUTER, Rule.RENJU, 19, "hard", "easy", "hard", Pace.SLOW)
    assert save_settings(chosen, path)
    assert load_settings(LEVELS, path) == chosen


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    assert load_settings(LEVELS, tmp_path / "nothing.json") == Settings()


@pytest.mark.parametrize(
    "text",
    ["", "{ not json", "[1, 2]", "null", '"pvc"', "\x00\xff"],
)
def test_broken_file_gives_defaults(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text)
    assert load_settings(LEVELS, path) == Settings()


def test_each_bad_value_falls_back_alone(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"mode": "pvp", "rule": "chess", "size": 99, "level": "grandmaster", "black": true}')
    assert load_settings(LEVELS, path) == Settings(mode=Mode.PVP)
    path.write_text('{"size": true, "level": "hard"}')
    assert load_settings(LEVELS, path) == Settings(level="hard", black_level="hard", white_level="hard")


def test_a_level_this_version_lacks_falls_back(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(Settings(level="hard"), path)
    assert load_settings(("easy", "normal"), path).level == "normal"
    assert default_settings(("weak", "strong")).level == "weak"


def test_settings_live_in_the_config_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOMOKU_HOME", str(tmp_path))
    assert settings_path() == tmp_path / "settings.json"
    assert save_settings(Settings(size=9))
    assert load_settings(LEVELS).size == 9


def test_unwritable_place_loses_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert not save_settings(Settings(), blocker / "settings.json")


def test_a_file_from_before_watch_levels_gives_both_sides_its_level(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"mode": "cvc", "level": "easy", "pace": "fast"}')
    loaded = load_settings(LEVELS, path)
    assert (loaded.black_level, loaded.white_level, loaded.pace) == ("easy", "easy", Pace.FAST)


# -- issue 21, item 13: a damaged settings file is said, kept aside, never overwritten ----


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{ not json", "not JSON from line 1, column 3"),
        ("[1, 2]", "not a JSON object"),
        ('{"size": ' + "[" * 5000 + "]" * 5000 + "}", "not JSON settings can hold"),
        ('{"size": ' + "9" * 5000 + "}", "not JSON settings can hold"),
        (b"\xff\xfe{}", "not UTF-8 text"),
    ],
)
def test_a_damaged_file_is_said_and_kept_aside_when_next_saved(tmp_path: Path, text: str | bytes, says: str) -> None:
    path = tmp_path / "settings.json"
    raw = text if isinstance(text, bytes) else text.encode()
    path.write_bytes(raw)
    settings, problem = read_settings(LEVELS, path)
    assert settings == Settings()
    assert problem == (
        f"The settings file is damaged ({says}): the defaults are used,"
        f" and {path} will be kept aside when a choice is next saved."
    )
    assert path.read_bytes() == raw  # reading touches nothing
    saved = save_settings(Settings(size=9), path, LEVELS)
    assert saved and saved.moved_aside is not None and saved.moved_aside.name.startswith("settings.json.corrupt-")
    assert saved.moved_aside.read_bytes() == raw  # the damaged file is kept, not overwritten
    assert read_settings(LEVELS, path) == (Settings(size=9), "")


def test_values_this_version_cannot_use_are_said_and_the_file_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    text = '{"mode": "pvp", "rule": "chess", "size": 99, "level": "grandmaster", "black": true}'
    path.write_text(text)
    settings, problem = read_settings(LEVELS, path)
    assert settings == Settings(mode=Mode.PVP)
    assert 'rule "chess"' in problem and "size 99" in problem and 'level "grandmaster"' in problem
    assert "black true" in problem and "kept aside" in problem
    saved = save_settings(settings, path, LEVELS)
    assert saved.moved_aside is not None and saved.moved_aside.read_text() == text
    assert save_settings(settings, path, LEVELS).moved_aside is None  # a good file is simply replaced


def test_a_good_file_and_no_file_say_nothing(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert read_settings(LEVELS, path) == (Settings(), "")
    save_settings(Settings(rule=Rule.RENJU), path, LEVELS)
    assert read_settings(LEVELS, path) == (Settings(rule=Rule.RENJU), "")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_the_settings_file_follows_the_umask(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    previous = os.umask(0o027)
    try:
        save_settings(Settings(), path)
    finally:
        os.umask(previous)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


# -- issue 21, item 4: the command line is for one run; the menu's choices are remembered ----


def test_only_the_menus_choices_are_remembered_not_the_command_lines() -> None:
    stored = Settings(rule=Rule.STANDARD, size=19)
    shown = replace(stored, mode=Mode.CVC, rule=Rule.RENJU, level="easy", black_level="easy", white_level="easy")
    remembered = Remembered(stored)
    after_pace = remembered.choose(replace(shown, pace=Pace.FAST), ("pace",))  # "+" in the game, or the pace row
    assert after_pace == replace(stored, pace=Pace.FAST)  # renju, cvc and easy were this run's only
    chosen = replace(shown, pace=Pace.FAST, mode=Mode.PVC)  # then the mode row, in the menu
    assert remembered.choose(chosen, ("mode",)) == replace(stored, pace=Pace.FAST, mode=Mode.PVC)
    back = remembered.choose(replace(chosen, rule=Rule.FREESTYLE), ("rule",))  # a rule picked in the menu counts
    assert back.rule is Rule.FREESTYLE and back.size == 19


# -- issue 21, item 18: any file whatsoever gives settings and at most a sentence ------


def _valid_settings_bytes() -> bytes:
    chosen = Settings(Mode.CVC, Side.COMPUTER, Rule.RENJU, 19, "hard", "easy", "hard", Pace.SLOW, "Ann")
    return (json.dumps(chosen.to_json(), indent=2) + "\n").encode()


@settings(max_examples=150, deadline=None)
@given(mutated(_valid_settings_bytes()))
def test_mutated_settings_files_read_and_save_without_an_error(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_bytes(raw)
        settings_, problem = read_settings(LEVELS, path)
        assert isinstance(settings_, Settings) and isinstance(problem, str)
        saved = save_settings(settings_, path, LEVELS)
        assert saved and read_settings(LEVELS, path) == (settings_, "")
        if problem:  # whatever was there is kept, byte for byte
            assert saved.moved_aside is not None and saved.moved_aside.read_bytes() == raw


@settings(max_examples=200, deadline=None)
@given(
    json_values,
    st.sampled_from(["mode", "black", "rule", "size", "level", "black_level", "white_level", "pace", "name"]),
)
def test_any_json_value_in_any_field_gives_settings(value: object, name: str) -> None:
    data = json.loads(_valid_settings_bytes())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        for candidate in (value, {**data, name: value}):
            path.write_text(json.dumps(candidate))
            settings_, problem = read_settings(LEVELS, path)
            assert isinstance(settings_, Settings) and isinstance(problem, str)


def test_a_files_trouble_is_a_kind_not_words_to_parse(tmp_path: Path) -> None:
    """Issue 28: ``read_settings`` told an unreadable file from a damaged one by ``startswith("cannot")``."""
    from gomoku.tui.settings import FileTrouble, file_problem

    folder = tmp_path / "settings.json"
    folder.mkdir()  # there, and not a file that can be read (as root too)
    data, problem = file_problem(folder)
    assert data is None and problem is not None and problem.trouble is FileTrouble.UNREADABLE
    notice = read_settings(("normal",), folder)[1]
    assert "cannot be read" in notice and "kept aside" not in notice
    damaged = tmp_path / "damaged.json"
    damaged.write_text("[1, 2", encoding="utf-8")
    data, problem = file_problem(damaged)
    assert problem is not None and problem.trouble is FileTrouble.DAMAGED and "not JSON" in problem.detail
    assert (
        "is damaged" in read_settings(("normal",), damaged)[1]
        and "kept aside" in read_settings(("normal",), damaged)[1]
    )
    assert file_problem(tmp_path / "missing.json") == (None, None)


# -- issue 28, item 9: options and a screen's choice for one game are for that run ------------------


def test_the_replays_mode_and_the_network_menus_opening_never_reach_the_settings_file() -> None:
    """``m`` in the replay was written into settings.json (a later ``--opening swap2`` then started a
    computer-vs-computer game with no hint why); the network menu's opening for this run was written with
    the next choice made after it."""
    from gomoku.tui.effects import SaveSettings
    from gomoku.tui.model import NetMenu, NetRow
    from tests.tui.helpers import Run, loaded, menu_state

    stored = Settings()
    replay = Run(loaded()).press("m")
    assert replay.state.settings.mode is not Mode.PVP and not replay.of(SaveSettings)
    assert "for this game only" in replay.state.message
    network = Run(replace(menu_state(), screen=NetMenu(NetRow.OPENING))).press("right")  # for this run
    network.state = replace(network.state, screen=NetMenu(NetRow.RULE))
    network.press("right")  # a choice to remember
    remembered = Remembered(stored)
    for chose in network.of(SaveSettings):
        remembered.choose(chose.settings, chose.chosen)
    assert remembered.stored == replace(stored, rule=network.state.settings.rule)
    assert network.state.settings.opening is not stored.opening  # in effect, not written
