"""Autosave and resume: the game in progress survives a crash, a closed terminal or a power cut.

The front end calls :func:`save_game` after every move; the file
(``current.json`` in :func:`gomoku.userdirs.data_dir`) is replaced atomically,
so it always holds either the previous move's game or this one's, never half
of one.  On the next start :func:`load_game` offers it back; when the player
declines, the game ends, or another game takes its place, :func:`keep_game`
moves it aside under a name of its own (``unfinished-20261201-1439.json`` or
``finished-...``, the local time it was last saved, ``-2``, ``-3``... if
that name is taken).  Kept games are never overwritten: :func:`kept_games`
lists them, newest first, for the load prompt.  So that they do not pile up
(one for every game started from the command line), what is kept is what a
player would come back for: every finished game; the newest
:data:`UNFINISHED_KEPT` unfinished games of each kind (against the computer,
two players, watched, a network game hosted, one joined), older ones of that
kind going when a newer one is kept; and no game without a move.
:func:`tidy_kept` applies the same rule to every kind at once (the load
prompt offers it).

A save file this version cannot use is never destroyed:

- :func:`load_game` raises :class:`SaveError` with a message that says what
  is wrong and what to do, whatever the file holds (a corrupt or hostile file,
  nested thousands deep, huge, not text; or one written by a newer gomoku, a
  higher ``version``);
- before :func:`save_game` writes a new game over such a file, it renames the
  file to ``current.json.corrupt-<UTC time>`` (or ``.newer-<UTC time>``) in
  the same directory, and says so in :attr:`SaveResult.moved_aside`.

Save files are private (``-rw-------``): a network game's save holds the code
that lets whoever reads it take the player's seat.

The format is JSON, readable by people: points in renju notation::

    {"format": "gomoku-save", "version": 1, "saved_at": "2026-11-29T14:31:54Z",
     "size": 15, "rule": "renju", "moves": ["h8", "i9"], "redo": ["h10"],
     "mode": "pvc", "players": {"black": "human", "white": "computer"},
     "level": "normal", "extra": {}}

``redo`` lists the moves that :meth:`Board.redo` would replay, next first.
``extra`` is a free JSON object for the front end (clocks, cursor, ...), kept
as it is.  ``"ended": true``, written only for a game that is over, says so
where the moves cannot (a resignation, an agreed draw, a loss on time): such
a game is kept as finished.
"""

from __future__ import annotations

import enum
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from gomoku.board import (
    Board,
    ForbiddenMoveError,
    GameOverError,
    IllegalMoveError,
    OccupiedError,
    OffBoardError,
)
from gomoku.errors import GomokuError
from gomoku.i18n import N_, _, os_error_text
from gomoku.point import MAX_SIZE, MIN_SIZE, Point, parse_point, to_notation
from gomoku.rules import Rule
from gomoku.userdirs import UnfitJsonError, atomic_write_text, data_dir, move_aside, read_json

FORMAT = "gomoku-save"
#: The save format this version writes; it reads this one and older ones.
VERSION = 1
SAVE_NAME = "current.json"
#: The names older versions kept games under (one of each, overwritten): still listed and loaded.
OLD_KEPT_NAMES = ("previous.json", "unfinished.json")
#: The time in a kept game's name: the local time it was last saved, to the minute.
KEPT_STAMP = "%Y%m%d-%H%M"
_KEPT_NAME = re.compile(r"(?:finished|unfinished)-\d{8}-\d{4}(?:-\d+)?\.json")
#: The largest save file read.  A save is a few kilobytes (625 moves of 3 to 5
#: characters, a network game's record twice that); a bigger file is no save of ours.
MAX_SAVE_BYTES = 1 << 20
PLAYER_KINDS = ("human", "computer")


class Kept(enum.Enum):
    """What a game moved aside was: the first word of its kept name."""

    FINISHED = "finished"
    UNFINISHED = "unfinished"


class SaveError(GomokuError):
    """A save file that cannot be resumed; the message says why and what happens to it."""


