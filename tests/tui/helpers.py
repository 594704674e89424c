"""Driving the terminal game's ``update`` in tests: keys, clicks and answers, with the effects kept."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime

from gomoku.point import Point, parse_point
from gomoku.records import GameRecord, read_move_list
from gomoku.rules import Rule
from gomoku.tui.effects import Effect, StartAi
from gomoku.tui.events import AiDone, Event, Key, Loaded, Mouse, Tick
from gomoku.tui.layout import board_layout, menu_layout
from gomoku.tui.model import LocalGame, Menu, State, current_game
from gomoku.tui.screens import menu
from gomoku.tui.settings import Mode, Settings, Side
from gomoku.tui.update import initial_state, update

LEVELS = ("easy", "normal", "hard")
ROWS, COLS = 24, 80
NOON = datetime(2026, 11, 29, 12, 5)


def settings(mode: str = "pvp", rule: str = "freestyle", size: int = 15, black: str = "human", **more) -> Settings:
    return replace(Settings(), mode=Mode(mode), rule=Rule(rule), size=size, black=Side(black), **more)


def start(mode: str = "pvp", rule: str = "freestyle", size: int = 15, black: str = "human", **more) -> State:
    """A game of these settings, straight from the start (as the command line's options give)."""
    return initial_state(settings(mode, rule, size, black, **more), LEVELS, start=True)[0]


def menu_state(**chosen) -> State:
    """The menu at start-up, with these settings."""
    return initial_state(replace(Settings(), **chosen), LEVELS)[0]


@dataclass
class Run:
    """A state driven by events, with every effect asked for on the way."""

    state: State
    effects: list[Effect] = field(default_factory=list)

    def send(self, *events: Event) -> Run:
        for event in events:
            self.state, effects = update(self.state, event)
            self.effects.extend(effects)
        return self

    def press(self, *keys: str) -> Run:
        return self.send(*(Key(key) for key in keys))

    def of(self, kind: type) -> list:
        return [effect for effect in self.effects if isinstance(effect, kind)]


def begin(mode: str = "pvp", rule: str = "freestyle", size: int = 15, black: str = "human", **more) -> Run:
    """Like :func:`start`, keeping the effects of the start-up."""
    state, effects = initial_state(settings(mode, rule, size, black, **more), LEVELS, start=True)
    return Run(state, list(effects))


def send(state: State, *events: Event) -> State:
    return Run(state).send(*events).state


def press(state: State, *keys: str) -> State:
    return Run(state).press(*keys).state


def effects_of(state: State, *keys: str) -> list[Effect]:
    return Run(state).press(*keys).effects


def game_of(state: State) -> LocalGame:
    game = current_game(state)
    assert game is not None
    return game


def at(state: State, name: str) -> Point:
    return parse_point(name, game_of(state).board.size)


def click(state: State, point: Point, rows: int = ROWS, cols: int = COLS) -> Mouse:
    """The mouse event of a click on ``point`` as the game draws it on a ``rows`` x ``cols`` terminal."""
    layout = board_layout(rows, cols, game_of(state).board.size)
    if layout is None:  # a board too big for 80x24: click on a big terminal
        rows, cols = 60, 200
        layout = board_layout(rows, cols, game_of(state).board.size)
    assert layout is not None
    row, col = layout.screen_of(point)
    return Mouse(row, col, rows, cols)


def menu_click(state: State, index: int, rows: int = ROWS, cols: int = COLS) -> Mouse:
    assert isinstance(state.screen, Menu)
    layout = menu_layout(rows, cols, len(menu.rows(state, state.screen)))
    assert layout is not None
    return Mouse(layout.first_item + index, layout.left + 5, rows, cols)


def play_at(state: State, *names: str) -> State:
    """Click the named points in turn (a click plays where it lands)."""
    for name in names:
        state = send(state, click(state, at(state, name)))
    return state


def answer(state: State, name: str) -> State:
    """The computer answers its current job with the named point."""
    assert state.ai is not None
    return send(state, AiDone(state.ai.job, at(state, name)))


def stones(state: State) -> list[str]:
    board = game_of(state).board
    return [board.notation(p) for p in board.moves]


def started(effects: list[Effect]) -> list[StartAi]:
    return [effect for effect in effects if isinstance(effect, StartAi)]


def clocked(state: State) -> State:
    return send(state, Tick(NOON))


def typed(state: State, text: str) -> State:
    return press(state, *("space" if c == " " else c for c in text))


def record(text: str, size: int = 15, rule: Rule = Rule.FREESTYLE) -> GameRecord:
    return read_move_list(text, size, rule)


def loaded(text: str = "h8 i9 h9 i10 h10", mode: str = "pvp", game: bool = False, size: int = 15) -> State:
    """A state that has loaded ``text`` with L: the replay at its last move."""
    state = start(mode) if game else menu_state(mode=Mode(mode))
    state = press(state, "L")
    state = typed(state, "game.txt")
    run = Run(state).press("enter")
    job = run.effects[-1].job  # type: ignore[union-attr]
    return send(run.state, Loaded(job, "/here/game.txt", record(text, size)))
