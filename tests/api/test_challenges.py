"""Challenges: list, create, look at one, accept, decline, cancel."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.core import services
from games.models import Challenge, Match
from tests.api.helpers import post

pytestmark = pytest.mark.django_db


def test_it_creates_an_open_challenge_with_defaults(alice, client_for):
    response = post(client_for(alice), "/api/challenges/")
    assert response.status_code == 201
    body = response.json()
    assert body["creator"] == "alice" and body["opponent"] is None
    assert (body["game"], body["days_per_move"], body["creator_seat"], body["rated"]) == (
        "druidenwalzer", 3, "random", True)
    assert body["status"] == "open" and body["can_cancel"] and not body["can_accept"]
    assert Challenge.objects.get(pk=body["id"]).creator == alice


def test_it_creates_a_challenge_addressed_to_a_player_with_a_handicap(alice, bob, client_for):
    response = post(client_for(alice), "/api/challenges/", {
        "game": "druidenwalzer", "opponent": "BOB", "days_per_move": 7, "creator_seat": "sun",
        "rated": False, "handicap": {"creator": [2], "opponent": []},
    })
    assert response.status_code == 201, response.json()
    challenge = Challenge.objects.get(pk=response.json()["id"])
    assert (challenge.opponent, challenge.days_per_move, challenge.creator_seat) == (bob, 7, "sun")
    assert challenge.rated is False and challenge.handicap == {"creator": [2]}
    assert response.json()["handicap"] == {"creator": [2]}


@pytest.mark.parametrize(("body", "field"), [
    ({"days_per_move": 4}, "days_per_move"),
    ({"days_per_move": "3"}, "days_per_move"),
    ({"creator_seat": "stars"}, "creator_seat"),
    ({"rated": "yes"}, "rated"),
    ({"opponent": 5}, "opponent"),
    ({"game": "chess"}, "game"),
    ({"handicap": {"creator": [6]}}, "handicap.creator.0"),
    ({"handicap": {"creator": [1, 2]}}, "handicap.creator"),
    ({"handicap": {"referee": [1]}}, "handicap.referee"),
    ({"handicap": [1]}, "handicap"),
    ({"colour": "moon"}, "colour"),
])
def test_it_names_the_field_of_a_malformed_challenge(alice, client_for, body, field):
    response = post(client_for(alice), "/api/challenges/", body)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert field in response.json()["fields"], response.json()
    assert response.json()["error"].startswith(field)
    assert not Challenge.objects.exists()


def test_it_refuses_a_body_that_is_not_an_object(alice, client_for):
    response = post(client_for(alice), "/api/challenges/", [1, 2])
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["body"]


def test_it_answers_404_for_an_unknown_opponent_and_400_for_myself(alice, client_for):
    client = client_for(alice)
    missing = post(client, "/api/challenges/", {"opponent": "nobody"})
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    myself = post(client, "/api/challenges/", {"opponent": "alice"})
    assert myself.status_code == 400 and myself.json()["code"] == "bad_request"
    assert not Challenge.objects.exists()


def test_it_lists_open_ones_addressed_to_me_and_mine(alice, bob, carol, client_for):
    to_anyone = services.create_challenge(carol)
    to_alice = services.create_challenge(bob, opponent=alice)
    by_alice = services.create_challenge(alice, opponent=bob)
    hidden = services.create_challenge(bob, opponent=carol)
    cancelled = services.create_challenge(carol, days_per_move=5)
    services.cancel_challenge(cancelled.pk, carol)

    mine = client_for(alice).get("/api/challenges/").json()
    assert [c["id"] for c in mine] == [by_alice.pk, to_alice.pk, to_anyone.pk]
    flags = {c["id"]: (c["can_accept"], c["can_decline"], c["can_cancel"]) for c in mine}
    assert flags == {
        by_alice.pk: (False, False, True),
        to_alice.pk: (True, True, False),
        to_anyone.pk: (True, False, False),
    }
    anonymous = APIClient().get("/api/challenges/").json()
    assert [c["id"] for c in anonymous] == [to_anyone.pk]
    assert hidden.pk not in [c["id"] for c in client_for(alice).get("/api/challenges/").json()]


def test_it_shows_one_challenge_to_those_concerned_only(alice, bob, carol, client_for):
    private = services.create_challenge(alice, opponent=bob)
    path = f"/api/challenges/{private.pk}/"
    assert client_for(alice).get(path).status_code == 200
    assert client_for(bob).get(path).json()["can_accept"] is True
    assert client_for(carol).get(path).status_code == 404
    assert APIClient().get(path).status_code == 404
    public = services.create_challenge(alice)
    assert APIClient().get(f"/api/challenges/{public.pk}/").status_code == 200
    assert APIClient().get("/api/challenges/999999/").status_code == 404


def test_it_accepts_a_challenge_and_answers_the_new_game(alice, bob, client_for):
    challenge = services.create_challenge(alice, opponent=bob, creator_seat="moon")
    response = post(client_for(bob), f"/api/challenges/{challenge.pk}/accept/")
    assert response.status_code == 201
    body = response.json()
    match = Match.objects.get(pk=body["id"])
    assert body["viewer"] == "sun" and body["version"] == 0
    assert {s["seat"]: s["player"] for s in body["seats"]} == {"moon": "alice", "sun": "bob"}
    assert body["view"]["players"]["sun"]["hand"] is not None
    assert body["view"]["players"]["moon"]["hand"] is None
    challenge.refresh_from_db()
    assert challenge.status == "accepted" and challenge.match == match
    assert client_for(alice).get(f"/api/challenges/{challenge.pk}/").json()["game_id"] == match.pk


def test_it_accepts_an_open_challenge_for_anyone(alice, carol, client_for):
    challenge = services.create_challenge(alice)
    response = post(client_for(carol), f"/api/challenges/{challenge.pk}/accept/")
    assert response.status_code == 201
    assert {s["player"] for s in response.json()["seats"]} == {"alice", "carol"}


def test_it_declines_and_cancels(alice, bob, client_for):
    to_bob = services.create_challenge(alice, opponent=bob)
    response = post(client_for(bob), f"/api/challenges/{to_bob.pk}/decline/")
    assert response.status_code == 200 and response.json()["status"] == "declined"
    mine = services.create_challenge(alice)
    response = post(client_for(alice), f"/api/challenges/{mine.pk}/cancel/")
    assert response.status_code == 200 and response.json()["status"] == "cancelled"


@pytest.mark.parametrize(("actor", "action", "status", "code"), [
    ("alice", "accept", 403, "forbidden"),     # my own challenge
    ("carol", "accept", 403, "forbidden"),     # addressed to bob
    ("carol", "decline", 403, "forbidden"),
    ("alice", "decline", 403, "forbidden"),    # only the addressee declines
    ("bob", "cancel", 403, "forbidden"),       # only the creator cancels
    ("carol", "cancel", 403, "forbidden"),
    (None, "accept", 401, "not_authenticated"),
    (None, "cancel", 401, "not_authenticated"),
])
def test_it_refuses_challenge_actions_of_others(
    alice, bob, carol, client_for, actor, action, status, code
):
    challenge = services.create_challenge(alice, opponent=bob)
    user = {"alice": alice, "bob": bob, "carol": carol}.get(actor)
    response = post(client_for(user), f"/api/challenges/{challenge.pk}/{action}/")
    assert (response.status_code, response.json()["code"]) == (status, code)
    challenge.refresh_from_db()
    assert challenge.status == "open" and challenge.match is None
    assert not Match.objects.exists()


def test_it_answers_409_for_a_challenge_no_longer_open(alice, bob, client_for):
    challenge = services.create_challenge(alice, opponent=bob)
    services.cancel_challenge(challenge.pk, alice)
    response = post(client_for(bob), f"/api/challenges/{challenge.pk}/accept/")
    assert (response.status_code, response.json()["code"]) == (409, "conflict")
    assert post(client_for(bob), "/api/challenges/424242/accept/").status_code == 404


def test_it_refuses_a_body_on_accept(alice, bob, client_for):
    challenge = services.create_challenge(alice, opponent=bob)
    response = post(client_for(bob), f"/api/challenges/{challenge.pk}/accept/", {"seat": "moon"})
    assert response.status_code == 400 and "seat" in response.json()["fields"]
    challenge.refresh_from_db()
    assert challenge.status == "open"


def test_it_refuses_an_anonymous_challenge(db):
    response = post(APIClient(), "/api/challenges/", {"opponent": None})
    assert (response.status_code, response.json()["code"]) == (401, "not_authenticated")
    assert not Challenge.objects.exists()
