"""The Veto (section 6): asked after every action card while a Veto is not
in the opponent's discard pile; a vetoed card still counts as the action."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove

from .helpers import RULES, apply, at, draw, events_of, legal, load, place, position, side

SCOUT = {"type": "action", "card": "C-scout", "group": "praetors"}
GROUPS = {"praetors": {"cleopatra": at(["C2"]), "caesar": at(["R5", "R1"])}}


def game(caesar_hand: list[str], caesar_discard: list[str] | None = None, **changes) -> dict:
    parts = {
        "hands": {"cleopatra": ["C4", "C3", "C-scout", "C-spy"], "caesar": caesar_hand},
        "influence": {"cleopatra": ["C2"], "caesar": ["R2", "R3"]},
        "actions": {"cleopatra": ["C-wrath"], "caesar": ["R-wrath"]},
        "discards": {"caesar": caesar_discard or []},
        "groups": GROUPS,
        "vote_deck": ["V-orgy"],
    }
    parts.update(changes)
    return position(**parts, leftovers="piles")


def test_the_opponent_holding_a_veto_is_asked_and_may_veto():
    data = game(["R1", "R-veto"])
    after, events = apply(data, SCOUT)
    assert after["pending"] == {"kind": "veto", "player": "caesar", "action": SCOUT}
    assert after["to_move"] == "caesar" and after["current"] == "cleopatra"
    assert RULES.owed_by(load(after)) == ("caesar",)
    assert events_of(events, "veto_question") == [
        {"type": "veto_question", "player": "caesar", "card": "C-scout"}
    ]
    assert legal(after) == [{"type": "veto"}, {"type": "no_veto"}]
    with pytest.raises(IllegalMove, match="it is caesar's decision, not cleopatra's"):
        apply(after, {"type": "no_veto"}, seat="cleopatra")
    with pytest.raises(IllegalMove, match="caesar is asked whether to veto C-scout"):
        apply(after, draw(1, 0))

    vetoed, events = apply(after, {"type": "veto"}, seat="caesar")
    assert side(vetoed, "praetors", "caesar") == {"down": ["R1", "R5"], "up": []}  # no scout
    assert "R-veto" in vetoed["players"]["caesar"]["discard"]
    assert "C-scout" in vetoed["players"]["cleopatra"]["discard"]
    assert events_of(events, "veto") == [
        {"type": "veto", "player": "caesar", "card": "R-veto", "vetoed": "C-scout"}
    ]
    assert vetoed["pending"] == {"kind": "draw", "player": "caesar", "count": 1}
    assert legal(vetoed) == [draw(0, 1), draw(1, 0)]
    drawn, events = apply(vetoed, draw(1, 0), seat="caesar")
    assert drawn["players"]["caesar"]["hand"] == ["R1", "R2"]
    assert events_of(events, "draw")[0]["secret"] == {"caesar": {"cards": ["R2"]}}
    # the vetoed card counts as the turn's action card; the turn goes on at place
    assert (drawn["pending"], drawn["to_move"], drawn["step"], drawn["action_played"]) == (
        None,
        "cleopatra",
        "place",
        True,
    )
    assert all(m["type"] == "place" for m in legal(drawn))
    after, _ = apply(drawn, place("C4", "senators"))
    assert {m["type"] for m in legal(after)} == {"draw"}  # no second action card


def test_no_veto_lets_the_action_happen():
    after, _ = apply(game(["R1", "R-veto"]), SCOUT)
    after, events = apply(after, {"type": "no_veto"}, seat="caesar")
    assert events_of(events, "no_veto") == [
        {"type": "no_veto", "player": "caesar", "card": "C-scout"}
    ]
    assert side(after, "praetors", "caesar") == {"down": [], "up": ["R1", "R5"]}
    assert after["players"]["caesar"]["hand"] == ["R1", "R-veto"]
    assert after["to_move"] == "cleopatra" and after["step"] == "place"


def test_without_a_veto_in_hand_the_question_is_still_asked_and_the_only_answer_is_no():
    # one Veto in the action pile, one discarded: still asked (asking only the
    # holder would reveal the hand)
    data = game(["R1"], caesar_discard=["R-veto"], actions={"caesar": ["R-veto"]})
    after, _ = apply(data, SCOUT)
    assert after["pending"]["kind"] == "veto"
    assert legal(after) == [{"type": "no_veto"}]
    with pytest.raises(IllegalMove, match="caesar holds no Veto \\(R-veto\\)"):
        apply(after, {"type": "veto"})


def test_with_both_vetos_discarded_nobody_is_asked():
    data = game(["R1"], caesar_discard=["R-veto", "R-veto"])
    after, events = apply(data, SCOUT)
    assert after["pending"] is None
    assert events_of(events, "veto_question") == []
    assert side(after, "praetors", "caesar")["up"] == ["R1", "R5"]


def test_the_question_comes_before_a_spy_looks():
    after, events = apply(game(["R1", "R-veto"]), {"type": "action", "card": "C-spy"})
    assert events_of(events, "spy_look") == []
    assert after["pending"]["kind"] == "veto"
    vetoed, events = apply(after, {"type": "veto"})
    assert events_of(events, "spy_look") == []
    assert vetoed["pending"]["kind"] == "draw"
    looked, events = apply(after, {"type": "no_veto"})
    assert events_of(events, "spy_look")[0]["secret"] == {"cleopatra": {"hand": ["R1", "R-veto"]}}
    assert looked["pending"] == {"kind": "spy", "player": "cleopatra"}


def test_the_question_comes_before_a_castling_is_redistributed():
    data = game(
        ["R1", "R-veto"],
        hands={"cleopatra": ["C4", "C-castling"], "caesar": ["R1", "R-veto"]},
        actions={"cleopatra": [], "caesar": ["R-wrath"]},
    )
    move = {"type": "action", "card": "C-castling", "groups": ["senators", "praetors"]}
    after, _ = apply(data, move)
    assert after["pending"]["action"] == move
    vetoed, _ = apply(after, {"type": "veto"})
    assert side(vetoed, "praetors", "cleopatra") == {"down": ["C2"], "up": []}
    castling, _ = apply(after, {"type": "no_veto"})
    assert castling["pending"] == {
        "kind": "castle",
        "player": "cleopatra",
        "groups": ["senators", "praetors"],
    }


def test_a_veto_is_never_played_in_ones_own_turn():
    data = game(
        ["R1"],
        hands={"cleopatra": ["C4", "C-veto"], "caesar": ["R1"]},
        actions={"cleopatra": ["C-scout", "C-spy"]},
    )
    assert not [m for m in legal(data) if m["type"] == "action"]
    with pytest.raises(IllegalMove, match="a Veto is never played in one's own turn"):
        apply(data, {"type": "action", "card": "C-veto"})


def test_a_veto_cannot_be_vetoed():
    # cleopatra holds a Veto too: she is never asked about caesar's Veto
    data = game(
        ["R1", "R-veto"],
        hands={"cleopatra": ["C4", "C-scout", "C-veto"], "caesar": ["R1", "R-veto"]},
        actions={"cleopatra": ["C-spy"]},
    )
    after, _ = apply(data, SCOUT)
    after, events = apply(after, {"type": "veto"})
    assert [e["type"] for e in events] == ["veto"]
    assert after["pending"]["kind"] == "draw" and after["pending"]["player"] == "caesar"


def test_the_draw_after_a_veto_with_both_piles_empty_draws_nothing():
    data = game(["R1", "R-veto"])
    caesar = data["players"]["caesar"]
    caesar["discard"] += caesar["action_pile"] + caesar["influence_pile"]
    caesar["action_pile"] = caesar["influence_pile"] = []
    after, _ = apply(data, SCOUT)
    after, _ = apply(after, {"type": "veto"})
    assert legal(after) == [draw(0, 0)]
    after, _ = apply(after, draw(0, 0))
    assert after["players"]["caesar"]["hand"] == ["R1"]
