"""Moderating a ladder: removals with a reason, bans, whether removals' games are rated,
and who may join (open, invite-only, a rating range)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match
from ladders import services
from ladders.models import Ladder, LadderBan, Rating
from notices.models import Notice
from tests.conftest import make_user
from tests.ladders.helpers import fill, standings

pytestmark = pytest.mark.django_db


def test_it_removes_with_a_reason_the_player_reads(ladder, alice, bob, staff):
    fill(ladder, [alice, bob])
    services.remove_player(ladder.pk, staff, bob, "  rude in the chat  ")
    assert standings(ladder) == ["alice"]
    notice = Notice.objects.get(user=bob, kind="ladder_removed")
    assert notice.params["reason"] == "rude in the chat" and not notice.params["banned"]
    services.join(ladder.pk, bob)  # no ban: back at the bottom
    assert standings(ladder) == ["alice", "bob"]


def test_a_ban_keeps_a_player_off_until_it_ends(ladder, alice, bob, staff):
    fill(ladder, [alice, bob])
    services.remove_player(ladder.pk, staff, bob, "cheating", ban_days=30)
    with pytest.raises(services.Forbidden, match="banned from this ladder until"):
        services.join(ladder.pk, bob)
    LadderBan.objects.filter(user=bob).update(until=timezone.now() - timedelta(days=1))
    services.join(ladder.pk, bob)
    assert standings(ladder) == ["alice", "bob"]


def test_a_ban_for_good_and_its_lifting(ladder, alice, bob, staff):
    fill(ladder, [alice, bob])
    services.remove_player(ladder.pk, staff, bob, "cheating", ban_forever=True)
    with pytest.raises(services.Forbidden, match="banned from this ladder: cheating"):
        services.join(ladder.pk, bob)
    services.lift_ban(ladder.pk, staff, bob)
    services.join(ladder.pk, bob)
    assert [a for a in ladder.audit.values_list("action", flat=True)].count("ban") == 1


def test_it_refuses_a_ban_without_reason_or_out_of_range(ladder, alice, staff):
    fill(ladder, [alice])
    with pytest.raises(services.ServiceError):
        services.remove_player(ladder.pk, staff, alice, "", ban_forever=True)
    with pytest.raises(services.ServiceError):
        services.remove_player(ladder.pk, staff, alice, "x", ban_days=99999)
    assert standings(ladder) == ["alice"]


@pytest.mark.parametrize("rate_removals", [False, True])
def test_a_removals_games_are_rated_as_the_ladder_says(ladder, alice, bob, staff,
                                                       rate_removals, finished):
    Ladder.objects.filter(pk=ladder.pk).update(rate_removals=rate_removals)
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    finished(services.remove_player, ladder.pk, staff, bob, "left the club")
    match = Match.objects.get(pk=game.match_id)
    assert match.is_over and match.rated is rate_removals
    assert Rating.objects.filter(user=alice, games=1).exists() is rate_removals


def test_an_invite_only_ladder_takes_invited_players(ladder, alice, staff):
    Ladder.objects.filter(pk=ladder.pk).update(join_rule=Ladder.JoinRule.INVITE)
    with pytest.raises(services.Forbidden, match="invitation only"):
        services.join(ladder.pk, alice)
    services.invite(ladder.pk, staff, alice)
    assert Notice.objects.filter(user=alice, kind="ladder_invited").exists()
    services.join(ladder.pk, alice)
    assert standings(ladder) == ["alice"]


def test_a_rating_range_ladder_checks_the_players_rating(ladder, alice, bob):
    Ladder.objects.filter(pk=ladder.pk).update(join_rule=Ladder.JoinRule.RATING,
                                               min_rating=1600, max_rating=2000)
    Rating.objects.create(user=alice, game=ladder.game, rating=1700)
    services.join(ladder.pk, alice)
    with pytest.raises(services.Forbidden, match="rated 1600 to 2000; yours is 1500"):
        services.join(ladder.pk, bob)


def test_a_banned_player_sees_why_on_the_page_and_cannot_challenge(ladder, alice, staff, client):
    bob = make_user("bobby")
    fill(ladder, [alice, bob])
    services.remove_player(ladder.pk, staff, bob, "cheating", ban_forever=True)
    client.force_login(bob)
    page = client.get(f"/ladders/{ladder.pk}/").content.decode()
    assert "You are banned from this ladder: cheating" in page
    assert 'id="join-button"' not in page
    response = client.post(f"/ladders/{ladder.pk}/challenge/", {"defender": "alice"})
    assert response.status_code == 302 and not ladder.games.exists()


def test_players_are_told_of_challenges_moves_and_status(ladder, alice, bob, staff, finished):
    from tests.ladders.helpers import win

    fill(ladder, [alice, bob])
    with_callbacks = finished
    game = with_callbacks(services.challenge, ladder.pk, bob, alice)
    assert Notice.objects.filter(user=alice, kind="ladder_challenged").exists()
    with_callbacks(win, game, bob)
    moved = Notice.objects.get(user=bob, kind="ladder_moved")
    assert moved.params["position"] == 1 and moved.params["was"] == 2
    with_callbacks(services.set_status, ladder.pk, staff, Ladder.Status.FROZEN)
    assert Notice.objects.filter(kind="ladder_status").count() == 2


def test_announcements_show_on_the_page_and_reach_the_players(ladder, alice, staff, client):
    fill(ladder, [alice])
    services.announce(ladder.pk, staff, "Finals start on Monday")
    assert "Finals start on Monday" in client.get(f"/ladders/{ladder.pk}/").content.decode()
    assert Notice.objects.filter(user=alice, kind="ladder_announcement").exists()
    with pytest.raises(services.ServiceError):
        services.announce(ladder.pk, staff, "   ")
    with pytest.raises(services.Forbidden):
        services.announce(ladder.pk, alice, "I am no admin")


def test_bulk_actions_remove_move_and_notify(ladder, alice, bob, carol, admin_client):
    fill(ladder, [alice, bob, carol])
    ids = [str(pk) for pk in ladder.entries.filter(user__in=[bob, carol])
           .order_by("position").values_list("pk", flat=True)]
    admin_client.post("/admin/ladders/ladderentry/", {
        "action": "move_selected", "_selected_action": ids, "apply": "1", "position": "1"})
    assert standings(ladder) == ["bob", "carol", "alice"]
    admin_client.post("/admin/ladders/ladderentry/", {
        "action": "notify_selected", "_selected_action": ids, "apply": "1",
        "text": "Please play your games"})
    assert Notice.objects.filter(kind="ladder_message").count() == 2
    admin_client.post("/admin/ladders/ladderentry/", {
        "action": "remove_selected", "_selected_action": ids, "apply": "1",
        "reason": "season over", "ban": ""})
    assert standings(ladder) == ["alice"]


def test_a_rating_range_needs_sane_bounds(admin_client):
    from tests.ladders.test_admin_actions import ladder_form

    response = admin_client.post("/admin/ladders/ladder/add/", ladder_form(
        name="Experts", join_rule="rating", min_rating="2000", max_rating="1500"))
    assert "The lowest rating is above the highest." in response.content.decode()
    assert not Ladder.objects.filter(name="Experts").exists()
