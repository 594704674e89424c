"""Glicko-2 on the worked example of Glickman's paper, and the behaviour a player of puzzles would expect."""

from __future__ import annotations

import pytest

from gomoku.glicko import Rating, Result, expected_score, updated


def test_the_papers_worked_example() -> None:
    # "Example of the Glicko-2 system", section 3: a 1500 (RD 200, volatility 0.06) player beats a 1400 (RD 30) and
    # loses to a 1550 (RD 100) and a 1700 (RD 300); tau 0.5.  The paper's answer: 1464.06, RD 151.52, 0.05999.
    player = Rating(1500, 200, 0.06)
    results = [
        Result(Rating(1400, 30), 1.0),
        Result(Rating(1550, 100), 0.0),
        Result(Rating(1700, 300), 0.0),
    ]
    after = updated(player, results, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_win_raises_a_loss_lowers_and_both_make_the_rating_surer() -> None:
    newcomer, puzzle = Rating(), Rating(1600, 80)
    won, lost = updated(newcomer, [Result(puzzle, 1.0)]), updated(newcomer, [Result(puzzle, 0.0)])
    assert won.rating > newcomer.rating > lost.rating
    assert won.deviation < newcomer.deviation and lost.deviation < newcomer.deviation
    # An upset moves a rating more than the expected result does.
    assert won.rating - newcomer.rating > newcomer.rating - lost.rating


def test_a_period_without_games_only_makes_the_rating_less_sure_up_to_a_newcomers_doubt() -> None:
    rated = Rating(1720, 60, 0.06)
    idle = updated(rated, [])
    assert idle.rating == rated.rating and idle.deviation > rated.deviation
    for _ in range(10_000):
        idle = updated(idle, [])
    assert idle.deviation == Rating().deviation


def test_expected_score_is_even_between_equals_and_favours_the_stronger() -> None:
    assert expected_score(Rating(1500, 50), Rating(1500, 50)) == pytest.approx(0.5)
    assert expected_score(Rating(1800, 50), Rating(1500, 50)) > 0.8
    assert 0.0 < expected_score(Rating(1200, 50), Rating(1800, 50)) < 0.1
