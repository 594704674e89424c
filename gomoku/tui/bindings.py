"""Key bindings declared once with their help, as ``bubbles/key`` does.

A screen's update matches keys against its :class:`Binding` values, and the
help overlay and the bottom key line are made from the same values, so a key
can never do one thing and be documented as another.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gomoku.openings import Option
from gomoku.tui.keys import CURSOR_KEYS, LOAD_KEY, QUIT_KEY, SAVE_KEY

#: How help writes the keys the loop names in words.
KEY_WORDS = {
    "enter": "Enter",
    "space": "Space",
    "escape": "Esc",
    "backspace": "Backspace",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "home": "Home",
    "end": "End",
    "up": "up",
    "down": "down",
    "left": "left",
    "right": "right",
    "f1": "F1",
    "ctrl-u": "Ctrl-U",
    "ctrl-d": "Ctrl-D",
}


def key_words(keys: Iterable[str]) -> str:
    """Keys as help writes them: ``Enter Space``, ``u``."""
    return " ".join(KEY_WORDS.get(key, key) for key in keys)


@dataclass(frozen=True)
class Binding:
    """Keys and what they do, declared once: the update matches them, the help and the key line show them.

    ``help`` is the help overlay's sentence; ``label`` how help writes the
    keys (by default the keys themselves, ``Enter Space``); ``short`` the
    bottom line's entry (``u undo``; empty leaves the binding off that
    line).  ``always`` bindings work even while the screen cannot be shown
    (quit, help).
    """

    keys: tuple[str, ...]
    help: str
    short: str = ""
    label: str = ""
    always: bool = False

    def matches(self, name: str) -> bool:
        return name in self.keys

    @property
    def shown_keys(self) -> str:
        return self.label or key_words(self.keys)


Bindings = tuple[Binding, ...]


def bound_keys(bindings: Iterable[Binding]) -> frozenset[str]:
    """Every key some binding declares."""
    return frozenset(key for binding in bindings for key in binding.keys)


def find(bindings: Iterable[Binding], name: str) -> Binding | None:
    """The binding of key ``name``, or ``None``."""
    for binding in bindings:
        if binding.matches(name):
            return binding
    return None


def key_line(bindings: Iterable[Binding]) -> list[str]:
    """The bottom line's entries, in the bindings' order (the most useful first)."""
    return [binding.short for binding in bindings if binding.short]


def help_rows(bindings: Iterable[Binding]) -> list[tuple[str, str]]:
    """The help overlay's rows: the keys as written, and what they do."""
    return [(binding.shown_keys, binding.help) for binding in bindings]


#: The help, on every screen (the router adds it; a screen typing text leaves it out).
HELP = Binding(("?", "f1"), "this help (any key closes it)", short="? help", label="? F1", always=True)
#: The keys of a board being played on, the same in the local and the network game.
CURSOR = Binding(tuple(CURSOR_KEYS), "move the cursor", label="arrows hjkl wasd")
PLAY = Binding(("enter", "space"), "play at the cursor (a click plays where it lands)", "Enter play", "Enter Space")
DISMISS = Binding(("escape",), "clear the message line", label="Esc")
QUIT = Binding((QUIT_KEY,), "quit (the game is kept: resume it later)", "q quit", always=True)

# -- the game screens' one key map ---------------------------------------------------
# The local game (screens/game.py) and the network game (screens/netgame.py) take their keys from here, so a
# key does the same thing in both.  Where an action does not exist on one of them (no hint over the network,
# no draw offer on one keyboard) the key is refused there, saying where it works (:func:`elsewhere`).

