"""Vote cards (section 3, vote check): Orgy, "Orgy / reshuffle", put aside."""

from __future__ import annotations

from collections import Counter

from games.rules.rng import derive_rng

from .helpers import apply, at, draw, events_of, position

ALL_VOTE_CARDS = Counter(
    ["V-senators", "V-praetors", "V-quaestors", "V-aediles", "V-censors"]
    + ["V-orgy", "V-orgy", "V-orgy-reshuffle"]
)


def end_turn(vote_deck, vote_discard=None, vote_aside=None, step="placed", seed=7, **changes):
    data = position(
        hands={"cleopatra": ["C1", "C1", "C1", "C1"], "caesar": ["R1"]},
        influence={"cleopatra": ["C2"], "caesar": ["R2"]},
        groups={"senators": {"cleopatra": at(["C5"]), "caesar": at(["R1"])}},
        vote_deck=vote_deck,
        vote_discard=vote_discard,
        vote_aside=vote_aside,
        step=step,
        seed=seed,
        **changes,
    )
    return data, *apply(data, draw(1, 0))


def test_an_orgy_holds_no_vote_and_goes_to_the_discard_pile():
    before, after, events = end_turn(["V-orgy", "V-senators"])
    assert events_of(events, "vote_card") == [
        {"type": "vote_card", "card": "V-orgy", "effect": "orgy"}
    ]
    assert events_of(events, "vote") == []
    assert after["vote_discard"] == ["V-orgy"]
    assert after["vote_deck"][0] == "V-senators"
    assert after["groups"]["senators"] == before["groups"]["senators"]


def test_orgy_reshuffle_shuffles_deck_and_discards_into_a_new_deck_without_a_vote():
    _, after, events = end_turn(
        ["V-orgy-reshuffle", "V-senators", "V-orgy"],
        vote_discard=["V-praetors", "V-orgy"],
        vote_aside=["V-censors"],
        won={"cleopatra": {"censors": 3}},
    )
    assert [e["effect"] for e in events_of(events, "vote_card")] == ["reshuffle"]
    assert events_of(events, "vote_reshuffle") == [{"type": "vote_reshuffle", "count": 7}]
    assert events_of(events, "vote") == []
    assert after["vote_discard"] == []
    assert after["vote_aside"] == ["V-censors"]  # put aside for good
    assert Counter(after["vote_deck"]) == ALL_VOTE_CARDS - Counter(["V-censors"])
    assert "V-orgy-reshuffle" in after["vote_deck"]


def test_the_reshuffle_is_drawn_from_the_seed_and_the_turn():
    decks = set()
    for seed in range(8):
        _, after, _ = end_turn(["V-orgy-reshuffle"], vote_discard=["V-orgy"], seed=seed, turn=4)
        _, again, _ = end_turn(["V-orgy-reshuffle"], vote_discard=["V-orgy"], seed=seed, turn=4)
        assert after["vote_deck"] == again["vote_deck"]  # replayable
        decks.add(tuple(after["vote_deck"]))
        # documented: the cards in code order, shuffled by derive_rng(seed, turn, "vote")
        order = ["V-senators", "V-praetors", "V-quaestors", "V-aediles", "V-censors"]
        order += ["V-orgy", "V-orgy", "V-orgy-reshuffle"]
        derive_rng(seed, 4, "vote").shuffle(order)
        assert after["vote_deck"] == order
    assert len(decks) > 4


def test_a_card_of_a_finished_group_is_put_aside_and_the_next_one_turned():
    before, after, events = end_turn(
        ["V-aediles", "V-senators", "V-orgy"],
        won={"cleopatra": {"aediles": 2}, "caesar": {"aediles": 1}},
    )
    assert [(e["card"], e["effect"]) for e in events_of(events, "vote_card")] == [
        ("V-aediles", "aside"),
        ("V-senators", "vote"),
    ]
    assert after["vote_aside"] == ["V-aediles"]
    assert after["vote_discard"] == ["V-senators"]
    assert after["vote_deck"] == [
        "V-orgy",
        "V-praetors",
        "V-quaestors",
        "V-censors",
        "V-orgy",
        "V-orgy-reshuffle",
    ]
    assert after["players"]["cleopatra"]["patricians"]["senators"] == 1


def test_several_cards_put_aside_then_an_orgy():
    _, after, events = end_turn(
        ["V-aediles", "V-censors", "V-orgy"],
        won={"cleopatra": {"aediles": 3}, "caesar": {"censors": 3}},
    )
    assert [(e["card"], e["effect"]) for e in events_of(events, "vote_card")] == [
        ("V-aediles", "aside"),
        ("V-censors", "aside"),
        ("V-orgy", "orgy"),
    ]
    assert after["vote_aside"] == ["V-aediles", "V-censors"]


def test_a_vote_at_a_group_without_cards_is_a_tie():
    _, after, events = end_turn(["V-quaestors"])
    (vote,) = events_of(events, "vote")
    assert vote["result"] == "tie" and vote["totals"] == {"cleopatra": 0, "caesar": 0}
    assert after["vote_discard"] == ["V-quaestors"]


def test_a_passive_turn_turns_no_vote_card():
    before, after, events = end_turn(["V-senators"], step="passive")
    assert events_of(events, "vote_card") == []
    assert after["vote_deck"] == before["vote_deck"]
