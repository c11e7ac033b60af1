"""Seasons and a ladder's life: the next season, archives, names, deletion, exports."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.db import IntegrityError, transaction

from ladders import services
from ladders.models import Ladder
from tests.ladders.helpers import fill, standings

pytestmark = pytest.mark.django_db


def test_the_next_season_copies_the_settings_and_the_order(ladder, alice, bob, carol, staff):
    fill(ladder, [alice, bob, carol])
    Ladder.objects.filter(pk=ladder.pk).update(description="Autumn rules", cooldown_days=3)
    new = services.next_season(ladder.pk, staff, name="Spring ladder 2", keep_order=True)
    ladder.refresh_from_db()
    assert ladder.status == Ladder.Status.CLOSED
    assert (new.season, new.previous_id, new.description, new.cooldown_days) == (
        2, ladder.pk, "Autumn rules", 3)
    assert standings(new) == ["alice", "bob", "carol"]
    with pytest.raises(services.Conflict):
        services.next_season(ladder.pk, staff, name="again", keep_order=False)


def test_an_empty_next_season(ladder, alice, staff):
    fill(ladder, [alice])
    new = services.next_season(ladder.pk, staff, name="Fresh", keep_order=False)
    assert standings(new) == []


def test_names_are_unique_among_running_ladders(ladder, staff):
    with pytest.raises(IntegrityError), transaction.atomic():
        Ladder.objects.create(name="spring LADDER")
    services.set_status(ladder.pk, staff, Ladder.Status.CLOSED)
    Ladder.objects.create(name="Spring ladder")  # a closed season keeps its name


def test_a_closed_season_is_read_only_in_the_admin(ladder, admin_client, staff):
    services.set_status(ladder.pk, staff, Ladder.Status.CLOSED)
    page = admin_client.get(f"/admin/ladders/ladder/{ladder.pk}/change/").content.decode()
    assert 'name="cooldown_days"' not in page


def test_a_ladder_with_games_is_not_deleted_and_the_admin_is_told_why(
        ladder, alice, bob, admin_client):
    fill(ladder, [alice, bob])
    services.challenge(ladder.pk, bob, alice)
    response = admin_client.get(f"/admin/ladders/ladder/{ladder.pk}/delete/")
    assert response.status_code == 409
    assert "cannot be deleted. Close it instead." in response.content.decode()
    empty = Ladder.objects.create(name="By mistake")
    response = admin_client.post(f"/admin/ladders/ladder/{empty.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302 and not Ladder.objects.filter(pk=empty.pk).exists()


def test_a_closed_ladders_page_shows_no_cooldown_or_idle_rule(ladder, staff, client):
    services.set_status(ladder.pk, staff, Ladder.Status.CLOSED)
    page = client.get(f"/ladders/{ladder.pk}/").content.decode()
    assert "before a rematch" not in page and "are removed" not in page


def test_it_exports_standings_and_history(ladder, alice, bob, client):
    fill(ladder, [alice, bob])
    services.challenge(ladder.pk, bob, alice)
    data = json.loads(client.get(f"/ladders/{ladder.pk}/export.json").content)
    assert [row["player"] for row in data["standings"]] == ["alice", "bob"]
    assert data["games"][0]["challenger"] == "bob"
    assert [e["action"] for e in data["events"]] == ["join", "join", "challenge"]
    rows = list(csv.DictReader(io.StringIO(
        client.get(f"/ladders/{ladder.pk}/export.csv").content.decode())))
    assert [row["player"] for row in rows] == ["alice", "bob"]
    history = client.get(f"/ladders/{ladder.pk}/export.csv?part=events").content.decode()
    assert history.splitlines()[0] == "at,action,detail"
    assert client.get(f"/ladders/{ladder.pk}/export.csv?part=secrets").status_code == 400
    assert client.get(f"/ladders/{ladder.pk}/export.xml").status_code == 404
    assert client.get("/ladders/999999/export.json").status_code == 404


def test_it_refuses_out_of_range_settings(admin_client):
    from tests.ladders.test_admin_actions import ladder_form

    response = admin_client.post("/admin/ladders/ladder/add/",
                                 ladder_form(name="Odd", inactivity_days="30000"))
    assert response.status_code == 200 and not Ladder.objects.filter(name="Odd").exists()
    assert "Ensure this value is less than or equal to 365" in response.content.decode()


def test_the_admin_form_refuses_a_duplicate_name(ladder, admin_client):
    from tests.ladders.test_admin_actions import ladder_form

    response = admin_client.post("/admin/ladders/ladder/add/", ladder_form(name="SPRING ladder"))
    assert response.status_code == 200
    assert Ladder.objects.filter(name__iexact="spring ladder").count() == 1
    assert "errornote" in response.content.decode()
