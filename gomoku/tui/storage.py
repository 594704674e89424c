"""The terminal game's files: record files saved and loaded on request, and the autosave.

The state machine never touches files; it asks with effects
(:mod:`gomoku.tui.effects`), and this module does what they ask, for the
loop's performer (:mod:`gomoku.tui.performer`):

- :func:`save_record`, :func:`load_record` and :func:`list_records` do one
  file job each and answer with an event (:mod:`gomoku.tui.events`); they
  never raise for a file problem.  The loop runs them on a worker thread.
- :class:`Autosaver` keeps ``current.json`` (see :mod:`gomoku.savegame`)
  as the autosave effects say: saved after every move, undo and redo,
  kept aside under a name of its own when the game ends or another one
  starts (and, when asked, it says under which name).  The writing happens on
  the loop's worker pool, so a slow disk never holds up a key press
  (``benchmarks/autosave_speed.py``, medians: 2 to 11 ms per save, 8 to 24
  ms for 200 moves on 25x25 under renju, against 0.1 to 0.2 ms for the
  loop to hand a save over).  Saves that pile up while a write is under way
  cost one write: only the newest position.
- :func:`read_offer` looks for a game to offer for resuming at start.
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from gomoku import i18n
from gomoku.i18n import Language, _, ngettext
from gomoku.jobs import Job, Lane, Pool
from gomoku.records import Format, RecordError, read_record, write_record
from gomoku.savegame import (
    FORMAT,
    Kept,
    SavedGame,
    SaveError,
    SaveResult,
    keep_game,
    kept_games,
    load_game,
    save_game,
    save_path,
    tidy_kept,
)
from gomoku.tui.effects import ListRecords, LoadRecord, SaveRecord
from gomoku.tui.events import Event, Exists, Failed, Listed, Loaded, LoadedSave, Report, Saved


def resolve(text: str, cwd: Path | None = None) -> Path:
    """The file a typed name means: ``~`` expanded, relative names in the current directory."""
    path = Path(text).expanduser()
    return path if path.is_absolute() else (cwd or Path.cwd()) / path


def shown_path(path: Path, cwd: Path | None = None) -> str:
    """A path as the player reads it: relative inside the current directory, ``~`` for home."""
    cwd = cwd or Path.cwd()
    try:
        return str(path.relative_to(cwd))
    except ValueError:
        pass
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except (ValueError, RuntimeError):
        return str(path)


def shown_folder(folder: Path, cwd: Path | None = None) -> str:
    """A folder as the player reads it (:func:`shown_path`); the current one is "this folder"."""
    shown = shown_path(folder, cwd)
    return _("this folder") if shown == "." else shown


def _reason(error: OSError) -> str:
    return i18n.os_error_text(error)


def _sentence(text: str) -> str:
    """``text`` with a capital (English grammar: only while English is spoken) and a full stop."""
    if i18n.active() is Language.ENGLISH:
        text = text[:1].upper() + text[1:]
    return _full_stop(text)


def _full_stop(text: str) -> str:
    """``text`` ending in a full stop, the language's own (``{text}.`` is translated)."""
    if text.endswith((".", "!", "?", "。", "！", "？")):
        return text
    return _("{text}.").format(text=text)


def save_record(job: SaveRecord, cwd: Path | None = None) -> Event:
    """Write the record; an existing file only if the player confirmed replacing it."""
    path = resolve(job.path, cwd)
    where = shown_path(path, cwd)
    if path.is_dir():
        return Failed(job.job, _("{where} is a folder: add a file name.").format(where=where))
    if not path.parent.is_dir():
        folder = shown_path(path.parent, cwd)
        return Failed(job.job, _("There is no folder {folder}: pick another name.").format(folder=folder))
    if path.exists() and not job.overwrite:
        return Exists(job.job, where)
    try:
        write_record(path, job.record)
    except OSError as error:
        return Failed(job.job, _("Cannot save to {where}: {reason}.").format(where=where, reason=_reason(error)))
    return Saved(job.job, where)


