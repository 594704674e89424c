"""The small words the screens show for values the game keeps in English, and the fitting of translated text.

The values themselves (``str(Stone.BLACK)``, ``Pace.FAST.value``) are what
the records and the settings file read, so they stay English; a screen shows
them through these, translated when shown (:mod:`gomoku.i18n`).  The names
the core says itself (``Rule.said()``, ``Stone.said()``, ``OpeningRule.said()``)
are taken from there.
"""

from __future__ import annotations

from gomoku import textwidth
from gomoku.i18n import pgettext
from gomoku.tui.draw import Theme, wrap
from gomoku.tui.settings import Pace


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
