"""The performer: every effect an update asks for, done by one handler per kind, in one table."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from gomoku import i18n
from gomoku.ai import LEVELS
from gomoku.books import BookSave, save_own
from gomoku.i18n import _
from gomoku.tui import storage
from gomoku.tui.analyst import Analyst
from gomoku.tui.computer import Computer
from gomoku.tui.effects import (
    Autosave,
    CancelAi,
    CancelAnalysis,
    CancelPonder,
    CancelPuzzleJob,
    CancelReview,
    CollectPuzzles,
    Effect,
    Effects,
    JudgePuzzleMove,
    ListRecords,
    LoadPuzzles,
    LoadRecord,
    Quit,
    RetireAutosave,
    SaveBook,
    SavePuzzleProgress,
    SaveRecord,
    SaveSettings,
    Speak,
    StartAi,
    StartAnalysis,
    StartPonder,
    StartReview,
    TidyKept,
)
from gomoku.tui.events import Event, Report
from gomoku.tui.files import FileWorker
from gomoku.tui.network import Network
from gomoku.tui.puzzler import Puzzler, read_puzzles, save_progress
from gomoku.tui.reviewer import Reviewer
from gomoku.tui.settings import Remembered, Settings, save_settings


def _remember(settings: Settings, levels: tuple[str, ...]) -> Event | None:
    saved = save_settings(settings, levels=levels)  # a settings file that cannot be written loses nothing else
    if saved.moved_aside is not None:
        return Report(_("Damaged settings kept as {name}.").format(name=saved.moved_aside.name))
    return None


def _save_book(save: BookSave) -> Event | None:
    """Write the player's opening book; a damaged file kept aside, or a disk that refuses, is said."""
    try:
        aside = save_own(save)
    except OSError as error:
        return Report(
            _("Your opening book could not be saved to {path}: {error}.").format(path=save.path, error=error.strerror)
        )
    if aside is not None:
        return Report(_("Your damaged opening book was kept as {name}.").format(name=aside.name), alert=False)
    return None


class Performer:
    """Performs effects: one handler per kind of effect, in :attr:`handlers`."""

    def __init__(
        self,
        computer: Computer,
        files: FileWorker,
        autosaver: storage.Autosaver,
        network: Network | None = None,
        remembered: Remembered | None = None,
        levels: tuple[str, ...] = tuple(LEVELS),
        reviewer: Reviewer | None = None,
        analyst: Analyst | None = None,
        puzzler: Puzzler | None = None,
    ) -> None:
        self.quitting = False
        self.network = network or Network(lambda event: None, lambda: None)
        reviewer = reviewer or Reviewer(lambda event: None, lambda job: None)
        analyst = analyst or Analyst(lambda event: None, lambda job: None)
        puzzler = puzzler or Puzzler(lambda event: None, lambda job: None)
        #: The menu's choices to write (without it, every settings change is written as it is).
        self.remembered = remembered
        self.handlers: dict[type, Callable[[Any], None]] = {
            StartAi: computer.start,
            CancelAi: computer.cancel,
            StartPonder: computer.ponder,
            CancelPonder: computer.cancel,
            StartReview: reviewer.start,
            CancelReview: reviewer.cancel,
            StartAnalysis: analyst.start,
            CancelAnalysis: analyst.cancel,
            SaveRecord: lambda effect: files.submit(partial(storage.save_record, effect)),
            LoadRecord: lambda effect: files.submit(partial(storage.load_record, effect)),
            ListRecords: lambda effect: files.submit(partial(storage.list_records, effect)),
            Autosave: lambda effect: autosaver.save(effect.saved),
            RetireAutosave: lambda effect: autosaver.retire(effect.announce),
            TidyKept: lambda effect: files.submit(storage.tidy),
            SaveSettings: lambda effect: files.submit(partial(_remember, self._to_remember(effect), levels)),
            SaveBook: lambda effect: files.submit(partial(_save_book, effect.save)),
            LoadPuzzles: lambda effect: files.submit(partial(read_puzzles, effect)),
            SavePuzzleProgress: lambda effect: files.submit(partial(save_progress, effect)),
            JudgePuzzleMove: puzzler.judge,
            CollectPuzzles: puzzler.collect,
            CancelPuzzleJob: puzzler.cancel,
            Speak: lambda effect: i18n.activate(i18n.choose(None, effect.language)),
            Quit: self._quit,
            **self.network.handlers(),
        }

    def perform(self, effects: Effects) -> None:
        for effect in effects:
            self.handlers[type(effect)](effect)

    def _quit(self, effect: Effect) -> None:
        self.quitting = True

    def _to_remember(self, effect: SaveSettings) -> Settings:
        """The settings to write: the player's choices on the stored ones (without them, all in effect)."""
        if self.remembered is None:
            return effect.settings
        return self.remembered.choose(effect.settings, effect.chosen)
