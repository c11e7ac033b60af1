"""What an entrant is told on their way through a tournament: registration confirmed,
the start, each round's pairing with a link to the game, a bye, the final standings
with their place (checked against the standings the page shows)."""

from __future__ import annotations

import pytest
from django.core import mail

from notices.kinds import words
from notices.models import Notice
from tests.tournaments.play import higher_wins
from tournaments import reading, services

pytestmark = pytest.mark.django_db


def kinds_of(user):
    return [n.kind for n in Notice.objects.filter(user=user).order_by("created_at", "id")]


def test_an_entrant_is_told_each_step(make_tournament, field, staff, run):
    mail.outbox.clear()
    cup = make_tournament(round_count=2)
    for player in field[:5]:
        run(services.join, cup.pk, player)
    assert Notice.objects.filter(kind="tournament_registered").count() == 5
    run(services.start, cup.pk, staff)
    cup.refresh_from_db()
    assert Notice.objects.filter(kind="tournament_starting").count() == 5
    byes = Notice.objects.filter(kind="tournament_bye")
    assert byes.count() == 1 and byes.get().params["round"] == 1  # five players: one bye
    pairing = Notice.objects.filter(kind="tournament_pairing").first()
    assert pairing.url == f"/games/{pairing.params['match']}/"
    assert pairing.params["opponent"] in {p.username for p in field[:5]}
    higher_wins(run, cup)
    higher_wins(run, cup)
    cup.refresh_from_db()
    assert cup.status == "finished"
    rows = {row.player: row for row in reading.standing_rows(cup)}
    for player in field[:5]:
        end = Notice.objects.get(user=player, kind="tournament_finished")
        assert end.params["place"] == rows[player.pk].rank
        assert end.params["count"] == 5
        assert float(end.params["points"]) == rows[player.pk].points
        assert kinds_of(player)[:2] == ["tournament_registered", "tournament_starting"]
    subject, text = words("tournament_finished", end.params)
    assert f"You finished {end.params['place']} of 5" in text
    # each of them mailed under the players' mail setting (all get mail here)
    assert {m.subject for m in mail.outbox} >= {"You are registered for a tournament",
                                                "Your pairing in a tournament round",
                                                "A tournament of yours has ended"}
