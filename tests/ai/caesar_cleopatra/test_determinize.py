"""Dealing the unseen cards: every deal is a valid state that shows the bot
exactly its view, with each player's 50 cards conserved."""

from __future__ import annotations

import random
from collections import Counter

from games.ai.caesar_cleopatra.determinize import Observation
from games.rules.caesar_cleopatra.constants import CARD_NAMES, action_deck, influence_deck

from .helpers import RULES, positions


def _cards(data: dict, seat: str) -> Counter:
    player = data["players"][seat]
    cards = Counter(player["hand"] + player["influence_pile"] + player["action_pile"])
    cards.update(player["discard"])
    for group in data["groups"].values():
        cards.update(group[seat]["down"] + group[seat]["up"])
    return cards


def test_every_deal_is_valid_and_shows_the_same_view():
    rng = random.Random(1)
    checked = 0
    for state, seat in positions(range(6), every=3):
        view = RULES.view(state, seat)
        observation = Observation(view)
        for _ in range(2):
            deal = observation.sample(rng)
            data = RULES.to_json(deal)
            RULES.from_json(data)  # the engine's validation: 50 cards each, places, counts
            assert RULES.view(deal, seat) == view
            assert sorted(RULES.legal_actions(deal)) == sorted(RULES.legal_actions(state))
            for side, name in enumerate(("cleopatra", "caesar")):
                full = Counter(CARD_NAMES[c] for c in influence_deck(side) + action_deck(side))
                assert _cards(data, name) == full
            checked += 1
    assert checked > 200


def test_it_deals_different_hidden_cards_and_keeps_the_known_ones():
    state = next(s for s, _seat in positions([3]) if RULES.turn_number(s) == 10)
    seat = RULES.to_move(state)
    other = "caesar" if seat == "cleopatra" else "cleopatra"
    observation = Observation(RULES.view(state, seat))
    rng = random.Random(2)
    hands = set()
    for _ in range(20):
        data = RULES.to_json(observation.sample(rng))
        assert data["players"][seat]["hand"] == RULES.to_json(state)["players"][seat]["hand"]
        hands.add(tuple(data["players"][other]["hand"]))
    assert len(hands) > 5


def test_early_on_the_opponent_holds_its_setup_cards():
    # Before anyone drew, the opponent's hand and face-down cards are its
    # two sets of 1..5: no philosopher can be there.
    state = RULES.new_game(4)
    for _ in range(2):
        state = RULES.apply_action(state, RULES.legal_actions(state)[7])
    observation = Observation(RULES.view(state, "cleopatra"))
    rng = random.Random(3)
    for _ in range(30):
        deal = observation.sample(rng)
        hidden = deal.hand[1] + [c for g in range(5) for c in deal.down[g * 2 + 1]]
        assert sorted(CARD_NAMES[c] for c in hidden) == sorted(
            f"R{v}" for v in (1, 2, 3, 4, 5) for _ in range(2)
        )
