"""Deals that weigh the opponent's face-down cards by what players put face down
(``search.DOWN_HABITS``, ``knowledge.ExactDeals``): the stories told are drawn
again by the product of the habits over the cards placed face down in play, so
the deals hold more high cards and fewer 1s there, and still fit the log
(``test_exact_deals`` audits them)."""

from __future__ import annotations

import random

from games.ai.arena_match import ArenaConfig, play_game
from games.ai.caesar_cleopatra.determinize import Observation
from games.ai.caesar_cleopatra.knowledge import STORIES
from games.ai.caesar_cleopatra.search import DOWN_HABITS
from games.rules import get_rules
from games.rules.caesar_cleopatra.constants import CARD_KIND, SEAT_INDEX

RULES = get_rules("caesar-cleopatra")


def test_the_deals_put_higher_cards_face_down_with_the_habits():
    seen = {None: [0, 0, 0], DOWN_HABITS: [0, 0, 0]}  # value sum, cards, 1s
    config = ArenaConfig(a="heuristic", b="heuristic", games=2, seed=5, game="caesar-cleopatra")
    decisions = [0]

    def observe(state, seat, legal, history) -> None:
        view = RULES.view(state, seat)
        decisions[0] += 1
        if view["phase"] == "setup" or decisions[0] % 10:
            return
        opponent = 1 - SEAT_INDEX[seat]
        for habits, counts in seen.items():
            observation = Observation(view, history, down_habits=habits)
            rng = random.Random(decisions[0])
            for number in range(STORIES + 100):
                deal = observation.sample(rng)
                if number < STORIES:
                    continue  # the stories told first are drawn alike
                for group in range(5):
                    for card in deal.down[group * 2 + opponent]:
                        counts[0] += CARD_KIND[card]
                        counts[1] += 1
                        counts[2] += CARD_KIND[card] == 1

    for index in range(2):
        play_game(config, index, observe)
    plain, habits = seen[None], seen[DOWN_HABITS]
    assert plain[1] == habits[1] > 1000  # as many face-down cards in both
    assert habits[0] / habits[1] > plain[0] / plain[1] + 0.1  # measured: 2.69 -> 2.95
    assert habits[2] / habits[1] < plain[2] / plain[1] - 0.03  # 1s: 26.5 % -> 19.5 %
