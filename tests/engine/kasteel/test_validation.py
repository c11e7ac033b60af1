"""Validation of a full state given to the engine (section 12): every rule
is refused with a clear message, and moves outside the notation too."""

from __future__ import annotations

import copy

import pytest

from games.rules import IllegalMove, InvalidState, MalformedMove

from .helpers import RULES, apply, load, move, position

ON_TARGET = {rank: 7 - i for i, rank in enumerate("KDCBPSX")}


def valid() -> dict:
    return position(
        3,
        lines={5: ["0:K", "1:K", "2:C"], 20: ["1:D"]},
        castle={2: {"K": 7, "D": 5}},
        hands={0: ["K/0", "3/1"], 1: ["J/2"], 2: ["X/2", "4/0"]},
    )


def broken(change) -> dict:
    data = valid()
    change(data)
    return data


def test_a_valid_state_round_trips():
    data = valid()
    state = load(data)
    again = RULES.to_json(state)
    assert load(again) == state
    assert {k: again[k] for k in data} == data


def test_a_state_without_the_engine_keys_is_accepted():
    data = valid()
    for key in ("seed", "limit", "cycle"):
        del data[key]
    again = RULES.to_json(load(data))
    assert again["seed"] == 0 and again["limit"] is None and again["cycle"] == 1
    assert again["turn_rolls"] == 0 and again["first_player_rolls"] == []


def test_unknown_extra_keys_are_ignored():
    data = valid()
    data["note"] = "engine keys are allowed"
    load(data)


