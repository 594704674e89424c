"""The game choices a player makes in the menu, and remembering them between runs.

:class:`Settings` is a small value: the mode, who plays black against the
computer, the rule, the board size, the computer's level (and in watch mode
each side's level and the pace).  Every choice with a fixed set of values is
an enum, so a misspelt mode cannot be written down.  The menu's last choices
are stored as JSON in the config directory (:func:`gomoku.userdirs.config_dir`).
Reading never fails: a missing, unreadable or broken file, or a value that is
no longer valid (a level that this version does not have), falls back to the
default for that choice.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from gomoku.net.protocol import MAX_NAME
from gomoku.point import MAX_SIZE, MIN_SIZE
from gomoku.rules import Rule
from gomoku.userdirs import atomic_write_text, config_dir

SETTINGS_FILE = "settings.json"


class Mode(enum.Enum):
    """Who plays: the value is how the command line and the save files spell it."""

    PVC = "pvc"
    PVP = "pvp"
    CVC = "cvc"

    @property
    def label(self) -> str:
        """The mode as the menu names it."""
        return {Mode.PVC: "human vs computer", Mode.PVP: "two players", Mode.CVC: "computer vs computer"}[self]

    @property
    def short(self) -> str:
        """A short name for narrow places (the replay's side panel)."""
        return {Mode.PVC: "vs computer", Mode.PVP: "two players", Mode.CVC: "watch"}[self]


class Side(enum.Enum):
    """Who plays black in a game against the computer."""

    HUMAN = "human"
    COMPUTER = "computer"


class Pace(enum.Enum):
    """How fast the computer plays itself in watch mode: seconds from one move to the next.

    ``normal`` is the 0.6 s the watch mode always had; ``fast`` and ``slow``
    are a third and two and a half times that, enough to follow a game or to
    skim one.  (Paused, ``.`` steps one move at a time.)
    """

    FAST = "fast"
    NORMAL = "normal"
    SLOW = "slow"

    @property
    def seconds(self) -> float:
        return {Pace.FAST: 0.2, Pace.NORMAL: 0.6, Pace.SLOW: 1.5}[self]

    @property
    def label(self) -> str:
        return f"{self.value} ({self.seconds:g} s a move)"


#: How the rules differ, in one line each (the menu and the help show them).
RULE_TEXT = {
    Rule.FREESTYLE: "five or more in a row wins",
    Rule.STANDARD: "exactly five wins; six or more in a row does not count",
    Rule.RENJU: "black may not make six, two fours or two threes at once; white wins with five or more",
}


@dataclass(frozen=True)
class Settings:
    """What kind of game to play.

    ``black`` says who plays black in a human-vs-computer game, and ``level``
    is the computer's level there; watch mode has a level for each side and
    a pace.  Each mode ignores the choices it has no use for.
    """

    mode: Mode = Mode.PVC
    black: Side = Side.HUMAN
    rule: Rule = Rule.FREESTYLE
    size: int = 15
    level: str = "normal"
    black_level: str = "normal"
    white_level: str = "normal"
    pace: Pace = Pace.NORMAL
    #: The player's name in network games (``--name``); empty: the login name.
    name: str = ""

    def to_json(self) -> dict[str, Any]:
        """The settings as the settings file stores them (plain strings and numbers)."""
        return {
            "mode": self.mode.value,
            "black": self.black.value,
            "rule": self.rule.value,
            "size": self.size,
            "level": self.level,
            "black_level": self.black_level,
            "white_level": self.white_level,
            "pace": self.pace.value,
            "name": self.name,
        }


def default_settings(levels: Sequence[str]) -> Settings:
    """The defaults, with a level that exists (``normal`` if there is one)."""
    level = "normal" if "normal" in levels or not levels else levels[0]
    return Settings(level=level, black_level=level, white_level=level)


def _enum(kind: type[enum.Enum], value: Any) -> Any:
    try:
        return kind(value)
    except ValueError:
        return None


def validated(data: Mapping[str, Any], levels: Sequence[str]) -> Settings:
    """Settings from loose data (JSON, command line); anything invalid keeps its default.

    A file from before watch mode had its own levels gives both sides its one ``level``.
    """
    settings = default_settings(levels)
    choices: dict[str, Any] = {}
    for name, kind in (("mode", Mode), ("black", Side), ("rule", Rule), ("pace", Pace)):
        value = data.get(name)
        if isinstance(value, kind):
            choices[name] = value
        elif isinstance(value, str) and _enum(kind, value) is not None:
            choices[name] = kind(value)
    size = data.get("size")
    if isinstance(size, int) and not isinstance(size, bool) and MIN_SIZE <= size <= MAX_SIZE:
        choices["size"] = size
    if data.get("level") in levels:
        choices["level"] = data["level"]
    for name in ("black_level", "white_level"):
        value = data.get(name, data.get("level"))
        if value in levels:
            choices[name] = value
    given = data.get("name")
    if isinstance(given, str):
        choices["name"] = clean_name(given)
    return replace(settings, **choices)


def clean_name(text: str) -> str:
    """A player's name as network play sends it: printable, single spaces, at most :data:`MAX_NAME`."""
    return " ".join("".join(c for c in text if c.isprintable()).split())[:MAX_NAME]


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
        atomic_write_text(path or settings_path(), json.dumps(settings.to_json(), indent=2) + "\n")
    except OSError:
        return False
    return True
