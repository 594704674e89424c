"""What :func:`gomoku.tui.update.update` asks the loop to do: effects as values.

``update`` never touches a thread, a file or the terminal; it returns these,
and the loop's performer (:mod:`gomoku.tui.performer`) performs them, each kind
by one handler in one table.  Effects that get an answer carry a ``job`` number, and the
answer (an event of :mod:`gomoku.tui.events`) names it.  A new kind of effect
is a new class here and a new row in the performer's table.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields

from gomoku.board import Board
from gomoku.book import BookPosition
from gomoku.books import BookSave, Library
from gomoku.clock import NO_CLOCK, ClockSpec
from gomoku.i18n import Language
from gomoku.net.addresses import DEFAULT_PORT
from gomoku.net.match import BlackChoice, MatchRecord, OfferKind, Role
from gomoku.net.protocol import ResumeRecord
from gomoku.openings import OpeningMove, OpeningRule, OpeningState
from gomoku.point import Point
from gomoku.puzzle_mine import GameSource
from gomoku.puzzle_progress import Progress
from gomoku.puzzles import Puzzle
from gomoku.records import GameRecord
from gomoku.review import GameReview
from gomoku.rules import Outcome, Rule
from gomoku.savegame import SavedGame
from gomoku.tui.settings import Settings


class AiKind(enum.Enum):
    """What the computer is asked for: a move to play, or a hint for a human."""

    MOVE = "move"
    HINT = "hint"
    #: a step of an opening rule (place, swap or not, declare, offer, pick)
    OPENING = "opening"
    #: the placements (or offers) the computer reads best, for a human at an opening step (``B``)
    BALANCE = "balance"


@dataclass(frozen=True)
class StartAi:
    """Think about ``board`` at ``level``; answer :class:`~gomoku.tui.events.AiDone`.

    The answer comes no sooner than ``delay`` seconds after the start (watch
    mode's pace: the thinking and the wait overlap).  ``board`` is never
    changed by anyone: the state treats boards as values.
    """

    job: int
    kind: AiKind
    board: Board
    level: str
    delay: float = 0.0
    #: Seconds a move for the levels that think by time (``None``: the level's own).
    think_time: float | None = None
    #: for :attr:`AiKind.OPENING`, the opening whose step to take (:attr:`AiKind.BALANCE`: whose step to read)
    opening: OpeningState | None = None
    #: what the opening book knows of ``board``, for a level that plays from it (``None``: it searches)
    book: BookPosition | None = None


@dataclass(frozen=True)
class CancelAi:
    """Stop job ``job``: its answer is no longer wanted (and will not come)."""

    job: int


@dataclass(frozen=True)
class StartPonder:
    """Let the computer at ``level`` think on its opponent's time: ``board`` is the game after its move.

    No answer comes: what it finds waits in its player for its next move
    (:meth:`gomoku.ai.search.SearchPlayer.ponder`), which is quicker to find
    a good move when the reply was the one it guessed.  A level that cannot
    ponder ignores it.
    """

    job: int
    board: Board
    level: str
    #: Seconds a move of the computer's (``None``: the level's own): the ponder's stages are counted in them.
    think_time: float | None = None


@dataclass(frozen=True)
class CancelPonder:
    """Stop pondering job ``job`` at once (the opponent moved, or the position is no longer shown)."""

    job: int


@dataclass(frozen=True)
class StartReview:
    """Review the game on ``board`` (its moves from the empty board) with ``analyst`` giving the evaluation.

    Answered by :class:`~gomoku.tui.events.ReviewProgress` now and then,
    then :class:`~gomoku.tui.events.ReviewDone` (or ``Failed``).
    """

    job: int
    board: Board
    analyst: str = "hard"
    #: How the game ended when the board cannot show it (a resignation, a flag fall, an agreement,
    #: a forfeit): the core's word, kept in the review (``None``: the board's own ending, if any).
    result: Outcome | None = None
    #: the opening books, to say where the game left them (``None``: not said)
    library: Library | None = None


@dataclass(frozen=True)
class CancelReview:
    """Stop review ``job``: nothing of it is kept, and no answer of it comes."""

    job: int


@dataclass(frozen=True)
class StartAnalysis:
    """Analyse ``board`` with ``analyst`` until cancelled; :class:`~gomoku.tui.events.Analysed` as it deepens."""

    job: int
    board: Board
    analyst: str = "hard"


@dataclass(frozen=True)
class CancelAnalysis:
    """Stop analysis ``job`` at once (the position changed, or analysis was turned off)."""

    job: int


@dataclass(frozen=True)
class SaveRecord:
    """Write ``record`` to ``path`` (replacing a file there only if ``overwrite``).

    Answered by ``Saved``, ``Exists`` or ``Failed``.
    """

    job: int
    path: str
    record: GameRecord
    overwrite: bool = False


@dataclass(frozen=True)
class LoadRecord:
    """Read the record (or saved game) at ``path``; ``rule`` and ``size`` serve records that lack them.

    Answered by ``Loaded``, ``LoadedSave`` or ``Failed``.
    """

    job: int
    path: str
    rule: Rule = Rule.FREESTYLE
    size: int = 15


@dataclass(frozen=True)
class ListRecords:
    """Find the files the load prompt offers (records here, kept games); answered by ``Listed``."""

    job: int


@dataclass(frozen=True)
class Autosave:
    """Keep ``saved`` as the game in progress (``current.json``), on the autosave worker."""

    saved: SavedGame


@dataclass(frozen=True)
class RetireAutosave:
    """Keep the game in progress's file aside under a name of its own (a finished or replaced game).

    Done in order with :class:`Autosave`, on the same worker.  ``announce``:
    the player is told the kept game's name (it is chosen when the file is
    moved, so the worker says it); a game that simply ended is kept silently.
    """

    announce: bool = False


@dataclass(frozen=True)
class TidyKept:
    """Let go of the kept games the keeping rule would not keep (:func:`gomoku.savegame.tidy_kept`); a report says
    what went and where the kept games are."""


@dataclass(frozen=True)
class SaveBook:
    """Write the player's opening book at once: a mark or a comment was just made (:mod:`gomoku.books`)."""

    save: BookSave


