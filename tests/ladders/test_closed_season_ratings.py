"""A closed season's final standings keep the ratings it closed with: its page, its
exports and its API do not follow the players' later games."""

from __future__ import annotations

import pytest

from ladders import services
from ladders.models import Rating
from tests.conftest import make_user
from tests.ladders.helpers import fill, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed_and_next(ladder, staff, finished):
    alice, bob = make_user("alice"), make_user("bob")
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    finished(win, game, bob)
    at_close = {r.user.username: round(r.rating) for r in Rating.objects.select_related("user")}
    new = services.next_season(ladder.pk, staff, name="Summer ladder", keep_order=True)
    new.cooldown_days = 0  # the pair meets again at once
    new.save(update_fields=["cooldown_days"])
    later = services.challenge(new.pk, alice, bob)
    finished(win, later, alice)
    now = {r.user.username: round(r.rating) for r in Rating.objects.select_related("user")}
    assert now != at_close
    return ladder, at_close, now


def test_the_closed_seasons_page_shows_its_final_ratings(closed_and_next, client):
    ladder, at_close, now = closed_and_next
    page = client.get(f"/ladders/{ladder.pk}/").content.decode()
    for name in ("alice", "bob"):
        assert f'<td class="rating">{at_close[name]}' in page
        assert f'<td class="rating">{now[name]}' not in page


def test_the_closed_seasons_exports_show_its_final_ratings(closed_and_next, client):
    ladder, at_close, _now = closed_and_next
    data = client.get(f"/ladders/{ladder.pk}/export.json").json()
    assert {row["player"]: row["rating"] for row in data["standings"]} == at_close
    csv = client.get(f"/ladders/{ladder.pk}/export.csv?part=standings").content.decode()
    assert f",bob,{at_close['bob']}," in csv


def test_a_running_ladder_shows_todays_ratings(closed_and_next, client):
    ladder, _at_close, now = closed_and_next
    new = ladder.next_season
    data = client.get(f"/ladders/{new.pk}/export.json").json()
    assert {row["player"]: row["rating"] for row in data["standings"]} == now
