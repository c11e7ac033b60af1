"""Handicaps (section 8)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.rules import InvalidOptions
from games.rules.druidenwalzer.constants import CARD_NAMES, full_deck
from games.rules.rng import derive_rng

from .helpers import RULES
from .test_setup import all_cards


def test_rematch_winner_plays_without_a_2():
    """Rematch rule: the winner plays without a 2 (Ruling: one removed card at
    most, a loss ends the streak: the site's policy, which hands the engine
    the list of removed values)."""
    data = RULES.to_json(RULES.new_game(4, {"removed": {"moon": [2], "sun": []}}))
    moon = Counter(card[1] for card in all_cards(data, "moon"))
    sun = Counter(card[1] for card in all_cards(data, "sun"))
    assert moon == {"1": 6, "2": 5, "3": 6, "4": 6, "5": 6}
    assert sum(sun.values()) == 30
    assert data["players"]["moon"]["removed"] == [2]
    assert data["players"]["sun"]["removed"] == []
    # the stacks and the hand are full; the draw pile is one card shorter
    assert len(data["players"]["moon"]["draw_pile"]) == 5


def test_ruling_the_arrow_of_a_removed_card_is_decided_by_the_shuffle():
    """Ruling: the handicap removes the first card of that value in the shuffled deck."""
    seed = 77
    data = RULES.to_json(RULES.new_game(seed, {"removed": {"sun": [3]}}))
    deck = full_deck(1)
    derive_rng(seed, "setup", "sun").shuffle(deck)
    names = [CARD_NAMES[code] for code in deck]
    removed_card = next(name for name in names if name[1] == "3")
    full = Counter(names)
    assert full - Counter(all_cards(data, "sun")) == Counter([removed_card])


def test_strength_handicap_and_any_list_of_values():
    data = RULES.to_json(RULES.new_game(5, {"removed": {"moon": [1], "sun": [2, 3, 3]}}))
    assert len(all_cards(data, "moon")) == 29
    assert len(all_cards(data, "sun")) == 27
    assert Counter(c[1] for c in all_cards(data, "sun"))["3"] == 4
    assert RULES.from_json(data) is not None  # valid with the removed lists


def test_removing_every_1_leaves_the_cult_board_empty():
    data = RULES.to_json(RULES.new_game(6, {"removed": {"moon": [1] * 6}}))
    assert data["players"]["moon"]["cult_board"] == []
    assert len(all_cards(data, "moon")) == 24


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"removed": {"moon": [6]}}, "integer 1..5, got 6"),
        ({"removed": {"moon": ["2"]}}, "integer 1..5, got '2'"),
        ({"removed": {"moon": [2] * 7}}, "only 6 cards of value 2"),
        ({"removed": {"venus": [2]}}, "unknown player 'venus'"),
        ({"removed": [2]}, "removed must map moon and sun"),
        ({"handicap": 2}, "unknown option 'handicap'"),
        ("two", "options must be a JSON object"),
    ],
)
def test_bad_handicap_options_are_refused(options, message):
    with pytest.raises(InvalidOptions, match=message):
        RULES.new_game(1, options)
