"""Views (section 7): what each player and a spectator may see."""

from __future__ import annotations

import json

import pytest

from games.rules import IllegalMove

from .helpers import RULES, apply, at, check_no_leak, draw, load, position


def sample(**changes) -> dict:
    parts = {
        "hands": {"cleopatra": ["C1", "C4", "C-spy"], "caesar": ["R2", "R5", "R-veto", "R-wrath"]},
        "influence": {"cleopatra": ["C5", "CP", "C2"], "caesar": ["R1"]},
        "actions": {"cleopatra": ["C-veto", "C-wrath"], "caesar": ["R-spy"]},
        "groups": {
            "senators": {"cleopatra": at(["C2"], ["C5", "CP"]), "caesar": at(["R3"], ["R4"])},
            "aediles": {"cleopatra": at(["C3"]), "caesar": at(["R3", "R3"])},
        },
        "won": {"cleopatra": {"senators": 1}, "caesar": {"censors": 2}},
        "bonus": {"cleopatra": "B-quaestors", "caesar": "B-praetors"},
        "vote_deck": ["V-orgy", "V-senators", "V-orgy-reshuffle"],
        "vote_discard": ["V-praetors"],
        "turn": 6,
        "seed": 123456789,
        "leftovers": "piles",
    }
    parts.update(changes)
    return position(**parts)


def test_view_shape_for_a_player():
    view = RULES.view(load(sample()), "cleopatra")
    assert (view["game"], view["viewer"], view["phase"], view["turn"]) == (
        "caesar-cleopatra",
        "cleopatra",
        "play",
        6,
    )
    assert (view["current"], view["step"], view["to_move"], view["pending"]) == (
        "cleopatra",
        "start",
        "cleopatra",
        None,
    )
    assert view["action_played"] is False and view["winner"] is None and view["score"] is None
    me, them = view["players"]["cleopatra"], view["players"]["caesar"]
    assert me["hand"] == ["C1", "C4", "C-spy"] and me["bonus"] == "B-quaestors"
    assert them["hand"] is None and them["bonus"] is None and them["hand_size"] == 4
    assert me["influence_pile_size"] == len(sample()["players"]["cleopatra"]["influence_pile"])
    assert them["action_pile_size"] == len(sample()["players"]["caesar"]["action_pile"])
    assert me["patricians"]["senators"] == 1 and them["patricians"]["censors"] == 2
    senators = view["groups"]["senators"]
    assert (senators["patricians"], senators["size"], senators["cards"]) == (4, 5, 5)
    assert senators["cleopatra"] == {"down": ["C2"], "down_count": 1, "up": ["CP", "C5"]}
    assert senators["caesar"] == {"down": None, "down_count": 1, "up": ["R4"]}
    assert view["vote_deck_size"] == 8 - 1 and view["vote_discard"] == ["V-praetors"]
    assert view["vote_aside"] == []
    json.dumps(view)


def test_a_spectator_sees_only_what_is_public():
    data = sample()
    view = RULES.view(load(data), None)
    assert view["viewer"] is None
    for seat in ("cleopatra", "caesar"):
        assert view["players"][seat]["hand"] is None
        assert view["players"][seat]["bonus"] is None
        assert all(g[seat]["down"] is None for g in view["groups"].values())
    check_no_leak(data, view, None)


@pytest.mark.parametrize("viewer", ["cleopatra", "caesar", None])
def test_nothing_hidden_leaks(viewer):
    data = sample()
    check_no_leak(data, RULES.view(load(data), viewer), viewer)


