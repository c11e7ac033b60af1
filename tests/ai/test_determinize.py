"""Dealing the unseen cards: every deal is consistent with the view."""

from __future__ import annotations

import random
from collections import Counter

from games.ai.druidenwalzer.determinize import Observation
from games.rules.druidenwalzer.constants import CARD_CULT, CARD_VALUE, TREE_POSITIONS
from games.rules.druidenwalzer.view import build_view

from .helpers import RULES, handicap


def _all_cards(state) -> Counter:
    cards: Counter = Counter()
    for position in range(10):
        cards.update(state.up[position])
        cards.update(state.down[position])
    for seat in (0, 1):
        cards.update(state.hand[seat])
        cards.update(state.draw[seat])
    return cards


def _random_positions(games: int):
    """Every position (both seats' views) of seeded random games."""
    rng = random.Random(4)
    for index in range(games):
        state = RULES.new_game(300 + index, handicap(index))
        while not RULES.is_over(state):
            yield state
            state = RULES.apply_action(state, rng.choice(RULES.legal_actions(state)))


def test_it_deals_states_whose_view_is_the_real_view():
    rng = random.Random(1)
    checked = 0
    for state in _random_positions(60):
        for seat in (0, 1):
            view = build_view(state, seat)
            observation = Observation(view)
            for _ in range(2):
                dealt = observation.sample(rng)
                assert build_view(dealt, seat) == view
                checked += 1
    assert checked > 4000


def test_it_conserves_the_cards_of_each_cult():
    rng = random.Random(2)
    for state in _random_positions(30):
        seat = state.to_move
        dealt = Observation(build_view(state, seat)).sample(rng)
        # The engine's own validation: 30 cards per cult minus the handicap.
        RULES.from_json(RULES.to_json(dealt))
        real, sampled = _all_cards(state), _all_cards(dealt)
        for cult in (0, 1):
            assert sum(n for c, n in real.items() if CARD_CULT[c] == cult) == sum(
                n for c, n in sampled.items() if CARD_CULT[c] == cult
            )
        # Removed cards: exactly the handicap's values are missing per cult.
        for cult in (0, 1):
            values: Counter = Counter()
            for card, count in sampled.items():
                if CARD_CULT[card] == cult:
                    values[CARD_VALUE[card]] += count
            for value in range(1, 6):
                assert values[value] == 6 - state.removed[cult].count(value)


def test_it_keeps_what_the_viewer_knows_and_deals_face_down_cards_from_their_owner():
    rng = random.Random(3)
    for state in _random_positions(20):
        seat = state.to_move
        dealt = Observation(build_view(state, seat)).sample(rng)
        assert dealt.hand[seat] == state.hand[seat]
        for attribute in ("phase", "to_move", "turn", "druid", "signs", "flipped", "removed"):
            assert getattr(dealt, attribute) == getattr(state, attribute)
        for side in (0, 1):
            for position in TREE_POSITIONS[side]:
                assert all(CARD_CULT[card] == side for card in dealt.down[position])
                assert dealt.up[position][-1:] == state.up[position][-1:]


def test_it_really_samples_the_hidden_cards_and_repeats_with_the_same_seed():
    state = next(s for s in _random_positions(1) if s.phase == 1 and s.turn >= 6)
    observation = Observation(build_view(state, state.to_move))
    opponent = 1 - state.to_move
    hands = {tuple(sorted(observation.sample(random.Random(n)).hand[opponent])) for n in range(20)}
    assert len(hands) > 5
    first = observation.sample(random.Random(42))
    assert observation.sample(random.Random(42)) == first
