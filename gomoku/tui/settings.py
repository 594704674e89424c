"""The game choices a player makes in the menu, and remembering them between runs.

:class:`Settings` is a small value: mode, who plays black, rule, board size and
computer level.  The menu's last choices are stored as JSON in the config
directory (:func:`gomoku.userdirs.config_dir`).  Reading never fails: a missing,
unreadable or broken file, or a value that is no longer valid (a level that
this version does not have), falls back to the default for that choice.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from gomoku.point import MAX_SIZE, MIN_SIZE
from gomoku.rules import Rule
from gomoku.userdirs import atomic_write_text, config_dir

MODES: tuple[str, ...] = ("pvc", "pvp", "cvc")
MODE_NAMES = {"pvc": "human vs computer", "pvp": "two players", "cvc": "computer vs computer"}
SIDES: tuple[str, ...] = ("human", "computer")
RULES: tuple[str, ...] = tuple(rule.value for rule in Rule)
SETTINGS_FILE = "settings.json"


@dataclass(frozen=True)
class Settings:
    """What kind of game to play.

    ``black`` says who plays black in a human-vs-computer game; the other
    modes ignore it.
    """

    mode: str = "pvc"
    black: str = "human"
    rule: str = "freestyle"
    size: int = 15
    level: str = "normal"

    @property
    def rule_value(self) -> Rule:
        """The rule as a :class:`Rule`."""
        return Rule(self.rule)


def default_settings(levels: Sequence[str]) -> Settings:
    """The defaults, with a level that exists (``normal`` if there is one)."""
    level = "normal" if "normal" in levels or not levels else levels[0]
    return Settings(level=level)


def validated(data: Mapping[str, Any], levels: Sequence[str]) -> Settings:
    """Settings from loose data (JSON, command line); anything invalid keeps its default."""
    settings = default_settings(levels)
    choices: dict[str, Any] = {}
    if data.get("mode") in MODES:
        choices["mode"] = data["mode"]
    if data.get("black") in SIDES:
        choices["black"] = data["black"]
    if data.get("rule") in RULES:
        choices["rule"] = data["rule"]
    size = data.get("size")
    if isinstance(size, int) and not isinstance(size, bool) and MIN_SIZE <= size <= MAX_SIZE:
        choices["size"] = size
    if data.get("level") in levels:
        choices["level"] = data["level"]
    return replace(settings, **choices)


def settings_path() -> Path:
    """Where the menu's choices are remembered."""
    return config_dir() / SETTINGS_FILE


def load_settings(levels: Sequence[str], path: Path | None = None) -> Settings:
    """The remembered choices, or the defaults if there are none or they cannot be read."""
    path = path or settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return default_settings(levels)
    if not isinstance(data, dict):
        return default_settings(levels)
    return validated(data, levels)


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Remember ``settings``; returns False (and loses nothing else) if the file cannot be written."""
    try:
        atomic_write_text(path or settings_path(), json.dumps(asdict(settings), indent=2) + "\n")
    except OSError:
        return False
    return True
