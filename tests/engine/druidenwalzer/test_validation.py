"""Validation of a full state given to the engine (section 9)."""

from __future__ import annotations

import copy

import pytest

from games.rules import InvalidState, MalformedMove

from .helpers import RULES, apply, load, position, tree


def valid() -> dict:
    return position(
        moon=[
            tree(up="M3L", down=["M1R"], druid="purple"),
            tree(up="M3R", druid="orange"),
            tree(up="M4L", druid="black"),
            tree(up="M2R"),
        ],
        sun=[
            tree(up="S3L", druid="purple"),
            tree(up="S3R", druid="orange"),
            tree(up="S4L", druid="black"),
            tree(up="S4R"),
        ],
        hands={"moon": ["M1L", "M2L", "M5L"], "sun": ["S1L", "S2L", "S5L"]},
    )


def broken(change) -> dict:
    data = valid()
    change(data)
    return data


def test_a_valid_state_round_trips():
    data = valid()
    state = load(data)
    again = RULES.to_json(state)
    assert again == data
    assert load(again) == state


def test_a_state_without_a_seed_is_accepted():
    data = valid()
    del data["seed"]
    assert RULES.to_json(load(data))["seed"] == 0  # the documented default


def test_unknown_extra_keys_are_ignored():
    data = valid()
    data["note"] = "engine keys are allowed"
    data["players"]["moon"]["trees"][0]["comment"] = 1
    load(data)


CASES = [
    ("not an object", lambda d: d.clear() or d.update(), "missing key 'game'"),
    ("wrong game", lambda d: d.update(game="chess"), "game must be 'druidenwalzer'"),
    ("bad phase", lambda d: d.update(phase="middle"), "phase must be setup, play or over"),
    ("bad to_move", lambda d: d.update(to_move="venus"), "to_move must be"),
    ("bad turn", lambda d: d.update(turn=-1), "turn must be an integer >= 0"),
    ("bool turn", lambda d: d.update(turn=True), "turn must be an integer"),
    ("bad seed", lambda d: d.update(seed="x"), "seed must be an integer"),
    ("missing players", lambda d: d.pop("players"), "missing key 'players'"),
    ("third player", lambda d: d["players"].update(venus={}), "unknown player 'venus'"),
    ("three trees", lambda d: d["players"]["moon"]["trees"].pop(), "list of 4 trees"),
    (
        "unknown card",
        lambda d: d["players"]["moon"]["hand"].append("M6L"),
        "players.moon.hand[3]: unknown card 'M6L'",
    ),
    (
        "card not a string",
        lambda d: d["players"]["sun"]["trees"][1]["up"].append(5),
        "players.sun.trees[1] (sun tree 2).up[1]: unknown card 5",
    ),
    (
        "too many moon cards",
        lambda d: d["players"]["moon"]["hand"].append("M1L"),
        "moon cult cards (M...): expected 30 in all (30 minus 0 removed), found 31",
    ),
    (
        "too few sun cards",
        lambda d: d["players"]["sun"]["draw_pile"].pop(),
        "sun cult cards (S...): expected 30",
    ),
    (
        "removed not accounted",
        lambda d: d["players"]["moon"].update(removed=[2]),
        "expected 29 in all (30 minus 1 removed), found 30",
    ),
    (
        "bad removed value",
        lambda d: d["players"]["moon"].update(removed=[9]),
        "removed value must be an integer 1..5",
    ),
    (
        "down without up",
        lambda d: d["players"]["moon"]["trees"][0].update(up=[]),
        "moon tree 1): up is empty but down holds 1 card",
    ),
    (
        "druid twice",
        lambda d: d["players"]["moon"]["trees"][3].update(druid="purple"),
        "moon has the purple druid twice (trees 1 and 4)",
    ),
    (
        "druid missing in play",
        lambda d: d["players"]["sun"]["trees"][2].update(druid=None),
        "sun's black druid is not on a tree",
    ),
    (
        "bad druid colour",
        lambda d: d["players"]["sun"]["trees"][2].update(druid="red"),
        "druid must be purple, orange, black or null",
    ),
    (
        "flipped tree with cards",
        lambda d: d["players"]["sun"]["trees"][3].update(flipped=True),
        "sun tree 4): a flipped tree holds no cards",
    ),
    (
        "flipped not a bool",
        lambda d: d["players"]["sun"]["trees"][3].update(flipped=0),
        "flipped must be true or false",
    ),
    (
        "six signs",
        lambda d: d["players"]["sun"]["trees"][3].update(signs=6),
        "signs must be an integer 0..5",
    ),
    ("winner in play", lambda d: d.update(winner="sun"), "in play to_move must be a player"),
    (
        "over without winner",
        lambda d: d.update(phase="over", to_move=None),
        "when the game is over to_move must be null and winner a player",
    ),
    (
        "over without two flips",
        lambda d: d.update(phase="over", to_move=None, winner="sun"),
        "moon has exactly two flipped trees",
    ),
]


