"""Key bindings declared once with their help, as ``bubbles/key`` does.

A screen's update matches keys against its :class:`Binding` values, and the
help overlay and the bottom key line are made from the same values, so a key
can never do one thing and be documented as another.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gomoku.i18n import N_, _, pgettext
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
    "f1": "F1",
    "ctrl-u": "Ctrl-U",
    "ctrl-d": "Ctrl-D",
}


def arrow_words() -> dict[str, str]:
    """The arrow keys' names in the language in use (``←`` in Russian, ``左`` in Chinese): words, not key names."""
    return {
        # i18n: the arrow keys as the help's column of keys names them (a word or an arrow: ↑ ↓ ← →)
        "up": pgettext("key", "up"),
        "down": pgettext("key", "down"),
        "left": pgettext("key", "left"),
        "right": pgettext("key", "right"),
    }


def key_words(keys: Iterable[str]) -> str:
    """Keys as help writes them: ``Enter Space``, ``u``, the arrows in the language in use."""
    arrows = arrow_words()
    return " ".join(arrows.get(key) or KEY_WORDS.get(key, key) for key in keys)


def said_keys(label: str) -> str:
    """A label of keys (``left h a ,``) in the language in use: its arrows said as :func:`arrow_words` says them."""
    arrows = arrow_words()
    return " ".join(arrows.get(word, word) for word in _(label).split(" "))


@dataclass(frozen=True)
class Binding:
    """Keys and what they do, declared once: the update matches them, the help and the key line show them.

    ``help`` is the help overlay's sentence; ``label`` how help writes the
    keys (by default the keys themselves, ``Enter Space``); ``short`` the
    bottom line's entry (``u undo``; empty leaves the binding off that
    line).  ``always`` bindings work even while the screen cannot be shown
    (quit, help).  The texts are declared in English, marked with ``N_``, and
    said in the language in use where they are shown (:func:`key_line`,
    :func:`help_rows`, :attr:`shown_keys`, :attr:`said_short`).
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
        """The keys as help writes them, in the language in use (key names themselves stay as they are)."""
        return said_keys(self.label) if self.label else key_words(self.keys)

    @property
    def said_short(self) -> str:
        """The bottom line's entry in the language in use (``""``: none)."""
        return _(self.short)

    @property
    def said_help(self) -> str:
        """The help overlay's sentence in the language in use."""
        return _(self.help)


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
    return [binding.said_short for binding in bindings if binding.short]


def help_rows(bindings: Iterable[Binding]) -> list[tuple[str, str]]:
    """The help overlay's rows: the keys as written, and what they do."""
    return [(binding.shown_keys, binding.said_help) for binding in bindings]


#: The help, on every screen (the router adds it; a screen typing text leaves it out).
HELP = Binding(("?", "f1"), N_("this help (any key closes it)"), short=N_("? help"), label="? F1", always=True)
#: The keys of a board being played on, the same in the local and the network game.
CURSOR = Binding(tuple(CURSOR_KEYS), N_("move the cursor"), label=N_("arrows hjkl wasd"))
PLAY = Binding(
    ("enter", "space"), N_("play at the cursor (a click plays where it lands)"), N_("Enter play"), "Enter Space"
)
DISMISS = Binding(("escape",), N_("clear the message line"), label="Esc")
QUIT = Binding((QUIT_KEY,), N_("quit (the game is kept: resume it later)"), N_("q quit"), always=True)

# -- the game screens' one key map ---------------------------------------------------
# The local game (screens/game.py) and the network game (screens/netgame.py) take their keys from here, so a
# key does the same thing in both.  Where an action does not exist on one of them (no hint over the network,
# no draw offer on one keyboard) the key is refused there, saying where it works (:func:`elsewhere`).