def _is_save_file(path: Path) -> bool:
    """Whether ``path`` looks like a gomoku save file (a kept game, ...) rather than a record."""
    if path.suffix.lower() != ".json":
        return False
    try:
        with path.open(encoding="utf-8") as stream:
            start = stream.read(200)
    except (OSError, UnicodeDecodeError):
        return False
    return f'"{FORMAT}"' in start


def load_record(job: LoadRecord, cwd: Path | None = None) -> Event:
    """Read the record (or the kept game) the player named."""
    path = resolve(job.path, cwd)
    where = shown_path(path, cwd)
    if _is_save_file(path):
        try:
            saved = load_game(path, shown=where)
        except SaveError as error:
            return Failed(job.job, _sentence(str(error)))
        if saved is None:
            return Failed(job.job, _("{where}: cannot read it (it is gone).").format(where=where))
        return LoadedSave(job.job, where, saved)
    try:
        record = read_record(path, job.rule, job.size)
    except RecordError as error:
        return Failed(job.job, _full_stop(_("{where}: {problem}").format(where=where, problem=error.detail)))
    return Loaded(job.job, where, record)


#: How many kept games the load prompt lists (newest first); older ones load by their name.
KEPT_LISTED = 12


def list_records(job: ListRecords, cwd: Path | None = None, data: Path | None = None) -> Event:
    """The record files here, newest first, then the games kept in the data folder, newest first."""
    kept = [shown_path(path, cwd) for path in kept_games(data)[:KEPT_LISTED]]
    return Listed(job.job, tuple(record_files(cwd)) + tuple(kept))


#: The endings of the record files the load prompt lists (move lists have no fixed one).
RECORD_SUFFIXES = tuple(kind.suffix for kind in Format if kind.suffix)


def record_files(folder: Path | None = None, limit: int = 8) -> list[str]:
    """The names of the SGF and .psq files in ``folder`` (default: the current one), newest first."""
    folder = folder or Path.cwd()
    found = []
    try:
        for entry in os.scandir(folder):
            if entry.name.lower().endswith(RECORD_SUFFIXES) and entry.is_file():
                found.append((entry.stat().st_mtime, entry.name))
    except OSError:
        return []
    found.sort(key=lambda item: (-item[0], item[1]))
    return [name for _, name in found[:limit]]


def read_offer(path: Path | None = None) -> tuple[SavedGame | None, str]:
    """The saved game to offer at start, or ``None``, and a notice if the save cannot be used."""
    try:
        return load_game(path), ""
    except SaveError as error:
        return None, _sentence(str(error))


@dataclass(frozen=True)
class Retire:
    """A request to the worker: keep the saved game aside (:func:`gomoku.savegame.keep_game`).

    ``announce``: say under which name (the player asked for something else
    than the game in progress); a game that simply ended is kept silently.
    """

    announce: bool = False


#: One request to the worker: keep the saved game aside, or save a game.
Request = Retire | SavedGame


def kept_notice(kept: Path) -> str:
    """What the player is told when a game is kept aside at their request: its name, where, how to load it."""
    folder = shown_folder(kept.parent)
    if kept.name.startswith(Kept.UNFINISHED.value):
        return _("Your unfinished game is kept as {name} in {folder}: L loads it.").format(
            name=kept.name, folder=folder
        )
    return _("Your last game is kept as {name} in {folder}: L loads it.").format(name=kept.name, folder=folder)


def tidy(folder: Path | None = None) -> Event:
    """Tidy the kept games (:func:`gomoku.savegame.tidy_kept`) and say what went and where the rest are."""
    folder = folder or save_path().parent
    removed = tidy_kept(folder)
    where = shown_folder(folder)
    if not removed:
        text = _("Nothing to tidy in {where}: the kept games are the newest of each kind.").format(where=where)
        return Report(text, alert=False)
    count = len(removed)
    text = ngettext(
        "Tidied {where}: {count} older unfinished game let go;"
        " every finished game and the newest of each kind are kept.",
        "Tidied {where}: {count} older unfinished games let go;"
        " every finished game and the newest of each kind are kept.",
        count,
    ).format(where=where, count=count)
    return Report(text, alert=False)


