"""A player an admin named director runs a Swiss from its page: gives a requested bye
and forbids a pairing through the director's form, sees both in the log; another
player sees no form. Screenshots at 1280x800 and 390x844 with the form open; the page
does not scroll sideways and axe-core finds nothing serious."""

from __future__ import annotations

import pytest

from tests.browser.tournament_helpers import (  # noqa: F401 (the players fixture)
    direct,
    log_in,
    look_at,
    players,
    shell,
)

pytestmark = pytest.mark.browser

DIRECTED = """
from accounts.models import User
from tournaments import rounds, services
from tournaments.models import Tournament, TournamentDirector
boss = User.objects.get(username="boss")
cup = Tournament.objects.create(name="Directed cup", game="druidenwalzer", format="swiss",
                                round_count=3, status="registration", seed=5)
for name in ("anna", "bram", "cato", "daan"):
    services.join(cup.pk, User.objects.get(username=name))
TournamentDirector.objects.create(tournament=cup, user=User.objects.get(username="hana"))
services.start(cup.pk, boss)
rounds.start_round(cup.pk, 1)  # what the worker does once the start is committed
print(cup.pk)
"""


@pytest.mark.usefixtures("players")
def test_a_player_director_gives_a_bye_and_forbids_a_pairing(site, new_page, shots):
    tid = int(shell(site, DIRECTED).strip().splitlines()[-1])
    other = new_page()
    log_in(other, site.url, "eva", f"/tournaments/{tid}/")
    assert other.locator("#tournament-admin").count() == 0
    hana = new_page()
    log_in(hana, site.url, "hana", f"/tournaments/{tid}/")
    assert "hana" in hana.locator("#tournament-directors").inner_text()
    direct(hana, "bye", "a wedding", player="anna", round="2")
    direct(hana, "forbid", "one household", player="bram", other="cato")
    events = hana.locator("#tournament-events").inner_text()
    assert "bye given" in events and "a wedding" in events
    assert "pairing forbidden" in events and "bram – cato" in events
    assert "one household" in events
    hana.locator("#tournament-admin summary").click()
    look_at(hana, shots, "director")
