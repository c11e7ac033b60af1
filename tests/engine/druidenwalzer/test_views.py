"""Views (section 7): what each player and a spectator may see."""

from __future__ import annotations

import json
import re

from .helpers import RULES, load, position, tree

CARD_PATTERN = re.compile(r"\b[MS][1-5][LR]\b")


def sample() -> dict:
    return position(
        moon=[
            tree(up=["M3L", "M4L"], down=["M5L", "M5R"], druid="purple", signs=2),
            tree(up="M3R", druid="orange"),
            tree(up="S4L", druid="black"),
            tree(flipped=True),
        ],
        sun=[
            tree(up="S3L", druid="purple"),
            tree(up="S3R", down=["S5L"], druid="orange"),
            tree(druid="black"),
            tree(up="S4R", signs=1),
        ],
        hands={"moon": ["M1L", "M2L"], "sun": ["S1L", "S2R", "S5R"]},
        cult_boards={"moon": ["M1R", "S2L"], "sun": ["S1R"]},
        seed=123456789,
        turn=9,
        to_move="sun",
    )


def visible_names(data: dict, viewer: str | None) -> set[str]:
    """Hand of the viewer + visible tops + cult-board tops."""
    names = set()
    for seat, player in data["players"].items():
        for entry in player["trees"]:
            if entry["up"]:
                names.add(entry["up"][-1])
        if player["cult_board"]:
            names.add(player["cult_board"][-1])
        if seat == viewer:
            names.update(player["hand"])
    return names


def test_view_shape():
    view = RULES.view(load(sample()), "moon")
    assert view["game"] == "druidenwalzer"
    assert (view["phase"], view["to_move"], view["winner"], view["turn"], view["viewer"]) == (
        "play",
        "sun",
        None,
        9,
        "moon",
    )
    moon = view["players"]["moon"]
    assert moon["trees"][0] == {
        "tree": 1,
        "position": "M1",
        "top": "M4L",
        "down": 2,
        "covered": 1,
        "druid": "purple",
        "signs": 2,
        "flipped": False,
    }
    assert moon["trees"][3] == {
        "tree": 4,
        "position": "M4",
        "top": None,
        "down": 0,
        "covered": 0,
        "druid": None,
        "signs": 0,
        "flipped": True,
    }
    assert moon["cult_board"]["top"] == "S2L"
    assert moon["cult_board"]["position"] == "MC"
    assert moon["hand"] == ["M1L", "M2L"]
    assert moon["hand_size"] == 2
    assert moon["draw_pile_size"] == len(sample()["players"]["moon"]["draw_pile"])
    assert moon["removed"] == []
    sun = view["players"]["sun"]
    assert sun["hand"] is None and sun["hand_size"] == 3
    assert sun["trees"][2]["top"] is None


def test_views_leak_nothing_hidden():
    data = sample()
    state = load(data)
    for viewer in ("moon", "sun", None):
        view = RULES.view(state, viewer)
        text = json.dumps(view)
        assert set(CARD_PATTERN.findall(text)) <= visible_names(data, viewer)
        assert "123456789" not in text and "seed" not in text
        assert 'draw_pile"' not in text
    # the covered M3L and the face-down M5L/M5R/S5L are nowhere
    spectator = json.dumps(RULES.view(state, None))
    for hidden in ("M3L", "M5L", "S5L", "M1R"):
        assert hidden not in spectator


def test_spectators_see_no_hand():
    view = RULES.view(load(sample()), None)
    assert view["viewer"] is None
    assert view["players"]["moon"]["hand"] is None
    assert view["players"]["sun"]["hand"] is None
    assert view["players"]["sun"]["hand_size"] == 3


def test_view_during_setup_shows_the_own_dealt_hand():
    state = RULES.new_game(3)
    data = RULES.to_json(state)
    view = RULES.view(state, "sun")
    assert view["phase"] == "setup"
    assert view["players"]["sun"]["hand"] == data["players"]["sun"]["hand"]
    assert view["players"]["moon"]["hand"] is None
