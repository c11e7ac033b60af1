"""The openskill model (Plackett-Luce) of table and team games, on Glicko-2's scale.

The values are kept in the same rows as Glicko-2 (``Rating``, ``RatingChange``)
on the same scale, so the leaderboard, the profile and its chart show them
alike: rating = 1500 + SCALE * (mu - 25), deviation = SCALE * sigma, with SCALE
= 42 (openskill's start, mu 25 and sigma 25/3, is 1500 ± 350, like Glicko-2's).

Pure (no Django), like ladders.glicko: the rating fold (ladders.rating_fold)
steps with it, and the site's reading of a match (ladders.skill) sits above.
"""

from __future__ import annotations

from openskill.models import PlackettLuce

SCALE = 42.0
MU, SIGMA = 25.0, 25.0 / 3.0
MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


def to_display(mu: float, sigma: float) -> tuple[float, float]:
    return 1500.0 + SCALE * (mu - MU), SCALE * sigma


def from_display(rating: float, deviation: float) -> tuple[float, float]:
    return MU + (rating - 1500.0) / SCALE, deviation / SCALE
