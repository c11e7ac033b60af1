"""The OpenAPI schema validates, describes the real answers, and has a docs page."""

from __future__ import annotations

import copy
import io

import jsonschema
import pytest
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from games.core import services
from tests.api.helpers import finish, play_until_a_draw_of_cards, post, url


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


def _json_schema(node):
    """OpenAPI 3.0 schema objects as JSON Schema: ``nullable`` becomes a null branch."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _json_schema(value) for key, value in node.items()
            if key not in ("discriminator", "readOnly", "writeOnly")}
    if node.pop("nullable", False):
        return {"anyOf": [node, {"type": "null"}]}
    return node


def _check(openapi: dict, component: str, answer) -> None:
    root = {"$ref": f"#/components/schemas/{component}",
            "components": _json_schema(copy.deepcopy(openapi["components"]))}
    jsonschema.validate(answer, root)


@pytest.mark.django_db
def test_it_describes_the_real_answers(openapi, alice, bob, client_for, game):
    client = client_for(alice)
    game = play_until_a_draw_of_cards(game)
    _check(openapi, "Game", client.get(url(game)).json())
    _check(openapi, "Game", APIClient().get(url(game)).json())
    _check(openapi, "LegalMoves", client.get(url(game, "legal")).json())
    _check(openapi, "Events", client.get(url(game, "events")).json())
    _check(openapi, "Export", client.get(url(game, "export")).json())
    _check(openapi, "GameList", client.get("/api/games/").json())
    _check(openapi, "Me", client.get("/api/me/").json())
    stale = post(client, url(game, "move"), {"move": {"type": "pass"}, "version": 0})
    _check(openapi, "Error", stale.json())
    _check(openapi, "Error", post(client, url(game, "move"), {"move": 1}).json())
    challenge = post(client, "/api/challenges/", {"opponent": "bob"}).json()
    _check(openapi, "Challenge", challenge)
    game = finish(game)
    _check(openapi, "Game", client.get(url(game)).json())
    _check(openapi, "Export", client.get(url(game, "export")).json())
    _check(openapi, "Rematch", post(client, url(game, "rematch")).json())
    _check(openapi, "Rematch", post(client_for(bob), url(game, "rematch")).json())
    services.create_challenge(bob)
    for listed in client.get("/api/challenges/").json():
        _check(openapi, "Challenge", listed)
