"""Names: the next season needs its own (a season label), running tournaments have
unique names like ladders, and the ladder list shows each ladder's season."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from ladders import services
from ladders.models import Ladder
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_next_season_may_not_reuse_the_name(ladder, staff):
    with pytest.raises(services.ServiceError) as refused:
        services.next_season(ladder.pk, staff, name="spring LADDER", keep_order=False)
    assert "Spring ladder, season 2" in refused.value.message
    ladder.refresh_from_db()
    assert ladder.status == "open" and Ladder.objects.count() == 1
    new = services.next_season(ladder.pk, staff, name="Spring ladder, season 2",
                               keep_order=False)
    assert new.season == 2


def test_running_tournaments_have_unique_names(db):
    Tournament.objects.create(name="Winter cup", game="druidenwalzer", format="swiss",
                              round_count=3, status=Tournament.Status.RUNNING)
    twin = Tournament(name="winter cup", game="druidenwalzer", format="swiss", round_count=3)
    with pytest.raises(ValidationError) as refused:
        twin.full_clean()
    assert refused.value.message_dict["name"] == [
        "A tournament that is not over has this name already: choose another."]
    Tournament.objects.update(status=Tournament.Status.FINISHED)
    twin.full_clean()  # a finished tournament keeps its name; a new one may take it


def test_the_ladder_list_shows_the_season(ladder, staff, client):
    services.next_season(ladder.pk, staff, name="Summer ladder", keep_order=False)
    page = client.get("/ladders/").content.decode()
    assert '<span class="note season">season 1</span>' in page
    assert '<span class="note season">season 2</span>' in page
