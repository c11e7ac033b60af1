"""A ladder or tournament created by mistake, with no games, can be deleted; both
keep the same audit of it: their own log stays (its link emptied) with a "delete"
row (who, when, name, id, status), and Django's admin log records it too."""

from __future__ import annotations

import pytest
from django.contrib.admin.models import DELETION, LogEntry

from ladders.models import Ladder, LadderAudit
from tournaments.models import Tournament, TournamentAudit

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


def _deleted_and_logged(client, staff, url: str, log, obj) -> None:
    """Delete ``obj`` through its admin; its audit log keeps its rows and records it."""
    client.force_login(staff)
    kept = log.objects.filter(**{log_link(log): obj}).count()
    assert kept >= 1
    answer = client.post(f"{url}{obj.pk}/delete/", {"post": "yes"})
    assert answer.status_code == 302
    gone = log.objects.get(action="delete")
    assert gone.actor == staff
    assert (gone.detail["name"], gone.detail["id"]) == (obj.name, obj.pk)
    assert gone.detail["status"] == obj.status
    assert getattr(gone, log_link(log)) is None
    assert log.objects.filter(detail__name=obj.name).count() == kept + 1
    assert obj.name in str(gone)
    assert LogEntry.objects.filter(action_flag=DELETION, object_repr=obj.name).exists()


def log_link(log) -> str:
    return "ladder" if log is LadderAudit else "tournament"


def test_a_deleted_ladders_audit_stays_with_the_deletion_in_it(client, staff):
    from ladders.admin import audit

    ladder = Ladder.objects.create(name="Wrong ladder", created_by=staff)
    audit(ladder, staff, "create", name=ladder.name)
    _deleted_and_logged(client, staff, "/admin/ladders/ladder/", LadderAudit, ladder)


def test_a_deleted_tournaments_audit_stays_with_the_deletion_in_it(client, staff):
    from tournaments.admin import audit

    cup = Tournament.objects.create(name="Wrong cup", game="druidenwalzer", format="swiss",
                                    round_count=3, status=Tournament.Status.DRAFT, seed=1)
    audit(cup, staff, "create", name=cup.name)
    _deleted_and_logged(client, staff, "/admin/tournaments/tournament/",
                        TournamentAudit, cup)
