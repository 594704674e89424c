"""Players by name for the terminal game: a built-in level, or an outside Gomocup engine.

The command line (``--engine NAME=CMD``) and the settings file's
``engines`` name outside engines; the menu offers them beside the levels, as
opponents and as the analyst.  :class:`Players` makes either kind from its
name, for the computer's moves, the review and live analysis alike.
"""

from __future__ import annotations

from collections.abc import Mapping

from gomoku.ai import Player, make_player
from gomoku.gomocup.manager import EnginePlayer


class Players:
    """Makes a player by name: an outside engine if one has that name, else the built-in level."""

    def __init__(self, engines: Mapping[str, str]) -> None:
        #: the outside engines' commands, by name
        self.engines = dict(engines)

    def make(self, name: str, seed: int | None = None) -> Player:
        if name in self.engines:
            return EnginePlayer(self.engines[name], name=name)
        return make_player(name, seed=seed)