@dataclass(frozen=True)
class SaveSettings:
    """Remember the player's choices for the next start.

    ``settings`` are the settings in effect now, and ``chosen`` the names of
    the fields the player just chose (a menu row, the pace while watching):
    only those are written (:class:`~gomoku.tui.settings.Remembered`), never
    what the command line or a screen set for this run only.
    """

    settings: Settings
    chosen: tuple[str, ...] = ()

    @classmethod
    def of(cls, before: Settings, after: Settings) -> SaveSettings:
        """The choice that turned ``before`` into ``after``, to remember."""
        changed = tuple(
            item.name for item in fields(Settings) if getattr(before, item.name) != getattr(after, item.name)
        )
        return cls(after, changed)


@dataclass(frozen=True)
class LoadPuzzles:
    """Read the player's puzzle progress and the collections (built-in, your puzzles); answered by ``PuzzlesRead``."""

    job: int


@dataclass(frozen=True)
class JudgePuzzleMove:
    """Judge ``move`` in ``puzzle`` with the solvers (:func:`gomoku.puzzles.try_move`); answered by ``PuzzleJudged``."""

    job: int
    puzzle: Puzzle
    move: Point


@dataclass(frozen=True)
class CancelPuzzleJob:
    """Stop puzzle job ``job`` (a move being judged, puzzles being collected): its answer is no longer wanted."""

    job: int


@dataclass(frozen=True)
class SavePuzzleProgress:
    """Keep the player's puzzle ``progress`` in the data folder (a failure is reported, nothing else is lost)."""

    progress: Progress


