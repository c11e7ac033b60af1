"""The vote (section 4), every philosopher case of the rules by name."""

from __future__ import annotations

from collections import Counter

import pytest

from .helpers import apply, at, draw, events_of, ordered, position, side


def vote_at(group: str, cleopatra: dict, caesar: dict, **changes):
    """Cleopatra finishes an active turn with the group's vote card on top."""
    data = position(
        hands={"cleopatra": ["C1", "C1", "C1", "C1"], "caesar": ["R1"]},
        influence={"cleopatra": ["C2"], "caesar": ["R2"]},
        groups={group: {"cleopatra": cleopatra, "caesar": caesar}},
        vote_deck=[f"V-{group}"],
        step="placed",
        **changes,
    )
    before = data
    after, events = apply(data, draw(1, 0))
    return before, after, events


def discarded(before: dict, after: dict, seat: str) -> list[str]:
    """The cards that went to ``seat``'s discard pile."""
    gained = Counter(after["players"][seat]["discard"]) - Counter(
        before["players"][seat]["discard"]
    )
    return ordered(list(gained.elements()))


def won(data: dict, seat: str, group: str) -> int:
    return data["players"][seat]["patricians"][group]


def vote_event(events: list[dict]) -> dict:
    (event,) = events_of(events, "vote")
    return event


def test_the_higher_total_wins_then_removes_its_highest_the_loser_its_lowest():
    before, after, events = vote_at("senators", at(["C2"], ["C5"]), at([], ["R3", "R1"]))
    assert won(after, "cleopatra", "senators") == 1
    assert after["groups"]["senators"]["patricians"] == 4
    assert side(after, "senators", "cleopatra") == {"down": [], "up": ["C2"]}
    assert side(after, "senators", "caesar") == {"down": [], "up": ["R3"]}
    assert discarded(before, after, "cleopatra") == ["C5"]
    assert discarded(before, after, "caesar") == ["R1"]
    types = [e["type"] for e in events]
    assert types[:7] == ["draw", "vote_card", "reveal", "vote", "patrician", "remove", "remove"]
    assert events_of(events, "vote_card") == [
        {"type": "vote_card", "card": "V-senators", "effect": "vote"}
    ]
    assert events_of(events, "reveal") == [
        {"type": "reveal", "group": "senators", "cards": {"cleopatra": ["C2"], "caesar": []}}
    ]
    assert vote_event(events) == {
        "type": "vote",
        "group": "senators",
        "extraordinary": False,
        "totals": {"cleopatra": 7, "caesar": 4},
        "philosophers": {"cleopatra": 0, "caesar": 0},
        "reversed": False,
        "result": "win",
        "winner": "cleopatra",
    }
    assert events_of(events, "patrician") == [
        {"type": "patrician", "player": "cleopatra", "group": "senators", "won": 1, "remaining": 4}
    ]
    assert [(e["player"], e["cards"], e["reason"]) for e in events_of(events, "remove")] == [
        ("cleopatra", ["C5"], "highest"),
        ("caesar", ["R1"], "lowest"),
    ]
    assert after["vote_discard"] == ["V-senators"]


def test_equal_totals_leave_everything_face_up_until_the_next_vote():
    before, after, events = vote_at("praetors", at(["C3"]), at(["R1"], ["R2"]))
    assert vote_event(events)["result"] == "tie" and vote_event(events)["winner"] is None
    assert side(after, "praetors", "cleopatra") == {"down": [], "up": ["C3"]}
    assert side(after, "praetors", "caesar") == {"down": [], "up": ["R1", "R2"]}
    assert after["groups"]["praetors"]["patricians"] == 5
    assert discarded(before, after, "cleopatra") == discarded(before, after, "caesar") == []


def test_a_player_without_cards_has_total_zero_and_removes_nothing():
    before, after, _ = vote_at("quaestors", at(["C2"]), at())
    assert won(after, "cleopatra", "quaestors") == 1
    assert discarded(before, after, "cleopatra") == ["C2"]
    assert discarded(before, after, "caesar") == []


# -- philosophers (section 4, "Philosophers") ----------------------------------------
def test_one_philosopher_one_side_the_lower_total_wins():
    before, after, events = vote_at("senators", at(["CP"], ["C5", "C1"]), at([], ["R2", "R3"]))
    event = vote_event(events)
    assert event["reversed"] is True and event["winner"] == "caesar"
    assert event["totals"] == {"cleopatra": 6, "caesar": 5}
    assert event["philosophers"] == {"cleopatra": 1, "caesar": 0}
    assert won(after, "caesar", "senators") == 1
    # the higher side still discards its highest, the lower its lowest, and the philosopher goes
    assert discarded(before, after, "cleopatra") == ["CP", "C5"]
    assert discarded(before, after, "caesar") == ["R2"]
    assert side(after, "senators", "cleopatra")["up"] == ["C1"]
    assert side(after, "senators", "caesar")["up"] == ["R3"]
    reasons = [(e["player"], e["reason"]) for e in events_of(events, "remove")]
    assert reasons == [
        ("cleopatra", "highest"),
        ("caesar", "lowest"),
        ("cleopatra", "philosophers"),
    ]


