"""What can happen to the terminal game: the events :func:`gomoku.tui.update.update` takes.

Events come from three places, and all are plain values:

- the player: a :class:`Key` or a :class:`Mouse` click, read by the loop (the
  router hands a screen a declared key as :class:`Pressed`, with its binding);
- the clock: a :class:`Tick` now and then, the only way time gets in (the
  spinner's frame, the date and time a suggested file name carries);
- the effects the loop performed (:mod:`gomoku.tui.effects`): each answer
  names the ``job`` it answers, so an answer to a question nobody asks any
  more (the position changed, the prompt was closed) is recognised and
  dropped.  Workers post these through the loop's one inbox.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from gomoku.ai.opening import Placement
from gomoku.ai.result import SearchResult
from gomoku.glicko import Rating
from gomoku.history import GameEntry
from gomoku.history_stats import Statistics
from gomoku.net import events as net
from gomoku.net.snapshot import Snapshot
from gomoku.openings import OpeningMove
from gomoku.point import Point
from gomoku.puzzle_progress import Progress
from gomoku.puzzles import Attempt, Puzzle
from gomoku.records import GameRecord
from gomoku.review import GameReview
from gomoku.savegame import SavedGame
from gomoku.tui.bindings import Binding


@dataclass(frozen=True)
class Key:
    """A key press, by name: a character (``"u"``, ``"H"``, ``"?"``) or
    ``up``/``down``/``left``/``right``/``enter``/``space``/``escape``/``f1``/..."""

    name: str


@dataclass(frozen=True)
class Pressed:
    """A key the screen (or overlay) shown declares, with the binding the router found for it.

    The router looks a :class:`Key` up once (:func:`gomoku.tui.bindings.find`)
    and hands the screen this: the screen dispatches on ``binding``, and reads
    ``key`` only where the binding's keys differ in what they do (which arrow,
    which digit).  A screen taking text (``Route.typing``) gets the raw
    :class:`Key` instead.
    """

    key: str
    binding: Binding


@dataclass(frozen=True)
class Mouse:
    """A left click on screen cell ``(row, col)`` of a ``rows`` x ``cols`` terminal.

    The screen that gets it finds what is there with the same layout the view
    draws with (:mod:`gomoku.tui.layout`).
    """

    row: int
    col: int
    rows: int
    cols: int


@dataclass(frozen=True)
class Resize:
    """The terminal is ``rows`` x ``cols`` (at start, and after every change of size)."""

    rows: int
    cols: int


@dataclass(frozen=True)
class Tick:
    """The clock: the local time, and the spinner's frame (it counts up while time passes)."""

    now: datetime
    frame: int = 0
    #: Monotonic seconds (``time.monotonic()``), for the game clocks; ``None`` when not given.
    seconds: float | None = None


@dataclass(frozen=True)
class AiDone:
    """The computer's answer to job ``job``: a point, or why it has none (``error``).

    When an outside engine failed, ``engine`` is its name and ``error`` what
    happened to it, a phrase to say after the name ("ended (exit code 3)").
    """

    job: int
    point: Point | None
    error: str = ""
    engine: str = ""
    #: the step taken, for an opening job (its point, if any, is ``point`` too)
    opening_move: OpeningMove | None = None
    #: how long the computer thought, in seconds (not the wait for watch mode's pace): what its clock is charged
    thought: float | None = None
    #: for a balance job, the placements read, best first (``point`` is the first's)
    placements: tuple[Placement, ...] = ()


@dataclass(frozen=True)
class ReviewProgress:
    """Review ``job`` has read ``done`` of the game's ``total`` positions."""

    job: int
    done: int
    total: int


@dataclass(frozen=True)
class ReviewDone:
    """Review ``job`` is finished: the core's :class:`~gomoku.review.GameReview`."""

    job: int
    review: GameReview


@dataclass(frozen=True)
class Analysed:
    """Analysis ``job`` has deepened: its best lines so far (``analysis.lines``; ``analysis.final`` once ended)."""

    job: int
    analysis: SearchResult


