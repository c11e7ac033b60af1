"""Turn order, dealing rounds and cycles (sections 5 and 9)."""

from __future__ import annotations

from collections import Counter

from games.rules.rng import shuffled

from .helpers import RULES, apply, events_of, load, move, position


def test_the_next_seat_to_the_left_holding_cards_moves_and_the_others_are_skipped():
    data = position(
        4, lines={5: ["0:K"]}, hands={0: ["K/0", "1/0"], 1: [], 2: [], 3: ["K/3"]}, deal=2
    )
    after, events = apply(data, move("K/0", "0:K", "1/0"))
    assert after["to_move"] == 3
    assert events_of(events, "skip") == [
        {"type": "skip", "seat": "1"},
        {"type": "skip", "seat": "2"},
    ]


def test_ruling_the_same_player_moves_again_if_no_one_else_holds_cards():
    """Ruling (turn order)."""
    data = position(3, lines={5: ["0:K"]}, hands={0: ["K/0", "1/0", "D/0"]}, deal=2)
    after, events = apply(data, move("K/0", "0:K", "1/0"))
    assert after["to_move"] == 0 and after["turn"] == data["turn"] + 1
    assert [e["seat"] for e in events_of(events, "skip")] == ["1", "2"]


def test_when_no_one_holds_cards_the_dealer_deals_4_each_and_left_of_dealer_starts():
    data = position(3, lines={5: ["0:K"]}, hands={0: ["K/0", "1/0"]}, dealer=1, deal=1)
    deck = data["deck"]
    after, events = apply(data, move("K/0", "0:K", "1/0"))
    assert after["deal"] == 2 and after["dealer"] == 1 and after["to_move"] == 2
    assert len(after["deck"]) == 12
    assert after["seats"][2]["hand"] == deck[0:12:3]
    assert after["seats"][0]["hand"] == deck[1:12:3]
    assert after["seats"][1]["hand"] == deck[2:12:3]
    deal = events_of(events, "deal")[0]
    assert (deal["deal"], deal["each"], deal["deck"], deal["cycle"]) == (2, 4, 12, 1)
    again, _ = apply(
        position(3, lines={5: ["0:K"]}, hands={0: ["K/0", "1/0"]}, dealer=1, deal=2),
        move("K/0", "0:K", "1/0"),
    )
    assert again["deal"] == 3 and again["deck"] == [] and again["to_move"] == 2


def test_ruling_after_three_deals_the_next_dealer_shuffles_the_whole_discard_pile():
    """Ruling: a cycle's deals use exactly the 13N cards; the new dealer (to the
    left) shuffles the discard pile into the new deck and deals 5 each."""
    data = position(3, lines={5: ["0:K"]}, hands={0: ["K/0", "1/0"]}, dealer=1, deal=3)
    after, events = apply(data, move("K/0", "0:K", "1/0"))
    pile = data["discard"] + ["K/0", "1/0"]
    assert len(pile) == 39
    deck = shuffled(pile, data["seed"], 2, "shuffle")
    assert after["dealer"] == 2 and after["cycle"] == 2 and after["deal"] == 1
    assert after["discard"] == [] and after["deck"] == deck[15:]
    assert after["to_move"] == 0
    assert after["seats"][0]["hand"] == deck[0:15:3]
    assert [e["type"] for e in events][-2:] == ["shuffle", "deal"]
    assert events_of(events, "shuffle")[0] == {
        "type": "shuffle",
        "dealer": "2",
        "cycle": 2,
        "cards": 39,
    }
    counts = Counter(after["deck"])
    for seat in after["seats"]:
        counts.update(seat["hand"])
    assert sum(counts.values()) == 39 and max(counts.values()) == 1


def test_a_new_cycle_is_seeded_by_the_state_seed():
    data = position(3, lines={5: ["0:K"]}, hands={0: ["K/0", "1/0"]}, dealer=1, deal=3)
    a, _ = apply(data, move("K/0", "0:K", "1/0"))
    b, _ = apply({**data, "seed": 8}, move("K/0", "0:K", "1/0"))
    assert sorted(a["deck"] + sum((s["hand"] for s in a["seats"]), [])) == sorted(
        b["deck"] + sum((s["hand"] for s in b["seats"]), [])
    )
    assert a["deck"] != b["deck"]


def test_ruling_every_seat_is_dealt_to_finished_or_not():
    castle = {rank: 7 - i for i, rank in enumerate("KDCBPSX")}
    data = position(
        4,
        teams=True,
        castle={2: castle},
        lines={5: ["0:K"]},
        hands={0: ["K/0", "1/0"]},
        finished=[2],
        dealer=3,
        deal=1,
    )
    after, _ = apply(data, move("K/0", "0:K", "1/0"))
    assert [len(seat["hand"]) for seat in after["seats"]] == [4, 4, 4, 4]


def test_discarding_counts_as_the_turn_and_play_passes_on():
    data = position(2, hands={0: ["D/0"], 1: ["K/1"]})
    state = load(data)
    assert RULES.legal_moves(state) == [{"type": "discard"}]
    after, _ = apply(data, {"type": "discard"})
    assert after["turn"] == data["turn"] + 1 and after["to_move"] == 1


def test_ruling_the_first_round_is_the_first_n_turns_and_a_discard_counts():
    """Ruling: the first round is the first N turns, one per seat from the
    dealer's left round to the dealer; a turn spent discarding counts."""
    state = RULES.new_game(4, {"players": 3})
    while RULES.to_json(state)["phase"] == "setup":
        state = RULES.apply(state, RULES.legal_moves(state)[0]).state
    dealer = RULES.to_json(state)["dealer"]
    movers = []
    for _ in range(3):
        data = RULES.to_json(state)
        assert data["first_round"] is True
        movers.append(data["to_move"])
        moves = RULES.legal_moves(state)
        assert all(m.get("card", "")[:1] not in ("J", "F") for m in moves)
        state = RULES.apply(state, moves[-1]).state
        while RULES.to_json(state)["pending"]:
            state = RULES.apply(state, {"type": "dice", "choice": "total"}).state
    assert movers == [(dealer + 1) % 3, (dealer + 2) % 3, dealer]
    assert RULES.to_json(state)["first_round"] is False
