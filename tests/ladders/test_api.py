"""The ladder API: the same rules and reasons as the pages."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token

from ladders.models import Ladder
from tests.ladders.helpers import fill, standings

pytestmark = pytest.mark.django_db


def api(client, user=None):
    headers = {}
    if user is not None:
        headers["HTTP_AUTHORIZATION"] = f"Token {Token.objects.get_or_create(user=user)[0].key}"

    def call(method, path, body=None):
        return getattr(client, method)(f"/api/ladders/{path}", body or {},
                                       content_type="application/json", **headers)

    return call


def test_a_bot_joins_reads_the_standings_and_challenges(ladder, alice, bob, client):
    fill(ladder, [alice])
    as_bob = api(client, bob)
    assert [row["name"] for row in as_bob("get", "").json()] == ["Spring ladder"]
    assert as_bob("post", f"{ladder.pk}/join/").status_code == 201
    rows = as_bob("get", f"{ladder.pk}/").json()["standings"]
    assert rows[0]["player"] == "alice" and rows[0]["can_challenge"] is True
    answer = as_bob("post", f"{ladder.pk}/challenge/", {"defender": "alice"})
    assert answer.status_code == 201, answer.content
    game = answer.json()["game"]
    again = as_bob("post", f"{ladder.pk}/challenge/", {"defender": "alice"})
    assert again.status_code == 409 and again.json()["reason"] == "playing"
    rows = as_bob("get", f"{ladder.pk}/").json()["standings"]
    assert [r["code"] for r in rows[0]["reasons"]] == ["playing"]
    detail = client.get(f"/api/games/{game}/").json()
    assert detail["ladder"] == {"id": ladder.pk, "name": "Spring ladder"}
    events = as_bob("get", f"{ladder.pk}/events/").json()["events"]
    assert [e["action"] for e in events] == ["join", "join", "challenge"]
    assert as_bob("post", f"{ladder.pk}/leave/").json()["resigned"] == [game]
    assert standings(ladder) == ["alice"]


def test_it_answers_bad_requests_clearly(ladder, alice, bob, client):
    fill(ladder, [alice])
    as_bob = api(client, bob)
    assert as_bob("get", "999999/").status_code == 404
    assert as_bob("post", f"{ladder.pk}/challenge/", {"defender": "nobody"}).status_code == 404
    assert as_bob("post", f"{ladder.pk}/challenge/", {}).status_code == 400
    refused = as_bob("post", f"{ladder.pk}/challenge/", {"defender": "alice"})
    assert refused.status_code == 409 and refused.json()["reason"] == "not_in_ladder"
    assert api(client)("post", f"{ladder.pk}/join/").status_code == 401
    Ladder.objects.filter(pk=ladder.pk).update(join_rule=Ladder.JoinRule.INVITE)
    assert as_bob("post", f"{ladder.pk}/join/").status_code == 403
    assert standings(ladder) == ["alice"]