@pytest.mark.parametrize(("name", "change", "message"), CASES, ids=[c[0] for c in CASES])
def test_invalid_states_are_refused_with_a_precise_message(name, change, message):
    with pytest.raises(InvalidState) as problem:
        load(broken(change))
    assert message in str(problem.value)


def test_a_flipped_tree_may_not_hold_a_druid_in_play():
    def change(d):
        d["players"]["sun"]["trees"][3] = tree(flipped=True)
        d["players"]["sun"]["trees"][2]["druid"] = None
        d["players"]["sun"]["trees"][3]["druid"] = "black"
        d["players"]["sun"]["draw_pile"].append("S4R")

    with pytest.raises(InvalidState, match="flipped but carries the black druid"):
        load(broken(change))


def test_setup_states_must_agree_with_the_placements():
    data = RULES.to_json(RULES.new_game(2))
    load(data)
    wrong = copy.deepcopy(data)
    wrong["to_move"] = "sun"
    with pytest.raises(InvalidState, match="moon places next"):
        load(wrong)
    placed = copy.deepcopy(data)
    placed["players"]["sun"]["trees"][0]["druid"] = "purple"
    with pytest.raises(InvalidState, match="alternately, moon first"):
        load(placed)


def test_unusual_but_valid_positions_are_accepted():
    # cards of the other cult everywhere, big stacks, an empty cult board
    data = position(
        moon=[
            tree(up=["S5L", "S5R", "S5L"], down=["S1L"], druid="black"),
            tree(druid="orange"),
            tree(up="M5L", druid="purple", signs=5),
            tree(),
        ],
        sun=[
            tree(up="M1L", druid="orange"),
            tree(up="M2L", druid="purple"),
            tree(up="M3L", druid="black"),
            tree(flipped=True),
        ],
        hands={"moon": ["S2L", "S2R", "S2L", "M4L", "M4R"], "sun": []},
        turn=3,
        to_move="sun",
    )
    state = load(data)
    assert RULES.to_json(state) == data


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("waltz", "a move must be a JSON object"),
        ({}, "move type must be one of"),
        ({"type": "dance"}, "move type must be one of"),
        ({"type": "waltz", "card": "M1L"}, "a waltz move needs 'tree'"),
        ({"type": "waltz", "card": "M1L", "tree": 7}, "tree must be an integer 1..4, got 7"),
        ({"type": "waltz", "card": "M1L", "tree": "1"}, "tree must be an integer 1..4, got '1'"),
        ({"type": "waltz", "card": "X1L", "tree": 1}, "card must be a card name"),
        ({"type": "leap", "druid": "red"}, "druid must be one of purple, orange, black"),
        ({"type": "pass", "extra": 1}, "unexpected key 'extra' in a pass move"),
        ({"type": ["waltz"]}, "move type must be one of"),
    ],
)
def test_malformed_moves_are_refused(move, message):
    with pytest.raises(MalformedMove) as problem:
        apply(valid(), move)
    assert message in str(problem.value)
