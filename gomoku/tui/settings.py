"""The game choices a player makes in the menu, and remembering them between runs.

:class:`Settings` is a small value: the mode, who plays black against the
computer, the rule, the board size, the computer's level (and in watch mode
each side's level and the pace).  Every choice with a fixed set of values is
an enum, so a misspelt mode cannot be written down.  The menu's last choices
are stored as JSON in the config directory (:func:`gomoku.userdirs.config_dir`).

Only the menu's choices are remembered, never the command line's options:
those are for one run (:class:`Remembered` tells the two apart).

Reading never fails and never keeps quiet: a missing file gives the
defaults; an unreadable or damaged one (not JSON, nested thousands deep,
huge, not an object), or a value this version cannot use (a level it does
not have), gives the default for what it cannot use *and* a sentence for
the player (:func:`read_settings`).  A damaged file is never overwritten:
:func:`save_settings` first renames it ``settings.json.corrupt-<UTC time>``.
The file follows the umask, as other programs' settings do: it holds nothing
secret (the choices and the player's name).
"""

from __future__ import annotations

import enum
import getpass
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from gomoku import textwidth
from gomoku.clock import NO_CLOCK, ClockError, ClockSpec, by_total, parse_clock
from gomoku.i18n import N_, Language, _, join_list, os_error_text, pgettext
from gomoku.net.protocol import MAX_NAME
from gomoku.openings import OpeningRule
from gomoku.point import MAX_SIZE, MIN_SIZE
from gomoku.rules import Rule
from gomoku.userdirs import UnfitJsonError, atomic_write_text, config_dir, move_aside, read_json

SETTINGS_FILE = "settings.json"
#: The largest settings file read: the file is about 200 bytes; anything this big is no settings of ours.
MAX_SETTINGS_BYTES = 64 * 1024


class Mode(enum.Enum):
    """Who plays: the value is how the command line and the save files spell it."""

    PVC = "pvc"
    PVP = "pvp"
    CVC = "cvc"

    @property
    def label(self) -> str:
        """The mode as the menu names it."""
        labels = {
            Mode.PVC: pgettext("mode", "human vs computer"),
            Mode.PVP: pgettext("mode", "two players"),
            Mode.CVC: pgettext("mode", "computer vs computer"),
        }
        return labels[self]

    @property
    def short(self) -> str:
        """A short name for narrow places (the replay's side panel)."""
        shorts = {
            # i18n: width 12
            Mode.PVC: pgettext("mode", "vs computer"),
            # i18n: width 12
            Mode.PVP: pgettext("mode", "two players"),
            # i18n: width 12
            Mode.CVC: pgettext("mode", "watch"),
        }
        return shorts[self]


class Side(enum.Enum):
    """Who plays black in a game against the computer."""

    HUMAN = "human"
    COMPUTER = "computer"

    @property
    def label(self) -> str:
        """Who plays black as the menu shows it, in the language in use (the value stays English)."""
        return pgettext("setting", "human") if self is Side.HUMAN else pgettext("setting", "computer")


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
        """The pace as the menu shows it: ``normal (0.6 s a move)``."""
        names = {Pace.FAST: pgettext("setting", "fast"), Pace.NORMAL: pgettext("setting", "normal")}
        name = names.get(self, pgettext("setting", "slow"))
        return _("{pace} ({seconds:g} s a move)").format(pace=name, seconds=self.seconds)


K = TypeVar("K")


class Said(dict[K, str]):
    """A table of texts marked with ``N_``: reading one (``table[key]``) says it in the language in use.

    The table is built at import, in English; each text is translated when it is read, so it follows
    the language the player picks.
    """

    def __getitem__(self, key: K) -> str:
        return _(super().__getitem__(key))


