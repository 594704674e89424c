"""The terminal game's files: record files saved and loaded on request, and the autosave.

The state machine (:mod:`gomoku.tui.state`) never touches files; it asks.
This module does what it asks, for the loop (:mod:`gomoku.tui.app`):

- :func:`perform` does a :class:`~gomoku.tui.state.FileJob` (save a record,
  load one, retire the autosave) and answers with a
  :class:`~gomoku.tui.state.FileDone`.  It runs on the loop's thread: the
  player pressed Enter and waits for the answer, and one small file takes a
  few milliseconds.
- :class:`Autosaver` watches the state's game and keeps ``current.json`` (see
  :mod:`gomoku.savegame`) equal to it: saved after every move, undo and redo,
  retired when the game ends or another one starts.  The writing happens on
  a worker thread, so a slow disk never holds up a key press
  (``benchmarks/autosave_speed.py``, medians: 2 to 11 ms per save, 8 to 24
  ms for 200 moves on 25x25 under renju, against 0.1 to 0.2 ms for
  :meth:`Autosaver.follow` on the loop's thread).  Moves of one game that pile
  up while a write is under way cost one write: only the newest position.
- :func:`read_offer` looks for a game to offer for resuming at start.
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable
from pathlib import Path

from gomoku.records import RecordError, read_record, write_record
from gomoku.savegame import SavedGame, SaveError, SaveResult, discard_game, load_game, save_game
from gomoku.tui import state as st


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


def _full_stop(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def perform(job: st.FileJob, cwd: Path | None = None) -> st.FileDone:
    """Do ``job``; never raises for a file problem (the answer's ``error`` says what went wrong)."""
    if job.kind == st.LIST_RECORDS:
        return st.FileDone(job.id, names=tuple(record_files(cwd)))
    if job.kind == st.DISCARD_SAVE:
        try:
            discard_game()
        except OSError as error:
            return st.FileDone(job.id, error=f"Could not set the unfinished game aside: {_reason(error)}.")
        return st.FileDone(job.id)
    path = resolve(job.path, cwd)
    where = shown_path(path, cwd)
    if job.kind == st.LOAD_RECORD:
        try:
            record = read_record(path, job.rule, job.size)
        except RecordError as error:
            return st.FileDone(job.id, where, error=_full_stop(str(error).replace(str(path), where, 1)))
        return st.FileDone(job.id, where, record=record)
    if job.record is None:
        return st.FileDone(job.id, where, error="There is nothing to save.")
    if path.is_dir():
        return st.FileDone(job.id, where, error=f"{where} is a folder: add a file name.")
    if not path.parent.is_dir():
        folder = shown_path(path.parent, cwd)
        return st.FileDone(job.id, where, error=f"There is no folder {folder}: pick another name.")
    if path.exists() and not job.overwrite:
        return st.FileDone(job.id, where, exists=True)
    try:
        write_record(path, job.record)
    except OSError as error:
        return st.FileDone(job.id, where, error=f"Cannot save to {where}: {_reason(error)}.")
    return st.FileDone(job.id, where)


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


#: One request to the worker: whether to retire the saved game first, then the game to save (if any).
Request = tuple[bool, "SavedGame | None"]


class Autosaver:
    """Keeps the autosave file equal to the state's game, writing on a worker thread.

    :meth:`follow` is called by the loop with every state; it returns at once.
    Problems (a full disk, a damaged old save kept aside) come back as
    sentences in :attr:`notices` for the loop to show.  :meth:`close` waits
    for the last write, so quitting right after a move keeps the move.
    """

    def __init__(
        self,
        path: Path | None = None,
        save: Callable[[SavedGame, Path | None], SaveResult] = save_game,
        discard: Callable[[Path | None], Path | None] = discard_game,
    ) -> None:
        self.path = path
        self._save = save
        self._discard = discard
        self.notices: queue.Queue[str] = queue.Queue()
        self._board: object = None
        self._number: int | None = None  # the game whose moves the file holds
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

    def follow(self, state: st.State) -> None:
        """Ask for the writes that make the file match ``state``'s game, if its board changed.

        A game in progress is saved; a game that another one replaced is
        retired (``previous.json``) before the new one is first saved; a game
        that ended is saved in its final position and then retired.
        """
        game = state.game
        if game is None or game.board is self._board:
            return
        self._board = game.board
        same = self._number == game.number
        if game.in_progress:
            retire = self._number is not None and not same
            self._number = game.number
            self._submit(retire, st.saved_from_game(game))
        elif self._number is not None:  # the saved game ended, or a new one has no moves yet
            if same and game.board.moves:
                self._submit(False, st.saved_from_game(game))
            self._number = None
            self._submit(True, None)

    def _submit(self, retire: bool, game: SavedGame | None) -> None:
        with self._wake:
            if self._closed:
                return
            if self._requests and not retire:
                # the same game again: only its newest position matters
                self._requests[-1] = (self._requests[-1][0], game)
            else:
                self._requests.append((retire, game))
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
                retire, game = self._requests.pop(0)
                self._working = True
            try:
                self._write(retire, game)
            finally:
                with self._wake:
                    self._working = False
                    self._wake.notify_all()

    def _write(self, retire: bool, game: SavedGame | None) -> None:
        try:
            if retire:
                self._discard(self.path)
            if game is not None:
                result = self._save(game, self.path)
                if result.moved_aside is not None:
                    name = result.moved_aside.name
                    what = "save from a newer gomoku" if ".newer-" in name else "damaged save"
                    self.notices.put(f"The {what} is kept as {name}.")
        except Exception as error:  # the game goes on without its autosave; say so once
            reason = _reason(error) if isinstance(error, OSError) else str(error)
            text = f"Autosave failed ({reason}): the game goes on; S saves it to a file."
            if text != self._last_error:
                self.notices.put(text)
            self._last_error = text
        else:
            self._last_error = ""