UNDO = Binding(("u",), "undo your last move (against the computer: back to your turn; over the network: ask)", "u undo")
REDO = Binding(("r",), "redo what was undone (local games without a clock)", "r redo")
HINT = Binding(("H",), "hint: the computer's suggestion", "H hint")
HEAT = Binding(("t",), "heat map: how urgent each point is, 1-9", "t heat map")
ANALYSIS = Binding(("A",), "live analysis: the best moves, their evaluation and the best line", "A analysis")
SAVE = Binding((SAVE_KEY,), "save the game to a file", "S save")
LOAD = Binding((LOAD_KEY,), "load a record to replay, or a kept game")
NEXT = Binding(("g",), "next game: a new one from the menu (over the network: a rematch, colours swap)", "g next game")
PAUSE = Binding(("p",), "pause / resume the computer and the clocks", "p pause")
REVIEW = Binding(("R",), "review the finished game: its decisive mistakes, missed wins and forced lines", "R review")
RESIGN = Binding(("G",), "give up: resign the game (asks first)", "G resign")
DRAW = Binding(("D",), "offer a draw", "D draw")
CHAT = Binding(("m",), "message: type a line to the other player, Enter sends it, Esc closes", "m chat")
ACCEPT = Binding(("y", "Y"), "accept the other player's request", "y accepts", "y")
DECLINE = Binding(("n", "N"), "decline the other player's request", "n declines", "n")
RECONNECT = Binding(("C",), "connect again and resume the game", "C reconnect")
#: Watch mode: one move while paused, and a faster or slower pace.
STEP = Binding((".",), "paused: the computer makes one move", ". one move")
PACE = Binding(("+", "=", "-", "_"), "faster / slower pace", "+/- pace", "+ -")
#: The opening rule's answers (shown while the step takes them).
SWAP = Binding(("x",), "opening: swap colours", "x swap")
KEEP = Binding(("c",), "opening: keep the colours (pass on the swap)", "c keep")
PLACE_TWO = Binding(("2",), "Swap2: place two more stones; the other player then chooses", "2 two more")
FIFTH_IN_SQUARE = Binding(("9",), "Taraguchi-10: play the 5th inside the 9x9 square", "9 5th in 9x9")
OFFER_TEN = Binding(("0",), "Taraguchi-10: offer ten 5th moves", "0 offer ten")
DECLARE = Binding(tuple("12345678"), "Soosõrv-8: declare how many 5th moves black must offer", "1-8 declare", "1-8")

#: The opening rule's answers by option, each a key.
OPENING_KEYS = {
    Option.SWAP: SWAP,
    Option.STAY: KEEP,
    Option.PLACE_TWO: PLACE_TWO,
    Option.FIFTH_IN_SQUARE: FIFTH_IN_SQUARE,
    Option.OFFER_TEN: OFFER_TEN,
}

#: Both game screens' keys: each key here means one thing on both screens.
GAME_KEYS: Bindings = (
    CURSOR,
    PLAY,
    UNDO,
    REDO,
    HINT,
    HEAT,
    ANALYSIS,
    SAVE,
    LOAD,
    NEXT,
    PAUSE,
    STEP,
    PACE,
    REVIEW,
    RESIGN,
    DRAW,
    CHAT,
    ACCEPT,
    DECLINE,
    RECONNECT,
    SWAP,
    KEEP,
    PLACE_TWO,
    FIFTH_IN_SQUARE,
    OFFER_TEN,
    DECLARE,
    DISMISS,
    HELP,
    QUIT,
)
#: The actions only one kind of game has.
NETWORK_ONLY: Bindings = (RESIGN, DRAW, CHAT, ACCEPT, DECLINE, RECONNECT)
LOCAL_ONLY: Bindings = (REDO, HINT, HEAT, ANALYSIS, SAVE, LOAD, PAUSE, STEP, PACE, REVIEW)


def elsewhere(key: str, network: bool) -> str | None:
    """What a game screen says of a key of :data:`GAME_KEYS` that only the other kind of game has (else ``None``).

    ``"G resign: only in network games (? lists this game's keys)."``
    """
    binding = find(GAME_KEYS, key)
    if binding is None or binding not in (LOCAL_ONLY if network else NETWORK_ONLY):
        return None
    what = binding.short or f"{binding.shown_keys} {binding.help.split(' (')[0]}"
    where = "games on this computer" if network else "network games"
    return f"{what}: only in {where} (? lists this game's keys)."
