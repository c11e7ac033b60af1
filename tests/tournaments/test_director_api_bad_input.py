"""A malformed body to a director's action is a 400 in the API's error shape, each field
named in ``fields``, before anything runs: missing fields, values of the wrong JSON type,
a blank or too long reason, a time that is not one, an unknown key."""

from __future__ import annotations

import pytest

from tests.api.helpers import check_schema
from tests.tournaments.director_calls import (
    ACTIONS,
    call,
    client_for,
    ready,
    running_swiss,
    snapshot,
)

pytestmark = pytest.mark.django_db


def refused(openapi, answer, *fields: str) -> dict:
    assert answer.status_code == 400, answer.json()
    body = answer.json()
    check_schema(openapi, "Error", body)
    assert body["code"] == "invalid" and set(body["fields"]) == set(fields), body
    return body


@pytest.mark.parametrize("action", ACTIONS)
def test_it_names_every_missing_field(action, openapi, run, make_tournament, field, staff):
    cup, body = ready(action, run, make_tournament, field, staff)
    request = openapi["paths"][f"/api/tournaments/{{tournament_id}}/director/{action}/"]
    schema = request["post"]["requestBody"]["content"]["application/json"]["schema"]
    required = openapi["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]["required"]
    before = snapshot()
    answer = refused(openapi, call(client_for(staff), cup, action, {}), *required)
    assert "This field is required." in answer["fields"]["reason"]
    blank = refused(openapi, call(client_for(staff), cup, action, {**body, "reason": "  "}),
                    "reason")
    assert blank["error"] == "reason: This field may not be blank."
    assert snapshot() == before


@pytest.mark.parametrize("action, body, field_name, message", [
    ("bye", {"player": "p1", "round": "2", "kind": "zero"}, "round",
     "A valid integer is required."),
    ("bye", {"player": "p1", "round": 2, "kind": "half"}, "kind",
     '"half" is not a valid choice.'),
    ("bye", {"player": "p1", "round": 0, "kind": "zero"}, "round",
     "Ensure this value is greater than or equal to 1."),
    ("pairing", {"player": "p1", "other": "p2", "round": 2, "allow_repeat": "on"},
     "allow_repeat", "Must be true or false."),
    ("result", {"game": 1.5, "outcome": "draw"}, "game", "A valid integer is required."),
    ("withdraw", {"player": 7}, "player", "Must be a string."),
    ("withdraw", {"player": ["p1"]}, "player", "Must be a string."),
    ("pause", {"reason": 5}, "reason", "Must be a string."),
    ("pause", {"reason": "x" * 501}, "reason",
     "Ensure this field has no more than 500 characters."),
    ("pause", {"why": "no reason"}, "why", "Unknown field."),
    ("schedule", {"round": 2, "deadline": 1893456000}, "deadline",
     "Must be a string."),
    ("schedule", {"round": 2, "deadline": "next Tuesday"}, "deadline",
     "next Tuesday is not a time (write 2026-12-24 18:00)."),
    ("announce", {"text": "x" * 2001}, "text",
     "Ensure this field has no more than 2000 characters."),
    ("rerun", {"name": "Again", "closes_at": "2031-02-30T10:00"}, "closes_at",
     "2031-02-30T10:00 is not a time (write 2026-12-24 18:00)."),
])
def test_it_refuses_a_value_of_the_wrong_type_or_form(action, body, field_name, message,
                                                      openapi, run, make_tournament, field,
                                                      staff):
    cup = running_swiss(run, make_tournament, field, staff)
    before = snapshot()
    sent = {"reason": "a test", **body}
    answer = refused(openapi, call(client_for(staff), cup, action, sent), field_name)
    assert answer["fields"][field_name] == [message]
    assert snapshot() == before


@pytest.mark.parametrize("body", [["pause"], "pause", 5, None])
def test_it_refuses_a_body_that_is_not_an_object(body, openapi, run, make_tournament, field,
                                                 staff):
    cup = running_swiss(run, make_tournament, field, staff)
    before = snapshot()
    answer = client_for(staff).post(f"/api/tournaments/{cup.pk}/director/pause/",
                                    body, format="json")
    assert answer.status_code == 400
    check_schema(openapi, "Error", answer.json())
    assert snapshot() == before


def test_it_refuses_a_body_that_is_not_json(run, make_tournament, field, staff):
    cup = running_swiss(run, make_tournament, field, staff)
    before = snapshot()
    answer = client_for(staff).post(f"/api/tournaments/{cup.pk}/director/pause/",
                                    "reason=rain", content_type="application/json")
    assert answer.status_code == 400 and "JSON parse error" in answer.json()["error"]
    assert snapshot() == before