def _set(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _pending(data):
    data["pending"] = {"piece": "0:K", "card": "K/0", "dice": [2, 2]}
    data["seats"][0]["hand"].remove("K/0")
    data["discard"].append("K/0")


CASES = [
    ("not an object", lambda d: d.clear(), "missing key 'game'"),
    ("wrong game", _set(["game"], "chess"), "game must be 'kasteel'"),
    ("players", _set(["players"], 13), "players must be an integer 2..12, got 13"),
    ("teams odd", _set(["teams"], True), "teams may be true only for an even number"),
    ("bad phase", _set(["phase"], "middle"), "phase must be setup, play or over"),
    ("bad to_move", _set(["to_move"], 3), "to_move must be an integer 0..2, got 3"),
    ("null to_move", _set(["to_move"], None), "to_move must be a seat while the game runs"),
    ("bool turn", _set(["turn"], True), "turn must be an integer >= 0"),
    ("first_round", _set(["first_round"], True), "first_round must be false at turn 9"),
    ("dealer", _set(["dealer"], -1), "dealer must be an integer 0..2"),
    ("deal", _set(["deal"], 4), "deal must be an integer 0..3"),
    ("roll", _set(["roll"], [0, 3]), r"roll\[0\] must be an integer 1..6"),
    ("roll shape", _set(["roll"], [3]), "roll must be a pair of dice"),
    ("seed", _set(["seed"], "x"), "seed must be an integer"),
    ("limit", _set(["limit"], 0), "limit must be an integer >= 1"),
    ("cycle", _set(["cycle"], 0), "cycle must be an integer >= 1"),
    ("cycle beyond limit", lambda d: d.update(limit=1, cycle=2), "cycle 2 is beyond the limit"),
    (
        "unknown card",
        lambda d: d["seats"][0]["hand"].append("K/3"),
        r"seats\[0\]\.hand\[2\]: unknown card 'K/3'",
    ),
    (
        "card twice",
        lambda d: d["seats"][1]["hand"].append("K/0"),
        "card K/0 appears 2 times: each of the 39 cards must be exactly once",
    ),
    (
        "card missing",
        lambda d: d["seats"][0]["hand"].remove("K/0"),
        "card K/0 is missing",
    ),
    (
        "deck size",
        lambda d: d["seats"][0]["hand"].append(d["deck"].pop()),
        "the deck must hold 24 cards after deal 1 of the cycle",
    ),
    (
        "hand size",
        lambda d: (
            d["seats"][0]["hand"].extend(d["discard"][:4]) or d.update(discard=d["discard"][4:])
        ),
        r"seats\[0\]\.hand holds 6 cards; at most 5 after deal 1",
    ),
    (
        "to move without cards",
        lambda d: d["discard"].extend(d["seats"][0]["hand"]) or d["seats"][0].update(hand=[]),
        "seat 0 is to move but holds no cards",
    ),
    ("seats count", lambda d: d["seats"].pop(), "seats must be a list of 3 seats"),
    (
        "rank letter",
        _set(["seats", 0, "home", 0], "Q"),
        r"seats\[0\]\.home\[0\] must be a rank letter",
    ),
    (
        "order twice",
        _set(["seats", 0, "order"], list("KKCBPSX")),
        r"seats\[0\]\.order names a rank twice",
    ),
    ("order short", _set(["seats", 0, "order"], list("KDCBPS")), "must list all 7 ranks once"),
    (
        "piece twice",
        lambda d: d["seats"][0]["home"].append("K"),
        r"seats\[0\]: piece 0:K is both in home and on the track",
    ),
    (
        "piece nowhere",
        lambda d: d["seats"][0]["home"].remove("X"),
        r"seats\[0\]: piece 0:X is nowhere",
    ),
    (
        "square",
        _set(["seats", 1, "track", "D"], [54, 0]),
        r"seats\[1\]\.track\.D square must be an integer 0..53",
    ),
    (
        "places",
        _set(["seats", 1, "track", "D"], [20, 1]),
        r"square 20: the places in its line must be 0..0 once each, got \[1\]",
    ),
    (
        "rank order",
        lambda d: (
            d["seats"][2]["track"].update(C=[5, 0]) or d["seats"][0]["track"].update(K=[5, 2])
        ),
        "square 5: the line must be ordered by rank, highest in front; 2:C stands in front of 1:K",
    ),
    (
        "castle place",
        _set(["seats", 2, "castle", "D"], 8),
        r"seats\[2\]\.castle\.D must be an integer 1..7",
    ),
    (
        "castle prefix",
        lambda d: d["seats"][2].update(castle={"K": 7, "B": 5}, home=list("DPSX")),
        r"seats\[2\]\.castle: B cannot be on castle place 5: the castle holds the first "
        r"pieces of the home order on places 7, 6, ... \(K on 7\) and at most the next one "
        r"\(D\) short of its target 6",
    ),
    (
        "castle two short",
        _set(["seats", 2, "castle"], {"K": 3, "D": 2}),
        "D cannot be on castle place 2",
    ),
    (
        "pending piece cannot walk",
        lambda d: _pending(d) or d.update(pending={"piece": "0:C", "card": "K/0", "dice": [2, 2]}),
        "pending.piece 0:C cannot walk",
    ),
    (
        "pending not doubles",
        lambda d: _pending(d) or d["pending"].update(dice=[2, 3]),
        r"pending\.dice must be doubles, got \[2, 3\]",
    ),
    (
        "pending card not played",
        lambda d: d.update(pending={"piece": "0:K", "card": "K/0", "dice": [2, 2]}),
        "pending.card K/0 must be in the discard pile",
    ),
    (
        "pending card rank",
        lambda d: _pending(d) or d["pending"].update(piece="1:K"),
        "pending: K/0 cannot have designated 1:K: seat 0 cannot move seat 1's pieces",
    ),
    (
        "winners in play",
        _set(["winners"], [0]),
        "winners must be \\[\\] and scores null until the game is over",
    ),
    (
        "finished",
        _set(["finished"], [2]),
        r"finished must list exactly the seats with all 7 pieces in their castle \(\[\]\)",
    ),
    (
        "won but in play",
        lambda d: (
            d["seats"][2].update(castle=ON_TARGET, home=[], track={}) or d.update(finished=[2])
        ),
        r"seat\(s\) \[2\] have finished: the game is over, not in play",
    ),
]


@pytest.mark.parametrize("name, change, message", CASES, ids=[case[0] for case in CASES])
def test_invalid_states_are_refused_with_a_clear_message(name, change, message):
    data = broken(change)
    with pytest.raises(InvalidState, match=message):
        load(data)


def test_setup_states_are_checked():
    data = RULES.to_json(RULES.new_game(3, {"players": 3}))
    first = data["dealer"]
    later = (first + 1) % 3
    bad = copy.deepcopy(data)
    bad["seats"][later]["order"] = ["K"]
    bad["seats"][later]["home"] = ["K"]
    with pytest.raises(
        InvalidState, match=f"seats\\[{later}\\] has placed pieces before seat {first}"
    ):
        load(bad)
    bad = copy.deepcopy(data)
    bad["seats"][first]["order"] = ["K", "D"]
    bad["seats"][first]["home"] = ["D", "K"]
    with pytest.raises(InvalidState, match="in setup home must equal order"):
        load(bad)
    bad = copy.deepcopy(data)
    bad["deal"] = 1
    with pytest.raises(InvalidState, match="deal must be 0 exactly in setup"):
        load(bad)


def test_over_states_must_agree_with_the_castles():
    data = position(
        castle={0: ON_TARGET, 1: {"K": 7}},
        finished=[0],
        hands={1: ["K/1"]},
        phase="over",
        to_move=None,
    )
    data["winners"] = [0]
    data["scores"] = [33, 7]
    load(data)
    with pytest.raises(
        InvalidState, match=r"scores must be \[33, 7\] by the castles, got \[28, 7\]"
    ):
        load({**data, "scores": [28, 7]})
    with pytest.raises(InvalidState, match=r"winners must be \[0\] by the castles, got \[1\]"):
        load({**data, "winners": [1]})
    with pytest.raises(InvalidState, match="to_move must be null when the game is over"):
        load({**data, "to_move": 1})
    no_winner = {**data, "finished": [], "winners": [], "scores": [0, 7]}
    no_winner["seats"] = copy.deepcopy(data["seats"])
    no_winner["seats"][0]["castle"] = {}
    no_winner["seats"][0]["home"] = list("KDCBPSX")
    with pytest.raises(InvalidState, match="no one has won: that happens only at the length limit"):
        load(no_winner)


MALFORMED = [
    ("not an object", [], "a move must be a JSON object"),
    ("no type", {}, "move type must be one of place, move, dice, discard"),
    ("extra key", {"type": "discard", "x": 1}, "unexpected key 'x' in a discard move"),
    ("missing piece", {"type": "move", "card": "K/0"}, "a move move needs 'piece'"),
    ("unknown card", move("K/3", "0:K"), r"card must be a card like K/0.* got 'K/3'"),
    ("unknown piece", move("K/0", "0:Q"), "piece must be a piece like 0:K"),
    ("piece of no seat", move("K/0", "3:K"), r"seat 0..2, rank one of KDCBPSX\), got '3:K'"),
    ("number not a number", move("K/0", "0:K", "D/0"), "number must be a number card"),
    ("bad choice", {"type": "dice", "choice": "both"}, 'choice must be "total" or "one"'),
]


@pytest.mark.parametrize("name, bad, message", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_moves_are_refused(name, bad, message):
    with pytest.raises(MalformedMove, match=message):
        apply(valid(), bad)


def test_apply_refuses_a_seat_that_does_not_owe_the_move_and_never_changes_the_input():
    state = load(valid())
    before = RULES.to_json(state)
    with pytest.raises(IllegalMove, match="seat 0 is to move now, not seat 1"):
        RULES.apply(state, move("K/0", "0:K"), seat="1")
    with pytest.raises(IllegalMove, match="unknown seat '7'; the seats are 0..2"):
        RULES.apply(state, move("K/0", "0:K"), seat="7")
    with pytest.raises(IllegalMove, match="pieces are placed only during setup"):
        RULES.apply(state, {"type": "place", "piece": "0:K"})
    applied = RULES.apply(state, move("K/0", "0:K", "3/1"), seat="0")
    assert RULES.to_json(state) == before
    assert applied.state is not state
    with pytest.raises(InvalidState, match="the rules need a state"):
        RULES.apply(before, move("K/0", "0:K"))


def test_a_finished_game_refuses_every_move():
    data = position(
        castle={0: ON_TARGET},
        finished=[0],
        hands={1: ["K/1"]},
        phase="over",
        to_move=None,
    )
    data["winners"], data["scores"] = [0], [33, 0]
    with pytest.raises(IllegalMove, match="the game is over"):
        apply(data, {"type": "discard"})
    with pytest.raises(IllegalMove, match="the game is over"):
        apply(data, {"type": "discard"}, seat="0")


JUNK = [None, True, -1, 99, 2.5, "", "K/0", "0:K", [], [1, 2], {}, {"a": 1}, "x" * 50]


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def test_hostile_states_and_moves_raise_only_the_rules_errors():
    """Any junk in a state gives InvalidState (or a valid state the engine can
    play); any junk move gives MalformedMove or IllegalMove."""
    import random

    rng = random.Random(3)
    base = valid()
    base["pending"] = None
    paths = [p for p in _paths(base) if p]
    for _ in range(600):
        data = copy.deepcopy(base)
        path = rng.choice(paths)
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = rng.choice(JUNK)
        try:
            state = load(data)
        except InvalidState:
            continue
        RULES.legal_moves(state)
        RULES.view(state, None)
    state = load(base)
    for _ in range(300):
        junk = {"type": rng.choice(["move", "place", "dice", "discard", "x", None])}
        for key in ("card", "piece", "number", "choice"):
            if rng.random() < 0.6:
                junk[key] = rng.choice(JUNK + ["F/1", "1:C", "3/1", "one"])
        try:
            RULES.apply(state, junk)
        except (MalformedMove, IllegalMove):
            pass
