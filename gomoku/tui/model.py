"""The terminal game as plain data: the *model* of the Elm architecture (see docs/ui.md).

A :class:`State` holds everything the screen shows: one screen (a
:class:`Menu`, a game being played, a record being replayed, or the offer to
resume the game left unfinished), maybe an overlay on it (help, the quit
question, the file-name prompt, a notice), the menu's settings, the message
line, and the computer's current job.  Each screen and overlay is a frozen
dataclass with just the fields it needs, so a state that cannot happen (a
replay with no record, a prompt with no kind) cannot be written down.

Boards are values here: a move or an undo makes a new board
(:meth:`Board.copy`), so an old state, and a board the computer is still
thinking about, never changes under anyone's feet.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from datetime import date, datetime

from gomoku import game as core
from gomoku.ai.opening import Placement
from gomoku.ai.result import SearchResult
from gomoku.board import Board
from gomoku.books import NO_BOOKS, Library
from gomoku.clock import Clock
from gomoku.game import UndoPolicy
from gomoku.glicko import Rating
from gomoku.history import Filter, GameEntry
from gomoku.history_stats import Statistics
from gomoku.i18n import pgettext
from gomoku.net.addresses import DEFAULT_PORT
from gomoku.net.match import BlackChoice, MatchRecord
from gomoku.net.protocol import ResumeRecord
from gomoku.net.snapshot import LinkState, Snapshot, TableView
from gomoku.openings import OpeningState, Seat
from gomoku.point import Point
from gomoku.puzzle_progress import Change, Progress
from gomoku.puzzles import Puzzle
from gomoku.records import GameRecord
from gomoku.review import GameReview
from gomoku.rules import Rule, Stone
from gomoku.savegame import SavedGame
from gomoku.tui.bindings import Bindings
from gomoku.tui.effects import AiKind, Effects, NetSetup
from gomoku.tui.settings import BoardStyle, Mode, Settings, Side

# -- one game -----------------------------------------------------------------


@dataclass(frozen=True)
class Balanced:
    """The placements the computer read for a human's opening step (``B``): shown while the game is at
    exactly that step, ``opening`` on ``board`` (a stone, a swap or an offer leaves them behind)."""

    opening: OpeningState
    board: Board
    placements: tuple[Placement, ...]


def undo_policy(settings: Settings) -> UndoPolicy:
    """How much ``u`` takes back: against the computer back to your own turn, else one move or step."""
    return UndoPolicy.TO_SEAT if settings.mode is Mode.PVC else UndoPolicy.ONE


@dataclass(frozen=True)
class LocalGame:
    """The game on the local screen: the core :class:`gomoku.game.Game` it plays through, and how it is looked at.

    ``game`` is the referee (board, opening, clock by seat, result, undo
    policy, paused): the screen judges nothing itself.  The rest is the
    screen's own: the ``settings`` it was started with, the opening ``seats``
    the computer holds (while the opening goes on the computer takes their
    steps; once it is done it plays the colours they ended up with:
    :attr:`computer`), the cursor, black's ``forbidden`` points while black is
    to move under renju (worked out once per position, see
    :func:`with_game`), the hint, the heat map, ``step`` (watch mode's ``.``:
    one move while paused) and live analysis.
    """

    game: core.Game
    settings: Settings
    cursor: Point
    seats: frozenset[Seat] = frozenset()
    forbidden: frozenset[Point] = frozenset()
    hint: Point | None = None
    heat: bool = False
    step: bool = False
    #: live analysis (A) is on for this game
    analysis: bool = False
    #: the balanced placements asked for (B) at an opening step, best first (:mod:`gomoku.tui.balance`)
    balanced: Balanced | None = None

    @property
    def board(self) -> Board:
        """The position (the core game's: read it, never play on it)."""
        return self.game.board

    @property
    def opening(self) -> OpeningState:
        return self.game.opening

    @property
    def clock(self) -> Clock:
        return self.game.clock

    @property
    def paused(self) -> bool:
        return self.game.paused

    @property
    def over(self) -> bool:
        """Whether the game has ended: by the board (five, full, ...), on time, or otherwise."""
        return self.game.over

    @property
    def computer(self) -> frozenset[Stone]:
        """The colours the computer plays now: those its seats hold."""
        return frozenset(self.game.colour_of(seat) for seat in self.seats)

    @property
    def mode(self) -> Mode:
        return self.settings.mode

    @property
    def in_opening(self) -> bool:
        """Whether the opening rule's steps are still being taken (no ordinary moves yet)."""
        return self.game.in_opening

    @property
    def computer_in_opening(self) -> bool:
        """Whether the opening waits for a step of a seat the computer holds."""
        step = self.game.opening_step
        return step is not None and step.seat in self.seats

    @property
    def in_progress(self) -> bool:
        """Whether quitting now would abandon a game: moves have been played and it is not over."""
        return bool(self.board.moves) and not self.over

    @property
    def computer_to_move(self) -> bool:
        """Whether it is the computer's turn to move in a game that goes on (after the opening)."""
        return not self.in_opening and not self.over and self.board.turn in self.computer

    def level_of(self, stone: Stone) -> str:
        """The level the computer plays ``stone`` at."""
        settings = self.settings
        if settings.mode is Mode.CVC:
            return settings.black_level if stone is Stone.BLACK else settings.white_level
        return settings.level


def computer_sides(settings: Settings) -> frozenset[Stone]:
    """The colours the computer plays in a game of ``settings`` (before any swap)."""
    if settings.mode is Mode.PVP:
        return frozenset()
    if settings.mode is Mode.CVC:
        return frozenset(Stone)
    return frozenset({Stone.BLACK if settings.black is Side.COMPUTER else Stone.WHITE})


def centre(size: int) -> Point:
    return Point(size // 2, size // 2)


def forbidden_marks(board: Board) -> frozenset[Point]:
    """The points to mark forbidden: black's, while black is to move under renju."""
    if board.rule is Rule.RENJU and board.turn is Stone.BLACK and not board.is_game_over():
        return frozenset(board.forbidden_points())
    return frozenset()


def with_game(local: LocalGame, game: core.Game) -> LocalGame:
    """``local`` playing ``game`` now: after a new position, forbidden points redone once and the hint gone."""
    if game.board is local.game.board or game.board.moves == local.board.moves:
        return replace(local, game=game)
    return replace(local, game=game, forbidden=forbidden_marks(game.board), hint=None)


def computer_seats(settings: Settings) -> frozenset[Seat]:
    """The opening seats the computer holds: the first seat is the one that starts as black."""
    sides = computer_sides(settings)
    return frozenset(seat for seat, stone in ((Seat.FIRST, Stone.BLACK), (Seat.SECOND, Stone.WHITE)) if stone in sides)


def new_game(settings: Settings, board: Board | None = None, opening: OpeningState | None = None) -> LocalGame:
    """A game of ``settings`` on ``board`` (a fresh one if not given), the cursor on the last move.

    A fresh game starts the opening rule of ``settings``; a game on a given
    board is past any opening unless ``opening`` says where it stands.  The
    clock is the settings' (both times full; it starts with the first action).
    """
    policy = undo_policy(settings)
    if board is None:
        game = core.Game.new(settings.rule, settings.size, settings.opening, settings.clock, policy)
    else:
        game = core.Game.resumed(board, opening, settings.clock, undo=policy)
    cursor = game.board.last_move or centre(game.board.size)
    return LocalGame(game, settings, cursor, computer_seats(settings), forbidden_marks(game.board))


# -- screens -------------------------------------------------------------------


@dataclass(frozen=True)
class Playing:
    """The game screen."""

    game: LocalGame


class MenuRow(enum.Enum):
    """The rows of the menu: actions, and the choices (the value is the row's label)."""

    RESUME = "Back to the game"
    NEW = "New game"
    MODE = "Mode"
    BLACK = "Black played by"
    RULE = "Rule"
    SIZE = "Board size"
    BOARD = "Board style"
    LEVEL = "Computer level"
    BLACK_LEVEL = "Black's level"
    WHITE_LEVEL = "White's level"
    PACE = "Pace"
    THINK = "Think time"
    OPENING = "Opening rule"
    CLOCK = "Clock"
    PONDER = "Ponder"
    COACH = "Coach"
    ANALYST = "Analyst"
    LANGUAGE = "Language"
    LOAD = "Load a game record..."
    HISTORY = "Game history..."
    PUZZLES = "Puzzles..."
    NETWORK = "Play over the network..."
    QUIT = "Quit"

    @property
    def label(self) -> str:
        """The row's label in the language in use (the value is its English)."""
        labels = {
            # i18n: width 50
            MenuRow.RESUME: pgettext("menu", "Back to the game"),
            # i18n: width 50
            MenuRow.NEW: pgettext("menu", "New game"),
            # i18n: width 16
            MenuRow.MODE: pgettext("menu", "Mode"),
            # i18n: width 16
            MenuRow.BLACK: pgettext("menu", "Black played by"),
            # i18n: width 16
            MenuRow.RULE: pgettext("menu", "Rule"),
            # i18n: width 16
            MenuRow.SIZE: pgettext("menu", "Board size"),
            # i18n: width 16
            MenuRow.BOARD: pgettext("menu", "Board style"),
            # i18n: width 16
            MenuRow.LEVEL: pgettext("menu", "Computer level"),
            # i18n: width 16
            MenuRow.BLACK_LEVEL: pgettext("menu", "Black's level"),
            # i18n: width 16
            MenuRow.WHITE_LEVEL: pgettext("menu", "White's level"),
            # i18n: width 16
            MenuRow.PACE: pgettext("menu", "Pace"),
            # i18n: width 16
            MenuRow.THINK: pgettext("menu", "Think time"),
            # i18n: width 16
            MenuRow.OPENING: pgettext("menu", "Opening rule"),
            # i18n: width 16
            MenuRow.CLOCK: pgettext("menu", "Clock"),
            # i18n: width 16
            MenuRow.PONDER: pgettext("menu", "Ponder"),
            # i18n: width 16
            MenuRow.COACH: pgettext("menu", "Coach"),
            # i18n: width 16
            MenuRow.ANALYST: pgettext("menu", "Analyst"),
            # i18n: width 16
            MenuRow.LANGUAGE: pgettext("menu", "Language"),
            # i18n: width 50
            MenuRow.LOAD: pgettext("menu", "Load a game record..."),
            # i18n: width 50
            MenuRow.HISTORY: pgettext("menu", "Game history..."),
            MenuRow.PUZZLES: pgettext("menu", "Puzzles..."),
            # i18n: width 50
            MenuRow.NETWORK: pgettext("menu", "Play over the network..."),
            # i18n: width 50
            MenuRow.QUIT: pgettext("menu", "Quit"),
        }
        return labels[self]


@dataclass(frozen=True)
class Menu:
    """The menu; ``row`` has the cursor, ``back`` is the game it was opened from (Esc returns)."""

    row: MenuRow = MenuRow.NEW
    back: Playing | None = None
    #: the player's rating in a sentence, once the history has been read (the history row's line shows it)
    rating: str = ""


@dataclass(frozen=True)
class Replaying:
    """A loaded record being stepped through.

    ``board`` is the position shown, the record's later moves kept as its redo
    list (so playing on keeps them for ``r``); ``back`` is the game it was
    opened from.
    """

    record: GameRecord
    board: Board
    name: str
    back: Playing | None = None
    heat: bool = False
    forbidden: frozenset[Point] = frozenset()
    #: live analysis (A) of the position shown is on
    analysis: bool = False
    #: the move number being typed after ``:`` or ``#`` (``None``: not jumping)
    jump: str | None = None
    #: the record's opening as it happened (``player 1: place h8``, ``player 2: swap``), worked out when it opens
    opening: tuple[str, ...] = ()
    #: the game history it was opened from, where Esc goes back to (``None``: the game ``back``, or the menu)
    history: HistoryView | None = None

    @property
    def index(self) -> int:
        """How many of the record's moves are on the board."""
        return len(self.board.moves)


@dataclass(frozen=True)
class Reviewing:
    """A finished game (or a replayed record) being reviewed, then its review looked through.

    ``board`` holds the game's moves; ``back`` is the screen it was opened
    from (Esc returns there).  While ``review`` is ``None`` the review job
    ``job`` runs and has read ``done`` of ``total`` positions; once it is
    there, ``selected`` is the moment looked at (an index into
    :func:`gomoku.tui.screens.review.moments`) and ``step`` how many stones
    of its forced line are shown.
    """

    board: Board
    back: Playing | Replaying
    job: int
    analyst: str = "hard"
    done: int = 0
    total: int = 0
    review: GameReview | None = None
    selected: int = 0
    step: int = 0
    #: the job adding the reviewed game's puzzles to *your puzzles* (``None``: none asked)
    collecting: int | None = None


# -- puzzles ------------------------------------------------------------------------


class PuzzleSet(enum.Enum):
    """The sets the Puzzles screen lists (the value is the row's English label)."""

    DAILY = "Daily puzzle"
    BUILTIN = "Built-in collection"
    MINE = "Your puzzles (from your games)"
    FILE = "From the file"

    @property
    def label(self) -> str:
        """The row's label in the language in use."""
        labels = {
            # i18n: width 30
            PuzzleSet.DAILY: pgettext("puzzles", "Daily puzzle"),
            # i18n: width 30
            PuzzleSet.BUILTIN: pgettext("puzzles", "Built-in collection"),
            # i18n: width 30
            PuzzleSet.MINE: pgettext("puzzles", "Your puzzles (from your games)"),
            # i18n: width 30
            PuzzleSet.FILE: pgettext("puzzles", "From the file"),
        }
        return labels[self]


@dataclass(frozen=True)
class PuzzleShelf:
    """What the Puzzles screen has read (on the file worker): the day, the player's progress, the collections."""

    day: date
    progress: Progress
    builtin: tuple[Puzzle, ...] = ()
    mine: tuple[Puzzle, ...] = ()


@dataclass(frozen=True)
class PuzzleSets:
    """The Puzzles screen's first page: the sets to solve from, and the player's rating.

    ``job`` reads the ``shelf`` (``None`` until it is in); ``file`` is the
    name and the puzzles of ``--puzzle FILE``; ``back`` the game the menu was
    opened from (Esc gives the menu back with it).
    """

    job: int
    back: Playing | None = None
    row: PuzzleSet = PuzzleSet.DAILY
    file: tuple[str, tuple[Puzzle, ...]] | None = None
    shelf: PuzzleShelf | None = None
    #: Enter was pressed before the shelf was in: the set under the cursor opens as soon as it is
    waiting: bool = False


@dataclass(frozen=True)
class Solving:
    """A puzzle being solved: one of ``puzzles`` (the set ``chosen``), its position now, and how it goes.

    ``board`` is the puzzle's position with ``played`` on it (the player's
    accepted moves and the defender's answers); ``line`` is the known
    winning continuation from there (the stated solution at first, then the
    solver's).  While ``job`` judges the move ``trying``, a spinner turns.
    ``failed`` once a wrong move, a hint or the solution cost the puzzle (rated
    then, once: ``change``); ``hint`` is the hints taken (1: the area, 2: the
    move); ``replay`` the stones of the solution shown while it is replayed.
    """

    sets: PuzzleSets
    chosen: PuzzleSet
    puzzles: tuple[Puzzle, ...]
    index: int
    board: Board
    cursor: Point
    played: tuple[Point, ...] = ()
    line: tuple[Point, ...] = ()
    job: int | None = None
    trying: Point | None = None
    solved: bool = False
    failed: bool = False
    change: Change | None = None
    hint: int = 0
    replay: int | None = None
    forbidden: frozenset[Point] = frozenset()

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    @property
    def shelf(self) -> PuzzleShelf:
        assert self.sets.shelf is not None, "a puzzle is solved once the shelf is read"
        return self.sets.shelf

    @property
    def progress(self) -> Progress:
        return self.shelf.progress


@dataclass(frozen=True)
class ResumeOffer:
    """The offer, at start, to resume the game that was in progress when the program last ended.

    ``instead`` is the network game the command line asked for (``--host``):
    declining the offer starts it, for an explicit command line wins.
    """

    saved: SavedGame
    instead: NetSetup | None = None


# -- network play -------------------------------------------------------------


class NetRow(enum.Enum):
    """The rows of the network menu (the value is the row's label)."""

    HOST = "Host a game"
    JOIN = "Join a game..."
    BLACK = "Black played by"
    RULE = "Rule"
    SIZE = "Board size"
    OPENING = "Opening rule"
    CLOCK = "Clock"
    PORT = "Port"
    BIND = "Listen on"
    NAME = "Your name"
    WATCHERS_CHAT = "Watchers chat"
    WATCH = "Watch a game..."
    BACK = "Back to the menu"

    @property
    def label(self) -> str:
        """The row's label in the language in use (the value is its English)."""
        labels = {
            # i18n: width 50
            NetRow.HOST: pgettext("menu", "Host a game"),
            # i18n: width 50
            NetRow.JOIN: pgettext("menu", "Join a game..."),
            # i18n: width 16
            NetRow.BLACK: pgettext("menu", "Black played by"),
            # i18n: width 16
            NetRow.RULE: pgettext("menu", "Rule"),
            # i18n: width 16
            NetRow.SIZE: pgettext("menu", "Board size"),
            # i18n: width 16
            NetRow.OPENING: pgettext("menu", "Opening rule"),
            # i18n: width 16
            NetRow.CLOCK: pgettext("menu", "Clock"),
            # i18n: width 16
            NetRow.PORT: pgettext("menu", "Port"),
            # i18n: width 16
            NetRow.BIND: pgettext("menu", "Listen on"),
            # i18n: width 16
            NetRow.NAME: pgettext("menu", "Your name"),
            # i18n: width 16
            NetRow.WATCHERS_CHAT: pgettext("menu", "Watchers chat"),
            # i18n: width 50
            NetRow.WATCH: pgettext("menu", "Watch a game..."),
            # i18n: width 50
            NetRow.BACK: pgettext("menu", "Back to the menu"),
        }
        return labels[self]


@dataclass(frozen=True)
class NetMenu:
    """Play over the network: host a game (with its rule, size, black, port and address) or join one.

    ``editing`` is the text being typed on the port, address or name row
    (``None`` while no row is being edited); ``error`` why the last text was not taken.
    """

    row: NetRow = NetRow.HOST
    black: BlackChoice = BlackChoice.RANDOM
    port: int = DEFAULT_PORT
    bind: str = ""
    editing: str | None = None
    error: str = ""
    #: Whether the host lets watchers chat.
    watch_chat: bool = False


@dataclass(frozen=True)
class Hosting:
    """The host waits for its guest; ``commands`` is what the guest must run (once listening).

    ``error`` says why it cannot listen; ``refused`` is the last guest turned
    away (a wrong code); ``record`` is the match resumed after a restart.
    """

    session: int
    setup: NetSetup
    commands: tuple[str, ...] = ()
    record: MatchRecord | None = None
    error: str = ""
    refused: str = ""
    #: The command a watcher runs (best address first).
    watch_commands: tuple[str, ...] = ()


class JoinStep(enum.Enum):
    """Where a guest is: typing the address or the code, connecting, or turned away."""

    ADDRESS = "address"
    CODE = "code"
    CONNECTING = "connecting"
    FAILED = "failed"


@dataclass(frozen=True)
class Joining:
    """The guest: asks for what the command line did not give, then connects.

    ``text`` is what is typed at the ``ADDRESS`` or ``CODE`` step; ``error``
    why the last try failed; ``resume`` the game to resume (from the autosave).
    """

    setup: NetSetup
    step: JoinStep
    text: str = ""
    session: int | None = None
    error: str = ""
    resume: ResumeRecord | None = None
    #: A watcher the host admitted, waiting for the game to begin.
    admitted: bool = False


@dataclass(frozen=True)
class NetPlaying:
    """A game against another person over the network: a view of its session.

    ``view`` is the session's last snapshot (:mod:`gomoku.net.snapshot`): the
    board, the turn, the offers, the result, the chat and the link all come
    from it, and the screen keeps no game of its own and judges nothing (the
    session refuses what is not allowed, and says why).  What is the screen's
    own is how it is looked at: the ``cursor``, the chat line being typed
    (``typing``, ``None`` when the prompt is closed), the resign question, and
    whether a reconnection is under way.  ``commands`` is what the guest runs
    to join (the host shows it again while the guest is away).
    """

    session: int
    setup: NetSetup
    view: Snapshot
    cursor: Point
    commands: tuple[str, ...] = ()
    typing: str | None = None
    confirm_resign: bool = False
    reconnecting: bool = False
    #: The time (monotonic seconds) the clocks are shown at: the last :class:`~gomoku.tui.events.NetClock`.
    seconds: float = 0.0
    #: Whether the end of the game shown was kept (saved aside, added to the history): once, as it ends.  Not
    #: ``view``'s "over": the snapshot a game's last move comes with already says the game is over.
    ended: bool = False

    @property
    def table(self) -> TableView:
        """The game shown (a network game screen exists only once a game has started)."""
        assert self.view.table is not None, "a network game screen is made when its game starts"
        return self.view.table

    @property
    def board(self) -> Board:
        """The session's board, as of the last snapshot (a copy no one writes to)."""
        return self.table.board

    @property
    def opponent(self) -> str:
        return self.view.opponent

    @property
    def watching(self) -> bool:
        """Whether we only watch this game (every key that acts is refused)."""
        return self.view.watching

    @property
    def link(self) -> LinkState:
        return self.view.link

    @property
    def over(self) -> bool:
        return self.table.over

    @property
    def in_progress(self) -> bool:
        """Whether quitting now leaves a game unfinished (it is autosaved: a restart resumes it)."""
        return self.table.in_progress


@dataclass(frozen=True)
class HistoryView:
    """The game history: the games kept (as last read, oldest first), the filter, the game under the cursor.

    ``row`` counts the games the filter lists, newest first; ``job`` is the
    read under way (``None``: none); ``deleting`` the game whose deletion
    waits for the player's yes.
    """

    entries: tuple[GameEntry, ...] = ()
    filter: Filter = field(default_factory=Filter)
    row: int = 0
    job: int | None = None
    deleting: int | None = None
    #: the statistics shown instead of the list (t)
    stats: bool = False
    #: the figures of ``entries`` (worked out once when they are read, not at every frame)
    figures: Statistics = field(default_factory=Statistics)
    #: the player's rating after ``entries``, and how many of them count for it
    rated: Rating = field(default_factory=Rating)
    rated_games: int = 0
    #: the game the menu was opened from, when the history was opened from the menu in a game (Esc returns there)
    back: Playing | None = None

    def listed(self) -> list[GameEntry]:
        """The games the filter lists, newest first."""
        return [entry for entry in reversed(self.entries) if self.filter.matches(entry)]

    def chosen(self) -> GameEntry | None:
        """The game under the cursor, if any."""
        games = self.listed()
        return games[min(self.row, len(games) - 1)] if games else None


Screen = (
    Menu
    | Playing
    | Replaying
    | Reviewing
    | ResumeOffer
    | NetMenu
    | Hosting
    | Joining
    | NetPlaying
    | PuzzleSets
    | Solving
    | HistoryView
)

# -- overlays -----------------------------------------------------------------


@dataclass(frozen=True)
class Help:
    """The keys (and the rules) for the screen under it; any key closes it.

    ``bindings`` are the screen's, taken when the help was opened (the router
    does that): the help shows exactly the keys the screen answers.
    """

    bindings: Bindings = ()


@dataclass(frozen=True)
class ConfirmQuit:
    """``Quit this game?`` while a game is in progress."""


@dataclass(frozen=True)
class Notice:
    """Something that needs more than the message line (a damaged save at start); any key closes it."""

    text: str


class PromptKind(enum.Enum):
    SAVE = "save"
    LOAD = "load"
    #: a comment on a move in the player's opening book (:mod:`gomoku.tui.bookview`)
    BOOK_COMMENT = "book comment"


@dataclass(frozen=True)
class Prompt:
    """The file-name prompt of save and load.

    ``fresh`` while the text is the suggestion: the first typed character
    replaces it (Backspace edits it instead).  ``confirmed`` is a name the
    player has been told exists and pressed Enter on again: saving may
    replace it.  ``error`` is why the last try failed.  ``job`` is the file
    job it waits for, ``listing`` the listing of files to offer.
    """

    kind: PromptKind
    text: str = ""
    fresh: bool = True
    confirmed: str = ""
    error: str = ""
    #: Files to offer, newest first, for up/down to pick (loading).
    choices: tuple[str, ...] = ()
    job: int | None = None
    listing: int | None = None
    #: for a book comment: the position and the move it is about
    book: tuple[Board, Point] | None = None


Overlay = Help | ConfirmQuit | Notice | Prompt

# -- the whole state ------------------------------------------------------------


@dataclass(frozen=True)
class AiJob:
    """The computer's current job: a move or a hint on ``board``, or a step of ``opening``."""

    job: int
    kind: AiKind
    board: Board
    opening: OpeningState | None = None
    #: when it was asked for (the game clock's seconds): with the answer's thinking time, when the move was made
    started: float | None = None
    #: watch mode's pace: the answer waits this long after ``started`` (a wait that is nobody's time)
    delay: float = 0.0

    def flag_moment(self, seconds: float) -> float:
        """The moment a flag is judged at, at ``seconds``, while this job is out: ``delay`` earlier.

        The answer comes at ``started`` plus the longer of its thinking and
        the pace's wait, and only thinking is charged; judging ``delay``
        earlier never charges the wait (a flag comes at most ``delay`` late,
        and the answer itself is judged when its thinking ended).
        """
        return seconds - self.delay


@dataclass(frozen=True)
class PonderJob:
    """The computer thinking on its opponent's time: the game ``board`` after its move (see ``settle``)."""

    job: int
    board: Board


@dataclass(frozen=True)
class AnalysisJob:
    """The analyst's current job: the position ``board`` that ``analyst`` thinks about, and its latest answer.

    ``result`` is ``None`` until the first answer; ``failed`` says why the
    analyst stopped, if it failed (its last answer is dropped then: it is
    not deepening any more).
    """

    job: int
    board: Board
    analyst: str = "hard"
    result: SearchResult | None = None
    failed: str = ""


@dataclass(frozen=True)
class State:
    """Everything the screen shows, and the computer's current job."""

    screen: Screen
    settings: Settings
    levels: tuple[str, ...]
    overlay: Overlay | None = None
    message: str = ""
    alert: bool = False
    ai: AiJob | None = None
    #: The last job number handed out (every effect that gets an answer has one).
    jobs: int = 0
    #: The local time of the last :class:`~gomoku.tui.events.Tick`, to the minute.
    now: datetime | None = None
    #: The spinner's frame while the computer thinks.
    frame: int = 0
    #: The last file saved or loaded this session, suggested by the next load.
    last_file: str = ""
    #: The terminal's ``(rows, columns)``, once the loop has said it (a :class:`~gomoku.tui.events.Resize`).
    terminal: tuple[int, int] | None = None
    #: Whether the message outlives the next move (a worker's report); every key clears it.
    sticky: bool = False
    #: Monotonic seconds of the last tick while a game clock is in play (what a key press is timed by).
    seconds: float | None = None
    #: The live analysis of the position shown, while a screen has it on.
    analysis: AnalysisJob | None = None
    #: The computer pondering on the human's time, while the settings allow it.
    ponder: PonderJob | None = None
    #: What the board style ``auto`` is on this terminal (what it answered at start: :mod:`gomoku.tui.probe`).
    auto_style: BoardStyle = BoardStyle.UNICODE
    #: Whether the terminal's encoding can show anything but ASCII (else every style is drawn in ASCII).
    unicode: bool = True
    #: The opening books: the built-in one and the player's own (:mod:`gomoku.books`), read at start.
    library: Library = NO_BOOKS

    @property
    def board_style(self) -> BoardStyle:
        """The style the board is drawn in now: the settings' choice, on this terminal."""
        return self.settings.board.drawn(self.auto_style, self.unicode)


#: What every ``update`` returns: the next state, and what the loop is to do.
Update = tuple[State, Effects]


def current_game(state: State) -> LocalGame | None:
    """The game being played, or kept behind the menu or a replay."""
    return game_behind(state.screen)


def game_behind(screen: Screen) -> LocalGame | None:
    """The game ``screen`` plays, or keeps behind the menu or a replay."""
    if isinstance(screen, Playing):
        return screen.game
    if isinstance(screen, (Menu, Replaying)) and screen.back is not None:
        return screen.back.game
    if isinstance(screen, Reviewing):
        return game_behind(screen.back)
    if isinstance(screen, HistoryView) and screen.back is not None:
        return screen.back.game
    if isinstance(screen, (PuzzleSets, Solving)):
        back = screen.back if isinstance(screen, PuzzleSets) else screen.sets.back
        return back.game if back is not None else None
    return None


def busy(state: State) -> bool:
    """Whether something the screen shows a spinner for is under way: the computer, or a puzzle move judged."""
    screen = state.screen
    return state.ai is not None or (isinstance(screen, Solving) and screen.job is not None)


def say(state: State, text: str, alert: bool = False) -> State:
    """``state`` with ``text`` on the message line."""
    return replace(state, message=text, alert=alert, sticky=False)
