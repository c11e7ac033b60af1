"""Setup (section 4): the first player, the home orders, the first deal."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove, InvalidOptions
from games.rules.kasteel.setup import roll_for_first_player

from .helpers import RULES, apply, events_of


def placed(players: int = 3, seed: int = 5, options: dict | None = None):
    """A game of ``players`` after every home order is placed in rank order."""
    state = RULES.new_game(seed, {"players": players, **(options or {})})
    for _ in range(7 * players):
        seat = RULES.to_move(state)
        rank = next(
            r for r in "KDCBPSX" if r not in RULES.to_json(state)["seats"][int(seat)]["order"]
        )
        state = RULES.apply(state, {"type": "place", "piece": f"{seat}:{rank}"}).state
    return state


def test_new_game_is_the_state_before_the_home_orders():
    data = RULES.to_json(RULES.new_game(11, {"players": 4}))
    assert data["phase"] == "setup" and data["deal"] == 0 and data["turn"] == 0
    assert data["to_move"] == data["dealer"]
    assert data["roll"] is None and data["pending"] is None and data["first_round"] is True
    assert len(data["deck"]) == 52 and len(set(data["deck"])) == 52
    assert data["discard"] == [] and data["finished"] == [] and data["scores"] is None
    assert data["limit"] is None and data["cycle"] == 1
    for seat in data["seats"]:
        assert seat == {"hand": [], "order": [], "home": [], "track": {}, "castle": {}}


def test_the_highest_roll_starts():
    rounds = roll_for_first_player(0, 4)[1]
    for seed in range(300):
        first, rounds = roll_for_first_player(seed, 4)
        dice = dict(rounds[0])
        if len(rounds) == 1:
            assert dice[first] == max(dice.values())
            assert list(dice.values()).count(max(dice.values())) == 1
    assert rounds


def test_a_tie_for_highest_rolls_again_and_the_lowest_starts():
    """Ruling: only the tied players roll again; the lowest of that roll starts;
    further ties repeat the second roll."""
    seen_second = seen_third = False
    for seed in range(400):
        first, rounds = roll_for_first_player(seed, 6)
        high = max(d for _, d in rounds[0])
        contenders = [s for s, d in rounds[0] if d == high]
        for later in rounds[1:]:
            assert [s for s, _ in later] == contenders  # only the tied roll again
            low = min(d for _, d in later)
            contenders = [s for s, d in later if d == low]
        assert contenders == [first]
        seen_second |= len(rounds) >= 2
        seen_third |= len(rounds) >= 3
    assert seen_second and seen_third


def test_new_game_records_the_first_player_rolls_and_the_dealer():
    state = RULES.new_game(9, {"players": 5})
    first, rounds = roll_for_first_player(9, 5)
    data = RULES.to_json(state)
    assert data["dealer"] == data["to_move"] == first
    assert data["first_player_rolls"] == [[list(p) for p in r] for r in rounds]


def test_home_orders_are_placed_from_the_first_player_to_the_left_one_piece_at_a_time():
    state = RULES.new_game(5, {"players": 3})
    first = RULES.to_json(state)["dealer"]
    order = []
    for _ in range(21):
        seat = int(RULES.to_move(state))
        order.append(seat)
        legal = RULES.legal_moves(state)
        assert all(m["type"] == "place" and m["piece"].startswith(f"{seat}:") for m in legal)
        state = RULES.apply(state, legal[-1]).state
    assert order == [first] * 7 + [(first + 1) % 3] * 7 + [(first + 2) % 3] * 7
    data = RULES.to_json(state)
    assert data["phase"] == "play"
    for seat in data["seats"]:
        assert seat["order"] == list("XSPBCDK")  # always the last legal move: lowest first
        assert seat["home"] == seat["order"]


def test_setup_keeps_home_equal_to_order_and_refuses_wrong_placements():
    state = RULES.new_game(5, {"players": 2})
    seat = RULES.to_move(state)
    other = str(1 - int(seat))
    data, events = apply(state, {"type": "place", "piece": f"{seat}:C"})
    assert data["seats"][int(seat)]["order"] == ["C"] == data["seats"][int(seat)]["home"]
    assert events == [{"type": "place", "seat": seat, "piece": f"{seat}:C", "home": 1, "target": 7}]
    with pytest.raises(IllegalMove, match=f"is already in seat {seat}'s home"):
        apply(data, {"type": "place", "piece": f"{seat}:C"})
    with pytest.raises(IllegalMove, match=f"seat {seat} places its own pieces, not {other}:K"):
        apply(data, {"type": "place", "piece": f"{other}:K"})
    with pytest.raises(IllegalMove, match="during setup the only move is place"):
        apply(data, {"type": "discard"})


def test_the_first_deal_is_one_card_at_a_time_from_the_left_of_the_dealer():
    """Ruling: cards are dealt one at a time, starting with the player left of
    the dealer and ending with the dealer."""
    state = RULES.new_game(21, {"players": 3})
    deck = RULES.to_json(state)["deck"]
    dealer = RULES.to_json(state)["dealer"]
    for _ in range(20):
        state = RULES.apply(state, RULES.legal_moves(state)[0]).state
    data, events = apply(state, RULES.legal_moves(state)[0])
    for k in range(3):
        seat = (dealer + 1 + k) % 3
        assert data["seats"][seat]["hand"] == deck[k:15:3]
    assert data["deck"] == deck[15:]
    assert data["deal"] == 1 and data["to_move"] == (dealer + 1) % 3
    deal = events_of(events, "deal")[0]
    assert deal["each"] == 5 and deal["deck"] == 24 and deal["dealer"] == str(dealer)
    assert deal["secret"][str(dealer)]["cards"] == data["seats"][dealer]["hand"]


def test_the_deal_uses_no_new_randomness():
    """The deck shuffled by new_game is the one dealt, whatever the moves."""
    a = placed(3, seed=8)
    b = RULES.to_json(RULES.new_game(8, {"players": 3}))["deck"]
    data = RULES.to_json(a)
    hands = sum((seat["hand"] for seat in data["seats"]), [])
    assert sorted(hands + data["deck"]) == sorted(b)
    assert data["deck"] == b[15:]


@pytest.mark.parametrize(
    "options, message",
    [
        ({"players": 1}, "players must be an integer 2..12, got 1"),
        ({"players": 13}, "players must be an integer 2..12, got 13"),
        ({"players": "4"}, "players must be an integer 2..12"),
        ({"players": 2, "teams": True}, "teams need an even number of players, at least 4"),
        ({"players": 5, "teams": True}, "teams need an even number of players, at least 4"),
        ({"players": 4, "teams": "yes"}, "teams must be true or false"),
        ({"players": 4, "limit": 0}, "limit must be a number of dealing cycles"),
        ({"players": 4, "colour": 1}, "unknown option 'colour'"),
    ],
)
def test_bad_options_are_refused(options, message):
    """Ruling: teams only for an even N of at least 4."""
    with pytest.raises(InvalidOptions, match=message):
        RULES.new_game(1, options)


def test_default_options_and_teams():
    state = RULES.new_game(3)
    assert RULES.seats(state) == ("0", "1")
    assert RULES.teams(state) == (("0",), ("1",))
    state = RULES.new_game(3, {"players": 6, "teams": True, "limit": 2})
    assert RULES.seats(state) == ("0", "1", "2", "3", "4", "5")
    assert RULES.teams(state) == (("0", "3"), ("1", "4"), ("2", "5"))
    assert RULES.to_json(state)["limit"] == 2


def test_ruling_the_beul_card_is_the_bandits_card():
    """Ruling: the seed's "Beul" card is the Bandit's card: each colour brings
    K D C B P S X, a Joker, a Jack and the numbers 1-4."""
    deck = RULES.to_json(RULES.new_game(1, {"players": 2}))["deck"]
    assert sorted(deck) == sorted(
        f"{card}/{colour}" for colour in (0, 1) for card in "KDCBPSXJF1234"
    )
