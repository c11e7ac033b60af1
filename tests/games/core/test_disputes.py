"""Disputes: a player disputes a finished game's result; an admin rules on it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.core import disputes, services
from games.core.errors import Conflict, Forbidden, ServiceError
from games.core.verify import verify_game
from games.management.commands.verify_games import stored_game
from games.models import Dispute, Match, MoveRecord
from notices.models import Notice
from tests.games.helpers import new_game, play_first

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


@pytest.fixture
def resigned(alice, bob) -> Match:
    match = new_game(alice, bob)
    play_first(match)
    return services.resign(match.pk, bob).match


def test_it_records_a_dispute_in_the_game_and_shows_it(resigned, bob, client, staff):
    dispute = disputes.open_dispute(resigned.pk, bob, "  I clicked resign by mistake  ")
    match = Match.objects.get(pk=resigned.pk)
    assert match.version == resigned.version + 1
    assert match.records.latest("version").kind == MoveRecord.Kind.DISPUTE
    assert dispute.reason == "I clicked resign by mistake" and dispute.seat == "sun"
    assert verify_game(stored_game(match)) is None
    client.force_login(bob)
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert "Disputed by bob: I clicked resign by mistake" in page
    assert "Dispute the result" not in page  # once
    assert Notice.objects.filter(user=staff, kind="dispute_opened").exists()


def test_it_refuses_disputes_out_of_the_window_twice_by_outsiders_or_while_running(
        resigned, alice, bob, carol, settings):
    with pytest.raises(Forbidden):
        disputes.open_dispute(resigned.pk, carol, "not my game")
    with pytest.raises(ServiceError):
        disputes.open_dispute(resigned.pk, bob, "   ")
    with pytest.raises(ServiceError):
        disputes.open_dispute(resigned.pk, bob, "x" * 501)
    running = new_game(alice, bob)
    with pytest.raises(Conflict):
        disputes.open_dispute(running.pk, alice, "too early")
    Match.objects.filter(pk=resigned.pk).update(finished_at=timezone.now() - timedelta(days=8))
    with pytest.raises(Conflict):
        disputes.open_dispute(resigned.pk, bob, "too late")
    assert not Dispute.objects.exists()
    assert Match.objects.get(pk=resigned.pk).version == resigned.version


def test_an_admin_upholds_corrects_or_annuls(resigned, alice, bob, staff):
    dispute = disputes.open_dispute(resigned.pk, bob, "a misclick")
    with pytest.raises(Forbidden):
        disputes.rule(dispute.pk, alice, "correct", "I decide", "moon")
    disputes.rule(dispute.pk, staff, "correct", "the log shows a misclick", "sun")
    match = Match.objects.get(pk=resigned.pk)
    assert match.winner_seat == "sun" and match.end_reason == Match.Reason.CORRECTED
    assert Dispute.objects.get(pk=dispute.pk).status == Dispute.Status.CORRECTED
    with pytest.raises(Conflict):
        disputes.rule(dispute.pk, staff, "annul", "again")
    second = disputes.open_dispute(resigned.pk, alice, "that was no misclick")
    disputes.rule(second.pk, staff, "uphold", "the correction stands")
    match = Match.objects.get(pk=resigned.pk)
    assert match.records.latest("version").kind == MoveRecord.Kind.RULING
    assert verify_game(stored_game(match)) is None
    told = Notice.objects.filter(kind="dispute_decided").values_list("user__username", flat=True)
    assert sorted(told) == ["alice", "alice", "bob", "bob"]


def test_a_player_disputes_through_the_api(resigned, bob, client):
    client.force_login(bob)
    response = client.post(f"/api/games/{resigned.pk}/dispute/", {"reason": "misclick"},
                           content_type="application/json")
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "open"
    again = client.post(f"/api/games/{resigned.pk}/dispute/", {"reason": "again"},
                        content_type="application/json")
    assert again.status_code == 409


def test_the_admin_lists_open_disputes_and_rules_from_its_page(resigned, bob, admin_client):
    dispute = disputes.open_dispute(resigned.pk, bob, "a misclick")
    listing = admin_client.get("/admin/games/dispute/").content.decode()
    assert "a misclick" in listing and f"/admin/games/dispute/{dispute.pk}/decide/" in listing
    response = admin_client.post(f"/admin/games/dispute/{dispute.pk}/decide/",
                                 {"ruling": "annul", "winner": "", "reason": "a wrong table"})
    assert response.status_code == 302
    assert Match.objects.get(pk=resigned.pk).end_reason == Match.Reason.ANNULLED
