"""Bad reports and follows across a block are refused by name and change nothing."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages

from social import services
from social.models import Follow, Report
from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def said(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


@pytest.mark.parametrize("match", ["999999", "-1", "0", "99999999999999999999", "x", "1e3"])
def test_it_refuses_a_report_naming_no_game(match, alice, bob, client):
    client.force_login(alice)
    response = client.post("/players/bob/do/report/", {"reason": "spam", "match": match})
    assert response.status_code == 302 and response["Location"] == "/players/bob/"
    assert said(response) == [f"There is no game {match}."]
    assert not Report.objects.exists()


def test_it_keeps_the_game_of_a_report(alice, bob, client):
    match = new_game(alice, bob)
    client.force_login(alice)
    client.post("/players/bob/do/report/", {"reason": "spam", "match": str(match.pk)})
    assert Report.objects.get().match_id == match.pk
    client.post("/players/bob/do/report/", {"reason": "spam again", "match": ""})
    assert Report.objects.filter(match=None).count() == 1


def test_a_blocked_player_cannot_follow_the_blocker(alice, bob, client):
    services.block(alice, bob)
    client.force_login(bob)
    response = client.post("/players/alice/do/follow/")
    assert response.status_code == 302
    assert said(response) == ["You cannot follow alice."]
    assert not Follow.objects.exists()


def test_the_blocker_unblocks_before_following(alice, bob, client):
    services.block(alice, bob)
    client.force_login(alice)
    response = client.post("/players/bob/do/follow/")
    assert said(response) == ["You blocked bob: unblock them first."]
    assert not Follow.objects.exists()
    client.post("/players/bob/do/unblock/")
    client.post("/players/bob/do/follow/")
    assert Follow.objects.filter(follower=alice, followed=bob).exists()


def test_a_block_stops_every_other_social_action_too(alice, bob):
    """Challenges, rematches, table invitations: each refused across a block (following
    was the one hole). Reports stay open to both: a block is no reason to hide abuse."""
    from games.core import services as game_services
    from games.core.errors import Forbidden
    from games.lobby import tables

    finished = game_services.resign(new_game(alice, bob).pk, bob).match
    services.block(bob, alice)
    with pytest.raises(Forbidden):
        game_services.create_challenge(alice, opponent=bob)
    with pytest.raises(Forbidden):
        game_services.rematch(finished.pk, alice)
    table = tables.open_table(alice, game="kasteel", size=3)
    with pytest.raises(Forbidden):
        tables.invite(table.pk, alice, "bob")
    assert services.report(alice, bob, "abuse").user == bob


@pytest.mark.parametrize("report", ["999999", "-1", "99999999999999999999", "x", ""])
def test_the_moderation_form_names_an_unknown_report(report, staff, client):
    client.force_login(staff)
    response = client.post("/moderation/", {"report": report, "kind": "warn", "reason": "x"})
    assert response.status_code == 302 and response["Location"] == "/moderation/"
    assert said(response) == [f"There is no report {report or '–'}."]
