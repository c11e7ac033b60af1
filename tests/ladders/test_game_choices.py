"""A ladder plays one game of the catalogue, chosen by its title; a game joining the
catalogue needs no migration."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from ladders import services
from ladders.models import Ladder
from tests.ladders.helpers import fill

pytestmark = pytest.mark.django_db


def test_it_offers_the_catalogues_games_by_title(only_druidenwalzer, veto_game):
    field = Ladder._meta.get_field("game")
    assert list(field.choices) == [("druidenwalzer", "Druidenwalzer"), ("veto-duel", "Veto duel")]
    assert Ladder(name="New").game == "druidenwalzer"


def test_it_needs_no_migration_when_a_game_joins(veto_game):
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    assert "No changes detected" in out.getvalue()


def test_it_refuses_a_game_outside_the_catalogue():
    with pytest.raises(ValidationError, match="chess"):
        Ladder(name="Chess", game="chess").full_clean()


def test_it_seats_a_ladder_game_on_the_games_own_seats(alice, bob, veto_game, client):
    ladder = Ladder.objects.create(name="Veto ladder", game="veto-duel")
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    assert game.match.game == "veto-duel"
    assert set(game.match.seats.values_list("seat", flat=True)) == {"red", "blue"}
    listed = client.get("/ladders/").content.decode()
    assert "<td>Veto duel</td>" in listed
    assert "Veto duel ·" in client.get(f"/ladders/{ladder.pk}/").content.decode()
