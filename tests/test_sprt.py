"""The score's arithmetic: Elo from a score and its 95% interval, and the SPRT's log-likelihood ratio and verdict.

The figures are the ones the fastchess project (github.com/Disservin/fastchess) publishes in its own tests,
computed there from fishtest's and cutechess's formulas: ``app/tests/sprt_test.cpp`` (the "logistic
trinomial" and "bayesian trinomial" cases, to two decimals) and ``app/tests/elo_test.cpp`` ("EloWDL 2": the
Elo difference and its error margin).  Its ``Stats(a, b, c)`` are wins, losses, draws.
"""

from __future__ import annotations

import math

import pytest

from gomoku.sprt import (
    Model,
    Sprt,
    Tally,
    Verdict,
    elo_estimate,
    elo_of_score,
    llr_bayesian,
    llr_logistic,
    score_of_elo,
)


@pytest.mark.parametrize(
    ("wins", "losses", "draws", "elo0", "elo1", "published"),
    [(21404, 21184, 40708, 0.5, 2.5, -1.57), (57433, 57030, 106593, 0, 2, -2.59)],
)
def test_the_logistic_gsprt_gives_fishtests_published_ratios(wins, losses, draws, elo0, elo1, published) -> None:
    assert llr_logistic(Tally(wins, losses, draws), elo0, elo1) == pytest.approx(published, abs=0.005)


@pytest.mark.parametrize(
    ("wins", "losses", "draws", "elo0", "elo1", "published"),
    [(68965, 68526, 128429, 0, 2, -1.26), (21629, 21484, 41111, 0.5, 2.5, -1.13)],
)
def test_the_bayesian_sprt_gives_cutechesss_published_ratios(wins, losses, draws, elo0, elo1, published) -> None:
    assert llr_bayesian(Tally(wins, losses, draws), elo0, elo1) == pytest.approx(published, abs=0.005)


def test_the_bounds_are_walds_for_five_percent_errors() -> None:
    lower, upper = Sprt(0, 10).bounds
    assert (lower, upper) == pytest.approx((-2.944, 2.944), abs=0.001)
    assert Sprt(0, 10, alpha=0.05, beta=0.1).bounds == pytest.approx((math.log(0.1 / 0.95), math.log(0.9 / 0.05)))


def test_a_single_win_or_a_short_sweep_decides_nothing_yet() -> None:
    """A gomoku match has few draws: a first win alone must not accept H1 (the closed-form GSPRT would)."""
    sprt = Sprt(0, 10)
    assert 0 < sprt.llr(Tally(1, 0, 0)) < 0.1
    assert sprt.verdict(Tally(10, 0, 0)) is Verdict.CONTINUE
    assert sprt.llr(Tally()) == 0.0


def test_the_verdict_follows_the_ratio_across_the_bounds() -> None:
    sprt = Sprt(0, 100)
    assert sprt.verdict(Tally(300, 200, 0)) is Verdict.H1  # about +70 Elo: nearer 100 than 0
    assert sprt.verdict(Tally(250, 250, 0)) is Verdict.H0  # even: 0
    assert sprt.verdict(Tally(28, 22, 0)) is Verdict.CONTINUE


def test_the_bayesian_model_waits_for_a_win_a_loss_and_a_draw() -> None:
    """Its draw Elo needs all three: a gomoku match without draws never decides under it."""
    sprt = Sprt(0, 100, model=Model.BAYESIAN)
    assert sprt.llr(Tally(300, 200, 0)) == 0.0
    assert sprt.verdict(Tally(300, 200, 0)) is Verdict.CONTINUE


@pytest.mark.parametrize(("elo0", "elo1", "alpha", "beta"), [(10, 0, 0.05, 0.05), (0, 10, 0, 0.05), (0, 10, 0.6, 0.5)])
def test_an_sprt_that_makes_no_sense_is_refused(elo0, elo1, alpha, beta) -> None:
    with pytest.raises(ValueError):
        Sprt(elo0, elo1, alpha, beta)


def test_elo_and_score_are_the_logistic_curve_both_ways() -> None:
    assert score_of_elo(0) == 0.5
    assert score_of_elo(400) == pytest.approx(10 / 11)  # 400 Elo: odds of 10 to 1
    assert elo_of_score(10 / 11) == pytest.approx(400)
    assert elo_of_score(0.25) == pytest.approx(-elo_of_score(0.75))


def test_the_elo_interval_is_the_published_one() -> None:
    estimate = elo_estimate(Tally(136, 96, 111))
    assert estimate.elo == pytest.approx(40.70, abs=0.005)
    assert estimate.margin == pytest.approx(30.43, abs=0.005)
    assert estimate.low < estimate.elo < estimate.high


def test_the_interval_narrows_as_the_games_grow() -> None:
    few, many = elo_estimate(Tally(6, 4, 0)), elo_estimate(Tally(600, 400, 0))
    assert few.elo == pytest.approx(many.elo)
    assert many.margin < few.margin / 5


def test_a_sweep_has_no_finite_elo() -> None:
    assert elo_estimate(Tally(5, 0, 0)).elo == math.inf
    assert elo_estimate(Tally(0, 5, 0)).elo == -math.inf
    assert elo_estimate(Tally(1, 0, 1)).high == math.inf  # the interval reaches a sweep
