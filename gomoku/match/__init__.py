"""Engine matches: two players, each a level or an outside Gomocup engine, over a set of openings.

- :mod:`~gomoku.match.openings`: the openings (the balanced sets and the renju openings shipped as data, a file);
- :mod:`~gomoku.match.game`: one game from a spec to an outcome and a record, through the core;
- :mod:`~gomoku.match.runner`: the games laid out, played one or several at once, stopped by a count or an SPRT;
- :mod:`~gomoku.match.cli`: ``python -m gomoku match A B``.

The score's arithmetic (Elo, its interval, the SPRT) is :mod:`gomoku.sprt`'s.
"""

from __future__ import annotations

from gomoku.match.game import Conditions, Contender, Forfeited, GameOutcome, GameSpec, check_engine, play
from gomoku.match.openings import OpeningsError, OpeningSet, named_openings, random_openings
from gomoku.match.runner import MatchPlan, MatchState, first_seat, run_jobs, run_match

__all__ = [
    "Conditions",
    "Contender",
    "Forfeited",
    "GameOutcome",
    "GameSpec",
    "MatchPlan",
    "MatchState",
    "OpeningSet",
    "OpeningsError",
    "check_engine",
    "first_seat",
    "named_openings",
    "play",
    "random_openings",
    "run_jobs",
    "run_match",
]
