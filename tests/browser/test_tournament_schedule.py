"""A player-director puts a Swiss on a schedule from its page: a deadline for round 1
and an announcement; a player reads the announcement on the page and in their notices;
at the deadline the game still running is adjudicated (the player on move loses) and
the page shows it; closed, the director reopens it for a correction. Screenshots at
1280x800 and 390x844; no sideways scroll, and axe-core finds nothing serious."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.browser.tournament_helpers import (  # noqa: F401 (the players fixture)
    VIEWPORTS,
    direct,
    log_in,
    look_at,
    players,
    shell,
)

pytestmark = pytest.mark.browser

SCHEDULED = """
from accounts.models import User
from tournaments import rounds, services
from tournaments.models import Tournament, TournamentDirector
boss = User.objects.get(username="boss")
cup = Tournament.objects.create(name="Scheduled cup", game="druidenwalzer", format="swiss",
                                round_count=3, status="registration", seed=5)
for name in ("anna", "bram", "cato", "daan"):
    services.join(cup.pk, User.objects.get(username=name))
TournamentDirector.objects.create(tournament=cup, user=User.objects.get(username="hana"))
services.start(cup.pk, boss)
rounds.start_round(cup.pk, 1)
print(cup.pk)
"""

DEADLINE_PASSES = """
from datetime import timedelta
from django.utils import timezone
from tournaments import schedule
from tournaments.models import ScheduledRound
from games.core.commit import settle
from games.models import Match
from tournaments import rounds
from tournaments.models import ScheduledRound, TournamentGame
row = ScheduledRound.objects.get(tournament_id={tid}, number=1)
done = schedule.sweep(row.deadline + timedelta(minutes=1))
# what the worker does after the commit: each result settled, then the next round
for game in TournamentGame.objects.filter(round__tournament_id={tid}):
    match = Match.objects.get(pk=game.match_id)
    settle(match.pk, match.version)
rounds.start_round({tid}, 2)
print(done)
"""


@pytest.mark.usefixtures("players")
def test_a_director_schedules_announces_and_the_deadline_decides(site, new_page, shots):
    tid = int(shell(site, SCHEDULED).strip().splitlines()[-1])
    hana = new_page()
    log_in(hana, site.url, "hana", f"/tournaments/{tid}/")
    # in the past: refused, said why
    assert "is in the past" in direct(hana, "schedule", "one week per round", round="1",
                                      deadline="2020-01-01T18:00")
    deadline = (timezone.now() + timedelta(days=7)).strftime("%Y-%m-%dT%H:%M")
    direct(hana, "schedule", "one week per round", round="1", deadline=deadline)
    assert hana.locator(".round-deadline").count() == 1
    hana.locator("#tournament-admin summary").click()
    hana.fill("#announce-text", "Round 1 ends in a week: unfinished games are adjudicated.")
    with hana.expect_navigation():
        hana.locator("#announce-submit").click()
    assert "Round 1 ends in a week" in hana.locator("#tournament-announcements").inner_text()
    hana.locator("#tournament-admin summary").click()
    look_at(hana, shots, "schedule")

    anna = new_page()
    log_in(anna, site.url, "anna", "/notices/")
    assert "Round 1 ends in a week" in anna.locator("main").inner_text()

    done = shell(site, DEADLINE_PASSES.format(tid=tid))
    assert "'adjudicated': 1" in done, done
    anna.goto(f"{site.url}/tournaments/{tid}/")
    assert anna.locator(".tournament-round").count() == 2
    games = anna.locator(".tournament-round[data-round='1'] .round-games").inner_text()
    assert "playing" not in games
    assert "games adjudicated at the deadline" in anna.locator("#tournament-events").inner_text()
    anna.set_viewport_size(VIEWPORTS["phone"])
    anna.screenshot(path=str(shots / "tournament-adjudicated-phone.png"), full_page=True)

    shell(site, f"from tournaments import services; from accounts.models import User; "
                f"services.close({tid}, User.objects.get(username='boss'), 'by mistake')")
    hana.goto(f"{site.url}/tournaments/{tid}/")
    hana.locator("#tournament-admin summary").click()
    assert hana.locator("#rerun-form").is_visible()
    hana.set_viewport_size(VIEWPORTS["phone"])
    hana.locator("#tournament-admin").screenshot(
        path=str(shots / "tournament-reopen-phone.png"))
    hana.fill("#reopen-reason", "closed by mistake")
    with hana.expect_navigation():
        hana.locator("#reopen-submit").click()
    assert hana.locator("#tournament-status").get_attribute("data-status") == "paused"
    assert "closed by mistake" in hana.locator("#tournament-events").inner_text()
