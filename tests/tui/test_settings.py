"""Remembering the menu's choices: round trip, and broken files fall back to defaults."""

from __future__ import annotations

from pathlib import Path

import pytest

from gomoku.rules import Rule
from gomoku.tui.settings import (
    Mode,
    Pace,
    Settings,
    Side,
    default_settings,
    load_settings,
    save_settings,
    settings_path,
)

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