class BoardStyle(enum.Enum):
    """How the board is drawn: the value is how the command line and the settings file spell it.

    ``unicode`` draws line characters and round stones, one column each;
    ``wide`` draws only characters that take two columns on every terminal
    (fullwidth forms, ``⚫``), for terminals that draw East Asian *ambiguous*
    characters (``●``, ``┼``) two columns wide, as many set up for Chinese,
    Japanese or Korean do; ``ascii`` draws plain ASCII.  ``auto`` asks the
    terminal at start (:mod:`gomoku.tui.probe`) and takes one of the three.
    """

    AUTO = "auto"
    UNICODE = "unicode"
    WIDE = "wide"
    ASCII = "ascii"

    @property
    def label(self) -> str:
        """The style as the menu names it."""
        return {
            # i18n: width 32
            BoardStyle.AUTO: pgettext("setting", "auto (ask the terminal)"),
            # i18n: width 32
            BoardStyle.UNICODE: pgettext("setting", "lines and round stones"),
            # i18n: width 32
            BoardStyle.WIDE: pgettext("setting", "wide (CJK terminals)"),
            # i18n: width 32
            BoardStyle.ASCII: pgettext("setting", "plain ASCII"),
        }[self]

    def drawn(self, auto: BoardStyle, unicode: bool) -> BoardStyle:
        """The style the board is drawn in: ``auto`` is what the terminal answered; ASCII where Unicode cannot be."""
        if not unicode:
            return BoardStyle.ASCII
        return auto if self is BoardStyle.AUTO else self


#: The menu's think times, in seconds a move; ``None`` is each level's own (issue 22: set in the menu).
#: From a quick move to a long think: hard's default is 1 s, master's 6 s.
THINK_TIMES: tuple[float | None, ...] = (None, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)
#: The longest think time accepted (the command line's bound too).
MAX_THINK_TIME = 3600.0


def valid_think_time(value: Any) -> bool:
    """Whether ``value`` is a think time: ``None`` (the level's own) or seconds, more than 0 and at most an hour."""
    if value is None:
        return True
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value <= MAX_THINK_TIME


#: The clocks the menu offers, round and round in order of total time (any other comes from ``--clock``):
#: none; a blitz 3+2; the GomokuWorld Meijin control 5+3; a long 10+5; 30 s a move; byo-yomi 10 min then
#: 5 x 30 s.
MENU_CLOCKS: tuple[ClockSpec, ...] = by_total(("none", "5+3", "3+2", "10+5", "10+5x30", "30s"))
#: What each opening rule is, in one line (the menu says it under the rows).
OPENING_TEXT: Said[OpeningRule] = Said(
    {
        OpeningRule.NONE: N_("black starts anywhere"),
        OpeningRule.SWAP1: N_("three stones, then the other player chooses a colour"),
        OpeningRule.SWAP2: N_("three stones; the other chooses a colour or adds two and lets you choose"),
        OpeningRule.TARAGUCHI10: N_("renju: stones 1-4 in growing central squares with swaps, then the 5th"),
        OpeningRule.SOOSORV8: N_("renju: a canonical opening, swaps, then N offered 5th moves"),
    }
)

#: How the rules differ, in one line each (the menu and the help show them).
RULE_TEXT: Said[Rule] = Said(
    {
        Rule.FREESTYLE: N_("five or more in a row wins"),
        Rule.STANDARD: N_("exactly five wins; six or more in a row does not count"),
        Rule.RENJU: N_("black may not make six, two fours or two threes at once; white wins with five or more"),
        Rule.CARO: N_("five or more in a row wins, but not a five blocked at both ends by the other colour"),
    }
)


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
    #: Seconds a move for the levels that think by time (``None``: each level's own, hard 1 s).
    think_time: float | None = None
    #: The opening rule and the clock (menu rows, ``--opening``, ``--clock``); the local game screen plays both.
    opening: OpeningRule = OpeningRule.NONE
    clock: ClockSpec = NO_CLOCK
    #: Live analysis (A) in games against the computer too: a coach, off by default (it would play for you).
    coach: bool = False
    #: The computer thinks on your time (pondering) in games against you.  Off by default: it keeps a
    #: core busy while you think (a laptop's fan and battery notice), and it makes a level stronger
    #: than the strength the menu and docs/levels.md give it, measured without it.
    ponder: bool = False
    #: Outside Gomocup engines by name (``--engine NAME=CMD``, or the file's ``engines``): more opponents.
    engines: tuple[tuple[str, str], ...] = ()
    #: Who reads positions for the review and live analysis: ``hard``, or an engine's name.
    analyst: str = "hard"
    #: The language picked in the menu's Language row (``None``: the environment's, as gettext reads it).
    language: Language | None = None
    #: How the board is drawn (``--board``, the menu's Board style row); ``auto`` asks the terminal.
    board: BoardStyle = BoardStyle.AUTO

    @property
    def engine_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.engines)

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
            "think_time": self.think_time,
            "opening": self.opening.value,
            "clock": self.clock.text(),
            "coach": self.coach,
            "ponder": self.ponder,
            "engines": dict(self.engines),
            "analyst": self.analyst,
            "language": None if self.language is None else self.language.code,
            "board": self.board.value,
        }


