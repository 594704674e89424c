"""The terminal game as plain data, changed by one pure function: ``update(state, event)``.

This is the *model* and *update* of the Elm architecture (see DESIGN.md).  A
:class:`State` holds everything the screen shows: which screen is up (the
menu or the game), any overlay (help, quit confirmation), the menu's
choices, the game with its board and cursor, the message line, and the
request the computer is working on.  :func:`update` takes a state and an
event (a key, a mouse click on a point, a computer's answer) and returns the
next state.  It never touches the terminal, files or threads, so every key on
every screen is tested without a terminal.

Boards are treated as immutable values here: a move or an undo makes a new
board (:meth:`Board.copy`), so an old state, and a request the computer is
still thinking about, never changes under anyone's feet.

Side effects are read off the state by the loop (:mod:`gomoku.tui.app`):
``state.pending`` is the computer's current job (start it if it is new, stop
the old one if it went away), ``state.job`` is a file to save, load or retire
(the loop does it and answers with :class:`FileDone`), ``state.game`` is
autosaved whenever its board changes (:mod:`gomoku.tui.storage`),
``state.settings`` is saved when it changes, and ``state.quit`` ends the
program.

Screens are names: the menu, the game, the replay of a loaded record, and the
offer to resume the game that was in progress when the program last ended.
Overlays sit on top of a screen: help, quit confirmation, the file-name
prompt of save and load, and a notice that needs more than the message line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import PurePath
from typing import Union

from gomoku.board import Board, HistoryError, IllegalMoveError
from gomoku.point import MAX_SIZE, MIN_SIZE, Point, parse_point, to_notation
from gomoku.records import GameRecord, format_of
from gomoku.rules import Rule, Stone
from gomoku.savegame import SavedGame, SaveError
from gomoku.tui.settings import MODE_NAMES, MODES, RULES, SIDES, Settings, validated

# -- screens and overlays ---------------------------------------------------

MENU = "menu"
GAME = "game"
REPLAY = "replay"
RESUME = "resume"
HELP = "help"
CONFIRM_QUIT = "confirm_quit"
PROMPT = "prompt"
NOTICE = "notice"

#: Seconds between moves when the computer plays itself, so a person can watch.
WATCH_DELAY = 0.6

#: Key names (as :mod:`gomoku.tui.app` reports them) that move the cursor, by (dx, dy).
CURSOR_KEYS: dict[str, tuple[int, int]] = {
    "up": (0, -1), "k": (0, -1), "w": (0, -1),
    "down": (0, 1), "j": (0, 1), "s": (0, 1),
    "left": (-1, 0), "h": (-1, 0), "a": (-1, 0),
    "right": (1, 0), "l": (1, 0), "d": (1, 0),
}  # fmt: skip
UP_KEYS = frozenset(k for k, (dx, dy) in CURSOR_KEYS.items() if dy < 0)
DOWN_KEYS = frozenset(k for k, (dx, dy) in CURSOR_KEYS.items() if dy > 0)
LEFT_KEYS = frozenset(k for k, (dx, dy) in CURSOR_KEYS.items() if dx < 0)
RIGHT_KEYS = frozenset(k for k, (dx, dy) in CURSOR_KEYS.items() if dx > 0)
PLAY_KEYS = frozenset({"enter", "space"})
HELP_KEYS = frozenset({"?", "f1"})
SAVE_KEY = "S"
LOAD_KEY = "L"

#: Replay keys: one move back or forward, ten at a time, to the start or the end.
REPLAY_BACK = frozenset({"left", "h", "a", ","})
REPLAY_FORWARD = frozenset({"right", "l", "d", ".", "space"})
REPLAY_BACK_MANY = frozenset({"up", "k", "w", "pageup"})
REPLAY_FORWARD_MANY = frozenset({"down", "j", "s", "pagedown"})
REPLAY_STEP_MANY = 10
REPLAY_FIRST = frozenset({"home", "g"})
REPLAY_LAST = frozenset({"end", "G"})
REPLAY_TAKE_OVER = frozenset({"enter", "p"})

#: The menu's rows that hold a choice, and the menu's actions.
CHOICES = ("mode", "black", "rule", "size", "level")
MENU_LABELS = {
    "resume": "Back to the game",
    "new": "New game",
    "mode": "Mode",
    "black": "Black played by",
    "rule": "Rule",
    "size": "Board size",
    "level": "Computer level",
    "load": "Load a game record...",
    "quit": "Quit",
}

#: What a :class:`FileJob` asks of the loop.
SAVE_RECORD = "save_record"
LOAD_RECORD = "load_record"
DISCARD_SAVE = "discard_save"
LIST_RECORDS = "list_records"

# -- events -----------------------------------------------------------------


@dataclass(frozen=True)
class Key:
    """A key press, by name: a character (``"u"``, ``"H"``, ``"?"``) or
    ``up``/``down``/``left``/``right``/``enter``/``space``/``escape``/``f1``."""

    name: str


@dataclass(frozen=True)
class Click:
    """A mouse click on a point of the board."""

    point: Point


@dataclass(frozen=True)
class MenuClick:
    """A mouse click on a row of the menu (its index in :func:`menu_items`)."""

    index: int


@dataclass(frozen=True)
class AiResult:
    """The computer's answer to request ``request_id``: a point, or an error message."""

    request_id: int
    point: Point | None
    error: str = ""


