"""POST /api/games/<id>/move/: the move is applied once, or nothing changes at all."""

from __future__ import annotations

import pytest

from games.core import services
from games.models import MoveRecord
from tests.api.helpers import advance, finish, first_legal, post, snapshot, url

pytestmark = pytest.mark.django_db


def test_it_plays_a_move_and_answers_the_new_game(alice, client_for, game):
    move = client_for(alice).get(url(game)).json()["legal_moves"][0]
    response = post(client_for(alice), url(game, "move"), {"move": move, "version": 0})
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == 1 and body["to_move"] == ["sun"] and body["viewer"] == "moon"
    assert body["legal_moves"] == []
    record = MoveRecord.objects.get(match=game)
    assert (record.version, record.seat, record.move) == (1, "moon", move)


def test_it_refuses_a_stale_version_and_changes_nothing(alice, bob, client_for, game):
    game = advance(game, 2)  # version 2, alice to move again
    before = snapshot(game)
    response = post(client_for(alice), url(game, "move"),
                    {"move": first_legal(game), "version": 1})
    assert response.status_code == 409
    body = response.json()
    assert (body["code"], body["version"]) == ("stale_version", 2)
    assert snapshot(game) == before


def test_it_refuses_a_move_from_a_future_version(alice, client_for, game):
    before = snapshot(game)
    response = post(client_for(alice), url(game, "move"),
                    {"move": first_legal(game), "version": 5})
    assert (response.status_code, response.json()["code"]) == (409, "stale_version")
    assert snapshot(game) == before


@pytest.mark.parametrize("move", [
    {"type": "place", "druid": "purple", "tree": 9},
    {"type": "waltz", "card": "M5L", "tree": 1},  # no waltz during setup
    {"type": "fly"},
    {},
    {"type": "place", "druid": ["purple"], "tree": 1},
])
def test_it_refuses_an_illegal_or_malformed_move(alice, client_for, game, move):
    before = snapshot(game)
    response = post(client_for(alice), url(game, "move"), {"move": move, "version": 0})
    assert response.status_code == 400
    assert response.json()["code"] == "illegal_move" and response.json()["error"]
    assert snapshot(game) == before


def test_it_refuses_a_move_out_of_turn(bob, client_for, game):
    before = snapshot(game)
    response = post(client_for(bob), url(game, "move"), {"move": first_legal(game), "version": 0})
    assert (response.status_code, response.json()["code"]) == (409, "conflict")
    assert "not your turn" in response.json()["error"]
    assert snapshot(game) == before


def test_it_refuses_a_move_in_someone_elses_game(alice, bob, carol, client_for):
    other = services.start_match("druidenwalzer", {"moon": bob, "sun": carol})
    before = snapshot(other)
    response = post(client_for(alice), url(other, "move"),
                    {"move": first_legal(other), "version": 0})
    assert (response.status_code, response.json()["code"]) == (403, "forbidden")
    assert snapshot(other) == before


def test_it_refuses_a_move_once_the_game_is_over(alice, client_for, game):
    move = first_legal(game)
    game = finish(game)
    before = snapshot(game)
    response = post(client_for(alice), url(game, "move"), {"move": move, "version": 0})
    assert (response.status_code, response.json()["code"]) == (409, "conflict")
    assert snapshot(game) == before


def test_it_answers_404_for_a_move_in_a_missing_game(alice, client_for):
    response = post(client_for(alice), url(424242, "move"), {"move": {"type": "pass"},
                                                            "version": 0})
    assert (response.status_code, response.json()["code"]) == (404, "not_found")


@pytest.mark.parametrize(("body", "field"), [
    ({}, "move"),
    ({"move": {"type": "pass"}}, "version"),
    ({"version": 0}, "move"),
    ({"move": "pass", "version": 0}, "move"),
    ({"move": [{"type": "pass"}], "version": 0}, "move"),
    ({"move": None, "version": 0}, "move"),
    ({"move": {"type": "pass"}, "version": "0"}, "version"),
    ({"move": {"type": "pass"}, "version": True}, "version"),
    ({"move": {"type": "pass"}, "version": 0.5}, "version"),
    ({"move": {"type": "pass"}, "version": -1}, "version"),
    ({"move": {"type": "pass"}, "version": 0, "seat": "sun"}, "seat"),
    ([], "body"),
    ("move", "body"),
    (7, "body"),
])
def test_it_names_the_field_of_a_malformed_body(alice, client_for, game, body, field):
    before = snapshot(game)
    response = post(client_for(alice), url(game, "move"), body)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert field in response.json()["fields"], response.json()
    assert snapshot(game) == before


@pytest.mark.parametrize(("content", "content_type", "status", "code"), [
    ("{not json", "application/json", 400, "parse_error"),
    ("[" * 50_000 + "]" * 50_000, "application/json", 400, "parse_error"),
    ('{"version": NaN, "move": {}}', "application/json", 400, "parse_error"),
    ("move=pass&version=0", "application/x-www-form-urlencoded", 415,
     "unsupported_media_type"),
])
def test_it_refuses_a_body_that_is_not_json(alice, client_for, game, content, content_type,
                                            status, code):
    before = snapshot(game)
    response = client_for(alice).post(url(game, "move"), content, content_type=content_type)
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert snapshot(game) == before


def test_it_refuses_a_body_larger_than_the_limit(alice, client_for, game, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    body = '{"move": {"type": "pass", "pad": "' + "x" * 2000 + '"}, "version": 0}'
    response = client_for(alice).post(url(game, "move"), body, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (413, "too_large")


def test_it_answers_405_in_the_error_shape(alice, client_for, game):
    response = client_for(alice).get(url(game, "move"))
    assert (response.status_code, response.json()["code"]) == (405, "method_not_allowed")
