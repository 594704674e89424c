"""The terminal game's files: record files saved and loaded on request, and the autosave.

The state machine never touches files; it asks with effects
(:mod:`gomoku.tui.effects`), and this module does what they ask, for the
loop (:mod:`gomoku.tui.app`):

- :func:`save_record`, :func:`load_record` and :func:`list_records` do one
  file job each and answer with an event (:mod:`gomoku.tui.events`); they
  never raise for a file problem.  The loop runs them on a worker thread.
- :class:`Autosaver` keeps ``current.json`` (see :mod:`gomoku.savegame`)
  as the autosave effects say: saved after every move, undo and redo,
  retired when the game ends or another one starts.  The writing happens on
  a worker thread, so a slow disk never holds up a key press
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
from pathlib import Path

from gomoku.records import RecordError, read_record, write_record
from gomoku.savegame import (
    FORMAT,
    KEPT_NAME,
    PREVIOUS_NAME,
    SavedGame,
    SaveError,
    SaveResult,
    discard_game,
    load_game,
    save_game,
    save_path,
)
from gomoku.tui.effects import ListRecords, LoadRecord, SaveRecord
from gomoku.tui.events import Event, Exists, Failed, Listed, Loaded, LoadedSave, Saved


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


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _full_stop(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


def save_record(job: SaveRecord, cwd: Path | None = None) -> Event:
    """Write the record; an existing file only if the player confirmed replacing it."""
    path = resolve(job.path, cwd)
    where = shown_path(path, cwd)
    if path.is_dir():
        return Failed(job.job, f"{where} is a folder: add a file name.")
    if not path.parent.is_dir():
        folder = shown_path(path.parent, cwd)
        return Failed(job.job, f"There is no folder {folder}: pick another name.")
    if path.exists() and not job.overwrite:
        return Exists(job.job, where)
    try:
        write_record(path, job.record)
    except OSError as error:
        return Failed(job.job, f"Cannot save to {where}: {_reason(error)}.")
    return Saved(job.job, where)


def _is_save_file(path: Path) -> bool:
    """Whether ``path`` looks like a gomoku save file (``previous.json``, ...) rather than a record."""
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
            saved = load_game(path)
        except SaveError as error:
            return Failed(job.job, _sentence(str(error).replace(str(path), where, 1)))
        if saved is None:
            return Failed(job.job, f"{where}: cannot read it (it is gone).")
        return LoadedSave(job.job, where, saved)
    try:
        record = read_record(path, job.rule, job.size)
    except RecordError as error:
        return Failed(job.job, _full_stop(str(error).replace(str(path), where, 1)))
    return Loaded(job.job, where, record)


def list_records(job: ListRecords, cwd: Path | None = None, data: Path | None = None) -> Event:
    """The record files here, newest first, then the games kept in the data folder."""
    kept = [shown_path(path, cwd) for path in kept_games(data)]
    return Listed(job.job, tuple(record_files(cwd)) + tuple(kept))


def kept_games(data: Path | None = None) -> list[Path]:
    """The finished, declined or set-aside games in the data folder that can be loaded again."""
    folder = data or save_path().parent
    names = (PREVIOUS_NAME, KEPT_NAME)
    return [folder / name for name in names if (folder / name).is_file()]


#: The endings of the record files the load prompt lists (move lists have no fixed one).
RECORD_SUFFIXES = (".sgf", ".psq")


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


#: One request to the worker: a name to retire the saved game as, or a game to save.
Request = str | SavedGame


class Autosaver:
    """Keeps the autosave file as the autosave effects say, writing on a worker thread.

    :meth:`save` and :meth:`retire` return at once; the worker does them in
    order.  Problems (a full disk, a damaged old save kept aside) come back as
    sentences through ``report`` (the loop's inbox).  :meth:`close` waits for
    the last write, so quitting right after a move keeps the move.
    """

    def __init__(
        self,
        path: Path | None = None,
        save: Callable[[SavedGame, Path | None], SaveResult] = save_game,
        discard: Callable[..., Path | None] = discard_game,
        report: Callable[[str], None] | None = None,
    ) -> None:
        self.path = path
        self._save = save
        self._discard = discard
        self.notices: queue.Queue[str] = queue.Queue()
        self._report = report or self.notices.put
        self._requests: list[Request] = []
        self._working = False
        self._closed = False
        self._last_error = ""
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        """Whether a write is waiting or under way."""
        with self._wake:
            return bool(self._requests) or self._working

    def save(self, game: SavedGame) -> None:
        """Keep ``game`` as the game in progress (a save still waiting is replaced by this newer one)."""
        with self._wake:
            if self._requests and isinstance(self._requests[-1], SavedGame):
                self._requests[-1] = game  # the same game again: only its newest position matters
                return
        self._submit(game)

    def retire(self, name: str = PREVIOUS_NAME) -> None:
        """Move the game in progress's file aside as ``name`` (after the writes before it)."""
        self._submit(name)

    def _submit(self, request: Request) -> None:
        with self._wake:
            if self._closed:
                return
            self._requests.append(request)
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="gomoku-autosave", daemon=True)
                self._thread.start()
            self._wake.notify_all()

    def close(self, timeout: float = 5.0) -> None:
        """Finish the last write (for at most ``timeout`` seconds) and stop the worker."""
        with self._wake:
            self._closed = True
            self._wake.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def wait(self, timeout: float = 5.0) -> bool:
        """Wait until nothing is waiting to be written; whether that happened in time."""
        with self._wake:
            return self._wake.wait_for(lambda: not self._requests and not self._working, timeout)

    def _work(self) -> None:
        while True:
            with self._wake:
                self._wake.wait_for(lambda: bool(self._requests) or self._closed)
                if not self._requests:
                    return
                request = self._requests.pop(0)
                self._working = True
            try:
                self._write(request)
            finally:
                with self._wake:
                    self._working = False
                    self._wake.notify_all()

    def _write(self, request: Request) -> None:
        try:
            if isinstance(request, str):
                self._discard(self.path, request)
                return
            result = self._save(request, self.path)
            if result.moved_aside is not None:
                name = result.moved_aside.name
                what = "save from a newer gomoku" if ".newer-" in name else "damaged save"
                self._report(f"The {what} is kept as {name}.")
        except Exception as error:  # the game goes on without its autosave; say so once
            reason = _reason(error) if isinstance(error, OSError) else str(error)
            text = f"Autosave failed ({reason}): the game goes on; S saves it to a file."
            if text != self._last_error:
                self._report(text)
            self._last_error = text
        else:
            self._last_error = ""
