"""The games' admin (games/admin.py): lists with filters and search, read-only forms."""

import pytest

from games.core import services as game_services
from games.models import Challenge, Match
from tests.games.helpers import new_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, staff):
    client.force_login(staff)
    return client


def change_link(model: str, pk: int) -> str:
    # Filtered lists add ?_changelist_filters=... to their links.
    return f'href="/admin/games/{model}/{pk}/change/?'


def test_it_lists_filters_and_searches_matches(admin_client, alice, bob, carol):
    active = new_game(alice, bob)
    done = new_game(carol, bob)
    game_services.resign(done.pk, carol)
    page = admin_client.get("/admin/games/match/?status__exact=finished").content.decode()
    assert change_link("match", done.pk) in page and change_link("match", active.pk) not in page
    page = admin_client.get("/admin/games/match/?q=alice").content.decode()
    assert change_link("match", active.pk) in page and change_link("match", done.pk) not in page
    page = admin_client.get("/admin/games/match/?q=o").content.decode()  # bob and carol
    assert page.count(change_link("match", done.pk)) == 1  # once per match, not per seat


def test_it_lists_seats_and_move_records(admin_client, alice, bob):
    match = new_game(alice, bob)
    game_services.resign(match.pk, bob)
    seats = admin_client.get("/admin/games/seat/?result__exact=loss").content.decode()
    assert "bob" in seats and "alice" not in seats.split("result__exact")[-1].split("<tbody")[-1]
    records = admin_client.get("/admin/games/moverecord/?kind__exact=resign").content.decode()
    assert f"#{match.pk}" in records


def test_it_lists_challenges_by_status(admin_client, alice, bob):
    open_one = game_services.create_challenge(alice, opponent=bob)
    cancelled = game_services.create_challenge(bob)
    game_services.cancel_challenge(cancelled.pk, bob)
    page = admin_client.get("/admin/games/challenge/?status__exact=open").content.decode()
    assert change_link("challenge", open_one.pk) in page
    assert change_link("challenge", cancelled.pk) not in page


def test_it_changes_nothing_through_the_games_admin(admin_client, alice, bob):
    match = new_game(alice, bob)
    assert admin_client.get("/admin/games/match/add/").status_code == 403
    response = admin_client.post(f"/admin/games/match/{match.pk}/change/", {"status": "finished"})
    assert response.status_code == 403
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE
    assert admin_client.get(f"/admin/games/match/{match.pk}/delete/").status_code == 403
    assert Challenge.objects.count() == 0
