"""Every action card (section 6), its targets, and when it may be played.

The opponent's two Vetos are in their discard pile here unless a test says
otherwise, so no Veto question interrupts (test_veto.py covers it).
"""

from __future__ import annotations

import pytest

from games.rules import IllegalMove, MalformedMove

from .helpers import apply, at, draw, events_of, legal, place, play_moves, position, side

NO_VETO = {"caesar": ["R-veto", "R-veto"]}


def game(hand: list[str], groups: dict | None = None, **changes) -> dict:
    parts = {
        "hands": {"cleopatra": hand, "caesar": ["R1", "R5", "R5", "R-spy"]},
        "influence": {"cleopatra": ["C2", "C3"], "caesar": ["R2", "R3"]},
        "actions": {"cleopatra": ["C-veto"], "caesar": ["R-scout"]},
        "discards": NO_VETO,
        "groups": groups or {},
        "vote_deck": ["V-orgy"],
    }
    parts.update(changes)
    return position(**parts)


def actions_of(data: dict) -> list[dict]:
    return [move for move in legal(data) if move["type"] == "action"]


# -- Assassination ----------------------------------------------------------------------
def test_assassination_removes_one_face_up_card_of_the_opponent():
    groups = {
        "aediles": {"cleopatra": at(["C1"]), "caesar": at(["R2"], ["R3", "R3", "RP"])},
        "senators": {"caesar": at(["R4"])},
    }
    data = game(["C4", "C-assassination"], groups)
    targets = {(m["group"], m["target"]) for m in actions_of(data)}
    assert targets == {("aediles", "R3"), ("aediles", "RP")}  # face-up only, each once
    move = {"type": "action", "card": "C-assassination", "group": "aediles", "target": "R3"}
    after, events = apply(data, move)
    assert side(after, "aediles", "caesar") == {"down": ["R2"], "up": ["RP", "R3"]}
    assert "R3" in after["players"]["caesar"]["discard"]
    assert "C-assassination" in after["players"]["cleopatra"]["discard"]
    assert after["step"] == "place" and after["action_played"] is True
    assert events_of(events, "action") == [{**move, "player": "cleopatra"}]
    assert events_of(events, "assassination") == [
        {
            "type": "assassination",
            "player": "cleopatra",
            "owner": "caesar",
            "group": "aediles",
            "card": "R3",
        }
    ]


@pytest.mark.parametrize(
    ("move", "error", "message"),
    [
        (
            {"type": "action", "card": "C-assassination", "group": "aediles", "target": "R2"},
            IllegalMove,
            "there is no face-up R2 at the aediles",
        ),
        (
            {"type": "action", "card": "C-assassination", "group": "aediles", "target": "C1"},
            IllegalMove,
            "an Assassination targets caesar's cards, not C1",
        ),
        (
            {"type": "action", "card": "C-assassination", "group": "aediles"},
            MalformedMove,
            "needs 'target'",
        ),
        (
            {"type": "action", "card": "C-assassination", "group": "x", "target": "R3"},
            MalformedMove,
            "group must be one of senators",
        ),
        (
            {"type": "action", "card": "C-assassination", "group": "aediles", "target": "R-spy"},
            MalformedMove,
            "target must be an influence card",
        ),
    ],
)
def test_assassination_needs_a_face_up_card_of_the_opponent(move, error, message):
    groups = {"aediles": {"cleopatra": at(["C1"]), "caesar": at(["R2"], ["R3"])}}
    with pytest.raises(error, match=message):
        apply(game(["C4", "C-assassination"], groups), move)


