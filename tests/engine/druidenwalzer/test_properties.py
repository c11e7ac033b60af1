"""Property-based tests: malformed states and moves never crash anything.

Whatever is fed to ``from_json``, ``apply`` or ``cli.run``, the answer is a
valid result or a ``RulesError`` (exit 2 with an ``{"error"}`` JSON for the
command), never another exception, and the input is never changed.
"""

from __future__ import annotations

import copy
import json
import os
import random
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import RulesError
from games.rules.cli import run

from .helpers import RULES


def _sample_states() -> list[dict]:
    states = []
    for seed in range(4):
        rng = random.Random(seed)
        state = RULES.new_game(seed)
        for step in range(rng.randint(0, 30)):
            if RULES.is_over(state):
                break
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state))).state
            if step % 7 == 0:
                states.append(RULES.to_json(state))
        states.append(RULES.to_json(state))
    return states


SAMPLES = _sample_states()

json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-10, max_value=40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(
        [
            "moon",
            "sun",
            "play",
            "setup",
            "over",
            "M5L",
            "S1R",
            "X9Z",
            "purple",
            "waltz",
            "",
            "druidenwalzer",
        ]
    ),
    st.text(max_size=6),
)
json_value = st.recursive(
    json_leaf,
    lambda children: st.one_of(
        st.lists(children, max_size=5),
        st.dictionaries(
            st.sampled_from(["type", "card", "tree", "druid", "up", "down", "x"]),
            children,
            max_size=4,
        ),
    ),
    max_leaves=12,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, (*prefix, index))


@st.composite
def mutated_states(draw):
    data = copy.deepcopy(draw(st.sampled_from(SAMPLES)))
    paths = [path for path in _paths(data) if path]
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        path = draw(st.sampled_from(paths))
        parent = data
        try:
            for key in path[:-1]:
                parent = parent[key]
            action = draw(st.sampled_from(["replace", "delete", "append"]))
            if action == "replace":
                parent[path[-1]] = draw(json_value)
            elif action == "delete":
                del parent[path[-1]]
            elif isinstance(parent[path[-1]], list):
                parent[path[-1]].append(draw(json_value))
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed this path
    return data


@settings(
    max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(mutated_states())
def test_from_json_validates_or_raises_invalid_state(data):
    original = copy.deepcopy(data)
    try:
        state = RULES.from_json(data)
    except RulesError:
        assert data == original
        return
    assert data == original
    # an accepted state is fully usable
    for move in RULES.legal_moves(state):
        RULES.apply(state, move)
    assert RULES.from_json(RULES.to_json(state)) == state
    RULES.view(state, "moon")


@settings(max_examples=100, deadline=None, database=None)
@given(json_value)
def test_arbitrary_json_is_never_a_state(data):
    try:
        RULES.from_json(data)
    except RulesError:
        return
    raise AssertionError("random JSON accepted as a state")


@settings(max_examples=300, deadline=None, database=None)
@given(st.sampled_from(SAMPLES), json_value)
def test_apply_refuses_anything_but_a_legal_move(data, move):
    state = RULES.from_json(data)
    before = RULES.to_json(state)
    move_before = copy.deepcopy(move)
    try:
        RULES.apply(state, move)
    except RulesError as problem:
        assert str(problem)
    assert RULES.to_json(state) == before
    assert move == move_before


argument = st.one_of(
    st.sampled_from(
        [
            "druidenwalzer",
            "new",
            "apply",
            "legal",
            "view",
            "--state",
            "--move",
            "--seed",
            "--player",
            "--handicap-moon",
            "--handicap-sun",
            "moon",
            "sun",
            "3",
            "-1",
            "9",
            "x",
            "STATE",
            "MOVE",
            "MISSING",
            "-h",
        ]
    ),
    st.text(max_size=5),
)


structured_argv = st.tuples(
    st.sampled_from(["apply", "legal", "view"]),
    st.sampled_from([["--player", "moon"], ["--player", "sun"], ["--seed", "5"], []]),
).map(
    lambda parts: (
        ["druidenwalzer", parts[0], "--state", "STATE", "--move", "MOVE", *parts[1]]
        if parts[0] == "apply"
        else ["druidenwalzer", parts[0], "--state", "STATE", *parts[1]]
    )
)


@settings(
    max_examples=250, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.one_of(structured_argv, st.lists(argument, max_size=8)), mutated_states(), json_value)
def test_cli_answers_json_and_exit_0_or_2(argv, state_data, move_data):
    with tempfile.TemporaryDirectory() as folder:
        state_path = os.path.join(folder, "state.json")
        move_path = os.path.join(folder, "move.json")
        with open(state_path, "w") as handle:
            json.dump(state_data, handle)
        with open(move_path, "w") as handle:
            json.dump(move_data, handle)
        files = {
            "STATE": state_path,
            "MOVE": move_path,
            "MISSING": os.path.join(folder, "missing.json"),
        }
        argv = [files.get(arg, arg) for arg in argv]
        code, text = run(argv)
        answer = json.loads(text)
        assert code in (0, 2)
        if code == 2:
            assert list(answer) == ["error"] and isinstance(answer["error"], str)
            assert "internal error" not in answer["error"]
        assert sorted(os.listdir(folder)) == ["move.json", "state.json"]
        # Compared as text: generated data may hold NaN, which is never equal to itself.
        with open(state_path) as handle:
            assert handle.read() == json.dumps(state_data)
