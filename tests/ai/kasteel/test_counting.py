"""Counting the public cards: the chance that a foe's Bandit walks before our
next turn (``counting.hunter_chances``) comes from the cards the seat cannot
see and the public hand sizes, not from a fixed guess."""

from __future__ import annotations

from dataclasses import replace

from games.ai.kasteel.counting import hunter_chances
from games.ai.kasteel.evaluate import MOVE_CHANCE, NEW, evaluate
from games.ai.kasteel.heuristic import public_sizes
from games.ai.kasteel.observe import state_from_view
from games.rules.kasteel.constants import BANDIT, SHERIFF

from .test_evaluation import KINDS, RANKS, RULES

COUNTING = replace(NEW, counting=True)
HUNTER_CARDS = ["X/0", "X/1", "J/0", "J/1", "F/0", "F/1"]


def board(foe_hand: list[str], seen: list[str], hidden: list[str] = (),
          hand: tuple[str, ...] = ("K/0", "D/0")) -> dict:
    """Two seats in the first deal: ours holds ``hand`` (the King's and the
    Duke's card), its King on square 20 five squares ahead of the foe's
    Bandit; ``seen`` lie in the discard pile, ``hidden`` in the deck (the
    rest fill both)."""
    hand = list(hand)
    placed = set(hand + foe_hand + list(seen) + list(hidden))
    rest = [f"{k}/{s}" for s in (0, 1) for k in KINDS if f"{k}/{s}" not in placed]
    deck = list(hidden) + rest[: 16 - len(hidden)]
    discard = list(seen) + rest[16 - len(hidden):]
    return {
        "game": "kasteel", "players": 2, "teams": False, "phase": "play", "to_move": 0,
        "pending": None, "roll": None, "turn": 5, "first_round": False, "dealer": 1,
        "deal": 1, "deck": deck, "discard": discard, "finished": [], "winners": [],
        "scores": None, "limit": 5, "cycle": 1,
        "seats": [
            {"hand": hand, "order": list(RANKS), "home": list("DCBPSX"),
             "track": {"K": [20, 0]}, "castle": {}},
            {"hand": foe_hand, "order": list(RANKS), "home": list("KDCBPS"),
             "track": {"X": [15, 0]}, "castle": {}},
        ],
    }


def chances(data: dict) -> dict:
    """The chances as the seat to move works them out from its view."""
    view = RULES.view(RULES.from_json(data), "0")
    return hunter_chances(state_from_view(view), 0, public_sizes(view))


def test_a_fresh_hand_gives_about_the_fixed_chance():
    found = chances(board(["C/1", "B/1", "P/1", "1/1"], []))[1, BANDIT]
    assert 0.3 < found < 0.8
    assert abs(found - MOVE_CHANCE) < 0.3


def test_a_foe_without_cards_walks_nothing_before_our_next_turn():
    found = chances(board([], []))
    assert found[1, BANDIT] == 0.0 and found[1, SHERIFF] == 0.0


def test_bandit_cards_jokers_and_jacks_already_played_cannot_walk_it():
    played = chances(board(["C/1", "B/1"], HUNTER_CARDS))
    unseen = chances(board(["C/1", "B/1"], [], HUNTER_CARDS))
    assert played[1, BANDIT] == 0.0
    assert unseen[1, BANDIT] > 0.1
    # the Sheriff's cards are still out: its chance stays
    assert played[1, SHERIFF] > 0.0


def test_it_reads_only_what_the_seat_may_see():
    # the foe holding the Bandit's cards or the deck holding them looks the same
    holding = board(["X/1", "J/1"], [], ["C/1", "B/1"])
    not_holding = board(["C/1", "B/1"], [], ["X/1", "J/1"])
    assert chances(holding) == chances(not_holding)
    # and the full state (every hand dealt) gives what the view gives
    state = RULES.from_json(holding)
    assert hunter_chances(state, 0) == chances(holding)


def test_a_king_in_reach_of_a_bandit_that_cannot_walk_is_safe():
    safe = RULES.from_json(board(["C/1", "B/1"], HUNTER_CARDS))
    view = RULES.view(safe, "0")
    state = state_from_view(view)
    counted = hunter_chances(state, 0, public_sizes(view))
    # the fixed chance fears the Bandit five squares behind; counting does not
    assert evaluate(state, 0, weights=COUNTING, chances=counted) > evaluate(
        state, 0, weights=NEW) + 5.0


def test_our_last_card_leaves_the_next_deal_to_the_fixed_chance():
    data = board(["C/1", "B/1"], HUNTER_CARDS)
    data["seats"][0]["hand"] = ["K/0"]
    data["discard"].append("D/0")
    assert chances(data) is None
