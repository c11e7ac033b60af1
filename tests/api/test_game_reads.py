"""A game, its legal moves, its log and its export, as the caller may see them."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.api.helpers import advance, finish, url

pytestmark = pytest.mark.django_db


def test_it_shows_a_player_their_seat(alice, client_for, game):
    body = client_for(alice).get(url(game)).json()
    assert (body["id"], body["viewer"], body["version"], body["status"]) == (
        game.pk, "moon", 0, "active")
    assert body["to_move"] == ["moon"] and body["legal_moves"]
    assert body["view"]["players"]["moon"]["hand"]
    assert "seed" not in body and "state" not in body


def test_it_shows_spectators_the_board_without_hands(game):
    body = APIClient().get(url(game)).json()
    assert body["viewer"] is None and body["legal_moves"] == []
    assert all(player["hand"] is None for player in body["view"]["players"].values())


def test_it_answers_404_for_a_missing_game(alice, client_for):
    for action in ("", "legal", "events", "export"):
        response = client_for(alice).get(url(424242, action))
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"


def test_it_lists_legal_moves_for_the_seat_that_owes_one_only(alice, bob, client_for, game):
    mine = client_for(alice).get(url(game, "legal")).json()
    assert mine["viewer"] == "moon" and mine["version"] == 0
    assert {"type": "place", "druid": "purple", "tree": 1} in mine["moves"]
    assert client_for(bob).get(url(game, "legal")).json()["moves"] == []
    assert APIClient().get(url(game, "legal")).json()["moves"] == []


def test_it_gives_the_log_after_a_version(bob, client_for, game):
    game = advance(game, 3)
    body = client_for(bob).get(url(game, "events") + "?since=1").json()
    assert body["version"] == 3 and body["viewer"] == "sun"
    assert [r["version"] for r in body["records"]] == [2, 3]
    assert body["records"][0]["kind"] == "move" and body["records"][0]["seat"] == "sun"
    assert len(APIClient().get(url(game, "events")).json()["records"]) == 3


@pytest.mark.parametrize("since", ["-1", "one", "1.5"])
def test_it_refuses_a_bad_since(game, since):
    response = APIClient().get(url(game, "events") + f"?since={since}")
    assert response.status_code == 400 and "since" in response.json()["fields"]


def test_it_exports_without_the_seed_until_the_game_is_over(alice, client_for, game):
    game = advance(game, 2)
    running = client_for(alice).get(url(game, "export")).json()
    assert "seed" not in running and len(running["records"]) == 2
    assert running["legal_moves"] == [] and running["options"] == {
        "removed": {"moon": [], "sun": []}}
    game = finish(game)
    over = APIClient().get(url(game, "export")).json()
    assert over["seed"] == game.seed and over["result"]["reason"] == "resign"
