"""A player's puzzle progress: the puzzle rating, each puzzle's rating, the results, the streaks, the daily puzzle.

Every puzzle a player finishes is a game between the player and the puzzle,
rated by Glicko-2 (:mod:`gomoku.glicko`), as the big puzzle sites rate
theirs: solving it is a win for the player, failing it (a wrong move, a hint
taken, the solution looked at) a loss, and the puzzle's own rating moves the
other way.  Only the first finish of a puzzle counts: trying it again, or
solving it after a failure, changes nothing.  A puzzle that has never been
played starts from its ``grade`` (the starting rating its collection gives
it), else from a newcomer's rating.

The **streak** counts the puzzles solved in a row (rated ones: a failure
ends it); the best streak is kept.  The **daily puzzle** is chosen from a
collection by the date alone (:func:`daily_puzzle`), so everyone with the
same collection gets the same one all day; one the player solved on an
earlier day is passed over while another is left.

:class:`Progress` is a value; :func:`load_progress` and :func:`save_progress`
keep it as JSON in the data folder (``puzzles.json``), written atomically.  A
file that cannot be read as progress is kept aside (renamed
``puzzles.json.corrupt-<UTC time>``), said in a sentence, and a fresh
progress starts: nothing is overwritten.
"""

from __future__ import annotations

import enum
import functools
import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from gomoku.errors import GomokuError
from gomoku.glicko import START_DEVIATION, START_RATING, Rating, Result, updated
from gomoku.i18n import _, os_error_text
from gomoku.puzzles import Puzzle
from gomoku.userdirs import UnfitJsonError, atomic_write_text, data_dir, move_aside, read_json

#: The progress file's name in the data folder.
PROGRESS_NAME = "puzzles.json"
#: The format of the file this version writes (a file of a later format is refused, not misread).
PROGRESS_FORMAT = 1
#: The largest progress file read: a result is about 80 bytes, so this holds tens of thousands of them.
MAX_PROGRESS_BYTES = 4 * 1024 * 1024
#: How unsure a graded puzzle's first rating is: a grade is the collection's guess from the solution's length
#: and the moves that tempt and fail, not a result of play, so it is trusted less than a rating made by players
#: (about 60 to 100 after a few dozen results) but more than a newcomer's 350: 200, the deviation Glickman's
#: paper gives a player back after a long absence.
GRADED_DEVIATION = 200.0


class ProgressError(GomokuError, ValueError):
    """A progress file that cannot be read as progress: what is wrong, in words for the player."""


class Finish(enum.Enum):
    """How a puzzle ended for the player (the values are the file's words)."""

    SOLVED = "solved"
    #: a wrong move, a hint taken or the solution looked at
    FAILED = "failed"


def puzzle_key(puzzle: Puzzle) -> str:
    """The name progress keeps a puzzle under: its collection's ``id``, else one made from its position.

    Two puzzles with the same stones, side to move, rule, size and goal have
    the same key, so a puzzle found again (the same position from another
    game) is the same puzzle.
    """
    return puzzle.id or position_key(puzzle)


def position_key(puzzle: Puzzle) -> str:
    """``p-`` and twelve hex digits that name the puzzle's position and goal (the same on every machine)."""
    stones = ";".join(f"{point.x},{point.y},{stone.value}" for point, stone in sorted(puzzle.stones))
    text = f"{puzzle.rule.value}|{puzzle.size}|{puzzle.turn.value}|{puzzle.goal.value}|{stones}"
    return "p-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def starting_rating(puzzle: Puzzle) -> Rating:
    """A puzzle's rating before anyone played it: its grade, else a newcomer's."""
    if puzzle.grade is not None:
        return Rating(float(puzzle.grade), GRADED_DEVIATION)
    return Rating(START_RATING, START_DEVIATION)


@dataclass(frozen=True)
class Played:
    """One rated finish: which puzzle, how it ended, the day, and the player's rating before and after."""

    puzzle: str
    finish: Finish
    day: date
    before: float
    after: float


@dataclass(frozen=True)
class Change:
    """What one finish did to the player's rating (``rated`` false: a puzzle finished before, nothing moved)."""

    before: float
    after: float
    rated: bool

    @property
    def shown(self) -> tuple[int, int]:
        """The ratings as the player reads them, whole numbers: ``(1512, 1527)``."""
        return round(self.before), round(self.after)


