"""Who may use the directors' actions of the API: staff and the players named directors
of that tournament. Anonymous callers get 401, other players (an entrant, an outsider, the
director of another tournament) 403, and nothing changes; a session works as a token,
with its CSRF check."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournaments.director_calls import (
    ACTIONS,
    call,
    client_for,
    director_of,
    ready,
    snapshot,
    url,
)
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("action", ACTIONS)
def test_it_refuses_everyone_but_the_directors_and_changes_nothing(
        action, run, make_tournament, field, staff, carol):
    cup, body = ready(action, run, make_tournament, field, staff)
    director_of(cup)
    elsewhere = director_of(make_tournament(status=Tournament.Status.DRAFT), "otto")
    entrant = field[1]
    before = snapshot()
    for caller, status, code in [(None, 401, "not_authenticated"), (carol, 403, "forbidden"),
                                 (entrant, 403, "forbidden"), (elsewhere, 403, "forbidden")]:
        for sent in (body, {"bogus": 1}):  # a bad body too: refused as a caller first
            answer = run(call, client_for(caller), cup, action, sent)
            assert answer.status_code == status, (caller, answer.json())
            assert answer.json()["code"] == code
            if status == 403:
                assert answer.json()["error"] == "Only the tournament's directors may do this."
    assert snapshot() == before


def test_it_answers_404_for_a_tournament_that_does_not_exist(staff):
    answer = call(client_for(staff), 999999, "pause", {"reason": "gone"})
    assert answer.status_code == 404
    assert answer.json()["error"] == "There is no tournament 999999."


def test_it_takes_a_session_with_its_csrf_token(run, make_tournament, field, staff):
    cup, body = ready("pause", run, make_tournament, field, staff)
    dora = director_of(cup)
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(dora)
    before = snapshot()
    refused = client.post(url(cup, "pause"), body, format="json")
    assert refused.status_code == 403 and "CSRF" in refused.json()["error"]
    assert snapshot() == before
    token = client.get(f"/tournaments/{cup.pk}/").cookies["csrftoken"].value
    done = client.post(url(cup, "pause"), body, format="json", HTTP_X_CSRFTOKEN=token)
    assert done.status_code == 200
    assert done.json()["entry"]["actor"] == "dora"


def test_it_refuses_a_director_whose_account_was_deactivated(run, make_tournament, field,
                                                             staff):
    cup, body = ready("pause", run, make_tournament, field, staff)
    dora = director_of(cup)
    client = client_for(dora)
    dora.is_active = False
    dora.save(update_fields=["is_active"])
    before = snapshot()
    assert call(client, cup, "pause", body).status_code == 401
    assert snapshot() == before
