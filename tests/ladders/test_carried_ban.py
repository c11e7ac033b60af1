"""A ban carried from one season to the next shows once: one ban of the new season
(with its reason, end and admin), one line on its page, one row in its bans list, no
second notice, and a player kept off its standings; carried again, still once."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from ladders import services
from ladders.models import LadderBan
from notices.models import Notice
from tests.conftest import make_user
from tests.ladders.helpers import fill, standings

pytestmark = pytest.mark.django_db

REASON = "never plays his games"


@pytest.fixture
def seasons(ladder, staff):
    """bram banned for good (and carol for 30 days) in season 1, then seasons 2 and 3
    with the final order."""
    players = [make_user(name) for name in ("ada", "bram", "carol", "dirk")]
    fill(ladder, players)
    services.remove_player(ladder.pk, staff, players[1], REASON, ban_forever=True)
    services.remove_player(ladder.pk, staff, players[2], "rude", ban_days=30)
    second = services.next_season(ladder.pk, staff, name="Spring ladder, season 2",
                                  keep_order=True)
    third = services.next_season(second.pk, staff, name="Spring ladder, season 3",
                                 keep_order=True)
    return ladder, second, third


def bram():
    return get_user_model().objects.get(username="bram")


def test_it_carries_one_ban_per_season_with_its_terms(seasons):
    first, second, third = seasons
    original = LadderBan.objects.get(ladder=first, user=bram())
    for season in (second, third):
        carried = LadderBan.objects.filter(ladder=season, user=bram())
        assert carried.count() == 1
        ban = carried.get()
        assert (ban.reason, ban.until, ban.by_id, ban.at) == (
            original.reason, original.until, original.by_id, original.at)
        # The new season's log says which bans it started with.
        created = season.audit.get(action="create")
        assert sorted(b["player"] for b in created.detail["bans"]) == ["bram", "carol"]
    assert LadderBan.objects.filter(ladder=second).count() == 2  # bram's and carol's


def test_the_running_seasons_page_says_it_once(seasons, client):
    _first, second, third = seasons  # third runs: carried twice
    client.force_login(bram())
    page = client.get(f"/ladders/{third.pk}/").content.decode()
    assert page.count(REASON) == 1
    assert page.count("You are banned from this ladder") == 1
    assert "bram" not in standings(second) + standings(third)


def test_the_bans_list_shows_it_once(seasons, client, staff):
    first, _second, third = seasons
    client.force_login(staff)
    # The list as it opens: the running season's bans.
    page = client.get("/admin/ladders/ladderban/").content.decode()
    assert page.count(REASON) == 1
    assert "Spring ladder, season 3<" in page
    # Each season's own list (its "Bans" link), closed or running: once.
    for season in (first, third):
        own = client.get(f"/admin/ladders/ladderban/?ladder__id__exact={season.pk}")
        assert own.content.decode().count(REASON) == 1
    closed = client.get("/admin/ladders/ladderban/?season=closed").content.decode()
    assert closed.count(REASON) == 2  # the history: one row a closed season
    assert client.get("/admin/ladders/ladderban/?season=all").content.decode().count(
        REASON) == 3


def test_carrying_it_over_sends_no_second_notice(seasons):
    assert Notice.objects.filter(user=bram(), kind="ladder_removed").count() == 1


def test_the_players_data_export_lists_it_once_a_season(seasons):
    from accounts.export import export_data

    bans = export_data(bram())["ladder_bans"]
    assert len(bans) == 3
    assert len({str(ban["ladder"]) for ban in bans}) == 3


def test_a_lifted_ban_is_not_carried(ladder, staff):
    ada, bram_ = make_user("ada"), make_user("bram")
    fill(ladder, [ada, bram_])
    services.remove_player(ladder.pk, staff, bram_, REASON, ban_forever=True)
    services.lift_ban(ladder.pk, staff, bram_)
    second = services.next_season(ladder.pk, staff, name="Spring ladder, season 2",
                                  keep_order=True)
    assert not LadderBan.objects.filter(ladder=second).exists()
    services.join(second.pk, bram_)
    assert standings(second) == ["ada", "bram"]