@dataclass
class SavedGame:
    """Everything needed to resume a game."""

    size: int = 15
    rule: Rule = Rule.FREESTYLE
    moves: list[Point] = field(default_factory=list)
    #: The moves :meth:`Board.redo` would replay, the next one first.
    redo: list[Point] = field(default_factory=list)
    #: ``pvc``, ``pvp`` or ``cvc``, as on the command line.
    mode: str = "pvc"
    #: Who plays each colour: ``{"black": "human", "white": "computer"}``.
    players: dict[str, str] = field(default_factory=lambda: {"black": "human", "white": "computer"})
    level: str = "normal"
    #: When it was saved, UTC, ISO 8601 (set by :func:`save_game`).
    saved_at: str = ""
    #: Free data for the front end, stored as given (must be JSON).
    extra: dict[str, Any] = field(default_factory=dict)
    #: Whether the game is over, however it ended: the moves alone do not show a resignation, an agreed draw
    #: or a loss on time (written only when true; older files without it are judged by their board).
    ended: bool = False

    @classmethod
    def from_board(cls, board: Board, **details: Any) -> SavedGame:
        """The game on ``board`` (moves and redo list) with the other ``details`` given."""
        scratch = board.copy()
        redo: list[Point] = []
        while scratch.can_redo:
            try:
                redo.append(scratch.redo())
            except IllegalMoveError:
                break
        return cls(size=board.size, rule=board.rule, moves=board.moves, redo=redo, **details)

    @property
    def finished(self) -> bool:
        """Whether the game is over: it says so (:attr:`ended`), or its board shows it (five, full, ...)."""
        return self.ended or self.to_board().is_game_over()

    def saved_time(self) -> datetime | None:
        """When it was saved (UTC, aware: ``.astimezone()`` gives local time), or ``None`` if unknown."""
        try:
            when = datetime.strptime(self.saved_at, "%Y-%m-%dT%H:%M:%SZ")
        except ValueError:
            return None
        return when.replace(tzinfo=timezone.utc)

    def to_board(self) -> Board:
        """The board with the moves played and the redo list ready for :meth:`Board.redo`.

        Raises :class:`SaveError` if the moves cannot be played.
        """
        board = Board(self.size, self.rule)
        everything = self.moves + self.redo
        for number, move in enumerate(everything, 1):
            try:
                board.play(move)
            except IllegalMoveError as error:  # the file's fault, said in the file's words (no advice to a player)
                redo = number > len(self.moves)
                why = next(texts[redo] for cause, texts in UNPLAYABLE.items() if isinstance(error, cause))
                raise SaveError(_(why).format(number=number, point=board.notation(move))) from None
        for _undone in self.redo:
            board.undo()
        return board

    def to_json(self) -> dict[str, Any]:
        """The JSON object written to the file."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "saved_at": self.saved_at,
            "size": self.size,
            "rule": self.rule.value,
            "moves": [to_notation(move, self.size) for move in self.moves],
            "redo": [to_notation(move, self.size) for move in self.redo],
            "mode": self.mode,
            "players": dict(self.players),
            "level": self.level,
            "extra": self.extra,
        } | ({"ended": True} if self.ended else {})

    @classmethod
    def from_json(cls, data: Any) -> SavedGame:
        """The game in a parsed save file; raises :class:`SaveError` saying what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError(_("it is not a gomoku save file"))
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise SaveError(_("its version {version} is not a save format version").format(version=repr(version)))
        if version > VERSION:
            raise NewerSaveError(
                _(
                    "it was saved by a newer gomoku (save format {version}; this one reads"
                    " up to {newest}): update gomoku to resume it; the file is kept"
                ).format(version=version, newest=VERSION)
            )
        size = _field(data, "size", int)
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise SaveError(
                _("its board size {size} is not {smallest} to {largest}").format(
                    size=size, smallest=MIN_SIZE, largest=MAX_SIZE
                )
            )
        try:
            rule = Rule(_field(data, "rule", str))
        except ValueError:
            names = ", ".join(rule.value for rule in Rule)
            raise SaveError(
                _("its rule {rule} is not one of {names}").format(rule=repr(data["rule"]), names=names)
            ) from None
        players = _field(data, "players", dict)
        if set(players) != {"black", "white"} or not all(kind in PLAYER_KINDS for kind in players.values()):
            raise SaveError(
                _("its players must be {example}").format(example='{"black": "human" or "computer", "white": ...}')
            )
        game = cls(
            size=size,
            rule=rule,
            moves=_points(data, "moves", size),
            redo=_points(data, "redo", size),
            mode=_field(data, "mode", str),
            players=dict(players),
            level=_field(data, "level", str),
            saved_at=_field(data, "saved_at", str),
            extra=_field(data, "extra", dict),
            ended=_ended(data),
        )
        game.to_board()  # every move must be playable
        return game


class NewerSaveError(SaveError):
    """The save file comes from a newer version of gomoku."""


