"""The API's game field: a challenge names its game; an unknown game, a seat or a
handicap the game does not have are 400s naming the problem; the schema covers
a second game."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.plumbing import _load_enum_name_overrides

from games.core import services
from games.models import Challenge
from tests.api.helpers import check_schema, post, url

pytestmark = pytest.mark.django_db


def test_it_creates_a_challenge_of_the_named_game(alice, bob, client_for, veto_game):
    response = post(client_for(alice), "/api/challenges/", {
        "game": "veto-duel", "opponent": "bob", "creator_seat": "blue"})
    assert response.status_code == 201, response.json()
    assert (response.json()["game"], response.json()["creator_seat"]) == ("veto-duel", "blue")
    accepted = post(client_for(bob), f"/api/challenges/{response.json()['id']}/accept/")
    assert accepted.status_code == 201
    game = accepted.json()
    assert game["game"] == "veto-duel" and game["view"]["game"] == "veto-duel"
    assert game["viewer"] == "red" and game["legal_moves"][0]["type"] == "claim"


@pytest.mark.usefixtures("only_druidenwalzer")
def test_it_names_an_unknown_game_and_the_games_there_are(alice, client_for):
    response = post(client_for(alice), "/api/challenges/", {"game": "chess"})
    assert response.status_code == 400
    assert response.json()["fields"] == {
        "game": ["Unknown game 'chess': the games of this site are druidenwalzer."]}
    assert response.json()["error"].startswith("game: Unknown game 'chess'")
    assert not Challenge.objects.exists()


@pytest.mark.parametrize(("body", "field", "message"), [
    ({"creator_seat": "moon"}, "creator_seat",
     "'moon' is not a seat of Veto duel; its seats: red, blue, random."),
    ({"handicap": {"creator": [2]}}, "handicap", "Veto duel is played without handicaps."),
])
def test_it_refuses_what_the_named_game_does_not_have(alice, client_for, veto_game, body, field,
                                                      message):
    response = post(client_for(alice), "/api/challenges/", {"game": "veto-duel", **body})
    assert response.status_code == 400
    assert response.json()["fields"] == {field: [message]}
    assert not Challenge.objects.exists()


@pytest.fixture
def fresh_enum_names():
    """drf-spectacular keeps the enum names (SeatEnum: the catalogue's seats) once
    computed: recompute them with the second game, and again without it."""
    _load_enum_name_overrides.cache_clear()
    yield
    _load_enum_name_overrides.cache_clear()


@pytest.mark.usefixtures("fresh_enum_names")
def test_it_describes_a_game_without_its_own_schema_as_a_json_object(alice, bob, client_for,
                                                                     veto_game):
    out = io.StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null",
                 stdout=out, stderr=out)
    openapi = SchemaGenerator().get_schema(request=None, public=True)
    view = openapi["components"]["schemas"]["Game"]["properties"]["view"]
    assert view["anyOf"][0] == {"$ref": "#/components/schemas/GameView"}
    generic = view["anyOf"][-1]
    assert generic["type"] == "object" and "veto-duel" in generic["description"]
    seats = openapi["components"]["schemas"]["SeatEnum"]["enum"]
    assert seats[:2] == ["moon", "sun"] and seats[-2:] == ["red", "blue"]
    match = services.start_match("veto-duel", {"red": alice, "blue": bob})
    services.play(match.pk, alice, {"type": "claim", "points": 2}, 0)
    for client in (client_for(alice), client_for(bob), client_for(None)):
        check_schema(openapi, "Game", client.get(url(match)).json())