@dataclass(frozen=True)
class FileDone:
    """The loop did file job ``id``: where (``path``, as the player reads it), and what came of it.

    ``record`` is the record a load read; ``names`` the files a listing found;
    ``error`` says why a job failed; ``exists`` means a save found a file
    there and did not replace it.
    """

    id: int
    path: str = ""
    record: GameRecord | None = None
    error: str = ""
    exists: bool = False
    #: The record files a listing found.
    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class Notice:
    """Something the loop has to say (autosave trouble), shown on the message line."""

    text: str
    alert: bool = True


Event = Union[Key, Click, MenuClick, AiResult, FileDone, Notice]

# -- the model --------------------------------------------------------------

MOVE = "move"
HINT = "hint"


@dataclass(frozen=True)
class AiRequest:
    """A job for the computer: a move to play, or a hint for a human, on ``board``."""

    id: int
    kind: str
    board: Board
    level: str
    delay: float = 0.0


@dataclass(frozen=True)
class Game:
    """One game: the board, who the computer plays, the cursor and what is marked on the board.

    ``forbidden`` holds black's forbidden points while black is to move under
    the renju rule, worked out once per position (see :func:`with_board`).
    """

    board: Board
    settings: Settings
    computer: frozenset[Stone]
    cursor: Point
    forbidden: frozenset[Point] = frozenset()
    hint: Point | None = None
    paused: bool = False
    #: Which game this is (new game, resume and take-over count up), so autosave
    #: can tell a new game, whose predecessor it retires, from a move in the same one.
    number: int = 0

    @property
    def in_progress(self) -> bool:
        """Whether quitting now would abandon a game: moves have been played and it is not over."""
        return bool(self.board.moves) and not self.board.is_game_over()

    @property
    def computer_to_move(self) -> bool:
        """Whether it is the computer's turn in a game that goes on."""
        return not self.board.is_game_over() and self.board.turn in self.computer


@dataclass(frozen=True)
class Prompt:
    """The file-name prompt of save (``SAVE_RECORD``) or load (``LOAD_RECORD``).

    ``fresh`` while the text is the suggestion: the first typed character
    replaces it (Backspace edits it instead).  ``confirmed`` is a name the player
    has been told exists and pressed Enter on again: saving may replace it.
    ``error`` is why the last try failed, shown in the prompt's box.
    """

    kind: str
    text: str = ""
    fresh: bool = True
    confirmed: str = ""
    error: str = ""
    #: Record files in the current folder, newest first, for up/down to pick (loading).
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Replay:
    """A loaded record being stepped through: ``board`` is the position shown, the
    moves after it kept as its redo list (so taking over keeps them for ``r``)."""

    record: GameRecord
    board: Board
    name: str

    @property
    def index(self) -> int:
        """How many of the record's moves are on the board."""
        return len(self.board.moves)


@dataclass(frozen=True)
class FileJob:
    """A file for the loop to save, load or retire; answered by :class:`FileDone`.

    ``rule`` and ``size`` are for records that do not say (``.psq`` has no
    rule, a move list neither rule nor size).
    """

    id: int
    kind: str
    path: str = ""
    record: GameRecord | None = None
    overwrite: bool = False
    rule: Rule = Rule.FREESTYLE
    size: int = 15


def _local_now() -> datetime:
    return datetime.now()


@dataclass(frozen=True)
class State:
    """Everything the screen shows, and the computer's and the loop's current jobs."""

    settings: Settings
    levels: tuple[str, ...]
    screen: str = MENU
    overlay: str | None = None
    menu_index: int = 0
    game: Game | None = None
    pending: AiRequest | None = None
    requests: int = 0
    heat: bool = False
    message: str = ""
    alert: bool = False
    quit: bool = False
    prompt: Prompt | None = None
    replay: Replay | None = None
    job: FileJob | None = None
    jobs: int = 0
    #: The saved game offered for resuming (the ``RESUME`` screen), and the screen
    #: to go to when it is declined: ``menu``, ``new`` (a game) or ``replay``.
    offer: SavedGame | None = None
    then: str = MENU
    #: Text of the ``NOTICE`` overlay.
    notice: str = ""
    games: int = 0
    #: The last file saved or loaded this session, suggested by the next load.
    last_file: str = ""
    #: Where the suggested file names get their date and time (tests fix it).
    clock: Callable[[], datetime] = field(default=_local_now, compare=False)


