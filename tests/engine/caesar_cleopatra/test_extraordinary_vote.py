"""The extraordinary vote (section 3, vote check): 8 or more cards at a group."""

from __future__ import annotations

from .helpers import apply, at, draw, events_of, legal, place, play_moves, position, side

EIGHT = {
    "cleopatra": at(["C2", "C2"], ["C3", "C3"]),  # 10
    "caesar": at(["R1"], ["R1", "R1", "R4"]),  # 7
}


def finish(groups: dict, step: str = "placed", **changes):
    data = position(
        hands={"cleopatra": ["C1", "C1", "C1", "C1"], "caesar": ["R5", "R5"]},
        influence={"cleopatra": ["C4"], "caesar": ["R5"]},
        groups=groups,
        vote_deck=["V-praetors", "V-orgy"],
        step=step,
        **changes,
    )
    after, events = apply(data, draw(1, 0))
    return data, after, events


def test_a_group_with_eight_cards_votes_and_no_vote_card_is_turned():
    before, after, events = finish({"quaestors": EIGHT})
    assert events_of(events, "extraordinary_vote") == [
        {"type": "extraordinary_vote", "group": "quaestors"}
    ]
    assert events_of(events, "vote_card") == []
    assert after["vote_deck"] == before["vote_deck"]
    (vote,) = events_of(events, "vote")
    assert vote["extraordinary"] is True and vote["winner"] == "cleopatra"
    assert after["players"]["cleopatra"]["patricians"]["quaestors"] == 1
    assert side(after, "quaestors", "cleopatra")["up"] == ["C2", "C2", "C3"]
    assert side(after, "quaestors", "caesar")["up"] == ["R1", "R1", "R4"]


def test_several_groups_vote_in_group_order():
    groups = {
        "censors": {"cleopatra": at(["C3"], ["C2", "C2", "C2"]), "caesar": at(["R3"] * 4)},
        "senators": EIGHT,
        "praetors": {"cleopatra": at(["C1"]), "caesar": at(["R1"])},  # 2 cards: no vote
    }
    _, after, events = finish(groups)
    order = [e["group"] for e in events_of(events, "extraordinary_vote")]
    assert order == ["senators", "censors"]
    votes = events_of(events, "vote")
    assert [(v["group"], v["winner"]) for v in votes] == [
        ("senators", "cleopatra"),
        ("censors", "caesar"),
    ]
    assert events_of(events, "vote_card") == []
    assert side(after, "praetors", "cleopatra") == {"down": ["C1"], "up": []}  # untouched


def test_a_tie_stays_and_is_voted_on_again_after_the_next_active_turn():
    tie = {"cleopatra": at(["C2", "C2"], ["C2", "C2"]), "caesar": at(["R2"] * 4)}
    _, after, events = finish({"aediles": tie})
    assert events_of(events, "vote")[0]["result"] == "tie"
    assert after["groups"]["aediles"]["caesar"]["up"] == ["R2"] * 4
    assert after["groups"]["aediles"]["patricians"] == 3
    # caesar's turn: the group takes no more cards, so only action cards could break the tie
    assert after["current"] == "caesar"
    assert not any(m.get("group") == "aediles" for m in legal(after) if m["type"] == "place")
    after, events = play_moves(after, place("R5", "senators"), draw(1, 0))
    assert [e["group"] for e in events_of(events, "extraordinary_vote")] == ["aediles"]
    assert events_of(events, "vote")[0]["result"] == "tie"


def test_a_passive_turn_holds_no_extraordinary_vote():
    _, after, events = finish({"quaestors": EIGHT}, step="passive")
    assert events_of(events, "extraordinary_vote") == []
    assert events_of(events, "vote_card") == []
    assert side(after, "quaestors", "cleopatra")["down"] == ["C2", "C2"]
