"""Forming a team event's teams: bad input refused with a clear message and nothing
changed; only directors form teams; teams are fixed once the event has started."""

from __future__ import annotations

import pytest

from games.core.errors import Forbidden, ServiceError
from tests.conftest import make_user
from tests.tournaments.director_calls import snapshot
from tests.tournaments.team_event import entered, formed
from tournaments import services, teams
from tournaments.models import TournamentTeam


def refused(call, *args, match: str, kind=ServiceError):
    before = snapshot(), list(TournamentTeam.objects.values())
    with pytest.raises(kind, match=match):
        call(*args)
    assert (snapshot(), list(TournamentTeam.objects.values())) == before


def test_it_refuses_a_player_in_two_teams_the_same_player_twice_and_a_stranger(
        make_tournament, staff):
    cup, p = entered(make_tournament)
    teams.form_team(cup.pk, staff, "Oak", p[0], p[1], "set up")
    refused(teams.form_team, cup.pk, staff, "Ash", p[1], p[2], "x",
            match="k2 is in team Oak already")
    refused(teams.form_team, cup.pk, staff, "Ash", p[2], p[2], "x", match="two different")
    refused(teams.form_team, cup.pk, staff, "Ash", p[2], make_user("stranger"), "x",
            match="stranger is not in this tournament")
    refused(teams.form_team, cup.pk, staff, "oak", p[2], p[3], "x", match="team oak already")
    refused(teams.form_team, cup.pk, staff, "  ", p[2], p[3], "x", match="name")


def test_it_refuses_uneven_teams_and_a_player_in_no_team_at_the_start(make_tournament, staff):
    cup, p = entered(make_tournament)
    for i, name in enumerate(("Oak", "Ash", "Elm")):
        teams.form_team(cup.pk, staff, name, p[2 * i], p[2 * i + 1], "set up")
    refused(services.start, cup.pk, staff, "go", match="k7, k8 are in no team")
    teams.form_team(cup.pk, staff, "Yew", p[6], p[7], "set up")
    services.leave(cup.pk, p[7])  # Yew is one player short now
    refused(services.start, cup.pk, staff, "go", match="Team Yew has 1 player:")
    services.leave(cup.pk, p[6])  # and empty
    refused(services.start, cup.pk, staff, "go", match="Team Yew has 0 players:")
    teams.disband_team(cup.pk, staff, "Yew", "both left")
    services.leave(cup.pk, p[5])  # Elm short, k6's partner k5 alone in it
    refused(services.start, cup.pk, staff, "go", match="Team Elm has 1 player:")


def test_only_directors_form_teams_and_only_before_the_start(make_tournament, staff, run):
    cup, p = formed(make_tournament, staff)
    player = p[0]
    refused(teams.disband_team, cup.pk, player, "Oak", "mine", match="directors",
            kind=Forbidden)
    run(services.start, cup.pk, staff)
    refused(teams.disband_team, cup.pk, staff, "Oak", "late", match="teams are fixed")
    refused(teams.form_team, cup.pk, staff, "New", p[0], p[2], "late", match="teams are fixed")


def test_it_refuses_teams_in_an_event_without_fixed_teams(make_tournament, staff, field):
    cup = make_tournament()
    for player in field[:2]:
        services.join(cup.pk, player)
    refused(teams.form_team, cup.pk, staff, "Oak", field[0], field[1], "x",
            match="only in Kasteel rounds with fixed teams")