def initial_state(
    settings: Settings,
    levels: tuple[str, ...],
    start: bool = False,
    *,
    record: GameRecord | None = None,
    record_name: str = "",
    offer: SavedGame | None = None,
    notice: str = "",
) -> State:
    """The state at start-up.

    The menu; or straight into a game of ``settings`` if ``start``; or the
    replay of ``record`` (loaded with ``--load``).  If ``offer`` holds a saved
    game, the resume screen comes first and leads there when declined.
    ``notice`` (a saved game that could not be read) is shown over all that.
    """
    state = State(settings=settings, levels=tuple(levels))
    state = replace(state, menu_index=menu_items(state).index("new"))
    then = REPLAY if record is not None else "new" if start else MENU
    if record is not None:
        state = _open_replay(state, record, record_name)
    state = replace(state, then=then)
    if offer is not None:
        state = replace(state, screen=RESUME, offer=offer)
    else:
        state = _go_on(state)
    if notice:
        state = replace(state, overlay=NOTICE, notice=notice)
    return _settle(state)


def _go_on(state: State) -> State:
    """Leave the resume screen for what the start-up asked for."""
    state = replace(state, offer=None)
    if state.then == "new":
        return new_game(state)
    if state.then == REPLAY and state.replay is not None:
        return replace(state, screen=REPLAY, message=_replay_hello(state.replay))
    return replace(state, screen=MENU)


# -- reading the model (shared by the view and the tests) -------------------


def menu_items(state: State) -> tuple[str, ...]:
    """The menu's rows, top to bottom."""
    resume = ("resume",) if state.game is not None else ()
    return resume + ("new",) + CHOICES + ("load", "quit")


def choice_text(settings: Settings, item: str) -> str:
    """The current value of a menu choice as the player reads it."""
    if item == "mode":
        return MODE_NAMES[settings.mode]
    if item == "size":
        return f"{settings.size}x{settings.size}"
    return str(getattr(settings, item))


def choice_applies(settings: Settings, item: str) -> bool:
    """Whether a menu choice matters for the chosen mode (who plays black only matters in pvc)."""
    if item == "black":
        return settings.mode == "pvc"
    if item == "level":
        return settings.mode != "pvp"
    return True


def who(game: Game, stone: Stone) -> str:
    """Who plays ``stone``: ``you``, ``computer`` or, in two-player and watch modes, a plain label."""
    mode = game.settings.mode
    if mode == "pvc":
        return "computer" if stone in game.computer else "you"
    if mode == "cvc":
        return game.settings.level
    return ""


def side_name(game: Game, stone: Stone) -> str:
    """``Black (you)``, ``White (computer)``, ``Black``."""
    label = who(game, stone)
    return f"{str(stone).capitalize()} ({label})" if label else str(stone).capitalize()


def result_text(game: Game) -> str:
    """How the game ended, in a sentence; empty while it goes on."""
    outcome = game.board.outcome
    if outcome is None:
        return ""
    if outcome.winner is None:
        return "Draw: the board is full."
    line = outcome.line
    ends = f": {game.board.notation(line[0])}-{game.board.notation(line[-1])}" if line else ""
    how = f"{outcome.termination.value}{ends}"
    if game.settings.mode == "pvc":
        if outcome.winner in game.computer:
            return f"The computer ({outcome.winner}) wins with {how}."
        return f"You ({outcome.winner}) win with {how}."
    return f"{str(outcome.winner).capitalize()} wins with {how}."


def thinking(state: State) -> bool:
    """Whether the computer is working on a move or a hint."""
    return state.pending is not None


# -- update -----------------------------------------------------------------


def update(state: State, event: Event) -> State:
    """The state after ``event``.  Never raises for any key or click; never changes ``state``."""
    if isinstance(event, AiResult):
        state = _ai_result(state, event)
    elif isinstance(event, FileDone):
        state = _file_done(state, event)
    elif isinstance(event, Notice):
        state = replace(state, message=event.text, alert=event.alert)
    elif isinstance(event, Key):
        state = _key(replace(state, message="", alert=False), event.name)
    elif isinstance(event, Click):
        state = _click(replace(state, message="", alert=False), event.point)
    elif isinstance(event, MenuClick):
        state = _menu_click(replace(state, message="", alert=False), event.index)
    return _settle(state)


def _say(state: State, message: str, alert: bool = False) -> State:
    return replace(state, message=message, alert=alert)


def _complain(state: State, message: str) -> State:
    return replace(state, message=message, alert=True)