#: An engine's name: short, one word, and not a built-in level's (it is shown in the menu beside them).
ENGINE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,19}")
#: The analyst unless an engine is chosen.
DEFAULT_ANALYST = "hard"


def engine_problem(name: str, command: str, levels: Sequence[str]) -> str:
    """Why ``name=command`` cannot be an engine (``""``: it can)."""
    if not ENGINE_NAME.fullmatch(name):
        return _("the engine name {name!r} must be a word of letters, digits, '.', '_' or '-' (at most 20)").format(
            name=name
        )
    if name in levels:
        return _("{name!r} is a built-in level: give the engine another name").format(name=name)
    if not command.strip():
        return _("the engine {name!r} needs a command").format(name=name)
    return ""


def _engines(value: Any, levels: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """The engines of loose data (a JSON object name -> command), the unusable ones left out."""
    if not isinstance(value, Mapping):
        return ()
    return tuple(
        (name, command)
        for name, command in value.items()
        if isinstance(name, str) and isinstance(command, str) and not engine_problem(name, command, levels)
    )


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
    engines = _engines(data.get("engines"), levels)
    choices["engines"] = engines
    levels = (*levels, *(name for name, _ in engines))  # an engine is an opponent like a level
    for name, kind in (("mode", Mode), ("black", Side), ("rule", Rule), ("pace", Pace), ("board", BoardStyle)):
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
    seconds = data.get("think_time")
    if valid_think_time(seconds):
        choices["think_time"] = None if seconds is None else float(seconds)
    opening = data.get("opening")
    if isinstance(opening, OpeningRule) or (isinstance(opening, str) and _enum(OpeningRule, opening) is not None):
        choices["opening"] = OpeningRule(opening)
    clock = _clock(data.get("clock"))
    if clock is not None:
        choices["clock"] = clock
    for name in ("coach", "ponder"):
        if isinstance(data.get(name), bool):
            choices[name] = data[name]
    if data.get("analyst") in (DEFAULT_ANALYST, *(name for name, _ in engines)):
        choices["analyst"] = data["analyst"]
    language = data.get("language")
    if isinstance(language, Language) or (isinstance(language, str) and _enum(Language, language) is not None):
        choices["language"] = Language(language)
    return replace(settings, **choices)


def _clock(value: Any) -> ClockSpec | None:
    """A clock from loose data (a :class:`ClockSpec`, or its text), or ``None`` if it is not one."""
    if isinstance(value, ClockSpec):
        return value
    if not isinstance(value, str):
        return None
    try:
        return parse_clock(value)
    except ClockError:
        return None


def clean_name(text: str) -> str:
    """A player's name as network play sends it: printable, single spaces, at most :data:`MAX_NAME`."""
    return " ".join("".join(c for c in text if c.isprintable()).split())[:MAX_NAME]


def login_name() -> str:
    """The login name, cleaned (``""`` if the system knows none): the network name when none was given.

    :func:`getpass.getuser` reads ``LOGNAME``, ``USER``, ``LNAME`` and
    ``USERNAME``, then the password database, so a terminal without those
    variables (a container, some ssh and tmux set-ups) still has one.
    """
    try:
        return clean_name(getpass.getuser())
    except (OSError, KeyError, ImportError):  # no variable and no password entry (or no pwd module)
        return ""


def settings_path() -> Path:
    """Where the menu's choices are remembered."""
    return config_dir() / SETTINGS_FILE


def _choice_problems(data: Mapping[str, Any], levels: Sequence[str] | None) -> list[str]:
    """What in a settings object this version cannot use (each falls back to its default).

    ``levels`` are the computer's levels; ``None``: any text is a level.
    """
    problems = []
    engines = tuple(name for name, _ in _engines(data.get("engines"), levels or ()))
    if levels is not None:
        levels = (*levels, *engines)
    if "engines" in data and (not isinstance(data["engines"], Mapping) or len(engines) != len(data["engines"])):
        problems.append("engines")
    if "analyst" in data and data["analyst"] not in (DEFAULT_ANALYST, *engines):
        problems.append(f"analyst {_shown(data['analyst'])}")
    for name, kind in (("mode", Mode), ("black", Side), ("rule", Rule), ("pace", Pace), ("board", BoardStyle)):
        if name in data and not (isinstance(data[name], str) and _enum(kind, data[name]) is not None):
            problems.append(f"{name} {_shown(data[name])}")
    size = data.get("size", MIN_SIZE)
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        problems.append(f"size {_shown(size)}")
    for name in ("level", "black_level", "white_level"):
        if name in data and not (isinstance(data[name], str) and (levels is None or data[name] in levels)):
            problems.append(f"{name} {_shown(data[name])}")
    if "name" in data and not isinstance(data["name"], str):
        problems.append(f"name {_shown(data['name'])}")
    if "opening" in data and not (isinstance(data["opening"], str) and _enum(OpeningRule, data["opening"]) is not None):
        problems.append(f"opening {_shown(data['opening'])}")
    if "clock" in data and _clock(data["clock"]) is None:
        problems.append(f"clock {_shown(data['clock'])}")
    if not valid_think_time(data.get("think_time")):
        problems.append(f"think_time {_shown(data['think_time'])}")
    for name in ("coach", "ponder"):
        if name in data and not isinstance(data[name], bool):
            problems.append(f"{name} {_shown(data[name])}")
    language = data.get("language")
    if language is not None and not (isinstance(language, str) and _enum(Language, language) is not None):
        problems.append(f"language {_shown(language)}")  # a code this version does not speak: the environment's
    return problems


def _shown(value: Any) -> str:
    """A value from the file, short enough for a message."""
    text = json.dumps(value) if isinstance(value, (str, int, float, bool)) or value is None else type(value).__name__
    return text if textwidth.width(text) <= 20 else textwidth.fit(text, 17) + "..."


class FileTrouble(enum.Enum):
    """What is wrong with a settings file, as a kind (the sentence says it; the kind decides what is done)."""

    #: It is there but cannot be read (permissions, a folder): nothing to keep aside, it stays as it is.
    UNREADABLE = "cannot be read"
    #: It was read and cannot be settings: kept aside when a choice is next saved.
    DAMAGED = "is damaged"


@dataclass(frozen=True)
class FileProblem:
    """Why a settings file cannot be used: its :class:`FileTrouble` and the detail (``"not JSON from line 2"``)."""

    trouble: FileTrouble
    detail: str

    def __str__(self) -> str:
        return f"{self.trouble.value} ({self.detail})"


def file_problem(path: Path) -> tuple[dict[str, Any] | None, FileProblem | None]:
    """The settings object in the file at ``path`` (``None`` if none can be read) and what is wrong with it.

    A missing file has no problem: it gives ``(None, None)``.
    """
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_SETTINGS_BYTES + 1)
    except FileNotFoundError:
        return None, None
    except OSError as error:
        return None, FileProblem(FileTrouble.UNREADABLE, os_error_text(error))
    damaged = FileTrouble.DAMAGED
    if len(raw) > MAX_SETTINGS_BYTES:
        return None, FileProblem(damaged, _("over {size} KB").format(size=MAX_SETTINGS_BYTES // 1024))
    try:
        data = read_json(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return None, FileProblem(damaged, _("not UTF-8 text"))
    except json.JSONDecodeError as error:
        return None, FileProblem(
            damaged, _("not JSON from line {line}, column {column}").format(line=error.lineno, column=error.colno)
        )
    except UnfitJsonError:  # a number of thousands of digits, nesting thousands deep
        return None, FileProblem(damaged, _("not JSON settings can hold"))
    if not isinstance(data, dict):
        return None, FileProblem(damaged, _("not a JSON object"))
    return data, None


def read_settings(levels: Sequence[str], path: Path | None = None) -> tuple[Settings, str]:
    """The remembered choices, and a sentence for the player if the file could not be used as it is.

    The sentence is empty when all is well (or there is no file yet).  A
    damaged file gives the defaults; a value this version cannot use gives
    the default for that one choice.  Either way the file is kept aside,
    not overwritten, when the choices are next saved.
    """
    path = path or settings_path()
    data, problem = file_problem(path)
    if data is None:
        if problem is None:
            return default_settings(levels), ""
        # the verdict first and the path last: on a narrow screen the words that matter come before a long path
        if problem.trouble is FileTrouble.UNREADABLE:
            text = _("The settings file cannot be read ({detail}): the defaults are used ({path}).")
        else:
            text = _(
                "The settings file is damaged ({detail}): the defaults are used,"
                " and {path} will be kept aside when a choice is next saved."
            )
        return default_settings(levels), text.format(detail=problem.detail, path=path)
    settings = validated(data, levels)
    unusable = _choice_problems(data, levels)
    if not unusable:
        return settings, ""
    listed = join_list(unusable)
    return settings, _(
        "The settings file has values this gomoku cannot use ({listed}): the defaults are used"
        " for those, and {path} will be kept aside when a choice is next saved."
    ).format(listed=listed, path=path)


def load_settings(levels: Sequence[str], path: Path | None = None) -> Settings:
    """The remembered choices, or the defaults for what is missing or cannot be used (see :func:`read_settings`)."""
    return read_settings(levels, path)[0]


@dataclass(frozen=True)
class SettingsSaved:
    """What :func:`save_settings` did: whether it wrote, and where a damaged old file went."""

    written: bool
    moved_aside: Path | None = None

    def __bool__(self) -> bool:
        return self.written


def save_settings(settings: Settings, path: Path | None = None, levels: Sequence[str] = ()) -> SettingsSaved:
    """Remember ``settings``; nothing else is lost if the file cannot be written.

    A file there that is damaged, or holds a value this version cannot use
    (``levels``: the levels it has; empty: any level goes), is first renamed
    ``settings.json.corrupt-<UTC time>``, never overwritten.
    """
    path = path or settings_path()
    data, problem = file_problem(path)
    unusable = problem is not None or (data is not None and bool(_choice_problems(data, levels or None)))
    moved_aside = None
    try:
        if unusable and path.exists():
            moved_aside = move_aside(path)
        atomic_write_text(path, json.dumps(settings.to_json(), indent=2) + "\n", private=False)
    except OSError:
        return SettingsSaved(False, moved_aside)
    return SettingsSaved(True, moved_aside)


class Remembered:
    """What the settings file should hold: the player's choices, never the command line's options.

    The program starts from the file's settings (``stored``) with the
    command line's options on top (the settings in effect).  A
    :class:`~gomoku.tui.effects.SaveSettings` names the fields the player
    just chose; only those are written, so what an option or a screen set
    for one run (``--opening``, ``--engine``, the replay's mode) never
    reaches the file.  A choice of an engine that only the command line
    names (``--engine``) is for this run too: the file would name an engine
    it does not know.
    """

    def __init__(self, stored: Settings) -> None:
        self.stored = stored

    def choose(self, settings: Settings, chosen: Sequence[str]) -> Settings:
        """The settings to write now that the fields ``chosen`` of ``settings`` were chosen."""
        known = {name for name, _ in self.stored.engines}
        for_this_run = {name for name, _ in settings.engines} - known
        choices = {
            name: getattr(settings, name)
            for name in chosen
            if name != "engines" and getattr(settings, name) not in for_this_run
        }
        self.stored = replace(self.stored, **choices)
        return self.stored
