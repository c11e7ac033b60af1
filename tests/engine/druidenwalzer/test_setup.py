"""Setup (section 3): the deck, the shuffles, the first hands, druid placement."""

from __future__ import annotations

from collections import Counter

import pytest

from games.rules import IllegalMove
from games.rules.druidenwalzer.constants import CARD_NAMES, full_deck
from games.rules.rng import derive_rng

from .helpers import RULES, apply, load


def all_cards(data: dict, seat: str) -> list[str]:
    player = data["players"][seat]
    cards = list(player["cult_board"]) + player["hand"] + player["draw_pile"]
    for entry in player["trees"]:
        cards += entry["down"] + entry["up"]
    return cards


def test_ruling_deck_six_per_value_three_left_three_right():
    """Ruling (deck): 6 cards per value 1..5, 3 pointing L and 3 pointing R."""
    data = RULES.to_json(RULES.new_game(5))
    for seat, letter in (("moon", "M"), ("sun", "S")):
        counts = Counter(all_cards(data, seat))
        assert sum(counts.values()) == 30
        for value in range(1, 6):
            assert counts[f"{letter}{value}L"] == 3
            assert counts[f"{letter}{value}R"] == 3


def test_new_game_lays_out_stacks_cult_board_hand_and_draw_pile():
    data = RULES.to_json(RULES.new_game(11))
    assert data["phase"] == "setup"
    assert data["to_move"] == "moon"
    assert data["winner"] is None
    assert data["turn"] == 0
    for seat in ("moon", "sun"):
        player = data["players"][seat]
        assert len(player["trees"]) == 4
        for entry in player["trees"]:
            assert len(entry["down"]) == 4 and len(entry["up"]) == 1
            assert entry["druid"] is None and entry["signs"] == 0 and not entry["flipped"]
        assert len(player["cult_board"]) == 1
        assert player["cult_board"][0][1] == "1"  # a card of value 1
        assert len(player["hand"]) == 3
        assert len(player["draw_pile"]) == 30 - 1 - 20 - 3
        assert player["removed"] == []
        # every card is its own cult's
        assert {card[0] for card in all_cards(data, seat)} == {seat[0].upper()}


def test_ruling_first_one_in_the_shuffled_deck_goes_to_the_cult_board():
    """Ruling: which 1 goes to the cult board is decided by the shuffle."""
    seed = 1234
    data = RULES.to_json(RULES.new_game(seed))
    for cult, seat in ((0, "moon"), (1, "sun")):
        deck = full_deck(cult)
        derive_rng(seed, "setup", seat).shuffle(deck)
        names = [CARD_NAMES[code] for code in deck]
        first_one = next(name for name in names if name[1] == "1")
        assert data["players"][seat]["cult_board"] == [first_one]
        names.remove(first_one)
        # then the stacks in tree order, the top of each turned up
        for number in range(4):
            stack = names[number * 5 : number * 5 + 5]
            entry = data["players"][seat]["trees"][number]
            assert entry["down"] + entry["up"] == stack
        rest = names[20:]
        player = data["players"][seat]
        assert player["hand"] == rest[:3]
        assert player["draw_pile"] == rest[3:]


def test_setup_shuffle_is_determined_by_the_seed():
    assert RULES.to_json(RULES.new_game(3)) == RULES.to_json(RULES.new_game(3))
    assert RULES.to_json(RULES.new_game(3)) != RULES.to_json(RULES.new_game(4))


def test_druids_are_placed_alternately_moon_first_six_placements():
    state = RULES.new_game(8)
    order = []
    for _ in range(6):
        assert state.phase == 0  # setup
        seat = RULES.to_move(state)
        order.append(seat)
        move = RULES.legal_moves(state)[0]
        assert move["type"] == "place"
        applied = RULES.apply(state, move)
        assert applied.events[0]["type"] == "place"
        assert applied.events[0]["player"] == seat
        state = applied.state
    assert order == ["moon", "sun"] * 3
    data = RULES.to_json(state)
    assert data["phase"] == "play" and data["to_move"] == "moon" and data["turn"] == 0
    for seat in ("moon", "sun"):
        druids = [entry["druid"] for entry in data["players"][seat]["trees"]]
        assert sorted(d for d in druids if d) == ["black", "orange", "purple"]
        assert druids.count(None) == 1  # one tree per player stays without a druid


def test_placement_only_on_own_tree_without_druid_and_each_colour_once():
    state = RULES.new_game(9)
    data, events = apply(state, {"type": "place", "druid": "orange", "tree": 2})
    assert events == [
        {"type": "place", "player": "moon", "druid": "orange", "tree": 2, "position": "M2"}
    ]
    # sun's turn: every colour on any of sun's four trees
    assert len(RULES.legal_moves(load(data))) == 12
    data, _ = apply(data, {"type": "place", "druid": "purple", "tree": 1})
    legal = RULES.legal_moves(load(data))
    assert {m["druid"] for m in legal} == {"purple", "black"}
    assert {m["tree"] for m in legal} == {1, 3, 4}
    with pytest.raises(IllegalMove, match="already placed the orange druid"):
        apply(data, {"type": "place", "druid": "orange", "tree": 3})
    with pytest.raises(IllegalMove, match="tree 2 already has a druid"):
        apply(data, {"type": "place", "druid": "black", "tree": 2})


def test_only_placements_during_setup_and_none_in_play():
    state = RULES.new_game(10)
    hand_card = RULES.to_json(state)["players"]["moon"]["hand"][0]
    with pytest.raises(IllegalMove, match="only druid placements"):
        RULES.apply(state, {"type": "waltz", "card": hand_card, "tree": 1})
    for _ in range(6):
        state = RULES.apply(state, RULES.legal_moves(state)[0]).state
    with pytest.raises(IllegalMove, match="only during setup"):
        RULES.apply(state, {"type": "place", "druid": "purple", "tree": 1})


def test_setup_placements_do_not_count_as_turns():
    state = RULES.new_game(12)
    for _ in range(6):
        state = RULES.apply(state, RULES.legal_moves(state)[0]).state
    assert RULES.turn_number(state) == 0
    state = RULES.apply(state, RULES.legal_moves(state)[0]).state
    assert RULES.turn_number(state) == 1
