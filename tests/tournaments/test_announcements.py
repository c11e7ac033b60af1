"""A director's announcement: on the tournament's page, a notice to every entrant still
in, mailed under each player's mail setting (notices.decide). Refused with no text, and
to anyone who does not direct this tournament: nothing written, nobody told."""

from __future__ import annotations

import pytest
from django.core import mail

from notices.models import Notice
from tests.conftest import make_user
from tournaments import services
from tournaments.models import TournamentAnnouncement, TournamentDirector

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(make_tournament, field):
    cup = make_tournament()
    for player in field[:4]:
        services.join(cup.pk, player)
    return cup


def announce(client, cup, text):
    return client.post(f"/tournaments/{cup.pk}/admin/", {"action": "announce", "text": text},
                       follow=True)


def test_a_director_announces_from_the_page(client, cup, field,
                                            django_capture_on_commit_callbacks):
    dora = make_user("dora")
    TournamentDirector.objects.create(tournament=cup, user=dora)
    field[1].notify = "off"  # this player wants no mail
    field[1].save()
    client.force_login(dora)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        page = announce(client, cup, "Round 1 starts Sunday at 18:00.")
    assert "Round 1 starts Sunday at 18:00." in page.content.decode()
    told = Notice.objects.filter(kind="tournament_announcement")
    assert sorted(n.user.username for n in told) == ["p1", "p2", "p3", "p4"]
    assert sorted(m.to[0] for m in mail.outbox) == ["p1@example.org", "p3@example.org",
                                                    "p4@example.org"]
    assert "Round 1 starts Sunday" in mail.outbox[0].body
    assert cup.audit.get(action="announce").actor == dora


def test_an_announcement_without_text_is_refused(client, cup, staff):
    client.force_login(staff)
    page = announce(client, cup, "   ")
    assert "An announcement needs a text." in page.content.decode()
    assert not TournamentAnnouncement.objects.exists() and not Notice.objects.exists()
    assert not cup.audit.filter(action="announce").exists()


def test_a_director_of_another_tournament_cannot_announce(client, cup, make_tournament):
    other = make_tournament()
    dora = make_user("dora")
    TournamentDirector.objects.create(tournament=other, user=dora)
    client.force_login(dora)
    assert announce(client, cup, "mine now").status_code == 403
    assert not TournamentAnnouncement.objects.exists() and not Notice.objects.exists()


def test_withdrawn_players_are_not_told(make_tournament, field, staff, run):
    from tests.tournaments.play import started
    from tournaments.announcements import announce as announce_it

    cup = started(run, make_tournament, field[:4], staff)
    run(services.withdraw, cup.pk, staff, field[3], "moved away")
    run(announce_it, cup.pk, staff, "Thanks for playing")
    told = Notice.objects.filter(kind="tournament_announcement")
    assert sorted(n.user.username for n in told) == ["p1", "p2", "p3"]
