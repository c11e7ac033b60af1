"""Admin safety: a tournament made by mistake can be deleted (the log keeps the
deletion), names are unique among tournaments not over, terms are checked when saved
with their real bounds, and closing asks first and says what will happen."""

from __future__ import annotations

import pytest

from tests.tournaments.play import started
from tests.tournaments.test_admin_create import tournament_form
from tournaments.models import Tournament, TournamentAudit

pytestmark = pytest.mark.django_db
ADD = "/admin/tournaments/tournament/add/"


@pytest.fixture
def admin_client(client, staff):
    client.force_login(staff)
    return client


def errors_of(response) -> dict:
    assert response.status_code == 200, response.status_code
    return response.context["adminform"].form.errors


def test_a_draft_made_by_mistake_can_be_deleted_and_the_log_keeps_it(admin_client, staff):
    admin_client.post(ADD, tournament_form(name="Oops"))
    cup = Tournament.objects.get()
    page = admin_client.get(f"/admin/tournaments/tournament/{cup.pk}/delete/")
    assert page.status_code == 200
    response = admin_client.post(f"/admin/tournaments/tournament/{cup.pk}/delete/",
                                 {"post": "yes"})
    assert response.status_code == 302
    assert not Tournament.objects.exists()
    gone = TournamentAudit.objects.get(action="delete")
    assert gone.actor == staff and gone.detail["name"] == "Oops"
    assert gone.detail["id"] == cup.pk
    assert TournamentAudit.objects.filter(action="create", detail__name="Oops").exists()


def test_a_tournament_with_games_is_not_deleted_and_says_why(admin_client, make_tournament,
                                                              field, staff, run):
    cup = started(run, make_tournament, field[:2], staff, format="swiss", round_count=1)
    response = admin_client.post(f"/admin/tournaments/tournament/{cup.pk}/delete/",
                                 {"post": "yes"})
    assert response.status_code == 409
    assert "Close it instead" in response.content.decode()
    assert Tournament.objects.filter(pk=cup.pk).exists()


def test_names_are_unique_among_tournaments_not_over(admin_client):
    admin_client.post(ADD, tournament_form(name="Winter Swiss"))
    errors = errors_of(admin_client.post(ADD, tournament_form(name="winter swiss")))
    assert "already" in " ".join(errors.get("name", [])) or "already" in str(errors)
    Tournament.objects.update(status=Tournament.Status.CLOSED)
    assert admin_client.post(ADD, tournament_form(name="Winter Swiss")).status_code == 302


def test_a_swiss_of_100000_rounds_is_refused_with_the_bound(admin_client):
    errors = errors_of(admin_client.post(ADD, tournament_form(round_count="100000")))
    assert errors["round_count"] == ["A Swiss has 1 to 30 rounds."]
    errors = errors_of(admin_client.post(ADD, tournament_form(round_count="9",
                                                               max_players="8")))
    assert errors["round_count"] == ["A Swiss of at most 8 players has 1 to 7 rounds."]


@pytest.mark.parametrize("fmt", ["knockout", "round_robin"])
def test_a_knockout_or_round_robin_refuses_a_round_count(admin_client, fmt):
    errors = errors_of(admin_client.post(ADD, tournament_form(format=fmt, round_count="3")))
    assert "follow from the number of players" in " ".join(errors["round_count"])


@pytest.mark.parametrize("field,value,message", [
    ("round_count", "-3", "A Swiss has 1 to 30 rounds."),
    ("min_rating", "-5", "Ensure this value is greater than or equal to 0."),
    ("min_players", "-1", "Ensure this value is greater than or equal to 2."),
    ("advance_top", "-2", "Ensure this value is greater than or equal to 1."),
])
def test_a_negative_value_gets_one_message_with_the_real_bound(admin_client, field, value,
                                                                message):
    errors = errors_of(admin_client.post(ADD, tournament_form(**{field: value})))
    assert errors[field] == [message]


def test_closing_asks_first_and_says_what_will_happen(admin_client, make_tournament, field,
                                                      staff, run):
    cup = started(run, make_tournament, field[:4], staff, format="swiss", round_count=2)
    url = f"/tournaments/{cup.pk}/admin/"
    page = admin_client.post(url, {"action": "close", "reason": "venue closed"})
    assert page.status_code == 200
    text = page.content.decode()
    assert "Close this tournament?" in text and "2 games still running" in text
    cup.refresh_from_db()
    assert cup.status == "running"
    done = admin_client.post(url, {"action": "close", "reason": "venue closed",
                                   "confirm": "yes"})
    assert done.status_code == 302
    cup.refresh_from_db()
    assert cup.status == "closed"