# -- Spy --------------------------------------------------------------------------------
def test_spy_looks_at_the_hand_names_a_card_and_the_opponent_draws_a_replacement():
    data = game(["C4", "C-spy"])
    after, events = apply(data, {"type": "action", "card": "C-spy"})
    assert after["pending"] == {"kind": "spy", "player": "cleopatra"}
    assert after["to_move"] == "cleopatra"
    (look,) = events_of(events, "spy_look")
    assert look["secret"] == {"cleopatra": {"hand": ["R1", "R5", "R5", "R-spy"]}}
    assert "hand" not in {k: v for k, v in look.items() if k != "secret"}
    assert legal(after) == [
        {"type": "spy", "card": "R1"},
        {"type": "spy", "card": "R5"},
        {"type": "spy", "card": "R-spy"},
    ]
    with pytest.raises(IllegalMove, match="R2 is not in caesar's hand"):
        apply(after, {"type": "spy", "card": "R2"})
    with pytest.raises(IllegalMove, match="the spy names a card of caesar's hand, not C4"):
        apply(after, {"type": "spy", "card": "C4"})
    with pytest.raises(IllegalMove, match="must name the card of caesar's hand"):
        apply(after, place("C4", "senators"))
    after, events = apply(after, {"type": "spy", "card": "R5"})
    assert after["players"]["caesar"]["hand"] == ["R1", "R5", "R-spy"]
    assert "R5" in after["players"]["caesar"]["discard"]
    assert events_of(events, "spy") == [
        {"type": "spy", "player": "cleopatra", "opponent": "caesar", "card": "R5"}
    ]
    assert after["pending"] == {"kind": "draw", "player": "caesar", "count": 1}
    assert after["to_move"] == "caesar"
    assert legal(after) == [draw(0, 1), draw(1, 0)]
    after, events = apply(after, draw(0, 1), seat="caesar")
    assert after["players"]["caesar"]["hand"] == ["R1", "R5", "R-spy", "R-scout"]
    assert events_of(events, "draw")[0]["reason"] == "replacement"
    assert (after["pending"], after["to_move"], after["step"]) == (None, "cleopatra", "place")


def test_spy_needs_an_opponent_holding_a_card():
    data = game(["C4", "C-spy"], hands={"cleopatra": ["C4", "C-spy"], "caesar": []})
    assert actions_of(data) == []
    with pytest.raises(IllegalMove, match="caesar holds no card to spy on"):
        apply(data, {"type": "action", "card": "C-spy"})


# -- Castling ---------------------------------------------------------------------------
def test_castling_takes_all_own_cards_at_two_groups_and_places_them_face_down():
    groups = {
        "senators": {"cleopatra": at(["C2"], ["C5", "CP"]), "caesar": at(["R3"])},
        "censors": {"cleopatra": at([], ["C1"])},
    }
    data = game(["C4", "C-castling"], groups)
    pairs = {tuple(m["groups"]) for m in actions_of(data)}
    # two different groups with patricians left where cleopatra has a card
    assert ("senators", "censors") in pairs and ("praetors", "quaestors") not in pairs
    assert ("senators", "praetors") in pairs
    move = {"type": "action", "card": "C-castling", "groups": ["censors", "senators"]}
    after, events = apply(data, move)
    assert after["pending"] == {
        "kind": "castle",
        "player": "cleopatra",
        "groups": ["senators", "censors"],
    }
    assert events_of(events, "castling")[0]["count"] == 4
    moves = legal(after)
    assert len(moves) == 16  # every split of C2 C5 CP C1 (four distinct cards)
    castle = {"type": "castle", "cards": {"senators": ["C1"], "censors": ["C2", "C5", "CP"]}}
    assert {"type": "castle", "cards": {"senators": ["C1"], "censors": ["CP", "C2", "C5"]}} in moves
    after, events = apply(after, castle)
    assert side(after, "senators", "cleopatra") == {"down": ["C1"], "up": []}
    assert side(after, "censors", "cleopatra") == {"down": ["CP", "C2", "C5"], "up": []}
    assert side(after, "senators", "caesar") == {"down": ["R3"], "up": []}
    (event,) = events_of(events, "castle")
    assert event["groups"] == {"senators": 1, "censors": 3}
    assert event["secret"] == {
        "cleopatra": {"cards": {"senators": ["C1"], "censors": ["CP", "C2", "C5"]}}
    }
    assert after["pending"] is None and after["step"] == "place"


