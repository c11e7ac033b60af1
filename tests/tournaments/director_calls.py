"""The directors' actions through the API: clients, a call, a tournament made ready for
each action, and a snapshot of everything an action could change (a refusal must leave
it as it was)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Match, MoveRecord, Seat
from notices.models import Notice
from tests.conftest import make_user
from tests.tournaments.conftest import rated
from tests.tournaments.play import running, started, win
from tournaments import services
from tournaments.models import (
    ForbiddenPairing,
    PairingEdit,
    PlannedBye,
    Tournament,
    TournamentAudit,
    TournamentBye,
    TournamentDirector,
    TournamentGame,
    TournamentPlayer,
    TournamentRound,
    TournamentTeam,
)
from tournaments.planning_models import ScheduledRound, ScheduleMark, TournamentAnnouncement

#: Every action of the page's director form, in the form's order.
ACTIONS = ("open", "start", "pause", "resume", "close", "withdraw", "result", "bye", "late",
           "forbid", "pairing", "schedule", "announce", "reopen", "rerun", "team", "unteam")

WATCHED = (Tournament, TournamentPlayer, TournamentRound, TournamentGame, TournamentBye,
           TournamentAudit, TournamentDirector, PlannedBye, ForbiddenPairing, PairingEdit,
           ScheduledRound, ScheduleMark, TournamentAnnouncement, Match, Seat, MoveRecord,
           Notice, TournamentTeam)


def client_for(user=None) -> APIClient:
    """A token client of ``user``; None: an anonymous one."""
    client = APIClient()
    if user is not None:
        token, _created = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def url(cup: Tournament | int, action: str) -> str:
    return f"/api/tournaments/{getattr(cup, 'pk', cup)}/director/{action}/"


def call(client: APIClient, cup: Tournament | int, action: str, body: Any):
    return client.post(url(cup, action), body, format="json")


def snapshot() -> dict[str, list[dict]]:
    """Every row a director's action could write, change or delete."""
    return {model.__name__: list(model.objects.order_by("pk").values()) for model in WATCHED}


def later(days: int = 1) -> str:
    return (timezone.now() + timedelta(days=days)).isoformat()


def director_of(cup: Tournament, name: str = "dora"):
    user = make_user(name)
    TournamentDirector.objects.create(tournament=cup, user=user)
    return user


def running_swiss(run, make_tournament, field, staff, **terms) -> Tournament:
    """A 3-round Swiss of p1 .. p4, round 1 running."""
    return started(run, make_tournament, field[:4], staff, format="swiss",
                   **{"round_count": 3, **terms})


def unmet_pair(cup: Tournament, players) -> tuple:
    met = {frozenset((g.first_id, g.second_id))
           for g in TournamentGame.objects.filter(round__tournament=cup)}
    return next((a, b) for a in players for b in players
                if a.pk < b.pk and frozenset((a.pk, b.pk)) not in met)


def ready(action: str, run, make_tournament, field, staff) -> tuple[Tournament, dict]:
    """A tournament where ``action`` succeeds, and a body for it."""
    reason = {"reason": f"the {action} test"}
    if action == "open":
        return make_tournament(status=Tournament.Status.DRAFT), reason
    if action == "start":
        cup = make_tournament()
        for player in field[:4]:
            services.join(cup.pk, player)
        return cup, reason
    if action in ("team", "unteam"):
        from tests.tournaments.team_event import entered
        from tournaments import teams

        cup, players = entered(make_tournament)
        if action == "unteam":
            teams.form_team(cup.pk, staff, "Oak", players[0], players[1], "set up")
            return cup, {"team": "Oak", **reason}
        return cup, {"team": "Oak", "player": players[0].username,
                     "other": players[1].username, **reason}
    cup = running_swiss(run, make_tournament, field, staff)
    if action == "resume":
        services.pause(cup.pk, staff, "set up")
        return cup, reason
    if action == "reopen":
        services.close(cup.pk, staff, "set up")
        return cup, reason
    body: dict[str, Any] = {
        "pause": {}, "close": {},
        "withdraw": {"player": field[0].username},
        "bye": {"player": field[0].username, "round": 2, "kind": "requested"},
        "late": {"player": rated("latecomer", 1700).username},
        "schedule": {"round": 2, "deadline": later(3)},
        "announce": {"text": "Round 2 starts on Monday."},
        "rerun": {"name": "Next cup", "closes_at": later(7)},
    }.get(action, {})
    if action == "result":
        game = running(cup)[0]
        win(run, game, game.first)
        body = {"game": game.match_id, "outcome": "draw"}
    elif action in ("forbid", "pairing"):
        first, second = unmet_pair(cup, field[:4])
        body = {"player": first.username, "other": second.username}
        if action == "pairing":
            body["round"] = 2
    return cup, {**body, **reason}
