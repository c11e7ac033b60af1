"""The tournament tables keep one round per number and one entry per player."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from tournaments.models import Tournament, TournamentPlayer, TournamentRound

pytestmark = pytest.mark.django_db


def test_it_keeps_one_round_per_number(staff):
    tournament = Tournament.objects.create(name="Cup", round_count=3, created_by=staff)
    TournamentRound.objects.create(tournament=tournament, number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        TournamentRound.objects.create(tournament=tournament, number=1)
    assert tournament.rounds.count() == 1


def test_it_keeps_one_entry_per_player(staff, alice):
    tournament = Tournament.objects.create(name="Cup", round_count=3, created_by=staff)
    TournamentPlayer.objects.create(tournament=tournament, user=alice)
    with pytest.raises(IntegrityError), transaction.atomic():
        TournamentPlayer.objects.create(tournament=tournament, user=alice)


def test_it_draws_a_seed_for_each_tournament(staff):
    seeds = {Tournament.objects.create(name=str(i), round_count=3).seed for i in range(5)}
    assert len(seeds) > 1
