"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012), as pure functions.

Why not a package: the PyPI package ``glicko2`` 2.1.0 computes the volatility
step (step 5) with the player's rating (mu) where the paper has the deviation
(phi). Its test of the paper's example rounds the volatility to 5 decimals,
which hides the difference (0.059993 against the paper's 0.059996, A = -5.62696);
away from 1500 the error grows with the rating. Its wheel also installs a
top-level ``tests`` package that shadows ours. The other Glicko-2 packages on
PyPI are alpha or single releases. The algorithm is short, so it lives here,
step by step as in the paper, and the tests check it against the paper's
example (intermediate values included) and a player far from 1500.

Each rated game is its own rating period (a correspondence site has too few
games for fixed periods); a player's deviation grows by one idle period's
worth for every RATING_PERIOD_DAYS without a rated game (step 6).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

#: Glicko-2 scale factor between the Glicko scale (1500 +- 350) and the internal one.
SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
#: The system constant tau: how fast volatility may change (the paper suggests 0.3 to 1.2).
TAU = 0.5
#: The convergence tolerance of the volatility iteration (step 5).
EPSILON = 0.000001
#: A player idle this long counts one rating period without games (deviation grows).
RATING_PERIOD_DAYS = 30


@dataclass(frozen=True)
class Glicko:
    """A rating on the Glicko scale: rating, deviation (RD), volatility (sigma)."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the Illinois iteration for sigma' (the paper's 2012 revision)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex)) / (
            2.0 * (phi * phi + v + ex) ** 2
        ) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(
    player: Glicko, games: Iterable[tuple[Glicko, float]], tau: float = TAU
) -> Glicko:
    """The player's rating after one rating period of ``games`` (opponent, score 1/0.5/0).

    Opponents are taken at their ratings from before the period, as the paper does.
    """
    games = list(games)
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        return idle(player)
    opponents = [
        ((o.rating - DEFAULT_RATING) / SCALE, o.deviation / SCALE, float(score))
        for o, score in games
    ]
    # Steps 3 and 4: the estimated variance v and the estimated improvement delta.
    v = 1.0 / sum(
        _g(phi_j) ** 2 * _expected(mu, mu_j, phi_j) * (1.0 - _expected(mu, mu_j, phi_j))
        for mu_j, phi_j, _ in opponents
    )
    improvement = sum(
        _g(phi_j) * (score - _expected(mu, mu_j, phi_j)) for mu_j, phi_j, score in opponents
    )
    delta = v * improvement
    sigma_new = _new_volatility(phi, sigma, v, delta, tau)
    # Steps 6 and 7: the pre-period deviation, then the new deviation and rating.
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Glicko(
        rating=mu_new * SCALE + DEFAULT_RATING,
        deviation=phi_new * SCALE,
        volatility=sigma_new,
    )


def idle(player: Glicko, periods: int = 1) -> Glicko:
    """Step 6 alone, for periods without games: the deviation grows, never past the default."""
    if periods <= 0:
        return player
    phi = player.deviation / SCALE
    phi_star = math.sqrt(phi * phi + periods * player.volatility * player.volatility)
    return Glicko(
        rating=player.rating,
        deviation=min(phi_star * SCALE, DEFAULT_DEVIATION),
        volatility=player.volatility,
    )
