"""The OpenAPI schema validates, describes the real answers, and has a docs page."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from games.core import services
from tests.api.helpers import check_schema, finish, play_until_a_draw_of_cards, post, url


@pytest.fixture(scope="module")
def openapi() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def test_it_validates_without_warnings():
    out = io.StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null",
                 stdout=out, stderr=out)


@pytest.mark.django_db
def test_it_serves_the_schema_and_a_self_contained_docs_page():
    schema = APIClient().get("/api/schema/?format=json")
    assert schema.status_code == 200
    assert "/api/games/{match_id}/move/" in schema.json()["paths"]
    docs = APIClient().get("/api/docs/")
    assert docs.status_code == 200 and docs["Content-Type"].startswith("text/html")
    page = docs.content.decode()
    for path in ("/api/token/", "/api/challenges/{challenge_id}/accept/",
                 "/api/games/{match_id}/events/", "/api/me/"):
        assert path in page
    assert "<script" not in page and "cdn." not in page  # nothing loaded from elsewhere


@pytest.mark.django_db
def test_it_describes_the_real_answers(openapi, alice, bob, client_for, game):
    client = client_for(alice)
    game = play_until_a_draw_of_cards(game)
    check_schema(openapi, "Game", client.get(url(game)).json())
    check_schema(openapi, "Game", APIClient().get(url(game)).json())
    check_schema(openapi, "LegalMoves", client.get(url(game, "legal")).json())
    check_schema(openapi, "Events", client.get(url(game, "events")).json())
    check_schema(openapi, "Export", client.get(url(game, "export")).json())
    check_schema(openapi, "GameList", client.get("/api/games/").json())
    check_schema(openapi, "Me", client.get("/api/me/").json())
    stale = post(client, url(game, "move"), {"move": {"type": "pass"}, "version": 0})
    check_schema(openapi, "Error", stale.json())
    check_schema(openapi, "Error", post(client, url(game, "move"), {"move": 1}).json())
    challenge = post(client, "/api/challenges/", {"opponent": "bob"}).json()
    check_schema(openapi, "Challenge", challenge)
    game = finish(game)
    check_schema(openapi, "Game", client.get(url(game)).json())
    check_schema(openapi, "Export", client.get(url(game, "export")).json())
    check_schema(openapi, "Rematch", post(client, url(game, "rematch")).json())
    check_schema(openapi, "Rematch", post(client_for(bob), url(game, "rematch")).json())
    services.create_challenge(bob)
    for listed in client.get("/api/challenges/").json():
        check_schema(openapi, "Challenge", listed)