@dataclass(frozen=True)
class Progress:
    """The player's puzzle rating, each played puzzle's rating, the rated finishes in order, and the streaks."""

    player: Rating = field(default_factory=Rating)
    puzzles: Mapping[str, Rating] = field(default_factory=dict)
    history: tuple[Played, ...] = ()
    streak: int = 0
    best_streak: int = 0

    def rating_of(self, puzzle: Puzzle) -> Rating:
        """The puzzle's rating now: as played, else its starting rating."""
        return self.puzzles.get(puzzle_key(puzzle)) or starting_rating(puzzle)

    @functools.cached_property
    def _finished(self) -> dict[str, Played]:
        """Each finished puzzle's rated finish, by key (worked out once: the screens ask for every puzzle shown)."""
        return {played.puzzle: played for played in reversed(self.history)}

    def finish_of(self, puzzle: Puzzle) -> Finish | None:
        """How the puzzle's rated finish went (``None``: never finished)."""
        played = self._finished.get(puzzle_key(puzzle))
        return None if played is None else played.finish

    def solved_before(self, puzzle: Puzzle, day: date) -> bool:
        """Whether the player solved ``puzzle`` on a day before ``day``."""
        played = self._finished.get(puzzle_key(puzzle))
        return played is not None and played.finish is Finish.SOLVED and played.day < day

    def finished(self, puzzle: Puzzle, finish: Finish, day: date) -> tuple[Progress, Change]:
        """The progress after the player finished ``puzzle`` (solved or failed) on ``day``, and the rating's change.

        A puzzle finished before changes nothing: only its first finish is rated.
        """
        before = self.player.rating
        if self.finish_of(puzzle) is not None:
            return self, Change(before, before, rated=False)
        score = 1.0 if finish is Finish.SOLVED else 0.0
        puzzle_rating = self.rating_of(puzzle)
        player = updated(self.player, [Result(puzzle_rating, score)])
        puzzle_after = updated(puzzle_rating, [Result(self.player, 1.0 - score)])
        streak = self.streak + 1 if finish is Finish.SOLVED else 0
        progress = Progress(
            player,
            {**self.puzzles, puzzle_key(puzzle): puzzle_after},
            self.history + (Played(puzzle_key(puzzle), finish, day, before, player.rating),),
            streak,
            max(self.best_streak, streak),
        )
        return progress, Change(before, player.rating, rated=True)


# -- choosing puzzles -------------------------------------------------------------


def daily_puzzle(puzzles: Sequence[Puzzle], day: date, progress: Progress | None = None) -> Puzzle | None:
    """The puzzle of ``day``: the same all day for everyone with the same collection, whatever its order.

    The day picks a place in the collection (sorted by key) through a hash of
    its date; from there the first puzzle the player had not solved before
    that day is taken (solving today's keeps it today's), or that place's
    own puzzle when every one was solved.
    """
    if not puzzles:
        return None
    ordered = sorted(puzzles, key=puzzle_key)
    start = int(hashlib.sha256(day.isoformat().encode("ascii")).hexdigest(), 16) % len(ordered)
    if progress is not None:
        for offset in range(len(ordered)):
            candidate = ordered[(start + offset) % len(ordered)]
            if not progress.solved_before(candidate, day):
                return candidate
    return ordered[start]


def by_nearness(puzzles: Sequence[Puzzle], progress: Progress) -> tuple[Puzzle, ...]:
    """The puzzles in the order to offer them: those never finished first, nearest the player's rating first.

    Ties keep the collection's order; finished puzzles follow, in their order.
    """
    rating = progress.player.rating
    fresh = [puzzle for puzzle in puzzles if progress.finish_of(puzzle) is None]
    done = [puzzle for puzzle in puzzles if progress.finish_of(puzzle) is not None]
    fresh.sort(key=lambda puzzle: abs(progress.rating_of(puzzle).rating - rating))
    return tuple(fresh + done)


# -- the file ------------------------------------------------------------------------


def progress_path(environ: Mapping[str, str] = os.environ) -> Path:
    """Where the progress is kept."""
    return data_dir(environ) / PROGRESS_NAME


def _rating_data(rating: Rating) -> dict[str, float]:
    return {"rating": rating.rating, "deviation": rating.deviation, "volatility": rating.volatility}