def test_castling_respects_five_per_group_but_not_the_eight_card_ruling():
    groups = {
        "praetors": {"cleopatra": at(["C1", "C1", "C2"], ["C3"]), "caesar": at(["R4"] * 4)},
        "quaestors": {"cleopatra": at(["C5", "C5"])},
    }
    data = game(["C4", "C-castling"], groups)
    after, _ = apply(
        data, {"type": "action", "card": "C-castling", "groups": ["praetors", "quaestors"]}
    )
    sizes = {(len(m["cards"]["praetors"]), len(m["cards"]["quaestors"])) for m in legal(after)}
    assert sizes == {(1, 5), (2, 4), (3, 3), (4, 2), (5, 1)}
    too_many = {
        "type": "castle",
        "cards": {"praetors": ["C1", "C1", "C2", "C3", "C5", "C5"], "quaestors": []},
    }
    with pytest.raises(IllegalMove, match="at most 5 of cleopatra's cards per group"):
        apply(after, too_many)
    missing = {"type": "castle", "cards": {"praetors": ["C1"], "quaestors": ["C5"]}}
    with pytest.raises(IllegalMove, match="exactly the cards cleopatra takes"):
        apply(after, missing)
    wrong_groups = {"type": "castle", "cards": {"senators": [], "quaestors": ["C5"]}}
    with pytest.raises(IllegalMove, match="the castling is at the praetors and the quaestors"):
        apply(after, wrong_groups)
    # five at the praetors beside caesar's four: nine cards there
    full = {
        "type": "castle",
        "cards": {"praetors": ["C1", "C1", "C2", "C3", "C5"], "quaestors": ["C5"]},
    }
    after, _ = apply(after, full)
    assert len(after["groups"]["praetors"]["cleopatra"]["down"]) == 5


def test_castling_can_leave_no_placement_and_the_placement_is_skipped():
    won = {"cleopatra": {"quaestors": 5, "aediles": 3}, "caesar": {"censors": 3}}
    groups = {
        "senators": {"cleopatra": at(["C1", "C2"]), "caesar": at(["R1"] * 5)},
        "praetors": {"cleopatra": at(["C3", "C3", "C4", "C4"]), "caesar": at(["R2"] * 5)},
    }
    data = game(["C5", "C-castling"], groups, won=won)
    assert place("C5", "senators") in legal(data)  # senators: 7 cards, so open
    after, _ = apply(
        data, {"type": "action", "card": "C-castling", "groups": ["senators", "praetors"]}
    )
    move = {
        "type": "castle",
        "cards": {"senators": ["C1", "C2", "C3"], "praetors": ["C3", "C4", "C4"]},
    }
    after, events = apply(after, move)
    assert events_of(events, "placement_skipped") == [
        {"type": "placement_skipped", "player": "cleopatra"}
    ]
    assert after["step"] == "placed"
    assert {m["type"] for m in legal(after)} == {"draw"}


# -- Scout -----------------------------------------------------------------------------
def test_scout_turns_up_every_face_down_card_of_the_opponent_at_one_group():
    groups = {
        "praetors": {"cleopatra": at(["C2"]), "caesar": at(["R5", "RP"], ["R1"])},
        "senators": {"caesar": at([], ["R2"])},
    }
    data = game(["C4", "C-scout"], groups)
    assert [m["group"] for m in actions_of(data)] == ["praetors"]
    after, events = apply(data, {"type": "action", "card": "C-scout", "group": "praetors"})
    assert side(after, "praetors", "caesar") == {"down": [], "up": ["RP", "R1", "R5"]}
    assert side(after, "praetors", "cleopatra") == {"down": ["C2"], "up": []}
    assert events_of(events, "scout") == [
        {
            "type": "scout",
            "player": "cleopatra",
            "opponent": "caesar",
            "group": "praetors",
            "cards": ["RP", "R5"],
        }
    ]
    with pytest.raises(IllegalMove, match="caesar has no face-down card at the senators"):
        apply(data, {"type": "action", "card": "C-scout", "group": "senators"})


