"""Random bodies sent to the move endpoint: never a 500, never a change to the game."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.api.helpers import snapshot, url

pytestmark = pytest.mark.django_db

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
move_like = st.fixed_dictionaries(
    {"type": st.sampled_from(["place", "waltz", "leap", "withdraw", "pass"]) | json_values},
    optional={
        "druid": st.sampled_from(["purple", "orange", "black", "green"]) | json_values,
        "tree": st.integers(-2, 6) | json_values,
        "card": st.sampled_from(["M1L", "S5R", "M9X"]) | json_values,
    },
)
bodies = (
    json_values
    | st.fixed_dictionaries(
        {},
        optional={"move": move_like | json_values, "version": st.integers(-3, 3) | json_values,
                  "seat": json_values},
    )
)
FUZZ = settings(max_examples=100, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


def _legal_now(legal: list, body) -> bool:
    return isinstance(body, dict) and body.get("version") == 0 and body.get("move") in legal \
        and set(body) == {"move", "version"} and type(body["version"]) is int


@FUZZ
@given(body=bodies)
def test_it_never_fails_or_changes_the_game_on_a_random_body(alice, client_for, game, body):
    client = client_for(alice)
    legal = client.get(url(game, "legal")).json()["moves"]  # the game never changes
    assume(not _legal_now(legal, body))
    before = snapshot(game)
    response = client.post(url(game, "move"), json.dumps(body), content_type="application/json")
    assert response.status_code in (400, 409), (body, response.status_code, response.content)
    assert set(response.json()) >= {"error", "code"}
    assert snapshot(game) == before


@FUZZ
@given(raw=st.binary(max_size=64) | st.text(max_size=64).map(str.encode))
def test_it_never_fails_on_random_bytes(alice, client_for, game, raw):
    before = snapshot(game)
    response = client_for(alice).post(url(game, "move"), raw, content_type="application/json")
    assert response.status_code in (400, 409), (raw, response.status_code, response.content)
    assert snapshot(game) == before