def _key(state: State, name: str) -> State:
    if state.overlay == PROMPT:
        return _prompt_key(state, name)
    if state.overlay in (HELP, NOTICE):
        return replace(state, overlay=None, notice="")
    if state.overlay == CONFIRM_QUIT:
        if name in ("y", "Y", "q", "enter"):
            return replace(state, overlay=None, quit=True)
        return _say(replace(state, overlay=None), "Quit cancelled.")
    if name in HELP_KEYS:
        return replace(state, overlay=HELP)
    if state.screen == RESUME:
        return _resume_key(state, name)
    if state.screen == MENU:
        return _menu_key(state, name)
    if state.screen == REPLAY:
        return _replay_key(state, name)
    return _game_key(state, name)


def _ask_quit(state: State) -> State:
    if state.game is not None and state.game.in_progress:
        return replace(state, overlay=CONFIRM_QUIT)
    return replace(state, quit=True)


# -- the menu ---------------------------------------------------------------


def _menu_key(state: State, name: str) -> State:
    items = menu_items(state)
    index = min(state.menu_index, len(items) - 1)
    item = items[index]
    if name in UP_KEYS:
        return replace(state, menu_index=(index - 1) % len(items))
    if name in DOWN_KEYS:
        return replace(state, menu_index=(index + 1) % len(items))
    if name in LEFT_KEYS or name in RIGHT_KEYS:
        if item in CHOICES:
            return _change_choice(state, item, -1 if name in LEFT_KEYS else 1)
        return state
    if name in PLAY_KEYS:
        return _menu_activate(state, item)
    if name == "n":
        return new_game(state)
    if name == LOAD_KEY:
        return _open_prompt(state, LOAD_RECORD)
    if name == "escape":
        if state.game is not None:
            return replace(state, screen=GAME)
        return _say(state, "Press Enter to start a game, or q to quit.")
    if name == "q":
        return _ask_quit(state)
    return _complain(state, f"{_key_label(name)} does nothing here: arrows choose, Enter starts, ? helps.")


def _menu_click(state: State, index: int) -> State:
    if state.overlay is not None or state.screen != MENU:
        return replace(state, overlay=None) if state.overlay == HELP else state
    items = menu_items(state)
    if not 0 <= index < len(items):
        return state
    return _menu_activate(replace(state, menu_index=index), items[index])


def _menu_activate(state: State, item: str) -> State:
    if item == "resume":
        return replace(state, screen=GAME)
    if item == "new":
        return new_game(state)
    if item == "load":
        return _open_prompt(state, LOAD_RECORD)
    if item == "quit":
        return _ask_quit(state)
    return _change_choice(state, item, 1)


def _change_choice(state: State, item: str, step: int) -> State:
    """The next (or previous) value of a menu choice."""
    settings = state.settings
    if not choice_applies(settings, item):
        reason = "only matters against the computer" if item == "black" else "needs a computer player"
        return _say(state, f"{MENU_LABELS[item]} {reason}.")
    if item == "size":
        size = min(MAX_SIZE, max(MIN_SIZE, settings.size + step))
        return replace(state, settings=replace(settings, size=size))
    options = {"mode": MODES, "black": SIDES, "rule": RULES, "level": state.levels}[item]
    current = getattr(settings, item)
    position = options.index(current) if current in options else 0
    value = options[(position + step) % len(options)]
    return replace(state, settings=replace(settings, **{item: value}))


def computer_sides(settings: Settings) -> frozenset[Stone]:
    """The colours the computer plays in a game of ``settings``."""
    if settings.mode == "pvp":
        return frozenset()
    if settings.mode == "cvc":
        return frozenset(Stone)
    return frozenset({Stone.BLACK if settings.black == "computer" else Stone.WHITE})