def test_the_spying_player_sees_the_opponents_hand_while_the_choice_is_pending():
    hands = {"cleopatra": ["C1", "C4", "C-spy"], "caesar": ["R1", "R2", "R5", "R-wrath"]}
    data = sample(hands=hands, influence={"cleopatra": ["C5"], "caesar": ["R3"]})
    data, _ = apply(data, {"type": "action", "card": "C-spy"})
    data, _ = apply(data, {"type": "no_veto"})
    assert data["pending"] == {"kind": "spy", "player": "cleopatra"}
    state = load(data)
    spy = RULES.view(state, "cleopatra")
    assert spy["players"]["caesar"]["hand"] == ["R1", "R2", "R5", "R-wrath"]
    assert RULES.view(state, "caesar")["players"]["cleopatra"]["hand"] is None
    assert RULES.view(state, None)["players"]["caesar"]["hand"] is None
    for viewer in ("cleopatra", "caesar", None):
        check_no_leak(data, RULES.view(state, viewer), viewer)
    # the window closes with the choice
    data, _ = apply(data, {"type": "spy", "card": "R5"})
    assert RULES.view(load(data), "cleopatra")["players"]["caesar"]["hand"] is None


def test_a_pending_veto_shows_the_action_to_everyone():
    data = sample()
    move = {"type": "action", "card": "C-spy"}
    data, _ = apply(data, move)
    for viewer in ("cleopatra", "caesar", None):
        view = RULES.view(load(data), viewer)
        assert view["pending"] == {"kind": "veto", "player": "caesar", "action": move}
        assert view["to_move"] == "caesar" and view["current"] == "cleopatra"


def test_at_the_end_both_bonus_cards_are_shown_and_nothing_else():
    data = position(
        hands={"cleopatra": ["C1", "C1"], "caesar": ["R1"]},
        influence={"cleopatra": ["C2", "C3"], "caesar": ["R2"]},
        groups={
            "censors": {"cleopatra": at(["C4"]), "caesar": at(["R1"])},
        },
        won={
            "cleopatra": {"senators": 3, "praetors": 2, "quaestors": 1, "aediles": 2},
            "caesar": {"senators": 2, "praetors": 3, "quaestors": 4, "aediles": 1, "censors": 2},
        },
        vote_deck=["V-censors"],
        step="placed",
        bonus={"cleopatra": "B-senators", "caesar": "B-quaestors"},
    )
    data, _ = apply(data, draw(2, 0))
    assert data["phase"] == "over"
    for viewer in ("cleopatra", "caesar", None):
        view = RULES.view(load(data), viewer)
        assert view["players"]["cleopatra"]["bonus"] == "B-senators"
        assert view["players"]["caesar"]["bonus"] == "B-quaestors"
        assert view["score"] == data["score"] and view["winner"] == data["winner"]
        other = "caesar" if viewer == "cleopatra" else "cleopatra"
        assert view["players"][other]["hand"] is None
        check_no_leak(data, view, viewer)


def test_setup_views_show_only_the_own_placement():
    state = RULES.new_game(3)
    state = RULES.apply(state, RULES.legal_moves(state)[0]).state
    data = RULES.to_json(state)
    caesar = RULES.view(state, "caesar")
    assert all(g["cleopatra"]["down"] is None for g in caesar["groups"].values())
    assert all(g["cleopatra"]["down_count"] == 1 for g in caesar["groups"].values())
    cleopatra = RULES.view(state, "cleopatra")
    assert [g["cleopatra"]["down"] for g in cleopatra["groups"].values()] == [
        g["cleopatra"]["down"] for g in data["groups"].values()
    ]
    for viewer in ("cleopatra", "caesar", None):
        check_no_leak(data, RULES.view(state, viewer), viewer)


def test_an_unknown_viewer_is_refused():
    with pytest.raises(IllegalMove, match="unknown player 'antony'"):
        RULES.view(load(sample()), "antony")


def test_events_redacted_for_the_other_player_carry_no_hidden_card():
    data = sample()
    state = load(data)
    applied = RULES.apply(
        state, {"type": "place", "card": "C4", "group": "praetors", "face": "down"}
    )
    applied2 = RULES.apply(applied.state, draw(2, 1))
    events = applied.events + applied2.events
    for viewer in ("caesar", None):
        text = json.dumps(RULES.redact_events(events, viewer))
        assert "C4" not in text and "secret" not in text
        assert "C5" not in text  # the top of the influence pile, drawn
    own = RULES.redact_events(events, "cleopatra")
    assert own[0]["card"] == "C4"