@dataclass(frozen=True)
class Saved:
    """Job ``job`` saved the record to ``path`` (as the player reads it)."""

    job: int
    path: str


@dataclass(frozen=True)
class Exists:
    """Job ``job`` found a file at ``path`` and did not replace it."""

    job: int
    path: str


@dataclass(frozen=True)
class Loaded:
    """Job ``job`` read the game record at ``path``."""

    job: int
    path: str
    record: GameRecord


@dataclass(frozen=True)
class LoadedSave:
    """Job ``job`` read a saved game (a kept game, ...) at ``path``: it can be resumed."""

    job: int
    path: str
    saved: SavedGame


@dataclass(frozen=True)
class Listed:
    """Job ``job`` found these files to offer in the load prompt, newest first."""

    job: int
    names: tuple[str, ...]


@dataclass(frozen=True)
class HistoryRead:
    """Job ``job`` read the game history: every game kept (oldest first), and what to tell the player
    (a damaged file kept aside, a refused write or read), ``""`` if nothing."""

    job: int
    entries: tuple[GameEntry, ...]
    notice: str = ""
    #: the figures of ``entries``, the rating after them and how many count for it, worked out on the worker
    figures: Statistics = field(default_factory=Statistics)
    rated: Rating = field(default_factory=Rating)
    rated_games: int = 0


@dataclass(frozen=True)
class Failed:
    """Job ``job`` failed; ``error`` is a sentence for the player."""

    job: int
    error: str


@dataclass(frozen=True)
class PuzzlesRead:
    """Job ``job`` read the puzzle progress and the collections; ``notice`` says what could not be used."""

    job: int
    day: date
    progress: Progress
    builtin: tuple[Puzzle, ...]
    mine: tuple[Puzzle, ...]
    notice: str = ""


@dataclass(frozen=True)
class PuzzleJudged:
    """Job ``job`` judged a move tried in a puzzle: the solvers' verdict."""

    job: int
    attempt: Attempt


@dataclass(frozen=True)
class PuzzlesCollected:
    """Job ``job`` added ``added`` puzzles of a reviewed game to *your puzzles* (``error``: why none could be kept;
    ``notice``: what was wrong with the file there, a sentence, as :func:`gomoku.puzzle_mine.load_mine` says it)."""

    job: int
    added: int
    error: str = ""
    notice: str = ""


@dataclass(frozen=True)
class Report:
    """Something a worker has to say without being asked (autosave trouble), for the message line."""

    text: str
    alert: bool = True


@dataclass(frozen=True)
class NetListening:
    """Connection ``session`` (a host) is listening on ``port`` with join code ``code``.

    ``commands`` is the line the guest must run, for each address the host may
    be reached at, best first.
    """

    session: int
    code: str
    port: int
    commands: tuple[str, ...]
    #: The watchers' code, and the command a watcher runs (best address first).
    watch_code: str = ""
    watch_commands: tuple[str, ...] = ()


@dataclass(frozen=True)
class NetEvent:
    """What network connection ``session`` reports (:mod:`gomoku.net.events`).

    ``snapshot`` is its session as it was after the input that made the event
    (:mod:`gomoku.net.snapshot`): what the network game screen draws.
    """

    session: int
    event: net.Event
    snapshot: Snapshot | None = None


@dataclass(frozen=True)
class NetClock:
    """The time (monotonic ``seconds``) for the clocks of network game ``session``, about once a second."""

    session: int
    seconds: float


Event = (
    Key
    | Pressed
    | Mouse
    | Resize
    | Tick
    | AiDone
    | ReviewProgress
    | ReviewDone
    | Analysed
    | Saved
    | Exists
    | Loaded
    | LoadedSave
    | Listed
    | HistoryRead
    | Failed
    | PuzzlesRead
    | PuzzleJudged
    | PuzzlesCollected
    | Report
    | NetListening
    | NetEvent
    | NetClock
)
