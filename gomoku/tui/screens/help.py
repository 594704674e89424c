"""The help overlay: the keys of the screen under it, what the rules mean, and what the marks are."""

from __future__ import annotations

from dataclasses import replace

from gomoku.rules import Rule
from gomoku.tui import draw
from gomoku.tui.draw import Theme, Window
from gomoku.tui.events import Key, Mouse
from gomoku.tui.layout import HEADER_ROWS
from gomoku.tui.model import Hosting, Joining, Menu, NetMenu, NetPlaying, Replaying, ResumeOffer, Screen, State, Step
from gomoku.tui.settings import RULE_TEXT

GAME_KEYS = (
    ("arrows hjkl wasd", "move the cursor"),
    ("Enter Space click", "play at the cursor / where you click"),
    ("u / r", "undo / redo (vs the computer: to your turn)"),
    ("H", "hint: the computer's suggestion"),
    ("t", "heat map: how urgent each point is, 1-9"),
    ("p  .  + -", "watching: pause, one move, pace"),
    ("S / L", "save to a file / load and replay one"),
    ("n", "new game (the menu)"),
    ("q", "quit (the game is kept: resume later)"),
)

REPLAY_KEYS = (
    ("left right , .", "one move back / forward (Space too)"),
    ("up down PgUp PgDn", "ten moves back / forward"),
    ("Home End g G", "the start / the last move"),
    ("Enter or p", "play on from the move shown (r: the rest)"),
    ("m", "the mode to play on in"),
    ("t", "heat map: how urgent each point is, 1-9"),
    ("S / L", "save this record / load another"),
    ("Esc  q", "back to the game or the menu / quit"),
)

NET_KEYS = (
    ("arrows hjkl wasd", "move the cursor"),
    ("Enter Space click", "play at the cursor (on your turn)"),
    ("c", "chat: type a line, Enter sends it, Esc closes"),
    ("u / D", "ask to take back your move / offer a draw"),
    ("y / n", "accept / decline the other player's request"),
    ("R", "resign (asks first)"),
    ("n", "after a game: ask for a rematch (colours swap)"),
    ("r", "guest, after a drop: reconnect and resume"),
    ("q", "quit (the game is kept: the same command resumes)"),
)

WAIT_KEYS = (
    ("Esc", "cancel and go back"),
    ("q", "quit"),
)

MENU_KEYS = (
    ("up / down", "choose a row"),
    ("left / right", "change the choice on it"),
    ("Enter", "start the game (from any row)"),
    ("L", "load a game record or a kept game"),
    ("Esc  q", "back to the game / quit"),
)


#: Columns for a rule's name in the rules list ("freestyle" and a space).
RULE_COLUMN = 10


def keys_for(screen: Screen) -> tuple[tuple[str, str], ...]:
    if isinstance(screen, Replaying):
        return REPLAY_KEYS
    if isinstance(screen, (Menu, ResumeOffer, NetMenu)):
        return MENU_KEYS
    if isinstance(screen, NetPlaying):
        return NET_KEYS
    if isinstance(screen, (Hosting, Joining)):
        return WAIT_KEYS
    return GAME_KEYS


def update(state: State, event: Key | Mouse) -> Step:
    """Any key or click closes the help."""
    return replace(state, overlay=None), ()


def view(win: Window, state: State, theme: Theme) -> None:
    rows, cols = win.getmaxyx()
    width = min(cols, 72)
    keys = keys_for(state.screen)
    lines: list[tuple[str, str]] = [("Keys", "status")]
    lines += [(f"{key:<18}{what}", "") for key, what in keys]
    lines += [("Rules", "status")]
    for rule in Rule:  # the rule's name, then what it means, wrapped beside it
        for number, text in enumerate(draw.wrap(RULE_TEXT[rule], width - 6 - RULE_COLUMN)):
            lines.append((f"{rule.value if number == 0 else '':<{RULE_COLUMN}}{text}", ""))
    if theme.unicode:
        legend = "● black  ○ white  ◉◎ last move  × forbidden (renju)  ◇ hint"
    else:
        legend = "X black  O white  ! forbidden (renju)  ? hint"
    lines += [(legend, "dim"), ("Any key closes this help.", "dim")]
    room = max(1, rows - HEADER_ROWS - 2)
    if len(lines) > room:  # a short terminal: the keys and the closing line first
        lines = lines[: room - 1] + lines[-1:]
    draw.centred_box(win, theme, [(f" {text}", style) for text, style in lines], width)
