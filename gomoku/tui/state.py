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
the old one if it went away), ``state.settings`` is saved when it changes, and
``state.quit`` ends the program.

Screens are names so that more can be added (a save/load dialog, a replay
view) without changing how the others work.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Union

from gomoku.board import Board, HistoryError, IllegalMoveError
from gomoku.point import MAX_SIZE, MIN_SIZE, Point
from gomoku.rules import Rule, Stone
from gomoku.tui.settings import MODE_NAMES, MODES, RULES, SIDES, Settings

# -- screens and overlays ---------------------------------------------------

MENU = "menu"
GAME = "game"
HELP = "help"
CONFIRM_QUIT = "confirm_quit"

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
    "quit": "Quit",
}

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


Event = Union[Key, Click, MenuClick, AiResult]

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

    @property
    def in_progress(self) -> bool:
        """Whether quitting now would abandon a game: moves have been played and it is not over."""
        return bool(self.board.moves) and not self.board.is_game_over()

    @property
    def computer_to_move(self) -> bool:
        """Whether it is the computer's turn in a game that goes on."""
        return not self.board.is_game_over() and self.board.turn in self.computer


@dataclass(frozen=True)
class State:
    """Everything the screen shows, and the computer's current job."""

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


def initial_state(settings: Settings, levels: tuple[str, ...], start: bool = False) -> State:
    """The state at start-up: the menu, or straight into a game of ``settings`` if ``start``."""
    state = State(settings=settings, levels=tuple(levels))
    state = replace(state, menu_index=menu_items(state).index("new"))
    if start:
        state = _settle(new_game(state))
    return state


# -- reading the model (shared by the view and the tests) -------------------


def menu_items(state: State) -> tuple[str, ...]:
    """The menu's rows, top to bottom."""
    resume = ("resume",) if state.game is not None else ()
    return resume + ("new",) + CHOICES + ("quit",)


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
    if state.overlay == HELP:
        return replace(state, overlay=None)
    if state.overlay == CONFIRM_QUIT:
        if name in ("y", "Y", "q", "enter"):
            return replace(state, overlay=None, quit=True)
        return _say(replace(state, overlay=None), "Quit cancelled.")
    if name in HELP_KEYS:
        return replace(state, overlay=HELP)
    if state.screen == MENU:
        return _menu_key(state, name)
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
    game = with_board(Game(board, settings, computer_sides(settings), centre), board)
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
