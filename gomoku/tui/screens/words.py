"""The small words the screens show for values the game keeps in English: rule names, colours, who plays.

The values themselves (``Rule.RENJU.value``, ``str(Stone.BLACK)``,
``Side.HUMAN.value``) are what the command line, the records and the
settings file read, so they stay English; a screen shows them through these,
translated when shown (:mod:`gomoku.i18n`).
"""

from __future__ import annotations

from gomoku.i18n import pgettext
from gomoku.rules import Rule, Stone
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
