"""The chances of the opponent's setup orders and bonus card (``setup_prior``):
a distribution over the 120 orders for each bonus card, deals that follow it and
still fit the log (``test_exact_deals``), and nearer the truth than even chances."""

from __future__ import annotations

import random

import pytest

from games.ai.arena_match import ArenaConfig, play_game
from games.ai.caesar_cleopatra.determinize import Observation
from games.ai.caesar_cleopatra.setup_prior import SetupPrior, chances
from games.rules import get_rules
from games.rules.caesar_cleopatra.constants import SEAT_INDEX, card_code
from tests.bench_scripts import load

RULES = get_rules("caesar-cleopatra")


def test_each_bonus_card_gives_a_distribution_over_the_120_orders():
    for bonus, table in enumerate(chances()):
        assert len(table) == 120 and abs(sum(table.values()) - 1) < 1e-9
        likeliest = max(table, key=table.__getitem__)
        assert likeliest[bonus] in (4, 5)  # a high card where the bonus card counts


def test_trust_mixes_the_habits_with_evenchances():
    habits, even, half = chances(1.0), chances(0.0), chances(0.5)
    for bonus in range(3):
        assert all(abs(chance - 1 / 120) < 1e-12 for chance in even[bonus].values())
        for order, chance in half[bonus].items():
            assert abs(chance - (habits[bonus][order] + 1 / 120) / 2) < 1e-12


def test_the_bonus_card_follows_the_order():
    prior = SetupPrior([0, 1, 1, 2, 2])  # the seat holds a Senators bonus card
    five_at_praetors = tuple(card_code(1, value) for value in (1, 5, 2, 4, 3))
    rng = random.Random(1)
    drawn = [prior.bonus(five_at_praetors, rng) for _ in range(2000)]
    assert drawn.count(1) / 2000 > 0.6  # the pool alone: 2 in 5
    plain = [prior.bonus(None, rng) for _ in range(2000)]
    assert abs(plain.count(1) / 2000 - 0.4) < 0.05


@pytest.mark.parametrize("trust", [0.5, 1.0])
def test_its_deals_hold_the_real_setup_cards_and_bonus_card_more_often(trust):
    hits = {0.0: [0.0, 0.0], trust: [0.0, 0.0]}
    config = ArenaConfig(a="heuristic", b="heuristic", games=8, seed=99,
                         game="caesar-cleopatra")

    def observe(state, seat, legal, history) -> None:
        view = RULES.view(state, seat)
        if view["phase"] == "setup" or state.turn % 3:
            return
        opponent = 1 - SEAT_INDEX[seat]
        hidden = [(g, state.down[g * 2 + opponent]) for g in range(5)]
        for prior in hits:
            observation = Observation(view, history, setup_prior=prior)
            rng = random.Random(state.turn)
            for _ in range(8):
                deal = observation.sample(rng)
                hits[prior][0] += sum(sorted(deal.down[g * 2 + opponent]) == sorted(real)
                                      for g, real in hidden if real)
                hits[prior][1] += deal.bonus[opponent] == state.bonus[opponent]

    for index in range(8):
        play_game(config, index, observe)
    better = 1 + 0.06 * trust  # measured: 5 % more at trust 0.5, 13 % at 1
    assert hits[trust][0] > better * hits[0.0][0]
    assert hits[trust][1] > better * hits[0.0][1]


def test_the_fit_counts_one_value_per_group_for_each_seat():
    counts = load("cc_fit_setup").count_setups("heuristic", games=3, seed=1)
    for group in range(5):
        assert sum(sum(counts[bonus][group]) for bonus in range(3)) == 6  # 3 games, 2 seats
    for bonus in counts:  # each setup puts every value somewhere once
        per_value = [sum(row[value] for row in bonus) for value in range(5)]
        assert len(set(per_value)) == 1
