"""A small Kasteel team event for the tests: eight players, four teams of two."""

from __future__ import annotations

from tests.tournaments.conftest import rated
from tournaments import services, teams

TERMS = {"game": "kasteel", "format": "kasteel_rounds", "round_count": None, "table_size": 4,
         "teams": True, "team_event": True, "advance_top": 1}
NAMES = ("Oak", "Ash", "Elm", "Yew")


def entered(make_tournament, count: int = 8):
    cup = make_tournament(**TERMS)
    players = [rated(f"k{n}", 1900 - 20 * n, "kasteel") for n in range(1, count + 1)]
    for player in players:
        services.join(cup.pk, player)
    return cup, players


def formed(make_tournament, staff):
    cup, players = entered(make_tournament)
    for i, name in enumerate(NAMES):
        teams.form_team(cup.pk, staff, name, players[2 * i], players[2 * i + 1], "set up")
    return cup, players