UNDO = Binding(
    ("u",), N_("undo your last move (against the computer: back to your turn; over the network: ask)"), N_("u undo")
)
REDO = Binding(("r",), N_("redo what was undone (local games without a clock)"), N_("r redo"))
HINT = Binding(("H",), N_("hint: the computer's suggestion"), N_("H hint"))
HEAT = Binding(("t",), N_("heat map: how urgent each point is, 1-9"), N_("t heat map"))
ANALYSIS = Binding(("A",), N_("live analysis: the best moves, their evaluation and the best line"), N_("A analysis"))
SAVE = Binding((SAVE_KEY,), N_("save the game to a file"), N_("S save"))
#: The opening book's edits, in the replay and beside the live analysis (:mod:`gomoku.tui.bookview`).
BOOK_MARK = Binding(
    ("M",),
    N_("book: mark the move (the cursor's empty point, else the last move): good, bad, winning, losing, even, none"),
    N_("M book mark"),
)
BOOK_COMMENT = Binding(("E",), N_("book: write a comment on that move in your opening book"), N_("E book comment"))
#: Both book keys, as the screens that edit the book bind them.
BOOK_KEYS: Bindings = (BOOK_MARK, BOOK_COMMENT)
LOAD = Binding((LOAD_KEY,), N_("load a record to replay, or a kept game"))
NEXT = Binding(
    ("g",), N_("next game: a new one from the menu (over the network: a rematch, colours swap)"), N_("g next game")
)
PAUSE = Binding(("p",), N_("pause / resume the computer and the clocks"), N_("p pause"))
REVIEW = Binding(
    ("R",), N_("review the finished game: its decisive mistakes, missed wins and forced lines"), N_("R review")
)
RESIGN = Binding(("G",), N_("give up: resign the game (asks first)"), N_("G resign"))
DRAW = Binding(("D",), N_("offer a draw"), N_("D draw"))
CHAT = Binding(("m",), N_("message: type a line to the other player, Enter sends it, Esc closes"), N_("m chat"))
ACCEPT = Binding(("y", "Y"), N_("accept the other player's request"), N_("y accepts"), "y")
DECLINE = Binding(("n", "N"), N_("decline the other player's request"), N_("n declines"), "n")
RECONNECT = Binding(("C",), N_("connect again and resume the game"), N_("C reconnect"))
#: Watch mode: one move while paused, and a faster or slower pace.
STEP = Binding((".",), N_("paused: the computer makes one move"), N_(". one move"))
PACE = Binding(("+", "=", "-", "_"), N_("faster / slower pace"), N_("+/- pace"), "+ -")
#: The opening rule's answers (shown while the step takes them).
SWAP = Binding(("x",), N_("opening: swap colours"), N_("x swap"))
KEEP = Binding(("c",), N_("opening: keep the colours (pass on the swap)"), N_("c keep"))
PLACE_TWO = Binding(("2",), N_("Swap2: place two more stones; the other player then chooses"), N_("2 two more"))
FIFTH_IN_SQUARE = Binding(("9",), N_("Taraguchi-10: play the 5th inside the 9x9 square"), N_("9 5th in 9x9"))
OFFER_TEN = Binding(("0",), N_("Taraguchi-10: offer ten 5th moves"), N_("0 offer ten"))
#: The placements (or 5th-move offers) the computer reads best, at an opening step that takes a point.
BALANCED = Binding(
    ("B",),
    N_("opening: the placements the computer reads as nearest to even (5th moves to offer: the best for black)"),
    N_("B balanced"),
)
DECLARE = Binding(
    tuple("12345678"), N_("Soosõrv-8: declare how many 5th moves black must offer"), N_("1-8 declare"), "1-8"
)

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
    *BOOK_KEYS,
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
    BALANCED,
    DISMISS,
    HELP,
    QUIT,
)
#: The actions only one kind of game has.
NETWORK_ONLY: Bindings = (RESIGN, DRAW, CHAT, ACCEPT, DECLINE, RECONNECT)
LOCAL_ONLY: Bindings = (REDO, HINT, HEAT, ANALYSIS, *BOOK_KEYS, SAVE, LOAD, PAUSE, STEP, PACE, REVIEW, BALANCED)


def elsewhere(key: str, network: bool) -> str | None:
    """What a game screen says of a key of :data:`GAME_KEYS` that only the other kind of game has (else ``None``).

    ``"G resign: only in network games (? lists this game's keys)."``
    """
    binding = find(GAME_KEYS, key)
    if binding is None or binding not in (LOCAL_ONLY if network else NETWORK_ONLY):
        return None
    what = binding.said_short or f"{binding.shown_keys} {binding.said_help.split(' (')[0]}"
    if network:
        return _("{what}: only in games on this computer (? lists this game's keys).").format(what=what)
    return _("{what}: only in network games (? lists this game's keys).").format(what=what)
