"""/api/tournaments/: the list, a tournament with standings, crosstable, rounds and
pairings, registering and withdrawing the token's player; a tournament game's JSON
names its tournament and round; the answers match the schema and hide what the games'
own endpoints hide."""

from __future__ import annotations

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.api.helpers import check_schema
from tests.tournaments.play import running, started, win
from tournaments import services
from tournaments.models import Tournament, TournamentAudit

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        token, _created = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture(scope="module")
def openapi() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def test_it_is_in_the_schema_with_descriptions(openapi):
    paths = openapi["paths"]
    for path, method in [("/api/tournaments/", "get"), ("/api/tournaments/{tournament_id}/", "get"),
                         ("/api/tournaments/{tournament_id}/register/", "post"),
                         ("/api/tournaments/{tournament_id}/withdraw/", "post")]:
        operation = paths[path][method]
        assert operation["summary"] and len(operation["description"]) > 40
    assert "409" in paths["/api/tournaments/{tournament_id}/register/"]["post"]["responses"]


def test_it_shows_a_running_swiss_as_the_page_and_the_games_do(openapi, make_tournament,
                                                                field, staff, run, carol):
    cup = started(run, make_tournament, field[:4], staff, round_count=2,
                  tiebreaks="wins, buchholz_cut1")
    first, *_rest = running(cup)
    win(run, first, first.first)
    listed = client_for().get("/api/tournaments/").json()
    check_schema(openapi, "Tournament", listed[0])
    assert listed[0]["tiebreaks"] == ["wins", "buchholz_cut1"]

    player = first.first
    answer = client_for(player).get(f"/api/tournaments/{cup.pk}/")
    assert answer.status_code == 200
    body = answer.json()
    check_schema(openapi, "TournamentDetail", body)
    assert body["tournament"]["entered"] is True
    exported = client_for().get(f"/tournaments/{cup.pk}/export.json").json()
    assert body["standings"] == exported["standings"] and body["standings"][0]["player"] == \
        player.username
    assert body["crosstable"] == exported["crosstable"]
    pairings = body["rounds"][0]["pairings"]
    assert [p["result"] for p in pairings] == ["1-0", "running"]

    # Each game's summary is what the games' own endpoints show this caller.
    for caller in (player, carol, None):
        seen = client_for(caller).get(f"/api/tournaments/{cup.pk}/").json()
        for pairing in seen["rounds"][0]["pairings"]:
            own = client_for(caller).get(f"/api/games/{pairing['game']}/").json()
            for key in ("view", "legal_moves", "ladder", "tournament"):
                own.pop(key)
            assert pairing["summary"] == own
            assert "view" not in pairing["summary"] and "state" not in pairing["summary"]
            if pairing["result"] == "running":
                assert "seed" not in pairing["summary"]

    game = client_for(carol).get(f"/api/games/{first.match_id}/").json()
    check_schema(openapi, "Game", game)
    assert game["tournament"] == {"id": cup.pk, "name": cup.name, "round": 1,
                                  "board": first.board, "replay": 0}


def test_it_registers_and_withdraws_the_tokens_player(openapi, make_tournament, alice):
    cup = make_tournament()
    client = client_for(alice)
    answer = client.post(f"/api/tournaments/{cup.pk}/register/", {}, format="json")
    assert answer.status_code == 201
    check_schema(openapi, "TournamentEntryAnswer", answer.json())
    assert cup.players.filter(user=alice).exists()
    assert client.get("/api/tournaments/").json()[0]["entered"] is True
    answer = client.post(f"/api/tournaments/{cup.pk}/withdraw/", {"player": "alice"},
                         format="json")
    assert answer.status_code == 200 and answer.json()["entered"] is False
    assert not cup.players.exists()
    assert list(TournamentAudit.objects.filter(tournament=cup).values_list(
        "action", flat=True).order_by("id")) == ["join", "leave"]


# --- bad input: a clear 4xx naming the problem, nothing changed --------------------------


def snapshot(cup: Tournament):
    cup.refresh_from_db()
    return (cup.status, sorted(cup.players.values_list("user__username", "withdrawn_at")),
            TournamentAudit.objects.filter(tournament=cup).count())


def refused(client, path: str, status: int, words: str, body=None) -> None:
    answer = client.post(path, body or {}, format="json")
    assert answer.status_code == status, answer.content
    assert words in answer.json()["error"], answer.json()


def test_it_refuses_registering_twice(make_tournament, alice, bob):
    cup = make_tournament()
    services.join(cup.pk, alice)
    services.join(cup.pk, bob)
    before = snapshot(cup)
    refused(client_for(alice), f"/api/tournaments/{cup.pk}/register/", 409,
            "You are in this tournament already.")
    assert snapshot(cup) == before


def test_it_refuses_withdrawing_when_not_entered(make_tournament, alice, bob, carol):
    cup = make_tournament()
    services.join(cup.pk, alice)
    services.join(cup.pk, bob)
    before = snapshot(cup)
    refused(client_for(carol), f"/api/tournaments/{cup.pk}/withdraw/", 409,
            "You are not in this tournament.")
    assert snapshot(cup) == before


def test_it_refuses_registering_or_withdrawing_after_the_start(make_tournament, field, staff,
                                                               run, carol):
    cup = started(run, make_tournament, field[:2], staff, round_count=1)
    before = snapshot(cup)
    refused(client_for(carol), f"/api/tournaments/{cup.pk}/register/", 409,
            "This tournament does not take players now.")
    refused(client_for(field[0]), f"/api/tournaments/{cup.pk}/withdraw/", 409,
            "The tournament has started")
    assert snapshot(cup) == before


def test_it_refuses_an_unknown_tournament(alice):
    for action in ("register", "withdraw"):
        refused(client_for(alice), f"/api/tournaments/9999/{action}/", 404,
                "There is no tournament 9999.")
    answer = client_for(alice).get("/api/tournaments/9999/")
    assert answer.status_code == 404 and answer.json()["code"] == "not_found"


def test_it_refuses_another_players_action(make_tournament, alice, bob, carol):
    cup = make_tournament()
    services.join(cup.pk, alice)
    services.join(cup.pk, bob)
    before = snapshot(cup)
    refused(client_for(carol), f"/api/tournaments/{cup.pk}/withdraw/", 403,
            "carol cannot register or withdraw alice", {"player": "alice"})
    refused(client_for(alice), f"/api/tournaments/{cup.pk}/register/", 403,
            "alice cannot register or withdraw carol", {"player": "carol"})
    refused(client_for(carol), f"/api/tournaments/{cup.pk}/register/", 400,
            "colour: Unknown field.", {"colour": "moon"})
    answer = client_for().post(f"/api/tournaments/{cup.pk}/withdraw/", {}, format="json")
    assert answer.status_code == 401
    assert snapshot(cup) == before


def test_it_keeps_a_draft_to_its_directors(make_tournament, alice, staff):
    draft = make_tournament(status=Tournament.Status.DRAFT)
    assert client_for(alice).get("/api/tournaments/").json() == []
    refused(client_for(alice), f"/api/tournaments/{draft.pk}/register/", 403,
            "This tournament is not announced yet.")
    assert client_for(alice).get(f"/api/tournaments/{draft.pk}/").status_code == 403
    assert [t["id"] for t in client_for(staff).get("/api/tournaments/").json()] == [draft.pk]
    draft.directors.create(user=alice)
    assert client_for(alice).get(f"/api/tournaments/{draft.pk}/").status_code == 200
