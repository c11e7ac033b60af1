"""Between players: follow, block (private), report; and the admins' moderation."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from games.core import services as game_services
from games.core.errors import Forbidden
from games.lobby import tables
from ladders import services as ladder_services
from ladders.models import Ladder
from notices.models import Notice
from social import services
from social.models import Follow, ModerationAction, Report
from tests.conftest import PASSWORD, make_user
from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_follows_and_lists_the_friends_games(alice, bob, client):
    services.follow(alice, "BOB")
    new_game(bob, make_user("dora"))
    client.force_login(alice)
    page = client.get("/friends/").content.decode()
    assert "bob" in page and "dora" in page
    with pytest.raises(game_services.Conflict):
        services.follow(alice, bob)
    with pytest.raises(game_services.ServiceError):
        services.follow(alice, alice)
    with pytest.raises(game_services.NotFound):
        services.follow(alice, "nobody")


def test_a_block_stops_challenges_both_ways_and_stays_private(alice, bob, client):
    services.follow(bob, alice)
    services.block(alice, bob)
    assert not Follow.objects.exists()
    for first, second in ((alice, bob), (bob, alice)):
        with pytest.raises(Forbidden, match="does not take challenges from you"):
            game_services.create_challenge(first, opponent=second)
    open_one = game_services.create_challenge(alice)
    with pytest.raises(Forbidden):
        game_services.accept_challenge(open_one.pk, bob)
    client.force_login(bob)
    assert f"challenge-{open_one.pk}" not in client.get("/lobby/").content.decode()
    assert open_one.pk not in [c["id"] for c in client.get("/api/challenges/").json()]
    assert not Notice.objects.filter(user=bob).exists()  # never told


def test_a_block_stops_table_invitations_and_ladder_pairings(alice, bob, carol):
    services.block(bob, alice)
    table = tables.open_table(alice, game="kasteel", size=3)
    with pytest.raises(Forbidden):
        tables.invite(table.pk, alice, "bob")
    with pytest.raises(Forbidden):
        tables.join_table(table.pk, bob)
    ladder = Ladder.objects.create(name="Blocks")
    for user in (alice, bob):
        ladder_services.join(ladder.pk, user)
    with pytest.raises(ladder_services.Conflict, match="does not take challenges"):
        ladder_services.challenge(ladder.pk, bob, alice)


def test_reports_reach_the_moderation_page_and_are_handled_with_a_log(alice, bob, staff):
    report = services.report(alice, bob, "  insults in the game  ")
    assert report.reason == "insults in the game"
    assert Notice.objects.filter(user=staff, kind="report_opened").exists()
    admin = Client()
    admin.force_login(staff)
    page = admin.get("/moderation/").content.decode()
    assert "insults in the game" in page
    response = admin.post("/moderation/", {"report": report.pk, "kind": "warn",
                                           "reason": "first warning"})
    assert response.status_code == 302
    assert Report.objects.get(pk=report.pk).status == Report.Status.HANDLED
    assert ModerationAction.objects.get().actor == staff
    assert Notice.objects.filter(user=bob, kind="moderation_warning").exists()
    assert Notice.objects.filter(user=alice, kind="report_handled").exists()


def test_the_moderation_page_is_for_staff_only(alice, client):
    client.force_login(alice)
    assert client.get("/moderation/").status_code == 302  # to the admin's log-in
    with pytest.raises(Forbidden):
        services.moderate(alice, alice, "warn", "no")


def test_a_suspended_player_cannot_log_in_or_use_a_token(alice, bob, staff):
    token = Token.objects.create(user=bob).key
    match = new_game(bob, alice)
    report = services.report(alice, bob, "cheating")
    services.moderate(staff, bob, "suspend", "cheating, confirmed", report_id=report.pk)
    bob.refresh_from_db()
    assert not bob.is_active
    api = Client()
    assert api.get("/api/me/", HTTP_AUTHORIZATION=f"Token {token}").status_code == 401
    page = Client().post("/accounts/login/", {"login": "bob", "password": PASSWORD})
    assert "_auth_user_id" not in page.client.session
    ended = game_services.expire_deadlines(match.seats.get(seat="moon").deadline
                                           + __import__("datetime").timedelta(seconds=1))
    assert ended == [match.pk]  # their running games end by timeout as usual


def test_bad_reports_are_refused(alice, bob):
    with pytest.raises(game_services.ServiceError):
        services.report(alice, bob, "   ")
    with pytest.raises(game_services.ServiceError):
        services.report(alice, bob, "x" * 1001)
    assert not Report.objects.exists()


def test_the_profile_buttons_follow_block_and_report(alice, bob, client):
    client.force_login(alice)
    assert 'id="follow"' in client.get("/players/bob/").content.decode()
    client.post("/players/bob/do/follow/")
    assert 'id="unfollow"' in client.get("/players/bob/").content.decode()
    client.post("/players/bob/do/block/")
    page = client.get("/players/bob/").content.decode()
    assert 'id="unblock"' in page and 'id="challenge-player"' not in page
    client.post("/players/bob/do/report/", {"reason": "spam"})
    assert Report.objects.filter(reporter=alice, user=bob).exists()
    assert client.get("/players/bob/do/block/").status_code == 405


def test_a_reported_chat_line_is_seen_in_context_and_hidden(alice, bob, carol, staff):
    from social import chat

    match = new_game(alice, bob)
    chat.send(match.pk, alice, "players", "I will win this")
    line = chat.send(match.pk, bob, "players", "you are an idiot")
    chat.send(match.pk, alice, "players", "that is not nice")
    with pytest.raises(game_services.NotFound):
        services.report(carol, None, "rude", message_id=line.pk)  # not a line carol can read
    report = services.report(alice, None, "insult", message_id=line.pk)
    assert report.user == bob and report.match_id == match.pk
    admin = Client()
    admin.force_login(staff)
    page = admin.get("/moderation/").content.decode()
    # The line among its neighbours, marked.
    assert page.index("I will win this") < page.index("you are an idiot") < page.index(
        "that is not nice")
    assert 'class="chat-line reported-line"><strong>bob</strong>: you are an idiot' in page
    services.moderate(staff, bob, "hide", "an insult", report_id=report.pk)
    assert chat.lines(match, alice)[1]["hidden"] is True
    assert chat.lines(match, alice)[1]["text"] == ""
