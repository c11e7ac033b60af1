"""Admins create tournaments in the Django admin; bad terms are refused, all is audited."""

from __future__ import annotations

import pytest

from tournaments.models import Tournament, TournamentAudit

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, staff):
    client.force_login(staff)
    return client


def tournament_form(**changes) -> dict:
    data = {
        "name": "Winter Swiss", "game": "druidenwalzer", "format": "swiss",
        "days_per_move": "3", "rated": "on", "round_count": "5", "cycles": "1",
        "start": "all", "min_players": "2", "advance_top": "1", "seating": "snake",
        "seed": "7",
        "requested_bye_points": "0.5", "late_entry_points": "0.0",
        # the directors' inline (none named), as the admin page posts it
        "directors-TOTAL_FORMS": "0", "directors-INITIAL_FORMS": "0",
    }
    data.update(changes)
    return {name: value for name, value in data.items() if value is not None}


def test_it_creates_a_tournament_and_records_who(admin_client, staff):
    response = admin_client.post("/admin/tournaments/tournament/add/", tournament_form())
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament = Tournament.objects.get(name="Winter Swiss")
    assert tournament.created_by == staff
    assert (tournament.status, tournament.round_count, tournament.seed) == ("draft", 5, 7)
    entry = tournament.audit.get()
    assert (entry.action, entry.actor, entry.detail) == ("create", staff, {"name": "Winter Swiss"})


def test_it_creates_kasteel_rounds_with_team_tables(admin_client):
    form = tournament_form(game="kasteel", format="kasteel_rounds", round_count="",
                           table_size="4", teams="on", allow_ai="on", advance_top="2")
    response = admin_client.post("/admin/tournaments/tournament/add/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament = Tournament.objects.get()
    assert (tournament.table_size, tournament.teams, tournament.allow_ai) == (4, True, True)


def test_it_records_a_change_of_terms(admin_client, staff):
    admin_client.post("/admin/tournaments/tournament/add/", tournament_form())
    tournament = Tournament.objects.get()
    response = admin_client.post(
        f"/admin/tournaments/tournament/{tournament.pk}/change/", tournament_form(round_count="7")
    )
    assert response.status_code == 302
    edit = tournament.audit.get(action=TournamentAudit.Action.EDIT)
    assert edit.detail["fields"]["round_count"] == "7" and edit.actor == staff


@pytest.mark.parametrize(
    "changes,field,message",
    [
        ({"round_count": ""}, "round_count", "A Swiss needs a number of rounds."),
        ({"format": "kasteel_rounds", "table_size": "4"}, "format",
         "Kasteel rounds need a game of more than two seats."),
        ({"game": "kasteel"}, "format", "This game is played at tables"),
        ({"game": "kasteel", "format": "kasteel_rounds"}, "table_size",
         "Kasteel rounds need a number of seats per table."),
        ({"game": "kasteel", "format": "kasteel_rounds", "table_size": "5", "teams": "on"},
         "teams", "Team tables need an even number of at least 4 seats."),
        ({"game": "kasteel", "format": "kasteel_rounds", "table_size": "13"}, "table_size",
         "less than or equal to 12"),
        ({"min_players": "8", "max_players": "4"}, "max_players", "cannot be below"),
        ({"min_rating": "1800", "max_rating": "1200"}, "max_rating", "cannot be below"),
        ({"registration_opens_at_0": "2026-12-10", "registration_opens_at_1": "12:00",
          "registration_closes_at_0": "2026-12-01", "registration_closes_at_1": "12:00"},
         "registration_closes_at", "must close after it opens"),
        ({"cycles": "3"}, "cycles", "less than or equal to 2"),
    ],
)
def test_it_refuses_terms_that_cannot_be_played(admin_client, changes, field, message):
    response = admin_client.post("/admin/tournaments/tournament/add/", tournament_form(**changes))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert message in " ".join(errors.get(field, [])), errors
    assert not Tournament.objects.exists() and not TournamentAudit.objects.exists()


def test_it_keeps_the_tournament_pages_and_the_log_from_players(client, alice):
    client.force_login(alice)
    response = client.get("/admin/tournaments/tournament/add/")
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_it_shows_the_audit_log_read_only(admin_client):
    admin_client.post("/admin/tournaments/tournament/add/", tournament_form())
    entry = TournamentAudit.objects.get()
    assert admin_client.get("/admin/tournaments/tournamentaudit/").status_code == 200
    assert admin_client.get("/admin/tournaments/tournamentaudit/add/").status_code == 403
    delete = f"/admin/tournaments/tournamentaudit/{entry.pk}/delete/"
    page = admin_client.post(delete, {"post": "yes"})
    assert page.status_code == 403 and TournamentAudit.objects.filter(pk=entry.pk).exists()


def test_its_terms_are_fixed_once_it_has_started(admin_client):
    tournament = Tournament.objects.create(name="Started", status="running", round_count=3)
    page = admin_client.get(f"/admin/tournaments/tournament/{tournament.pk}/change/")
    html = page.content.decode()
    assert 'name="name"' in html and 'name="round_count"' not in html
    response = admin_client.post(f"/admin/tournaments/tournament/{tournament.pk}/change/",
                                 {"name": "Renamed", "round_count": "9",
                                  "directors-TOTAL_FORMS": "0", "directors-INITIAL_FORMS": "0"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.round_count) == ("Renamed", 3)
