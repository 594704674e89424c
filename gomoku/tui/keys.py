"""The key names the screens share (as the loop reports them: see :func:`gomoku.tui.app.key_name`)."""

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
HELP_KEYS = frozenset({"?", "f1"})
YES_KEYS = frozenset({"y", "Y", "enter"})
NO_KEYS = frozenset({"n", "N", "escape"})
SAVE_KEY = "S"
LOAD_KEY = "L"
QUIT_KEY = "q"
