"""Glicko-2 ratings: a player's (and a puzzle's) strength, how sure it is, and how it moves with each result.

Mark Glickman's Glicko-2 system, as his paper "Example of the Glicko-2 system"
(Boston University, 2013; glicko.net/glicko/glicko2.pdf) describes it, step by
step, in our own words and code.  A rating has three numbers: the rating
itself (on the familiar Elo-like scale, 1500 for a newcomer), its deviation
(how unsure it is: 350 for a newcomer, smaller with every game) and its
volatility (how erratic the player is).  :func:`updated` takes a rating and
the results of one rating period (a puzzle attempt, a game) and returns the
new rating; a period with no games only widens the deviation.

Pure arithmetic with no state: the puzzles and the game history keep the
numbers, this only computes them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: The factor between the Glicko scale (1500 +- 350) and Glicko-2's internal one (0 +- 2.01), from the paper.
SCALE = 173.7178
#: A newcomer's rating, deviation and volatility: the paper's suggested starting values.
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
#: The system constant tau, which limits how fast volatility changes: the paper suggests 0.3 to 1.2; 0.5 is the
#: value its worked example uses.
TAU = 0.5
#: How close the volatility iteration must come (the paper's epsilon).
EPSILON = 0.000001
#: The most deviation a rating may have: a newcomer's; a long absence never makes a rating less sure than that.
MAX_DEVIATION = START_DEVIATION


@dataclass(frozen=True)
class Rating:
    """A rating on the Glicko scale: the rating, its deviation (a 95% interval is about twice it each side)."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def interval(self) -> tuple[float, float]:
        """The rating's 95% interval (rating -+ 1.96 deviations)."""
        return self.rating - 1.96 * self.deviation, self.rating + 1.96 * self.deviation


@dataclass(frozen=True)
class Result:
    """One game of a rating period: the opponent's rating and the score (1 a win, 0.5 a draw, 0 a loss)."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The score ``player`` is expected to make against ``opponent`` (0 to 1), counting the opponent's doubt."""
    return _expected(
        (player.rating - START_RATING) / SCALE,
        (opponent.rating - START_RATING) / SCALE,
        opponent.deviation / SCALE,
    )


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility, by the Illinois variant of regula falsi on ``f``."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _step in range(200):  # the iteration converges in a handful of steps; bounded all the same
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def updated(player: Rating, results: Sequence[Result], tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period with ``results`` (none: only the deviation grows)."""
    mu = (player.rating - START_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        grown = math.sqrt(phi * phi + sigma * sigma) * SCALE
        return Rating(player.rating, min(grown, MAX_DEVIATION), sigma)
    inverse_v = 0.0
    improvement = 0.0
    for result in results:
        mu_j = (result.opponent.rating - START_RATING) / SCALE
        phi_j = result.opponent.deviation / SCALE
        g, e = _g(phi_j), _expected(mu, mu_j, phi_j)
        inverse_v += g * g * e * (1.0 - e)
        improvement += g * (result.score - e)
    v = 1.0 / inverse_v
    delta = v * improvement
    sigma_new = _new_volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Rating(mu_new * SCALE + START_RATING, min(phi_new * SCALE, MAX_DEVIATION), sigma_new)