def to_data(progress: Progress) -> dict[str, Any]:
    """The progress as the file's JSON (English keys)."""
    return {
        "format": PROGRESS_FORMAT,
        "player": _rating_data(progress.player),
        "streak": progress.streak,
        "best_streak": progress.best_streak,
        "puzzles": {key: _rating_data(rating) for key, rating in sorted(progress.puzzles.items())},
        "history": [
            {
                "puzzle": played.puzzle,
                "result": played.finish.value,
                "day": played.day.isoformat(),
                "before": played.before,
                "after": played.after,
            }
            for played in progress.history
        ],
    }


def _unreadable(field: str) -> ProgressError:
    """The error for a field of the file that cannot be read (named as the file names it: English keys)."""
    return ProgressError(_("its {field} cannot be read").format(field=field))


def _number(data: Mapping[str, Any], name: str) -> float:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < float("inf"):
        raise _unreadable(name)
    return float(value)


def _rating(data: Any, name: str) -> Rating:
    if not isinstance(data, dict):
        raise _unreadable(name)
    return Rating(_number(data, "rating"), _number(data, "deviation"), _number(data, "volatility"))


def from_data(data: Any) -> Progress:
    """The progress in the file's JSON; :class:`ProgressError` says what is wrong."""
    if not isinstance(data, dict):
        raise ProgressError(_("not a JSON object"))
    if data.get("format") != PROGRESS_FORMAT:
        raise _unreadable("format")
    puzzles = data.get("puzzles", {})
    history = data.get("history", [])
    if not isinstance(puzzles, dict):
        raise _unreadable("puzzles")
    if not isinstance(history, list):
        raise _unreadable("history")
    played = []
    for entry in history:
        try:
            played.append(
                Played(
                    str(entry["puzzle"]),
                    Finish(entry["result"]),
                    date.fromisoformat(entry["day"]),
                    _number(entry, "before"),
                    _number(entry, "after"),
                )
            )
        except (KeyError, TypeError, ValueError):
            raise _unreadable("history") from None
    return Progress(
        _rating(data.get("player"), "player"),
        {str(key): _rating(value, str(key)) for key, value in puzzles.items()},
        tuple(played),
        int(_number(data, "streak")),
        int(_number(data, "best_streak")),
    )


def load_progress(path: Path | None = None) -> tuple[Progress, str]:
    """The progress kept at ``path`` (default :func:`progress_path`), and a sentence if it could not be used.

    No file yet: a fresh progress and ``""``.  A file that cannot be read as
    progress is kept aside (:func:`gomoku.userdirs.move_aside`) and a fresh
    progress starts; the sentence says what was wrong and where the file went.
    """
    path = path or progress_path()
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_PROGRESS_BYTES + 1)
    except FileNotFoundError:
        return Progress(), ""
    except OSError as error:
        text = _("Your puzzle progress cannot be read ({reason}): it is left as it is, and this run starts afresh.")
        return Progress(), text.format(reason=os_error_text(error))
    try:
        if len(raw) > MAX_PROGRESS_BYTES:
            raise ProgressError(_("over {size} KB").format(size=MAX_PROGRESS_BYTES // 1024))
        progress = from_data(read_json(raw.decode("utf-8")))
    except (ProgressError, UnicodeDecodeError, json.JSONDecodeError, UnfitJsonError) as error:
        detail = _damage(error)
        try:
            kept = move_aside(path)
        except OSError as moving:
            text = _("Your puzzle progress is damaged ({detail}) and cannot be kept aside ({reason}): starting afresh.")
            return Progress(), text.format(detail=detail, reason=os_error_text(moving))
        text = _("Your puzzle progress was damaged ({detail}): it is kept as {name} and a fresh one starts.")
        return Progress(), text.format(detail=detail, name=kept.name)
    return progress, ""


def _damage(error: Exception) -> str:
    """What is wrong with a progress file, in a few words (the settings file's words where they fit)."""
    if isinstance(error, UnicodeDecodeError):
        return _("not UTF-8 text")
    if isinstance(error, json.JSONDecodeError):
        return _("not JSON from line {line}, column {column}").format(line=error.lineno, column=error.colno)
    return str(error) if isinstance(error, ProgressError) else _("not JSON progress can hold")


def save_progress(progress: Progress, path: Path | None = None) -> None:
    """Keep ``progress`` at ``path`` (default :func:`progress_path`), atomically; raises :class:`OSError`."""
    path = path or progress_path()
    atomic_write_text(path, json.dumps(to_data(progress), indent=1) + "\n")
