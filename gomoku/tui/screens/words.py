"""The small words the screens show for values the game keeps in English: rule names, colours, who plays.

The values themselves (``Rule.RENJU.value``, ``str(Stone.BLACK)``,
``Side.HUMAN.value``) are what the command line, the records and the
settings file read, so they stay English; a screen shows them through these,
translated when shown (:mod:`gomoku.i18n`).
"""

from __future__ import annotations

from gomoku import textwidth
from gomoku.i18n import pgettext
from gomoku.rules import Rule, Stone
from gomoku.tui.draw import Theme, wrap
from gomoku.tui.settings import Pace, Side


def rule_name(rule: Rule) -> str:
    """A rule's name as a player reads it: ``freestyle``, ``standard``, ``renju`` (a new rule: its value)."""
    if rule is Rule.FREESTYLE:
        return pgettext("rule", "freestyle")
    if rule is Rule.STANDARD:
        return pgettext("rule", "standard")
    if rule is Rule.RENJU:
        return pgettext("rule", "renju")
    return rule.value


def colour(stone: Stone) -> str:
    """A colour inside a phrase: ``black``, ``white`` (the menu's and the status line's lower case)."""
    return pgettext("stone", "black") if stone is Stone.BLACK else pgettext("stone", "white")


def colour_title(stone: Stone) -> str:
    """A colour at the start of a phrase: ``Black``, ``White``."""
    return pgettext("stone", "Black") if stone is Stone.BLACK else pgettext("stone", "White")


def side_value(side: Side) -> str:
    """Who plays black against the computer, as the menu shows it: ``human``, ``computer``."""
    return pgettext("setting", "human") if side is Side.HUMAN else pgettext("setting", "computer")


def on_off(on: bool) -> str:
    """A switch's value: ``on``, ``off``."""
    return pgettext("setting", "on") if on else pgettext("setting", "off")


def pace_name(pace: Pace) -> str:
    """Watch mode's pace in a word: ``fast``, ``normal``, ``slow``."""
    if pace is Pace.FAST:
        return pgettext("setting", "fast")
    if pace is Pace.SLOW:
        return pgettext("setting", "slow")
    return pgettext("setting", "normal")


# -- fitting translated text into the room an English layout gives --------------------------


def fitted(theme: Theme, parts: list[str], room: int) -> str:
    """As many of ``parts`` as fit in ``room`` columns, whole (the first always, cut if it must be).

    A status line's parts are dropped from the end rather than cut through: a
    language whose words are wider shows fewer of them, each one readable.
    """
    parts = [part for part in parts if part]
    while len(parts) > 1 and textwidth.width(theme.join(parts)) > room:
        parts = parts[:-1]
    return textwidth.fit(theme.join(parts), room)


def wrapped(text: str, columns: int, most: int, ellipsis: str) -> list[str]:
    """``text`` wrapped to ``columns``, at most ``most`` lines; a text cut short ends with ``ellipsis``."""
    lines = wrap(text, columns)
    if len(lines) <= most or most <= 0:
        return lines[: max(0, most)]
    last = textwidth.fit(lines[most - 1], columns - textwidth.width(ellipsis))
    return [*lines[: most - 1], last + ellipsis]
