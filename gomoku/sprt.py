"""A match's score as Elo with its interval, and the sequential probability ratio test (SPRT) that stops it.

The arithmetic engine authors use to decide a change, written from the
published descriptions in our own words:

- **Elo from a score**: a score ``s`` (a win 1, a draw half, a loss 0, the
  mean of the games) is ``-400 log10(1/s - 1)`` Elo above the opponent (the
  logistic model); its 95% interval maps the score's own interval (the
  score plus or minus 1.96 standard errors of a game's score, the spread
  taken from the wins, draws and losses seen) through the same curve, as
  cutechess prints its "Elo difference: x +/- y".
- **The GSPRT of fishtest** (``logistic``, the default): the generalized
  SPRT of Michel Van den Bergh for the trinomial model (win, draw, loss):
  the log of the ratio of the results' likelihoods under the most likely
  distribution of wins, draws and losses whose mean score is ``s1`` (the
  score Elo ``elo1`` gives) and under the one whose mean is ``s0``; each such
  distribution is found by solving the one-unknown equation of a
  constrained maximum (bisection: the function is monotone).  A count of
  zero is taken as 0.001 games (fishtest's regularisation), so a run of wins
  alone is a finite, small ratio, not a division by zero or a verdict after
  one game (the simpler closed form ``N/2 (s1 - s0)(2 s - s0 - s1) / var``
  gives the same figures on long even matches but accepts H1 after a single
  win).
- **The SPRT of cutechess** (``bayesian``): Rémi Coulom's BayesElo model, the
  draw Elo estimated from the results, the exact log-likelihood ratio of the
  trinomial; it is 0 until the match has a win, a loss and a draw each, which
  in gomoku (where draws are rare) may be never: one reason ``logistic`` is the
  default.

The test stops with H1 (``elo1`` is true: the first player is stronger) once
the ratio reaches ``log((1 - beta) / alpha)``, with H0 once it falls to
``log(beta / (1 - alpha))``.  Both models are checked on the figures the
fastchess project's tests publish (``tests/test_sprt.py`` cites them).
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

#: Elo's scale: a lead of 400 Elo is odds of 10 to 1.
ELO_SCALE = 400.0
#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054
#: What a count of zero is taken as in the GSPRT (fishtest's ``regularize``: its epsilon, 1e-3).
REGULARIZATION = 1e-3
#: The bisection's steps (each halves the interval: 200 reach a double's precision from any start) and how far
#: inside the poles it starts (a fraction of the interval, so no step divides by zero).
BISECTION_STEPS = 200
BISECTION_MARGIN = 1e-12


def score_of_elo(elo: float) -> float:
    """The expected score of a player ``elo`` Elo above its opponent (the logistic curve)."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / ELO_SCALE))


def elo_of_score(score: float) -> float:
    """The Elo lead a mean score gives; infinite for 0 and 1 (a sweep says no finite difference)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -ELO_SCALE * math.log10(1.0 / score - 1.0)


@dataclass(frozen=True)
class Tally:
    """A match's results from the first player's side: wins, losses, draws."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.draws

    @property
    def score(self) -> float:
        """The mean score (0.5 for no games)."""
        return self.points / self.games if self.games else 0.5

    def plus(self, points: float) -> Tally:
        """The tally after one more game scored ``points`` (1, 0.5 or 0)."""
        if points == 1:
            return Tally(self.wins + 1, self.losses, self.draws)
        if points == 0:
            return Tally(self.wins, self.losses + 1, self.draws)
        return Tally(self.wins, self.losses, self.draws + 1)

    def variance(self) -> float:
        """The variance of one game's score, as the results so far give it."""
        if not self.games:
            return 0.0
        n = self.games
        return (self.wins + 0.25 * self.draws) / n - self.score**2


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference and its 95% interval (``low`` to ``high``; infinite at a sweep)."""

    elo: float
    low: float
    high: float

    @property
    def margin(self) -> float:
        """Half the interval's width, as ``+/-`` prints it (infinite when either end is)."""
        return (self.high - self.low) / 2


def elo_estimate(tally: Tally, z: float = Z95) -> EloEstimate:
    """The Elo difference the tally gives, with its interval (``z`` standard errors each side of the score)."""
    score = tally.score
    error = z * math.sqrt(tally.variance() / tally.games) if tally.games else math.inf
    return EloEstimate(elo_of_score(score), elo_of_score(score - error), elo_of_score(score + error))