def new_game(state: State) -> State:
    """A fresh game of the menu's settings, on the game screen."""
    settings = state.settings
    board = Board(settings.size, Rule(settings.rule))
    centre = Point(settings.size // 2, settings.size // 2)
    game = with_board(Game(board, settings, computer_sides(settings), centre, number=state.games + 1), board)
    state = replace(state, games=game.number)
    if settings.mode == "pvc":
        colour = "white" if Stone.BLACK in game.computer else "black"
        hello = f"You play {colour}. Arrows move, Enter plays, ? for help."
    elif settings.mode == "pvp":
        hello = "Black moves first. Arrows move, Enter plays, ? for help."
    else:
        hello = "Watching the computer play itself. p pauses, n for a new game."
    return replace(state, screen=GAME, overlay=None, game=game, pending=None, message=hello, alert=False)


def with_board(game: Game, board: Board) -> Game:
    """``game`` after its position became ``board``: forbidden points redone, hint gone."""
    forbidden: frozenset[Point] = frozenset()
    if board.rule is Rule.RENJU and board.turn is Stone.BLACK and not board.is_game_over():
        forbidden = frozenset(board.forbidden_points())
    return replace(game, board=board, forbidden=forbidden, hint=None)


# -- the game ---------------------------------------------------------------


def _game_key(state: State, name: str) -> State:
    game = state.game
    if game is None:  # no game yet: the menu is the only place to be
        return replace(state, screen=MENU)
    if name in CURSOR_KEYS:
        dx, dy = CURSOR_KEYS[name]
        size = game.board.size
        x = min(size - 1, max(0, game.cursor.x + dx))
        y = min(size - 1, max(0, game.cursor.y + dy))
        return replace(state, game=replace(game, cursor=Point(x, y)))
    if name in PLAY_KEYS:
        if name == "space" and game.settings.mode == "cvc":
            return _toggle_pause(state)
        return _play(state, game.cursor)
    if name == "u":
        return _undo(state)
    if name == "r":
        return _redo(state)
    if name == "H":
        return _ask_hint(state)
    if name == "t":
        heat = not state.heat
        return _say(replace(state, heat=heat), "Heat map on: urgency of each point." if heat else "Heat map off.")
    if name == "p":
        return _toggle_pause(state)
    if name == "n":
        items = menu_items(replace(state, screen=MENU))
        return replace(state, screen=MENU, menu_index=items.index("new"))
    if name == SAVE_KEY:
        if not game.board.moves:
            return _complain(state, "No moves to save yet: play first.")
        return _open_prompt(state, SAVE_RECORD)
    if name == LOAD_KEY:
        return _open_prompt(state, LOAD_RECORD)
    if name == "q":
        return _ask_quit(state)
    if name == "escape":
        return state
    return _complain(state, f"{_key_label(name)} does nothing here: press ? for the keys.")


def _key_label(name: str) -> str:
    if name == "unknown":
        return "That key"
    return name.capitalize() if len(name) > 1 else f"'{name}'"


def _busy_reason(game: Game) -> str | None:
    """Why a human may not move now, or ``None`` if they may."""
    if game.board.is_game_over():
        return "The game is over: n new game, u undo, q quit."
    if game.settings.mode == "cvc":
        return "You are watching: n starts a game you can play."
    if game.computer_to_move:
        if game.paused:
            return "The computer is paused: p resumes it."
        return "The computer is thinking: wait for its move."
    return None


def _play(state: State, point: Point) -> State:
    game = state.game
    assert game is not None
    reason = _busy_reason(game)
    if reason:
        return _complain(state, reason)
    board = game.board.copy()
    try:
        board.play(point)
    except IllegalMoveError as error:
        return _complain(state, _sentence(str(error)))
    return replace(state, game=with_board(replace(game, cursor=point), board), pending=None)


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _click(state: State, point: Point) -> State:
    if state.overlay == HELP:
        return replace(state, overlay=None)
    if state.overlay is not None or state.screen != GAME or state.game is None:
        return state
    size = state.game.board.size
    if not (0 <= point.x < size and 0 <= point.y < size):
        return state
    return _play(replace(state, game=replace(state.game, cursor=point)), point)


def _undo_count(game: Game) -> int:
    """How many moves ``u`` takes back: one, or against the computer back to the human's last move."""
    moves = len(game.board.moves)
    if game.settings.mode != "pvc":
        return min(1, moves)
    for index in range(moves - 1, -1, -1):  # games start from an empty board, black first
        stone = Stone.BLACK if index % 2 == 0 else Stone.WHITE
        if stone not in game.computer:
            return moves - index
    return 0


def _undo(state: State) -> State:
    game = state.game
    assert game is not None
    count = _undo_count(game)
    if count == 0:
        return _complain(state, "Nothing to undo.")
    board = game.board.copy()
    taken = []
    try:
        for _ in range(count):
            taken.append(board.notation(board.undo()))
    except HistoryError:
        return _complain(state, "Nothing to undo.")
    paused = game.paused or game.settings.mode == "cvc"
    game = replace(with_board(game, board), paused=paused)
    note = " (r redoes, p resumes)" if game.settings.mode == "cvc" else " (r redoes)"
    return _say(replace(state, game=game, pending=None), f"Took back {', '.join(reversed(taken))}{note}.")


def _redo(state: State) -> State:
    game = state.game
    assert game is not None
    if game.computer_to_move and game.settings.mode == "pvc":
        return _complain(state, "The computer is thinking: wait for its move.")
    board = game.board.copy()
    if not board.can_redo:
        return _complain(state, "Nothing to redo.")
    replayed = []
    while board.can_redo:
        try:
            replayed.append(board.notation(board.redo()))
        except (HistoryError, IllegalMoveError):
            break
        # against the computer, replay up to the human's turn again
        if game.settings.mode != "pvc" or board.is_game_over() or board.turn not in game.computer:
            break
    if not replayed:
        return _complain(state, "Nothing to redo.")
    return _say(replace(state, game=with_board(game, board), pending=None), f"Replayed {', '.join(replayed)}.")


def _toggle_pause(state: State) -> State:
    game = state.game
    assert game is not None
    if game.settings.mode == "pvp":
        return _complain(state, "There is no computer to pause in a two-player game.")
    paused = not game.paused
    pending = None if paused and state.pending and state.pending.kind == MOVE else state.pending
    message = "Paused: p resumes." if paused else "Resumed."
    return _say(replace(state, game=replace(game, paused=paused), pending=pending), message)


def _ask_hint(state: State) -> State:
    game = state.game
    assert game is not None
    reason = _busy_reason(game)
    if reason:
        return _complain(state, reason)
    if state.pending is not None:
        return _complain(state, "Still working out a hint: wait a moment.")
    request = AiRequest(state.requests + 1, HINT, game.board, game.settings.level)
    return _say(replace(state, pending=request, requests=request.id), "Looking for a good move...")


def _ai_result(state: State, result: AiResult) -> State:
    pending = state.pending
    game = state.game
    if pending is None or result.request_id != pending.id or game is None or pending.board is not game.board:
        return state  # an answer to a question nobody asks any more
    state = replace(state, pending=None)
    if result.point is None:
        paused = replace(game, paused=True) if pending.kind == MOVE else game
        note = " p lets it try again." if pending.kind == MOVE else ""
        return _complain(replace(state, game=paused), f"The computer failed: {result.error}.{note}")
    if pending.kind == HINT:
        hinted = replace(game, hint=result.point, cursor=result.point)
        return _say(replace(state, game=hinted), f"Hint: {game.board.notation(result.point)}. Enter plays it.")
    board = game.board.copy()
    try:
        board.play(result.point)
    except IllegalMoveError as error:
        return _complain(replace(state, game=replace(game, paused=True)), f"The computer tried an illegal move: {error}")
    return replace(state, game=with_board(game, board))


def _settle(state: State) -> State:
    """Drop a job about a position that is gone, and start the computer's move when it is its turn."""
    game = state.game
    pending = state.pending
    if pending is not None and (game is None or pending.board is not game.board):
        state = replace(state, pending=None)
        pending = None
    if (
        game is not None
        and pending is None
        and state.screen == GAME
        and not game.paused
        and game.computer_to_move
    ):
        delay = WATCH_DELAY if game.settings.mode == "cvc" else 0.0
        request = AiRequest(state.requests + 1, MOVE, game.board, game.settings.level, delay)
        state = replace(state, pending=request, requests=request.id)
    return state


# -- saving and loading records: the file-name prompt ---------------------------


def suggested_name(when: datetime) -> str:
    """The file name a save suggests: ``gomoku-20261129-1453.sgf`` (in the current directory)."""
    return when.strftime("gomoku-%Y%m%d-%H%M.sgf")


def _open_prompt(state: State, kind: str) -> State:
    text = suggested_name(state.clock()) if kind == SAVE_RECORD else state.last_file
    state = replace(state, overlay=PROMPT, prompt=Prompt(kind, text, fresh=bool(text)))
    if kind == LOAD_RECORD:  # the loop lists the record files here, for up/down to pick
        job = FileJob(state.jobs + 1, LIST_RECORDS)
        state = replace(state, job=job, jobs=job.id)
    return state


def _pick(prompt: Prompt, step: int) -> Prompt:
    """The prompt with the next (or previous) listed file as its text."""
    choices = prompt.choices
    if not choices:
        return prompt
    if prompt.text in choices:
        index = (choices.index(prompt.text) + step) % len(choices)
    else:
        index = 0 if step > 0 else len(choices) - 1
    return replace(prompt, text=choices[index], fresh=True, error="")


def _prompt_key(state: State, name: str) -> State:
    prompt = state.prompt
    if prompt is None:
        return replace(state, overlay=None)
    if name == "escape":
        what = "Save" if prompt.kind == SAVE_RECORD else "Load"
        return _say(replace(state, overlay=None, prompt=None), f"{what} cancelled.")
    if name == "enter":
        return _submit_prompt(state, prompt)
    if name == "backspace":
        return replace(state, prompt=replace(prompt, text=prompt.text[:-1], fresh=False, error=""))
    if name == "ctrl-u":
        return replace(state, prompt=replace(prompt, text="", fresh=False, error=""))
    if name in ("up", "down"):
        return replace(state, prompt=_pick(prompt, 1 if name == "down" else -1))
    character = " " if name == "space" else name
    if len(character) != 1:
        return state  # arrows, function keys: the text has no cursor to move
    text = character if prompt.fresh else prompt.text + character
    return replace(state, prompt=replace(prompt, text=text, fresh=False, error=""))


def _submit_prompt(state: State, prompt: Prompt) -> State:
    path = prompt.text.strip()
    if not path:
        return replace(state, prompt=replace(prompt, error="Type a file name, or Esc to cancel."))
    if prompt.kind == LOAD_RECORD:
        settings = state.settings
        job = FileJob(state.jobs + 1, LOAD_RECORD, path, rule=Rule(settings.rule), size=settings.size)
        return replace(state, job=job, jobs=job.id)
    record = _record_to_save(state, path)
    if record is None:
        return _complain(replace(state, overlay=None, prompt=None), "There is no game to save.")
    job = FileJob(state.jobs + 1, SAVE_RECORD, path, record, overwrite=prompt.confirmed == path)
    return replace(state, job=job, jobs=job.id)


def _record_to_save(state: State, path: str) -> GameRecord | None:
    """What ``S`` saves: the loaded record in the replay, else the game's moves so far."""
    if state.screen == REPLAY and state.replay is not None:
        return state.replay.record
    game = state.game
    if game is None:
        return None
    black = white = ""
    if format_of(path) == "sgf":  # .psq reads a name as a brain file to run: keep names out of it
        black, white = (player_name(game, stone) for stone in (Stone.BLACK, Stone.WHITE))
    return GameRecord.from_board(game.board, black=black, white=white)


def player_name(game: Game, stone: Stone) -> str:
    """A player's name for a record: ``Human``, or ``gomoku normal`` for the computer."""
    return f"gomoku {game.settings.level}" if stone in game.computer else "Human"


def _file_done(state: State, done: FileDone) -> State:
    job = state.job
    if job is None or done.id != job.id:
        return state
    state = replace(state, job=None)
    prompt = state.prompt
    if job.kind == DISCARD_SAVE:
        return _complain(state, done.error) if done.error else state
    if job.kind == LIST_RECORDS:
        if prompt is None or prompt.kind != LOAD_RECORD:
            return state
        return replace(state, prompt=replace(prompt, choices=done.names))
    if done.exists and prompt is not None:
        error = f"{done.path} exists: Enter again replaces it, or edit the name."
        return replace(state, prompt=replace(prompt, confirmed=job.path, error=error))
    if done.error:
        if prompt is None:
            return _complain(state, done.error)
        return replace(state, prompt=replace(prompt, error=done.error))
    state = replace(state, overlay=None, prompt=None, last_file=job.path)
    if job.kind == SAVE_RECORD:
        count = len(job.record.moves) if job.record else 0
        return _say(state, f"Saved {count} move{'' if count == 1 else 's'} to {done.path}.")
    if done.record is None:
        return state
    name = PurePath(done.path or job.path).name
    state = _open_replay(state, done.record, name)
    return replace(state, screen=REPLAY, message=_replay_hello(state.replay))  # type: ignore[arg-type]


# -- the replay of a loaded record ------------------------------------------------


def _open_replay(state: State, record: GameRecord, name: str) -> State:
    """``state`` holding ``record`` for the replay view, at its last move."""
    board = record.to_board()
    return replace(state, replay=Replay(record, board, name))


def _replay_hello(replay: Replay) -> str:
    return f"{replay.name}: {len(replay.record.moves)} moves. Left/right step, Enter plays on from the move shown."


def take_over_mode(state: State) -> str:
    """The mode a take-over from the replay plays in: the menu's."""
    return state.settings.mode


def _replay_key(state: State, name: str) -> State:
    replay = state.replay
    if replay is None:
        return replace(state, screen=MENU)
    total = len(replay.record.moves)
    target = None
    if name in REPLAY_BACK:
        target = replay.index - 1
    elif name in REPLAY_FORWARD:
        target = replay.index + 1
    elif name in REPLAY_BACK_MANY:
        target = replay.index - REPLAY_STEP_MANY
    elif name in REPLAY_FORWARD_MANY:
        target = replay.index + REPLAY_STEP_MANY
    elif name in REPLAY_FIRST:
        target = 0
    elif name in REPLAY_LAST:
        target = total
    if target is not None:
        return _replay_to(state, replay, target)
    if name in REPLAY_TAKE_OVER:
        return _take_over(state, replay)
    if name == "m":
        mode = MODES[(MODES.index(state.settings.mode) + 1) % len(MODES)] if state.settings.mode in MODES else MODES[0]
        return _say(replace(state, settings=replace(state.settings, mode=mode)), f"Enter plays on: {MODE_NAMES[mode]}.")
    if name == "t":
        heat = not state.heat
        return _say(replace(state, heat=heat), "Heat map on: urgency of each point." if heat else "Heat map off.")
    if name == SAVE_KEY:
        return _open_prompt(state, SAVE_RECORD)
    if name == LOAD_KEY:
        return _open_prompt(state, LOAD_RECORD)
    if name in ("escape", "n", "b"):
        if state.game is not None:
            return replace(state, screen=GAME)
        return replace(state, screen=MENU)
    if name == "q":
        return _ask_quit(state)
    return _complain(state, f"{_key_label(name)} does nothing here: left/right step, Enter plays on, ? helps.")


def _replay_to(state: State, replay: Replay, target: int) -> State:
    total = len(replay.record.moves)
    target = max(0, min(total, target))
    if target == replay.index:
        return _say(state, "That is the last move." if target == total else "That is the start.")
    board = replay.board.copy()
    try:
        while len(board.moves) > target:
            board.undo()
        while len(board.moves) < target:
            board.redo()
    except (HistoryError, IllegalMoveError):
        return _complain(state, "This record cannot be stepped through.")
    return replace(state, replay=replace(replay, board=board))


def _take_over(state: State, replay: Replay) -> State:
    """Play on from the move shown: a game of the menu's mode, the later moves kept for ``r``.

    Against the computer, you take the side to move.
    """
    board = replay.board.copy()
    mode = take_over_mode(state)
    black = state.settings.black
    if mode == "pvc":
        black = "human" if board.turn is Stone.BLACK else "computer"
    settings = replace(state.settings, mode=mode, black=black, rule=board.rule.value, size=board.size)
    cursor = board.last_move or Point(board.size // 2, board.size // 2)
    game = with_board(Game(board, settings, computer_sides(settings), cursor, number=state.games + 1), board)
    where = f"after move {len(board.moves)}" if board.moves else "from the start"
    later = " (r replays the recorded moves)" if board.can_redo else ""
    message = f"Playing on {where}, {MODE_NAMES[mode]}{later}."
    state = replace(state, screen=GAME, game=game, games=game.number, pending=None, replay=None)
    return _say(state, message)


# -- resuming the game that was in progress ---------------------------------------


def game_from_saved(saved: SavedGame, levels: tuple[str, ...], number: int = 0) -> Game:
    """The game a save file holds, ready to play on (raises ``SaveError`` if it cannot be)."""
    data = {
        "mode": saved.mode,
        "black": saved.players.get("black", "human") if saved.mode == "pvc" else "human",
        "rule": saved.rule.value,
        "size": saved.size,
        "level": saved.level,
    }
    settings = validated(data, levels)
    board = saved.to_board()
    cursor = board.last_move or Point(board.size // 2, board.size // 2)
    remembered = saved.extra.get("cursor")
    if isinstance(remembered, str):
        try:
            cursor = parse_point(remembered, board.size)
        except ValueError:
            pass
    return with_board(Game(board, settings, computer_sides(settings), cursor, number=number), board)


def saved_from_game(game: Game) -> SavedGame:
    """What autosave writes for ``game``: moves, redo list, who plays what, and the cursor."""
    players = {
        str(stone): "computer" if stone in game.computer else "human" for stone in (Stone.BLACK, Stone.WHITE)
    }
    return SavedGame.from_board(
        game.board,
        mode=game.settings.mode,
        players=players,
        level=game.settings.level,
        extra={"cursor": to_notation(game.cursor, game.board.size)},
    )


def offer_summary(saved: SavedGame) -> str:
    """``renju 15x15, two players, 34 moves`` or ``..., you (white) vs computer, ...``."""
    mode = MODE_NAMES.get(saved.mode, saved.mode)
    if saved.mode == "pvc":
        mode = f"you ({'white' if saved.players.get('black') == 'computer' else 'black'}) vs computer"
    count = len(saved.moves)
    return f"{saved.rule.value} {saved.size}x{saved.size}, {mode}, {count} move{'s' if count != 1 else ''}"


def _resume_key(state: State, name: str) -> State:
    saved = state.offer
    if saved is None:
        return _go_on(state)
    if name in ("y", "Y", "enter"):
        try:
            game = game_from_saved(saved, state.levels, state.games + 1)
        except SaveError as error:  # checked when the file was read: only a changed rule could land here
            return _complain(_go_on(state), f"The saved game cannot be resumed: {error}")
        state = replace(state, screen=GAME, game=game, games=game.number, offer=None, pending=None)
        return _say(state, f"Resumed: {offer_summary(saved)}.")
    if name in ("n", "N", "escape"):
        job = FileJob(state.jobs + 1, DISCARD_SAVE)
        state = _go_on(replace(state, job=job, jobs=job.id))
        return _say(state, "The unfinished game is kept as previous.json in the data folder.")
    if name == "q":
        return replace(state, quit=True)  # the offer stands for the next start
    return _complain(state, "Press y to resume the unfinished game, or n to start afresh.")
