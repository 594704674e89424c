"""The key names the screens share (as the loop reports them: see :func:`gomoku.tui.keyboard.key_name`)."""

from __future__ import annotations

#: Keys that move the cursor, by (dx, dy): arrows, vi's hjkl and the gamer's wasd.
CURSOR_KEYS: dict[str, tuple[int, int]] = {
    "up": (0, -1),
    "k": (0, -1),
    "w": (0, -1),
    "down": (0, 1),
    "j": (0, 1),
    "s": (0, 1),
    "left": (-1, 0),
    "h": (-1, 0),
    "a": (-1, 0),
    "right": (1, 0),
    "l": (1, 0),
    "d": (1, 0),
}
UP_KEYS = frozenset(k for k, (dx, dy) in CURSOR_KEYS.items() if dy < 0)
DOWN_KEYS = frozenset(k for k, (dx, dy) in CURSOR_KEYS.items() if dy > 0)
LEFT_KEYS = frozenset(k for k, (dx, dy) in CURSOR_KEYS.items() if dx < 0)
RIGHT_KEYS = frozenset(k for k, (dx, dy) in CURSOR_KEYS.items() if dx > 0)
PLAY_KEYS = frozenset({"enter", "space"})
YES_KEYS = frozenset({"y", "Y", "enter"})
NO_KEYS = frozenset({"n", "N", "escape"})
SAVE_KEY = "S"
LOAD_KEY = "L"
QUIT_KEY = "q"


def edited(text: str, key: str, limit: int) -> str | None:
    """``text`` after ``key`` in a one-line text field of at most ``limit`` characters, or ``None`` if the key
    is no edit (a named key, or a character past the limit).

    Backspace erases the last character, Ctrl-U the whole line, Space types a space.  Every text field
    (the address and code of joining, the network menu's rows, the chat line) edits this one way.
    """
    if key == "backspace":
        return text[:-1]
    if key == "ctrl-u":
        return ""
    character = " " if key == "space" else key
    if len(character) != 1 or len(text) >= limit:
        return None
    return text + character