class Model(str, enum.Enum):
    """How the SPRT reads Elo: fishtest's logistic GSPRT, or cutechess's BayesElo."""

    LOGISTIC = "logistic"
    BAYESIAN = "bayesian"


class Verdict(str, enum.Enum):
    """Where an SPRT stands: go on, or one hypothesis accepted."""

    CONTINUE = "continue"
    H0 = "H0"  # the first player is not ``elo1`` stronger: at most ``elo0``
    H1 = "H1"  # it is ``elo1`` stronger


def _constrained(outcomes: list[tuple[float, float]], mean: float) -> list[float]:
    """The probabilities nearest ``outcomes`` (score, probability) whose mean score is ``mean``, by likelihood.

    They are ``p / (1 + x (a - mean))`` for the ``x`` that makes their mean ``mean``:
    the root of ``sum p (a - mean) / (1 + x (a - mean))``, which falls from
    plus to minus infinity between the poles, found by bisection.
    """
    gaps = [score - mean for score, _ in outcomes]
    low, high = -1 / max(gaps), -1 / min(gaps)
    low, high = low + (high - low) * BISECTION_MARGIN, high - (high - low) * BISECTION_MARGIN
    for _ in range(BISECTION_STEPS):
        middle = (low + high) / 2
        if sum(p * gap / (1 + middle * gap) for (_, p), gap in zip(outcomes, gaps)) > 0:
            low = middle
        else:
            high = middle
    x = (low + high) / 2
    return [p / (1 + x * gap) for (_, p), gap in zip(outcomes, gaps)]


def llr_logistic(tally: Tally, elo0: float, elo1: float) -> float:
    """Fishtest's trinomial GSPRT log-likelihood ratio of Elo ``elo1`` against ``elo0`` (see the module)."""
    counts = [count or REGULARIZATION for count in (tally.losses, tally.draws, tally.wins)]
    games = sum(counts)
    outcomes = [(score, count / games) for score, count in zip((0.0, 0.5, 1.0), counts)]
    under0 = _constrained(outcomes, score_of_elo(elo0))
    under1 = _constrained(outcomes, score_of_elo(elo1))
    return games * sum(p * math.log(q1 / q0) for (_, p), q0, q1 in zip(outcomes, under0, under1))


def llr_bayesian(tally: Tally, elo0: float, elo1: float) -> float:
    """Cutechess's log-likelihood ratio in the BayesElo model (0 until there is a win, a loss and a draw)."""
    if not (tally.wins and tally.losses and tally.draws):
        return 0.0
    n = tally.games
    draw_elo = 200 * math.log10((1 - n / tally.wins) * (1 - n / tally.losses))

    def chances(elo: float) -> tuple[float, float, float]:
        win = score_of_elo(elo - draw_elo)
        loss = score_of_elo(-elo - draw_elo)
        return win, loss, 1 - win - loss

    (w0, l0, d0), (w1, l1, d1) = chances(elo0), chances(elo1)
    return tally.wins * math.log(w1 / w0) + tally.losses * math.log(l1 / l0) + tally.draws * math.log(d1 / d0)


_LLR = {Model.LOGISTIC: llr_logistic, Model.BAYESIAN: llr_bayesian}


@dataclass(frozen=True)
class Sprt:
    """An SPRT of H0 (Elo ``elo0``) against H1 (Elo ``elo1``) with error rates ``alpha`` (a false H1) and
    ``beta`` (a false H0)."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    model: Model = Model.LOGISTIC

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError("elo0 must be below elo1")
        if not (0 < self.alpha < 1 and 0 < self.beta < 1 and self.alpha + self.beta < 1):
            raise ValueError("alpha and beta must be between 0 and 1, and their sum below 1")

    @property
    def bounds(self) -> tuple[float, float]:
        """The log-likelihood ratios that accept H0 (the lower) and H1 (the upper)."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, tally: Tally) -> float:
        """The log-likelihood ratio of the results so far (0 before any game)."""
        return _LLR[self.model](tally, self.elo0, self.elo1) if tally.games else 0.0

    def verdict(self, tally: Tally) -> Verdict:
        """Whether the results so far accept a hypothesis."""
        llr = self.llr(tally)
        lower, upper = self.bounds
        if llr >= upper:
            return Verdict.H1
        if llr <= lower:
            return Verdict.H0
        return Verdict.CONTINUE


__all__ = [
    "ELO_SCALE",
    "EloEstimate",
    "Model",
    "Sprt",
    "Tally",
    "Verdict",
    "elo_estimate",
    "elo_of_score",
    "llr_bayesian",
    "llr_logistic",
    "score_of_elo",
]
