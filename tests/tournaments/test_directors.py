"""Directors: staff, or players an admin names for one tournament. A director acts from
the tournament's page, always with a reason kept in the audit log; a non-staff director
touches only their tournaments; other players and visitors touch nothing."""

from __future__ import annotations

import pytest

from games.core.errors import Forbidden, ServiceError
from tests.conftest import make_user
from tournaments import services
from tournaments.admin import TournamentAdmin
from tournaments.models import Tournament, TournamentDirector

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(db):
    return make_user("dora")


def name_director(cup, user) -> None:
    TournamentDirector.objects.create(tournament=cup, user=user)


def test_it_lets_a_named_player_direct_their_tournament_with_a_reason(
        make_tournament, field, director, run):
    cup = make_tournament(status=Tournament.Status.DRAFT)
    name_director(cup, director)
    with pytest.raises(ServiceError):
        services.open_registration(cup.pk, director, "  ")  # a director always says why
    services.open_registration(cup.pk, director, "club night")
    for player in field[:4]:
        services.join(cup.pk, player)
    run(services.start, cup.pk, director, "all here")
    services.pause(cup.pk, director, "power cut")
    run(services.resume, cup.pk, director, "power back")
    rows = list(cup.audit.filter(actor=director).order_by("at", "id"))
    assert [(r.action, r.detail["reason"]) for r in rows] == [
        ("open", "club night"), ("start", "all here"), ("pause", "power cut"),
        ("resume", "power back")]


def test_a_director_of_one_tournament_cannot_touch_another(make_tournament, director):
    mine = make_tournament(status=Tournament.Status.DRAFT)
    other = make_tournament(status=Tournament.Status.DRAFT)
    name_director(mine, director)
    with pytest.raises(Forbidden):
        services.open_registration(other.pk, director, "mine now")
    other.refresh_from_db()
    assert other.status == "draft" and not other.audit.exists()


@pytest.mark.parametrize("tournament_id", [0, -1, 10**20, "12x", None])
def test_it_names_no_director_of_a_tournament_that_cannot_be(tournament_id, director):
    # An id past the database's integers raised OverflowError on SQLite (a 500).
    from tournaments.directing import may_direct

    assert may_direct(tournament_id, director) is False


def test_it_lets_staff_direct_every_tournament_without_being_named(make_tournament, staff):
    cup = make_tournament(status=Tournament.Status.DRAFT)
    services.open_registration(cup.pk, staff)
    cup.refresh_from_db()
    assert cup.status == "registration"


def test_it_shows_the_director_form_to_directors_only(client, make_tournament, director,
                                                      staff, field):
    cup = make_tournament()
    name_director(cup, director)
    url = f"/tournaments/{cup.pk}/"
    assert 'id="tournament-admin"' not in client.get(url).content.decode()  # a visitor
    client.force_login(field[0])  # another player
    assert 'id="tournament-admin"' not in client.get(url).content.decode()
    for who in (director, staff):
        client.force_login(who)
        html = client.get(url).content.decode()
        assert 'id="tournament-admin"' in html and "dora" in html


def test_it_refuses_the_page_form_to_other_players_and_visitors(client, make_tournament,
                                                               director, field):
    cup = make_tournament()
    name_director(cup, director)
    url = f"/tournaments/{cup.pk}/admin/"
    response = client.post(url, {"action": "close", "reason": "x", "confirm": "yes"})
    assert response.status_code == 302 and "/login" in response.url  # a visitor
    client.force_login(field[0])
    assert client.post(url, {"action": "close", "reason": "x", "confirm": "yes"}
                       ).status_code == 403
    cup.refresh_from_db()
    assert cup.status == "registration" and not cup.audit.exists()


def test_it_lets_a_director_close_from_the_page(client, make_tournament, director):
    cup = make_tournament()
    name_director(cup, director)
    client.force_login(director)
    client.post(f"/tournaments/{cup.pk}/admin/",
                {"action": "close", "reason": "nobody came", "confirm": "yes"})
    cup.refresh_from_db()
    assert cup.status == "closed"
    assert "nobody came" in client.get(f"/tournaments/{cup.pk}/").content.decode()


def test_a_director_sees_their_draft_and_others_do_not(client, make_tournament, director,
                                                       field):
    cup = make_tournament(status=Tournament.Status.DRAFT)
    name_director(cup, director)
    client.force_login(field[0])
    assert client.get(f"/tournaments/{cup.pk}/").status_code == 403
    client.force_login(director)
    assert client.get(f"/tournaments/{cup.pk}/").status_code == 200


def test_it_offers_the_directors_inline_in_the_admin(admin_client, make_tournament, director):
    cup = make_tournament(status=Tournament.Status.DRAFT)
    assert TournamentAdmin.inlines
    page = admin_client.get(f"/admin/tournaments/tournament/{cup.pk}/change/")
    assert page.status_code == 200 and "directors-TOTAL_FORMS" in page.content.decode()


def test_it_logs_naming_a_director_in_the_admin(client, staff, director):
    from tests.tournaments.test_admin_create import tournament_form

    client.force_login(staff)
    form = tournament_form(**{"directors-TOTAL_FORMS": "1", "directors-0-user": str(director.pk)})
    assert client.post("/admin/tournaments/tournament/add/", form).status_code == 302
    cup = Tournament.objects.get(name="Winter Swiss")
    assert list(cup.directors.values_list("user__username", flat=True)) == ["dora"]
    assert cup.audit.filter(action="edit", detail__directors=["dora"], actor=staff).exists()
