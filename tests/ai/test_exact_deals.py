"""Every deal of the unseen cards fits everything the seat observed.

At every position of arena-style games (a heuristic against a random
player, both seats, with and without handicaps), each deal the strong
level's ``Observation`` makes for either seat is checked by the
independent ``deal_audit.problems``: the same view, the face-up piles the
log showed, the handicap, and a way back through the log to the start for
the opponent's hand and pile.
"""

from __future__ import annotations

import random

import pytest

from games.ai import Budget, get_bot
from games.ai.druidenwalzer.determinize import Observation
from games.rules import get_rules
from games.rules.druidenwalzer.constants import SEATS

from .deal_audit import play_audited, problems

RULES = get_rules("druidenwalzer")
DEALS_PER_SEAT = 2
HANDICAPS = ({"removed": {"moon": [2], "sun": [3, 1]}}, {"removed": {"moon": [5, 5, 1], "sun": []}})


def _options(index: int) -> dict | None:
    return HANDICAPS[index % 4 // 2] if index % 4 in (1, 3) else None


def _chooser(index: int):
    bots = {"heuristic": get_bot("druidenwalzer", "heuristic"),
            "random": get_bot("druidenwalzer", "random")}
    # Heuristic against random ends early; heuristic against itself plays
    # long games, with reshuffles and many cards drawn unseen.
    levels = (("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic"))[
        index % 3]
    budget = Budget(iterations=2)

    def choose(seat, view, legal, history, rng):
        return bots[levels[SEATS.index(seat)]].choose(view, legal, rng, budget, history=history)

    return choose


def audit(games: int, first_seed: int = 0) -> int:
    """Check every deal of ``games`` games; the number of deals checked."""
    checked = 0
    for index in range(games):
        seed = first_seed + index
        rng = random.Random(seed)
        for position in play_audited(_chooser(index), seed, _options(index)):
            for seat in SEATS:
                observation = Observation(RULES.view(position.state, seat),
                                          position.histories[seat])
                assert observation.exact is not None, (seed, seat, "the log did not fit")
                for _ in range(DEALS_PER_SEAT):
                    dealt = observation.sample(rng)
                    found = problems(position, seat, dealt)
                    assert not found, (seed, seat, position.state.turn, found)
                    checked += 1
    return checked


def test_it_deals_only_what_fits_everything_seen_in_16_games():
    assert audit(16) > 1000


@pytest.mark.slow
def test_it_deals_only_what_fits_everything_seen_in_300_games():
    assert audit(300, first_seed=1000) > 20000


def test_it_finds_the_true_state_fitting_and_the_view_only_deals_mostly_not():
    # The check itself: the real state always fits; deals from the view
    # alone (no first view, no log) mostly do not.
    positions = misfits = 0
    for index in range(4):
        rng = random.Random(index)
        for position in play_audited(_chooser(index), index, _options(index)):
            for seat in SEATS:
                assert not problems(position, seat, position.state)
                blind = Observation(RULES.view(position.state, seat))
                positions += 1
                misfits += bool(problems(position, seat, blind.sample(rng)))
    assert misfits > positions // 3
