"""A ladder or tournament created by mistake, with no games, can be deleted; the
deletion is recorded in the admin's log. One with games cannot."""

from __future__ import annotations

import pytest
from django.contrib.admin.models import DELETION, LogEntry

from ladders.models import Ladder, LadderAudit
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_ladder_with_no_games_is_deleted_and_the_deletion_logged(admin_client):
    admin_client.post("/admin/ladders/ladder/add/", {
        "name": "Made by mistake", "game": "druidenwalzer", "days_per_move": 3,
        "challenge_range": 3, "max_open_challenges": 2, "cooldown_days": 7,
        "inactivity_days": 60, "join_rule": "open", "rated": "on",
        "entries-TOTAL_FORMS": 0, "entries-INITIAL_FORMS": 0})
    ladder = Ladder.objects.get(name="Made by mistake")
    assert LadderAudit.objects.filter(ladder=ladder, action="create").exists()
    page = admin_client.get(f"/admin/ladders/ladder/{ladder.pk}/delete/")
    assert page.status_code == 200
    answer = admin_client.post(f"/admin/ladders/ladder/{ladder.pk}/delete/", {"post": "yes"})
    assert answer.status_code == 302
    assert not Ladder.objects.filter(pk=ladder.pk).exists()
    assert LogEntry.objects.filter(action_flag=DELETION, object_repr="Made by mistake").exists()


def test_a_draft_tournament_is_deleted(admin_client, staff):
    from tournaments.admin import audit

    cup = Tournament.objects.create(name="Oops cup", game="druidenwalzer", format="swiss",
                                    round_count=3, status=Tournament.Status.DRAFT, seed=1)
    audit(cup, staff, "create", name=cup.name)
    answer = admin_client.post(f"/admin/tournaments/tournament/{cup.pk}/delete/",
                               {"post": "yes"})
    assert answer.status_code == 302
    assert not Tournament.objects.filter(pk=cup.pk).exists()
    assert LogEntry.objects.filter(action_flag=DELETION, object_repr="Oops cup").exists()