def test_equal_totals_with_a_philosopher_nothing_happens_it_stays_face_up():
    before, after, events = vote_at("praetors", at(["CP", "C3"]), at([], ["R3"]))
    assert vote_event(events)["result"] == "tie"
    assert side(after, "praetors", "cleopatra") == {"down": [], "up": ["CP", "C3"]}
    assert discarded(before, after, "cleopatra") == []


def test_a_philosopher_alone_at_a_group_no_decision_it_stays_face_up():
    before, after, events = vote_at("aediles", at(["CP"]), at())
    assert vote_event(events)["result"] == "tie"
    assert side(after, "aediles", "cleopatra") == {"down": [], "up": ["CP"]}
    assert after["groups"]["aediles"]["patricians"] == 3


def test_only_a_philosopher_against_only_ordinary_cards_the_philosophers_side_wins():
    before, after, events = vote_at("censors", at(["CP"]), at(["R4"], ["R1"]))
    assert vote_event(events)["winner"] == "cleopatra"
    assert won(after, "cleopatra", "censors") == 1
    assert discarded(before, after, "caesar") == ["R4"]  # the higher total's highest
    assert discarded(before, after, "cleopatra") == ["CP"]  # no ordinary card; the philosopher
    assert side(after, "censors", "caesar")["up"] == ["R1"]


def test_one_philosopher_on_each_side_they_cancel_the_higher_total_wins():
    before, after, events = vote_at("senators", at(["CP", "C4"]), at(["RP"], ["R2"]))
    event = vote_event(events)
    assert event["reversed"] is False and event["winner"] == "cleopatra"
    assert discarded(before, after, "cleopatra") == ["CP", "C4"]
    assert discarded(before, after, "caesar") == ["RP", "R2"]
    assert (
        side(after, "senators", "cleopatra")
        == side(after, "senators", "caesar")
        == {
            "down": [],
            "up": [],
        }
    )


def test_one_philosopher_against_two_the_lower_total_wins():
    before, after, events = vote_at("quaestors", at(["CP", "C1"], ["C2"]), at(["RP", "RP"], ["R5"]))
    event = vote_event(events)
    assert event["philosophers"] == {"cleopatra": 1, "caesar": 2}
    assert event["reversed"] is True and event["winner"] == "cleopatra"
    assert discarded(before, after, "caesar") == ["RP", "RP", "R5"]
    assert discarded(before, after, "cleopatra") == ["CP", "C1"]
    assert side(after, "quaestors", "cleopatra")["up"] == ["C2"]


def test_two_philosophers_of_one_player_and_none_of_the_other_count_as_one():
    before, after, events = vote_at("praetors", at(["CP", "CP"], ["C5"]), at(["R1"]))
    event = vote_event(events)
    assert event["reversed"] is True and event["winner"] == "caesar"
    assert discarded(before, after, "cleopatra") == ["CP", "CP", "C5"]  # both discarded
    assert discarded(before, after, "caesar") == ["R1"]


def test_two_philosophers_against_two_cancel_the_higher_total_wins():
    before, after, events = vote_at("senators", at(["CP", "CP"], ["C2"]), at(["RP", "RP"], ["R4"]))
    assert vote_event(events)["reversed"] is False
    assert vote_event(events)["winner"] == "caesar"
    assert discarded(before, after, "caesar") == ["RP", "RP", "R4"]
    assert discarded(before, after, "cleopatra") == ["CP", "CP", "C2"]


def test_the_extraordinary_vote_treats_philosophers_the_same_way():
    cleopatra = at(["CP", "C5"], ["C5", "C5"])  # 15, one philosopher
    caesar = at(["R1", "R1"], ["R1", "R2"])  # 5
    data = position(
        hands={"cleopatra": ["C1"], "caesar": ["R1"]},
        influence={"cleopatra": ["C2"], "caesar": ["R2"]},
        groups={"senators": {"cleopatra": cleopatra, "caesar": caesar}},
        step="placed",
    )
    after, events = apply(data, draw(1, 0))
    event = vote_event(events)
    assert event["extraordinary"] is True and event["winner"] == "caesar"
    assert sorted(side(after, "senators", "cleopatra")["up"]) == ["C5", "C5"]
    assert sorted(side(after, "senators", "caesar")["up"]) == ["R1", "R1", "R2"]


# -- the last patrician ----------------------------------------------------------------
def test_when_the_last_patrician_is_won_every_card_there_is_discarded():
    before, after, events = vote_at(
        "aediles",
        at(["C3"], ["C1", "C4"]),
        at(["R2"], ["RP"]),
        won={"cleopatra": {"aediles": 1}, "caesar": {"aediles": 1}},
    )
    assert vote_event(events)["winner"] == "caesar"  # one philosopher: the lower total wins
    assert after["groups"]["aediles"]["patricians"] == 0
    assert won(after, "caesar", "aediles") == 2
    assert (
        side(after, "aediles", "cleopatra")
        == side(after, "aediles", "caesar")
        == {
            "down": [],
            "up": [],
        }
    )
    assert discarded(before, after, "cleopatra") == ["C1", "C3", "C4"]
    assert discarded(before, after, "caesar") == ["RP", "R2"]
    assert events_of(events, "remove")[-1]["reason"] == "group_complete"


@pytest.mark.parametrize("group", ["senators", "censors"])
def test_a_vote_card_of_a_group_is_discarded_after_its_vote(group):
    _, after, _ = vote_at(group, at(["C2"]), at(["R1"]))
    assert after["vote_discard"] == [f"V-{group}"]
