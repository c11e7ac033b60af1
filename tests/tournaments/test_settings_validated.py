"""Settings are validated when saved, not when used: each refusal names the real bound."""

from __future__ import annotations

import re

import pytest

from ladders.models import Ladder
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

TOURNAMENT = {"name": "Cup", "game": "druidenwalzer", "format": "swiss", "round_count": 5,
              "cycles": 1, "start": "all", "days_per_move": 3, "min_players": 2,
              "advance_top": 1, "seating": "snake", "seed": 1}
LADDER = {"name": "Ladder", "game": "druidenwalzer", "days_per_move": 3,
          "challenge_range": 3, "max_open_challenges": 2, "cooldown_days": 7,
          "inactivity_days": 60, "join_rule": "open", "rated": "on",
          "entries-TOTAL_FORMS": 0, "entries-INITIAL_FORMS": 0}


def errors(page) -> list[str]:
    return re.findall(r"<li>(.*?)</li>", "".join(re.findall(
        r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', page.content.decode())))


def test_a_swiss_of_100000_rounds_is_refused_with_the_bound(admin_client):
    page = admin_client.post("/admin/tournaments/tournament/add/",
                             {**TOURNAMENT, "round_count": 100000})
    assert page.status_code == 200 and not Tournament.objects.exists()
    assert errors(page) == ["A Swiss of these players has at most 30 rounds, not 100000."]
    page = admin_client.post("/admin/tournaments/tournament/add/",
                             {**TOURNAMENT, "round_count": 9, "max_players": 8})
    assert errors(page) == ["A Swiss of these players has at most 7 rounds, not 9."]


def test_a_knockout_refuses_a_round_count(admin_client):
    page = admin_client.post("/admin/tournaments/tournament/add/",
                             {**TOURNAMENT, "format": "knockout", "round_count": 4})
    assert not Tournament.objects.exists()
    assert errors(page) == ["A knockout or a round robin has the rounds its players make: "
                            "leave the number of rounds empty."]


def test_a_negative_range_gets_one_message_with_the_real_bound(admin_client):
    page = admin_client.post("/admin/ladders/ladder/add/", {**LADDER, "challenge_range": -1})
    assert not Ladder.objects.exists()
    assert errors(page) == ["Ensure this value is greater than or equal to 1."]
