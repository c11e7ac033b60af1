"""A closed season's final standings are stored at the close, stay as they were
whatever is decided later, and verify_games checks them against the fold of the
record as it stood at the close."""

from __future__ import annotations

import pytest

from ladders import services
from ladders.models import LadderAudit, Rating
from ladders.season_close import close_row, frozen_standings
from tests.conftest import make_user
from tests.ladders.helpers import fill, win
from tests.ladders.test_verify_derived import verify

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed(ladder, staff, finished):
    """alice, bob, carol; carol beats bob, bob beats alice, then the season closes."""
    alice, bob, carol = (make_user(name) for name in ("alice", "bob", "carol"))
    fill(ladder, [alice, bob, carol])
    first = services.challenge(ladder.pk, carol, bob)
    finished(win, first, carol)
    second = services.challenge(ladder.pk, bob, alice)
    finished(win, second, bob)
    services.set_status(ladder.pk, staff, "closed")
    ladder.refresh_from_db()
    return ladder, first, second


def shown(client, ladder) -> list[tuple[str, int]]:
    data = client.get(f"/ladders/{ladder.pk}/export.json").json()
    return [(row["player"], row["rating"]) for row in data["standings"]]


def test_it_stores_the_final_standings_at_the_close(closed):
    ladder, _first, _second = closed
    stored = frozen_standings(ladder)
    assert [row["position"] for row in stored] == [1, 2, 3]
    ratings = {r.user_id: r for r in Rating.objects.filter(game=ladder.game)}
    for row in stored:
        assert row["rating"] == pytest.approx(ratings[row["player_id"]].rating)
        assert row["games"] == ratings[row["player_id"]].games


def test_a_closed_season_verifies(closed):
    code, out = verify()
    assert code == 0, out


def test_it_catches_a_corrupted_final_rating(closed):
    ladder, _first, _second = closed
    row = close_row(ladder)
    row.detail["standings"][0]["rating"] += 40
    LadderAudit.objects.filter(pk=row.pk).update(detail=row.detail)
    first = row.detail["standings"][0]
    name = Rating.objects.get(user_id=first["player_id"], game=ladder.game).user.username

    code, out = verify()
    assert code == 1
    assert f"season {ladder.pk} (Spring ladder): {name} final rating" in out
    assert "replayed" in out


def test_it_catches_a_corrupted_final_order(closed):
    ladder, _first, _second = closed
    row = close_row(ladder)
    standings = row.detail["standings"]
    standings[0]["player_id"], standings[1]["player_id"] = (
        standings[1]["player_id"], standings[0]["player_id"])
    LadderAudit.objects.filter(pk=row.pk).update(detail=row.detail)

    code, out = verify()
    assert code == 1
    assert f"season {ladder.pk} (Spring ladder): final order" in out


def test_a_decision_after_the_close_leaves_the_season_as_it_closed(closed, staff, finished,
                                                                 client):
    ladder, first, _second = closed
    before = shown(client, ladder)
    finished(services.correct_result, first.pk, staff, "annul", "found later")
    finished(services.correct_result, first.pk, staff, "defender", "found even later")
    assert shown(client, ladder) == before
    code, out = verify()
    assert code == 0, out


def test_a_season_closed_by_the_next_season_stores_its_standings(closed, staff):
    ladder, _first, _second = closed
    other = type(ladder).objects.create(name="Autumn ladder")
    fill(other, [make_user("dave"), make_user("erin")])
    services.next_season(other.pk, staff, name="Autumn ladder, season 2", keep_order=True)
    other.refresh_from_db()
    assert [row["position"] for row in frozen_standings(other)] == [1, 2]
    assert verify()[0] == 0


def test_nobody_is_removed_from_a_closed_season(closed, staff):
    ladder, _first, _second = closed
    before = list(ladder.entries.order_by("position").values_list("user_id", flat=True))
    alice = ladder.entries.get(position=1).user
    with pytest.raises(services.Conflict, match="closed"):
        services.remove_player(ladder.pk, staff, alice, "too late")
    after = list(ladder.entries.order_by("position").values_list("user_id", flat=True))
    assert after == before == [row["player_id"] for row in frozen_standings(ladder)]


def test_it_catches_a_season_showing_todays_ratings(closed, staff, finished):
    """Bug 3 planted: the closed season's standings follow the players' later games."""
    ladder, _first, _second = closed
    new = services.next_season(ladder.pk, staff, name="Spring ladder, season 2",
                               keep_order=True)
    new.cooldown_days = 0
    new.save(update_fields=["cooldown_days"])
    alice, bob = (ladder.entries.get(user__username=name).user for name in ("alice", "bob"))
    finished(win, services.challenge(new.pk, alice, bob), alice)
    assert verify()[0] == 0
    row = close_row(ladder)
    today = {r.user_id: r for r in Rating.objects.filter(game=ladder.game)}
    for standing in row.detail["standings"]:
        live = today.get(standing["player_id"])
        if live is not None:
            standing.update(rating=live.rating, deviation=live.deviation,
                            volatility=live.volatility, games=live.games)
    LadderAudit.objects.filter(pk=row.pk).update(detail=row.detail)

    code, out = verify()
    assert code == 1
    assert f"season {ladder.pk} (Spring ladder): alice final games 2 stored, 1 replayed" in out
