"""Tables in the API: open, join, invite, AI seats, leave, cancel; who may do what;
no game data in a table's payload."""

from __future__ import annotations

import json

import pytest

from games.models import Table
from tests.api.helpers import post

pytestmark = pytest.mark.django_db


def test_it_opens_and_fills_a_table_through_the_api(client_for, alice, bob):
    response = post(client_for(alice), "/api/tables/",
                    {"game": "kasteel", "size": 3, "limit": 2, "days_per_move": 2})
    assert response.status_code == 201, response.json()
    table = response.json()
    assert table["free_seats"] == 2 and table["expected"]["turns_each"] > 0
    assert post(client_for(bob), f"/api/tables/{table['id']}/join/").status_code == 200
    response = post(client_for(alice), f"/api/tables/{table['id']}/ai/", {"level": "random"})
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "playing" and len(body["matches"]) == 1
    game = client_for(bob).get(f"/api/games/{body['matches'][0]['match']}/").json()
    assert len(game["seats"]) == 3


@pytest.mark.parametrize(("terms", "problem"), [
    ({"size": 13}, "number of seats must be from 2 to 12"),
    ({"size": 5, "teams": True}, "Teams need an even number of seats"),
    ({"size": "4"}, "size"),
])
def test_it_answers_bad_terms_with_a_400_naming_the_problem(client_for, alice, terms, problem):
    response = post(client_for(alice), "/api/tables/", {"game": "kasteel", **terms})
    assert response.status_code == 400
    assert problem in response.json()["error"]


def test_it_refuses_joining_twice_and_a_full_table(client_for, alice, bob, carol):
    table = post(client_for(alice), "/api/tables/", {"game": "kasteel", "size": 2}).json()
    assert post(client_for(alice), f"/api/tables/{table['id']}/join/").status_code == 400
    assert post(client_for(bob), f"/api/tables/{table['id']}/join/").status_code == 200
    # The table has started: nobody joins any more.
    assert post(client_for(carol), f"/api/tables/{table['id']}/join/").status_code == 409


def test_it_lets_no_outsider_act_for_others(client_for, alice, bob, carol):
    table = post(client_for(alice), "/api/tables/", {"game": "kasteel", "size": 4}).json()
    tid = table["id"]
    post(client_for(bob), f"/api/tables/{tid}/join/")
    assert post(client_for(carol), f"/api/tables/{tid}/cancel/").status_code == 403
    assert post(client_for(carol), f"/api/tables/{tid}/ai/", {"level": "random"}).status_code \
        == 403
    assert post(client_for(carol), f"/api/tables/{tid}/invite/",
                {"username": "bob"}).status_code == 403
    assert post(client_for(carol), f"/api/tables/{tid}/leave/").status_code == 400
    assert post(client_for(None), f"/api/tables/{tid}/join/").status_code == 401
    bob_place = next(p["id"] for p in table["players"]) + 1
    assert post(client_for(bob), f"/api/tables/{tid}/remove/",
                {"place": bob_place}).status_code == 403
    assert Table.objects.get().places.count() == 2


def test_it_invites_by_name_and_the_guest_accepts(client_for, alice, bob):
    tid = post(client_for(alice), "/api/tables/", {"game": "kasteel", "size": 3}).json()["id"]
    response = post(client_for(alice), f"/api/tables/{tid}/invite/", {"username": "bob"})
    assert response.status_code == 200
    assert [p["invited"] for p in response.json()["players"]] == [False, True]
    mine = client_for(bob).get("/api/tables/").json()
    assert [t["id"] for t in mine] == [tid]
    joined = post(client_for(bob), f"/api/tables/{tid}/join/").json()
    assert [p["invited"] for p in joined["players"]] == [False, False]


def test_it_shows_no_game_state_or_hand_in_table_payloads(client_for, alice, bob, carol):
    tid = post(client_for(alice), "/api/tables/",
               {"game": "kasteel", "size": 3, "limit": 1}).json()["id"]
    post(client_for(bob), f"/api/tables/{tid}/join/")
    post(client_for(carol), f"/api/tables/{tid}/join/")
    for path in ("/api/tables/", f"/api/tables/{tid}/", f"/api/tables/{tid}/standings/"):
        text = json.dumps(client_for(None).get(path).json())
        for secret in ("hand", "seed", "deck", "state", "cards"):
            assert f'"{secret}' not in text, (path, secret)


def test_it_documents_the_table_endpoints(client_for):
    schema = client_for(None).get("/api/schema/?format=json").json()
    for path in ("/api/tables/", "/api/tables/{table_id}/join/",
                 "/api/tables/{table_id}/standings/"):
        assert path in schema["paths"]
