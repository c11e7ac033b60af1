"""The tournament page's log names the team a director formed or disbanded (and a
disbanded team's players), not only the two players."""

from __future__ import annotations

from tests.tournaments.team_event import formed
from tournaments import teams


def test_it_names_the_team_formed_and_disbanded_in_the_log(make_tournament, staff, client):
    cup, _players = formed(make_tournament, staff)
    teams.disband_team(cup.pk, staff, "Yew", "wrong pairs")
    page = client.get(cup.get_absolute_url()).content.decode()
    log = page[page.index('id="tournament-events"'):]
    assert "team formed (root) · Oak · k1 – k2 · set up" in log
    assert "team disbanded (root) · Yew (k7 &amp; k8) · wrong pairs" in log