# -- Wrath of the Gods -----------------------------------------------------------------
def test_wrath_removes_every_card_of_both_players_at_one_group():
    groups = {"quaestors": {"cleopatra": at(["C2"], ["C3"]), "caesar": at(["R5"], ["RP"])}}
    data = game(["C4", "C-wrath"], groups)
    assert [m["group"] for m in actions_of(data)] == ["quaestors"]
    after, events = apply(data, {"type": "action", "card": "C-wrath", "group": "quaestors"})
    assert (
        side(after, "quaestors", "cleopatra")
        == side(after, "quaestors", "caesar")
        == {
            "down": [],
            "up": [],
        }
    )
    assert events_of(events, "wrath") == [
        {
            "type": "wrath",
            "player": "cleopatra",
            "group": "quaestors",
            "removed": {"cleopatra": ["C2", "C3"], "caesar": ["RP", "R5"]},
        }
    ]
    assert {"C2", "C3"} <= set(after["players"]["cleopatra"]["discard"])
    with pytest.raises(IllegalMove, match="the senators hold no card"):
        apply(data, {"type": "action", "card": "C-wrath", "group": "senators"})


# -- when ----------------------------------------------------------------------------------
def test_an_action_card_before_the_placement_or_after_it_but_once_per_turn():
    groups = {"praetors": {"caesar": at(["R5", "R1"])}}
    data = game(["C4", "C3", "C-scout", "C-wrath"], groups)
    scout = {"type": "action", "card": "C-scout", "group": "praetors"}
    after, _ = apply(data, scout)
    assert after["step"] == "place"
    assert all(m["type"] == "place" for m in legal(after))
    with pytest.raises(IllegalMove, match="cannot play an action card now: the placement is due"):
        apply(after, {"type": "action", "card": "C-wrath", "group": "praetors"})
    after, _ = apply(after, place("C4", "senators"))
    assert {m["type"] for m in legal(after)} == {"draw"}
    with pytest.raises(IllegalMove, match="already played an action card this turn"):
        apply(after, {"type": "action", "card": "C-wrath", "group": "praetors"})

    # after the placement
    after, _ = play_moves(data, place("C4", "senators"), scout)
    assert after["step"] == "placed" and after["action_played"] is True
    assert {m["type"] for m in legal(after)} == {"draw"}


def test_an_action_card_is_never_played_after_passing():
    data = game(["C4", "C-wrath"], {"senators": {"caesar": at(["R1"])}})
    after, _ = apply(data, {"type": "pass", "discard": ["C4"]})
    with pytest.raises(IllegalMove, match="cleopatra has passed"):
        apply(after, {"type": "action", "card": "C-wrath", "group": "senators"})


def test_an_action_card_without_a_target_cannot_be_played():
    data = game(["C4", "C-scout", "C-wrath", "C-assassination", "C-castling"])
    assert actions_of(data) == []


def test_action_cards_of_the_other_player_or_not_in_hand_are_refused():
    data = game(["C4", "C-scout"], {"senators": {"caesar": at(["R1"])}})
    with pytest.raises(IllegalMove, match="R-scout is not cleopatra's card"):
        apply(data, {"type": "action", "card": "R-scout", "group": "senators"})
    with pytest.raises(IllegalMove, match="C-wrath is not in cleopatra's hand"):
        apply(data, {"type": "action", "card": "C-wrath", "group": "senators"})
    with pytest.raises(MalformedMove, match="card must be an action card"):
        apply(data, {"type": "action", "card": "C4", "group": "senators"})
    with pytest.raises(MalformedMove, match="unexpected key 'target' in a scout action"):
        apply(data, {"type": "action", "card": "C-scout", "group": "senators", "target": "R1"})


def test_the_discard_pile_shows_the_played_card():
    data = game(["C4", "C-scout"], {"senators": {"caesar": at(["R1"])}})
    after, _ = apply(data, {"type": "action", "card": "C-scout", "group": "senators"})
    before = data["players"]["cleopatra"]["discard"].count("C-scout")
    assert after["players"]["cleopatra"]["discard"].count("C-scout") == before + 1
    assert after["players"]["cleopatra"]["hand"] == ["C4"]
