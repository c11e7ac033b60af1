"""Resign, draws and rematches through the API."""

from __future__ import annotations

import pytest

from games.models import Challenge, Match, MoveRecord
from tests.api.helpers import advance, finish, post, snapshot, url

pytestmark = pytest.mark.django_db


def test_it_resigns_with_or_without_a_version(alice, bob, client_for, game):
    response = post(client_for(bob), url(game, "resign"))
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "finished" and body["viewer"] == "sun"
    assert body["result"]["winner"] == "moon" and body["result"]["reason"] == "resign"
    assert body["seed"] == game.seed  # over: the whole game may be replayed


def test_it_refuses_a_stale_resignation(alice, client_for, game):
    game = advance(game, 1)
    before = snapshot(game)
    response = post(client_for(alice), url(game, "resign"), {"version": 0})
    assert (response.status_code, response.json()["code"]) == (409, "stale_version")
    assert snapshot(game) == before


def test_it_offers_and_accepts_a_draw(alice, bob, client_for, game):
    offered = post(client_for(alice), url(game, "draw"), {"action": "offer"})
    assert offered.status_code == 200 and offered.json()["draw_offer"] == "moon"
    accepted = post(client_for(bob), url(game, "draw"), {"action": "accept", "version": 1})
    assert accepted.status_code == 200
    assert accepted.json()["status"] == "finished"
    assert accepted.json()["result"] == {**accepted.json()["result"], "winner": None,
                                         "reason": "draw"}


def test_it_declines_a_draw(alice, bob, client_for, game):
    post(client_for(alice), url(game, "draw"), {"action": "offer"})
    response = post(client_for(bob), url(game, "draw"), {"action": "decline"})
    assert response.status_code == 200
    assert response.json()["draw_offer"] is None and response.json()["status"] == "active"
    kinds = list(MoveRecord.objects.filter(match=game).values_list("kind", flat=True))
    assert kinds == ["draw_offer", "draw_decline"]


def test_it_refuses_to_answer_a_draw_nobody_offered(bob, client_for, game):
    before = snapshot(game)
    response = post(client_for(bob), url(game, "draw"), {"action": "accept"})
    assert (response.status_code, response.json()["code"]) == (409, "conflict")
    assert snapshot(game) == before


@pytest.mark.parametrize(("body", "field"), [
    ({}, "action"),
    ({"action": "maybe"}, "action"),
    ({"action": "offer", "version": "1"}, "version"),
    ({"action": "offer", "note": "hi"}, "note"),
])
def test_it_names_the_field_of_a_malformed_draw(alice, client_for, game, body, field):
    before = snapshot(game)
    response = post(client_for(alice), url(game, "draw"), body)
    assert response.status_code == 400 and field in response.json()["fields"]
    assert snapshot(game) == before


def test_it_offers_then_accepts_a_rematch(alice, bob, client_for, game):
    game = finish(game)
    offered = post(client_for(alice), url(game, "rematch"))
    assert offered.status_code == 201
    offer = offered.json()
    assert offer["game"] is None
    assert (offer["challenge"]["creator"], offer["challenge"]["opponent"]) == ("alice", "bob")
    assert offer["challenge"]["creator_seat"] == "sun"  # the seats swap

    again = post(client_for(alice), url(game, "rematch"))
    assert (again.status_code, again.json()["code"]) == (409, "conflict")

    accepted = post(client_for(bob), url(game, "rematch"))
    assert accepted.status_code == 201
    new_game = accepted.json()["game"]
    assert new_game["viewer"] == "moon" and new_game["id"] != game.pk
    assert accepted.json()["challenge"]["status"] == "accepted"
    assert Match.objects.get(pk=new_game["id"]).rematch_of_id == game.pk
    assert Challenge.objects.get(pk=offer["challenge"]["id"]).match_id == new_game["id"]


def test_it_refuses_a_rematch_while_the_game_runs(alice, client_for, game):
    response = post(client_for(alice), url(game, "rematch"))
    assert (response.status_code, response.json()["code"]) == (409, "conflict")
    assert not Challenge.objects.exists()
