"""The history's figures: tallies by level, rule, colour and opening, streaks, and the rating against the ladder."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from gomoku.ai import LEVELS
from gomoku.ai.ladder import MEASURED, RATING_OFFSET, level_rating
from gomoku.glicko import Rating
from gomoku.history import GameEntry, GameKind, OpponentKind, PlayerResult, entry_of
from gomoku.history_stats import (
    LEVEL_DEVIATION,
    next_level,
    rated_games,
    rating,
    rating_sentence,
    statistics,
)
from gomoku.point import parse_point
from gomoku.records import GameRecord
from gomoku.rules import Outcome, Rule, Stone, Termination

START = datetime(2026, 12, 1, tzinfo=timezone.utc)
KAGETSU = tuple(parse_point(word, 15) for word in ["h8", "h7", "i7"])


def game(
    result: str, level: str = "normal", you: Stone = Stone.BLACK, rule: Rule = Rule.FREESTYLE, at: int = 0
) -> GameEntry:
    """A game against ``level`` the player (``you``) won (``w``), lost (``l``) or drew (``d``)."""
    winner = {"w": you, "l": you.opponent, "d": None}[result]
    termination = Termination.AGREEMENT if winner is None else Termination.RESIGNATION
    return entry_of(
        GameRecord(rule=rule, moves=KAGETSU),
        GameKind.VS_COMPUTER,
        Outcome(termination, winner),
        you=you,
        opponent=level,
        opponent_kind=OpponentKind.LEVEL,
        level=level,
        played_at=START + timedelta(minutes=at),
    )


def test_tallies_by_level_rule_colour_and_opening() -> None:
    games = [
        game("w", "easy"),
        game("l", "club", you=Stone.WHITE),
        game("d", "club", rule=Rule.RENJU),
        game("w", "easy", you=Stone.WHITE),
    ]
    watched = entry_of(GameRecord(), GameKind.WATCHED, Outcome(Termination.FIVE, Stone.BLACK))
    stats = statistics([*games, watched])
    assert (stats.total.wins, stats.total.draws, stats.total.losses) == (2, 1, 1)
    assert {level: (t.wins, t.draws, t.losses) for level, t in stats.by_level.items()} == {
        "easy": (2, 0, 0),
        "club": (0, 1, 1),
    }
    first_club = statistics([games[1], *games])
    assert list(first_club.by_level) == ["easy", "club"]  # weakest first, whichever was played first
    assert stats.by_rule[Rule.RENJU].draws == 1 and stats.by_rule[Rule.FREESTYLE].games == 3
    assert (stats.by_colour[Stone.WHITE].wins, stats.by_colour[Stone.WHITE].losses) == (1, 1)
    assert stats.by_opening["Kagetsu (D4)"].games == 4


def test_the_current_and_the_best_streak() -> None:
    results = "wwwlwwdll"
    stats = statistics([game(result, at=at) for at, result in enumerate(results)])
    assert stats.best_streak == 3
    assert stats.streak == (PlayerResult.LOSS, 2)
    assert statistics([]).streak is None


def test_a_newcomer_beating_the_newcomers_level_once() -> None:
    # By hand from Glickman's steps: the level at 1500 with deviation 30 (g = 0.9955, E = 0.5, v = 4.036),
    # the newcomer at 1500 +- 350: the deviation falls to 173.7178 * 1.4227 = 247.1, the rating rises by
    # 173.7178 * 1.4227**2 * 0.9955 * 0.5 = 175.0.
    assert level_rating("normal") == 1500
    after = rating([game("w", "normal")])
    assert after.rating == pytest.approx(1675.0, abs=1)
    assert after.deviation == pytest.approx(247.1, abs=1)
    assert rating([game("l", "normal")]).rating == pytest.approx(1325.0, abs=1)
    assert rating([game("d", "normal")]).rating == pytest.approx(1500.0, abs=0.01)


def test_the_rating_moves_as_the_player_wins_and_loses_and_grows_surer() -> None:
    wins = [game("w", "club", at=at) for at in range(8)]
    climbing = rating(wins)
    assert climbing.rating > level_rating("club")
    losses = [game("l", "easy", at=100 + at) for at in range(8)]
    falling = rating(wins + losses)
    assert falling.rating < climbing.rating
    assert falling.deviation < climbing.deviation < 350


def test_only_games_against_measured_levels_count() -> None:
    person = entry_of(
        GameRecord(),
        GameKind.NETWORK,
        Outcome(Termination.FIVE, Stone.BLACK),
        you=Stone.BLACK,
        opponent="Bob",
        opponent_kind=OpponentKind.PERSON,
    )
    engine = entry_of(
        GameRecord(),
        GameKind.VS_COMPUTER,
        Outcome(Termination.FIVE, Stone.BLACK),
        you=Stone.BLACK,
        opponent="pbrain-x",
        opponent_kind=OpponentKind.ENGINE,
    )
    assert rated_games([person, engine]) == 0
    assert rating([person, engine]) == Rating()
    assert rated_games([person, game("w")]) == 1


def test_the_next_level_and_the_sentence() -> None:
    assert next_level(Rating(1650, 120)) == "club"
    assert next_level(Rating(1495, 120)) == "normal"
    assert next_level(Rating(3000, 50)) is None
    assert rating_sentence(Rating(1648, 121), 5) == "Rated about 1650 ± 120: club is your next level."
    assert "above every level" in rating_sentence(Rating(3000, 50), 5)
    assert rating_sentence(Rating(), 0).startswith("No rating yet")
    assert LEVEL_DEVIATION < 50


def test_the_ladder_in_the_docs_is_the_ladder_in_the_code() -> None:
    text = (Path(__file__).parent.parent / "docs" / "levels.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| (\w+) \| ([+-]?\d+) \+/- (\d+) \|", text, re.MULTILINE)
    assert {name: (float(elo), float(interval)) for _, name, elo, interval in rows} == {
        name: (measured.elo, measured.interval) for name, measured in MEASURED.items()
    }
    assert set(MEASURED) == set(LEVELS)
    assert 1500 - MEASURED["normal"].elo == RATING_OFFSET


def test_the_history_screen_says_the_current_run_and_the_best() -> None:
    from dataclasses import replace

    from gomoku.tui.model import HistoryView
    from tests.tui.helpers import menu_state
    from tests.tui.test_view import flat, render

    games = tuple(game(result, at=at) for at, result in enumerate("wwwlwwdll"))
    shown = HistoryView(entries=games, figures=statistics(games))
    text = flat(render(replace(menu_state(), screen=shown)))
    assert "Your games: 5 won, 1 drawn, 3 lost; now 2 losses in a row; best run of wins 3." in text