@dataclass(frozen=True)
class CollectPuzzles:
    """Add the puzzles of the reviewed game on ``board`` to *your puzzles*; answered by ``PuzzlesCollected``."""

    job: int
    board: Board
    review: GameReview
    source: GameSource


@dataclass(frozen=True)
class Speak:
    """Speak the language picked in the menu from now on (``None``: the environment's), at once.

    The next frame is drawn in it; a worker putting a text together reads the same setting.
    """

    language: Language | None


@dataclass(frozen=True)
class Quit:
    """End the program (after the last autosave reaches the disk)."""


# -- network play -----------------------------------------------------------------


@dataclass(frozen=True)
class NetSetup:
    """One side of a network game as the player chose it: enough to start it again after a drop.

    The host's ``code`` is empty until its connection has drawn one (then the
    screen keeps it, for a restart to reuse); ``rule``, ``size``, ``black``,
    ``opening`` and ``clock`` are the host's choices; ``address`` is where the guest connects.  An empty
    ``name`` is shown to the other player as ``the host`` or ``the guest``.
    """

    role: Role
    name: str
    code: str = ""
    port: int = DEFAULT_PORT
    bind: str = ""
    address: str = ""
    rule: Rule = Rule.FREESTYLE
    size: int = 15
    black: BlackChoice = BlackChoice.RANDOM
    opening: OpeningRule = OpeningRule.NONE
    clock: ClockSpec = NO_CLOCK
    #: Guest side: only watch, with the watchers' code (``code``).
    watch: bool = False
    #: Host: the watchers' code (empty until drawn, then kept for a restart) and whether watchers may chat.
    watch_code: str = ""
    watch_chat: bool = False


@dataclass(frozen=True)
class NetStart:
    """Open connection ``session`` of ``setup``: listen (host) or connect (guest).

    ``record`` is the game to resume: the host's match (a restart) or the
    guest's resume record (a reconnection).  Every event of the connection
    comes back as :class:`~gomoku.tui.events.NetEvent` naming ``session``.
    """

    session: int
    setup: NetSetup
    record: MatchRecord | ResumeRecord | None = None

    @property
    def job(self) -> int:
        """The connection's number is a job number: the state's counter moves past it."""
        return self.session


@dataclass(frozen=True)
class NetPlay:
    """Play ``point`` in the network game of ``session`` (answered by a ``MovePlayed`` or a refusal)."""

    session: int
    point: Point


@dataclass(frozen=True)
class NetStep:
    """Take an opening step in the network game of ``session`` (answered by a ``StepTaken`` or a refusal)."""

    session: int
    move: OpeningMove


@dataclass(frozen=True)
class NetOffer:
    """Ask the opponent for an undo, a draw or a rematch."""

    session: int
    kind: OfferKind


@dataclass(frozen=True)
class NetAnswer:
    """Accept or decline the opponent's pending offer."""

    session: int
    accept: bool


@dataclass(frozen=True)
class NetResign:
    """Resign the current network game."""

    session: int


@dataclass(frozen=True)
class NetChat:
    """Send a line of chat to the opponent."""

    session: int
    text: str


@dataclass(frozen=True)
class NetClose:
    """Say goodbye and close connection ``session`` (its late events are dropped)."""

    session: int
    reason: str = "the other player left"


NetEffect = NetStart | NetPlay | NetStep | NetOffer | NetAnswer | NetResign | NetChat | NetClose
Effect = (
    StartAi
    | CancelAi
    | StartPonder
    | CancelPonder
    | StartReview
    | CancelReview
    | StartAnalysis
    | CancelAnalysis
    | SaveRecord
    | LoadRecord
    | ListRecords
    | Autosave
    | RetireAutosave
    | TidyKept
    | SaveSettings
    | SaveBook
    | LoadPuzzles
    | JudgePuzzleMove
    | CancelPuzzleJob
    | SavePuzzleProgress
    | CollectPuzzles
    | Speak
    | Quit
    | NetEffect
)
Effects = tuple[Effect, ...]