def _field(data: Mapping[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise SaveError(_("its {name} is missing or not a {kind}").format(name=repr(name), kind=kind.__name__))
    return value


def _ended(data: Mapping[str, Any]) -> bool:
    value = data.get("ended", False)
    if not isinstance(value, bool):
        raise SaveError(_("its 'ended' is not true or false"))
    return value


def _points(data: Mapping[str, Any], name: str, size: int) -> list[Point]:
    values = _field(data, name, list)
    points = []
    for number, value in enumerate(values, 1):
        if not isinstance(value, str) or len(value.strip()) > 3:  # the longest point is three characters: y25
            raise SaveError(_("its {name} entry {number} is not a point like h8").format(name=name, number=number))
        try:
            points.append(parse_point(value, size))
        except ValueError as error:
            raise SaveError(
                _("its {name} entry {number}: {error}").format(name=name, number=number, error=error)
            ) from None
    return points


def save_path(environ: Mapping[str, str] = os.environ) -> Path:
    """Where the game in progress is kept."""
    return data_dir(environ) / SAVE_NAME


@dataclass(frozen=True)
class SaveResult:
    """What :func:`save_game` did: where it wrote, and where an unusable old file went."""

    path: Path
    moved_aside: Path | None = None


#: Why a saved move cannot be played, by the board's error: said of the file, not as advice to a player; a
#: whole sentence for a move and for a redo move (English: ``_()`` translates one where it is raised).
UNPLAYABLE: dict[type[IllegalMoveError], tuple[str, str]] = {
    OccupiedError: (N_("move {number}: {point} is on a stone"), N_("redo move {number}: {point} is on a stone")),
    OffBoardError: (N_("move {number}: {point} is off the board"), N_("redo move {number}: {point} is off the board")),
    GameOverError: (
        N_("move {number}: {point} comes after the game was over"),
        N_("redo move {number}: {point} comes after the game was over"),
    ),
    ForbiddenMoveError: (
        N_("move {number}: {point} is forbidden for black"),
        N_("redo move {number}: {point} is forbidden for black"),
    ),
    IllegalMoveError: (
        N_("move {number}: {point} cannot be played"),
        N_("redo move {number}: {point} cannot be played"),
    ),
}


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


def load_game(path: Path | None = None, shown: str | None = None) -> SavedGame | None:
    """The saved game at ``path`` (default :func:`save_path`), or ``None`` if there is none.

    Raises :class:`SaveError` (:class:`NewerSaveError` for a newer format)
    with a message for the player, whatever the file holds; the file is left
    where it is.  ``shown`` is how the message names the file (the name the
    player typed, say), the full path if not given.
    """
    path = path or save_path()
    name = shown or str(path)
    # the verdict first and the path last: on a narrow screen the words that matter come before a long path
    damaged = _("{name} will be kept aside when the next game is saved").format(name=name)
    if path != save_path():  # a kept game, or a file named to load: nothing moves it
        damaged = _("{name} is left as it is").format(name=name)
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as error:
        reason = os_error_text(error)
        raise SaveError(
            _("the saved game cannot be read ({reason}): {name}").format(reason=reason, name=name)
        ) from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(
            _("the saved game is damaged (over {size} KB): {what}").format(size=MAX_SAVE_BYTES // 1024, what=damaged)
        )
    try:
        data = read_json(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(_("the saved game is damaged (not UTF-8 text): {what}").format(what=damaged)) from None
    except json.JSONDecodeError as error:
        raise SaveError(
            _("the saved game is damaged (not JSON from line {line}, column {column}): {what}").format(
                line=error.lineno, column=error.colno, what=damaged
            )
        ) from None
    except UnfitJsonError:  # a number of thousands of digits, nesting thousands deep
        raise SaveError(
            _("the saved game is damaged (not JSON a save can hold): {what}").format(what=damaged)
        ) from None
    try:
        return SavedGame.from_json(data)
    except NewerSaveError as error:
        raise NewerSaveError(
            _("the saved game cannot be resumed: {reason} ({name})").format(reason=error, name=name)
        ) from None
    except SaveError as error:
        raise SaveError(_("the saved game is damaged ({reason}): {what}").format(reason=error, what=damaged)) from None


def save_game(game: SavedGame, path: Path | None = None) -> SaveResult:
    """Save ``game`` at ``path`` (default :func:`save_path`) atomically; stamps ``saved_at``.

    If the file there is one this version cannot load (damaged, or from a
    newer gomoku), it is first renamed aside, never overwritten.
    """
    path = path or save_path()
    moved_aside = _move_aside_if_unusable(path)
    game.saved_at = _utc_now().strftime("%Y-%m-%dT%H:%M:%SZ")
    atomic_write_text(path, json.dumps(game.to_json(), indent=1, ensure_ascii=False) + "\n")
    return SaveResult(path, moved_aside)


def _move_aside_if_unusable(path: Path) -> Path | None:
    try:
        load_game(path)
    except NewerSaveError:
        reason = "newer"
    except SaveError:
        reason = "corrupt"
    else:
        return None
    return move_aside(path, reason)


#: How many unfinished games of each kind are kept (an older one goes when a newer one of its kind is kept).
UNFINISHED_KEPT = 3


def game_kind(game: SavedGame) -> str:
    """What kind of game a save is, for keeping: ``pvc``, ``pvp``, ``cvc``, or ``network-host`` / ``network-guest``."""
    network = game.extra.get("network")
    role = network.get("role") if isinstance(network, Mapping) else None
    return f"network-{role}" if isinstance(role, str) else game.mode


def surplus_games(folder: Path | None = None, kind: str | None = None) -> list[Path]:
    """The kept unfinished games the keeping rule lets go (of ``kind`` only, if given), oldest last.

    An unfinished game without a move, and unfinished games older than the
    newest :data:`UNFINISHED_KEPT` of their kind.  Finished games, and files
    this version cannot read, are never in it.
    """
    counted: dict[str, int] = {}
    surplus = []
    for path in kept_games(folder):  # newest first
        if path.name.startswith(Kept.FINISHED.value):
            continue
        try:
            game = load_game(path)
        except SaveError:
            continue  # not ours to judge: it stays
        if game is None or game.finished:
            continue
        this = game_kind(game)
        if kind is not None and this != kind:
            continue
        if not game.moves:
            surplus.append(path)
            continue
        counted[this] = counted.get(this, 0) + 1
        if counted[this] > UNFINISHED_KEPT:
            surplus.append(path)
    return surplus


def tidy_kept(folder: Path | None = None) -> list[Path]:
    """Remove every kept game the keeping rule lets go (:func:`surplus_games`); returns those removed."""
    removed = []
    for path in surplus_games(folder):
        try:
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed


def keep_game(path: Path | None = None) -> Path | None:
    """Move the saved game (declined, finished, replaced) aside under a name no other kept game has.

    The name says whether the game was finished and when it was last saved
    (local time): ``unfinished-20261201-1439.json``, then ``-2``, ``-3``...
    A name is claimed by creating it, so two games kept in the same minute,
    even by two gomokus at once, never land on one name.  A file this version
    cannot load is left alone (:func:`save_game` moves it aside when it needs
    the place).  Returns the kept game's path, or ``None`` if there was
    nothing to keep: a game without a move is let go, and keeping an
    unfinished game lets the oldest of its kind go beyond :data:`UNFINISHED_KEPT`.
    """
    path = path or save_path()
    try:
        game = load_game(path)
    except SaveError:
        return None
    if game is None:
        return None
    kind = Kept.FINISHED if game.finished else Kept.UNFINISHED
    if not game.moves:  # nothing to come back to
        path.unlink(missing_ok=True)
        return None
    when = game.saved_time() or _utc_now()
    stem = f"{kind.value}-{when.astimezone().strftime(KEPT_STAMP)}"
    for number in range(1, 10_000):
        target = path.with_name(f"{stem}.json" if number == 1 else f"{stem}-{number}.json")
        try:
            os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            continue
        os.replace(path, target)
        if kind is Kept.UNFINISHED:
            for older in surplus_games(path.parent, game_kind(game)):
                older.unlink(missing_ok=True)
        return target
    raise SaveError(_("no free name to keep the game under in {folder}").format(folder=path.parent))


def is_kept_name(name: str) -> bool:
    """Whether ``name`` is one :func:`keep_game` gives (or an older version gave) a kept game."""
    return name in OLD_KEPT_NAMES or _KEPT_NAME.fullmatch(name) is not None


def kept_games(folder: Path | None = None) -> list[Path]:
    """The kept games in ``folder`` (default: the saves' own), newest first (by when each was last saved)."""
    folder = folder or save_path().parent
    found = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if is_kept_name(entry.name) and entry.is_file():
                    found.append((entry.stat().st_mtime, entry.name))
    except OSError:
        return []
    found.sort(key=lambda item: (-item[0], item[1]))
    return [folder / name for _, name in found]


__all__ = [
    "UNFINISHED_KEPT",
    "Kept",
    "NewerSaveError",
    "SaveError",
    "SaveResult",
    "SavedGame",
    "game_kind",
    "is_kept_name",
    "keep_game",
    "kept_games",
    "load_game",
    "save_game",
    "save_path",
    "surplus_games",
    "tidy_kept",
]
