"""Key bindings declared once with their help, as ``bubbles/key`` does.

A screen's update matches keys against its :class:`Binding` values, and the
help overlay and the bottom key line are made from the same values, so a key
can never do one thing and be documented as another.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gomoku.tui.keys import CURSOR_KEYS

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