class _Waiting:
    """A save on the lane not yet begun: a newer save of the game replaces its game (only the newest matters)."""

    def __init__(self, game: SavedGame) -> None:
        self.game = game


class Autosaver:
    """Keeps the autosave file as the autosave effects say: a :class:`~gomoku.jobs.Lane` of the loop's pool.

    :meth:`save` and :meth:`retire` return at once; the lane (on ``run``:
    :meth:`gomoku.jobs.Pool.submit`) does them in order, one at a time, and
    holds a thread only while it has work.  Saves that pile up while a write
    is under way cost one write: only the newest position.  Problems (a full
    disk, a damaged old save kept aside) come back as sentences through
    ``report`` (the loop's inbox).  :meth:`close` waits for the last write,
    so quitting right after a move keeps the move.
    """

    def __init__(
        self,
        path: Path | None = None,
        save: Callable[[SavedGame, Path | None], SaveResult] = save_game,
        discard: Callable[[Path | None], Path | None] = keep_game,
        report: Callable[[str], None] | None = None,
        run: Callable[[Job], None] | None = None,
    ) -> None:
        self.path = path
        self._lane = Lane(run or Pool(1, "gomoku-autosave").submit)
        self._save = save
        self._discard = discard
        self.notices: queue.Queue[str] = queue.Queue()
        self._report = report or self.notices.put
        self._lock = threading.Lock()
        #: the last job put on the lane, if it is a save not yet begun (a newer save replaces its game)
        self._waiting: _Waiting | None = None
        self._closed = False
        self._last_error = ""

    @property
    def busy(self) -> bool:
        """Whether a write is waiting or under way."""
        return self._lane.busy

    def save(self, game: SavedGame) -> None:
        """Keep ``game`` as the game in progress (a save still waiting is replaced by this newer one)."""
        with self._lock:
            if self._closed:
                return
            if self._waiting is not None:
                self._waiting.game = game  # the same game again: only its newest position matters
                return
            waiting = self._waiting = _Waiting(game)
        self._lane.put(partial(self._write_waiting, waiting))

    def retire(self, announce: bool = False) -> None:
        """Keep the game in progress's file aside (after the writes before it); ``announce`` its name."""
        with self._lock:
            if self._closed:
                return
            self._waiting = None  # a save after this one comes after it
        self._lane.put(partial(self._write, Retire(announce)))

    def close(self, timeout: float = 5.0) -> None:
        """Finish the last write (for at most ``timeout`` seconds) and take no more."""
        with self._lock:
            self._closed = True
        self.wait(timeout)

    def wait(self, timeout: float = 5.0) -> bool:
        """Wait until nothing is waiting to be written; whether that happened in time."""
        return self._lane.wait(timeout)

    def _write_waiting(self, waiting: _Waiting) -> None:
        with self._lock:
            if self._waiting is waiting:
                self._waiting = None  # begun: a newer save goes after it
            game = waiting.game
        self._write(game)

    def _write(self, request: Request) -> None:
        try:
            if isinstance(request, Retire):
                kept = self._discard(self.path)
                if kept is not None and request.announce:
                    self._report(kept_notice(kept))
                return
            result = self._save(request, self.path)
            if result.moved_aside is not None:
                name = result.moved_aside.name
                if ".newer-" in name:
                    self._report(_("The save from a newer gomoku is kept as {name}.").format(name=name))
                else:
                    self._report(_("The damaged save is kept as {name}.").format(name=name))
        except Exception as error:  # the game goes on without its autosave; say so once
            reason = _reason(error) if isinstance(error, OSError) else str(error)
            text = _("Autosave failed ({reason}): the game goes on; S saves it to a file.").format(reason=reason)
            if text != self._last_error:
                self._report(text)
            self._last_error = text
        else:
            self._last_error = ""
