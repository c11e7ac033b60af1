"""Views (section 11) and event redaction: hands, deck order and seed never leak."""

from __future__ import annotations

import json
import re

import pytest

from games.rules import IllegalMove

from .helpers import RULES, apply, load, position

CARD = re.compile(r"\b[KDCBPSXJF1-4]/\d+\b")


def sample() -> dict:
    return position(
        3,
        lines={5: ["0:K", "1:K"]},
        castle={2: {"K": 6}},
        hands={0: ["K/0", "3/1"], 1: ["J/2", "X/1"], 2: ["X/2"]},
        discard=["F/0"],
        seed=987654321,
        roll=[2, 5],
    )


def visible(data: dict, viewer: int | None) -> set[str]:
    names = set(data["discard"])
    if data["pending"]:
        names.add(data["pending"]["card"])
    if viewer is not None:
        names.update(data["seats"][viewer]["hand"])
    return names


def test_view_shape_for_a_seat():
    data = sample()
    view = RULES.view(load(data), "1")
    assert view["viewer"] == 1 and view["players"] == 3 and view["phase"] == "play"
    assert view["deck_size"] == len(data["deck"]) and "deck" not in view
    assert view["discard"] == data["discard"] and view["roll"] == [2, 5]
    assert view["seats"][1]["hand"] == ["J/2", "X/1"]
    assert view["seats"][0]["hand"] is None and view["seats"][0]["hand_size"] == 2
    assert view["seats"][2]["hand"] is None and view["seats"][2]["hand_size"] == 1
    assert view["seats"][0]["track"] == {"K": [5, 0]} and view["seats"][1]["track"] == {"K": [5, 1]}
    assert view["seats"][2]["castle"] == {"K": 6}
    assert view["seats"][0]["order"] == list("KDCBPSX")
    assert view["seats"][0]["home"] == list("DCBPSX")


@pytest.mark.parametrize("viewer", [None, "0", "1", "2"])
def test_views_never_show_other_hands_the_deck_or_the_seed(viewer):
    data = sample()
    view = RULES.view(load(data), viewer)
    text = json.dumps(view)
    index = None if viewer is None else int(viewer)
    assert set(CARD.findall(text)) <= visible(data, index)
    assert "seed" not in text and "987654321" not in text
    if viewer is None:
        assert all(seat["hand"] is None for seat in view["seats"])


def test_a_pending_decision_is_public():
    data = position(
        lines={5: ["0:D"]},
        hands={1: ["K/1"]},
        discard=["D/0"],
        pending={"piece": "0:D", "card": "D/0", "dice": [4, 4]},
        roll=[4, 4],
    )
    view = RULES.view(load(data), "1")
    assert view["pending"] == {"piece": "0:D", "card": "D/0", "dice": [4, 4]}
    assert view["to_move"] == 0


def test_unknown_viewer_is_refused():
    with pytest.raises(IllegalMove, match="unknown seat '3'; the seats are 0..2"):
        RULES.view(load(sample()), "3")


def test_deal_events_keep_each_hand_secret_to_its_seat():
    data = position(3, lines={5: ["0:K"]}, hands={0: ["K/0", "1/0"]}, dealer=2, deal=1)
    after, events = apply(data, {"type": "move", "card": "K/0", "piece": "0:K", "number": "1/0"})
    deal = [e for e in events if e["type"] == "deal"][0]
    assert set(deal["secret"]) == {"0", "1", "2"}
    for viewer in ("0", "1", "2"):
        seen = [e for e in RULES.redact_events(events, viewer) if e["type"] == "deal"][0]
        assert seen["cards"] == after["seats"][int(viewer)]["hand"]
        assert "secret" not in seen
        others = set(CARD.findall(json.dumps(RULES.redact_events(events, viewer))))
        assert others <= set(after["seats"][int(viewer)]["hand"]) | {"K/0", "1/0"}
    public = [e for e in RULES.redact_events(events, None) if e["type"] == "deal"][0]
    assert public == {
        "type": "deal",
        "dealer": "2",
        "cycle": 1,
        "deal": 2,
        "each": 4,
        "deck": 12,
    }
    assert "secret" in deal  # the stored events keep their secrets


def test_only_deal_events_have_secrets():
    state = RULES.new_game(5, {"players": 4})
    import random

    rng = random.Random(5)
    for _ in range(300):
        if RULES.is_over(state):
            break
        applied = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
        for event in applied.events:
            assert "seed" not in event
            if "secret" in event:
                assert event["type"] == "deal"
        state = applied.state
