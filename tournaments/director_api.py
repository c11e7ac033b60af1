"""The directors' actions in the API: ``POST /api/tournaments/<id>/director/<action>/``.

Each endpoint is a thin adapter over the very service function the page's director form
calls (tournaments.views.admin_action, the form's action of the same name): the same
checks, the same refusals, the same audit row and notices. A player is named by
tournaments.directing.player_named, as the form names them. What the API adds: every
action needs a non-blank reason (the page lets staff open, start and resume without one,
and asks none for an announcement or a new edition), and the body is strict.

A call is checked in this order, each refusal changing nothing: the tournament exists
(404), the caller directs it (403: staff, or a player named for it; anonymous callers
get 401 before), the body is well formed (400 naming the field), then the service
decides (its refusal keeps its status: 400 for what can never be done so, 409 for what
cannot be done now). The answer is the tournament after the action and the audit row
the action wrote.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.common import ApiView
from games.core.errors import NotFound
from tournaments import announcements, arbiter, rerun, schedule, services, teams
from tournaments.api import summary_for
from tournaments.directing import check_director, player_named
from tournaments.director_api_schema import (
    DirectorAnnounceSerializer,
    DirectorByeSerializer,
    DirectorForbidSerializer,
    DirectorPairingSerializer,
    DirectorPlayerActionSerializer,
    DirectorReasonSerializer,
    DirectorRerunSerializer,
    DirectorResultSerializer,
    DirectorScheduleSerializer,
    DirectorTeamSerializer,
    DirectorUnteamSerializer,
    responses,
)
from tournaments.models import Tournament, TournamentAudit

Data = dict[str, Any]


@dataclass(frozen=True)
class DirectorAction:
    name: str  # the page form's action, the audit row's action and the URL's last part
    body: type
    summary: str
    description: str
    act: Callable[[int, Any, Data], Any]


def _named(data: Data, field: str = "player") -> Any:
    return player_named(data[field], field)


ACTIONS: list[DirectorAction] = [
    DirectorAction(
        "open", DirectorReasonSerializer, "Open a draft for registration",
        "A draft opens for registration: players may join (within its window). As the "
        "page's \"Open registration\" (`services.open_registration`). 409 unless a draft.",
        lambda t, actor, d: services.open_registration(t, actor, d["reason"])),
    DirectorAction(
        "start", DirectorReasonSerializer, "Start a tournament",
        "Registration closes, the players are seeded by their rating now and the first "
        "round is paired (a round robin played all at once: every round), as the page's "
        "\"Start\" (`services.start`). 409 unless open for registration or with too few "
        "players; 400 when the field cannot be paired.",
        lambda t, actor, d: services.start(t, actor, d["reason"])),
    DirectorAction(
        "pause", DirectorReasonSerializer, "Pause a running tournament",
        "No new round starts and the clocks of its running games stand still until it "
        "resumes, as the page's \"Pause\" (`services.pause`). 409 unless running.",
        lambda t, actor, d: services.pause(t, actor, d["reason"])),
    DirectorAction(
        "resume", DirectorReasonSerializer, "Resume a paused tournament",
        "Running again: the clocks restart and a round that ended during the pause is "
        "followed by the next (a reopened tournament whose rounds are done finishes "
        "again), as the page's \"Resume\" (`services.resume`). 409 unless paused.",
        lambda t, actor, d: services.resume(t, actor, d["reason"])),
    DirectorAction(
        "close", DirectorReasonSerializer, "Close a tournament",
        "Final: no further round; running games are played to their end but change "
        "nothing. The page asks to confirm; this call is the confirmation "
        "(`services.close`). 409 when it is over already.",
        lambda t, actor, d: services.close(t, actor, d["reason"])),
    DirectorAction(
        "reopen", DirectorReasonSerializer, "Reopen a finished or closed tournament",
        "Reopened for a correction: paused, its winner emptied; results may be decided "
        "again and resuming finishes it again (`services.reopen`). 409 when it is not "
        "over, or a tournament not over has taken its name.",
        lambda t, actor, d: services.reopen(t, actor, d["reason"])),
    DirectorAction(
        "withdraw", DirectorPlayerActionSerializer, "Withdraw a player",
        "Before the start the entry goes; after it the player's running games of the "
        "tournament are lost by forfeit (at a Kasteel table an AI plays the seat on) and "
        "they are paired no more (`services.withdraw`; `detail.forfeited` lists the "
        "games). 409: not in it, withdrawn already, the tournament over. (A player "
        "withdraws themselves with POST /api/tournaments/<id>/withdraw/.)",
        lambda t, actor, d: services.withdraw(t, actor, _named(d), d["reason"])),
    DirectorAction(
        "result", DirectorResultSerializer, "Decide a finished game's result",
        "Enter or override the result of a finished two-player game of the tournament: "
        "its winner, a draw or an annulment, through the game's one commit path; the "
        "standings, bracket and winner follow (`arbiter.decide_result`). 409 while the "
        "game is still running; 400 for a game not of this tournament, a winner who did "
        "not play it, the same result again, a Kasteel table.",
        lambda t, actor, d: arbiter.decide_result(t, actor, d["game"], d["outcome"],
                                                  d["reason"])),
    DirectorAction(
        "bye", DirectorByeSerializer, "Give a bye before its round (Swiss)",
        "A requested bye (the tournament's points for one) or a zero-point bye in a "
        "round not yet started: the player is left out of that round's pairing "
        "(`arbiter.give_bye`). 409 once the round has started, a bye there already, a "
        "player not in it or withdrawn; 400 for a round the tournament does not have or "
        "a format other than Swiss.",
        lambda t, actor, d: arbiter.give_bye(t, actor, _named(d), d["round"], d["kind"],
                                             d["reason"])),
    DirectorAction(
        "late", DirectorPlayerActionSerializer, "Accept a late entry (Swiss)",
        "The player joins a running Swiss, paired from the next round, with the "
        "tournament's late-entry points for each round already started "
        "(`arbiter.accept_late_entry`). 409 once the last round has started or for a "
        "player already in; 400 for an AI or inactive account, a format other than "
        "Swiss.",
        lambda t, actor, d: arbiter.accept_late_entry(t, actor, _named(d), d["reason"])),
    DirectorAction(
        "forbid", DirectorForbidSerializer, "Forbid a pairing (Swiss)",
        "No later round pairs the two players (`arbiter.forbid_pairing`). 409: kept "
        "apart already, a player not in it, the tournament over; 400: the same player "
        "twice, a format other than Swiss.",
        lambda t, actor, d: arbiter.forbid_pairing(t, actor, _named(d),
                                                   _named(d, "other"), d["reason"])),
    DirectorAction(
        "pairing", DirectorPairingSerializer, "Pair two players in a coming round (Swiss)",
        "Edit the next rounds' pairings: the two play each other in that round, the "
        "rest of the field is paired by the engine, which checks the edit now and again "
        "when the round is paired (`arbiter.edit_pairing`). 400 when the engine refuses "
        "it (a repeat not allowed, a forbidden pair, seats that cannot be balanced) or "
        "for a round the tournament does not have; 409 once the round has started, or "
        "for a player placed in it already, not in it or withdrawn.",
        lambda t, actor, d: arbiter.edit_pairing(
            t, actor, _named(d), _named(d, "other"), d["round"], d["allow_repeat"],
            d["reason"])),
    DirectorAction(
        "schedule", DirectorScheduleSerializer, "Set a round's start time or deadline",
        "A round's start time and/or deadline; a time left out stays as it was, both "
        "null remove the round's times (`schedule.set_round`). At the deadline the "
        "round's unfinished games are adjudicated. 400: a time in the past, a deadline "
        "before the start, a deadline at a Kasteel table, a start time when every round "
        "starts at once, a round the tournament does not have; 409: the round has "
        "started (its start time) or ended, the tournament over.",
        lambda t, actor, d: schedule.set_round(t, actor, d["round"], d["starts_at"],
                                               d["deadline"], d["reason"])),
    DirectorAction(
        "announce", DirectorAnnounceSerializer, "Announce something to the entrants",
        "Shown on the tournament's page and told to every entrant still in "
        "(`announcements.announce`); the reason is kept in the log beside the text. "
        "409 when the tournament is over.",
        lambda t, actor, d: announcements.announce(t, actor, d["text"], d["reason"])),
    DirectorAction(
        "team", DirectorTeamSerializer, "Form a team (Kasteel team event)",
        "Two entrants of a Kasteel event with fixed teams play it as one team: seated "
        "opposite each other (the game's partners) at every table, placed and sent on "
        "as a team (`teams.form_team`). Before the start only; the start refuses a "
        "player in no team. 409: started already, a player not in it or in a team "
        "already, a team of that name already; 400: the same player twice, a blank "
        "name, a tournament without fixed teams.",
        lambda t, actor, d: teams.form_team(t, actor, d["team"], _named(d),
                                            _named(d, "other"), d["reason"])),
    DirectorAction(
        "unteam", DirectorUnteamSerializer, "Disband a team (Kasteel team event)",
        "The team's two players are in no team again, to be formed anew "
        "(`teams.disband_team`). Before the start only. 409: started already, no team "
        "of that name; 400: a tournament without fixed teams.",
        lambda t, actor, d: teams.disband_team(t, actor, d["team"], d["reason"])),
    DirectorAction(
        "rerun", DirectorRerunSerializer, "Run the tournament again",
        "A new draft with this tournament's terms and directors, a new name, "
        "registration window and seed (`rerun.run_again`); `created` is the new "
        "edition. 400: a name in use by a tournament not over, a window closing in the "
        "past or before it opens.",
        lambda t, actor, d: rerun.run_again(t, actor, d["name"], d["opens_at"],
                                            d["closes_at"], d["reason"])),
]


def _entry(row: TournamentAudit) -> dict[str, Any]:
    return {"id": row.pk, "action": row.action,
            "actor": row.actor.username if row.actor else None,
            "at": row.at.isoformat(), "detail": row.detail}


class DirectorView(ApiView):
    """One director's action (``action``), as its page's form does it."""

    action: DirectorAction

    def act(self, request: Request, tournament_id: int) -> Response:
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            raise NotFound(_("There is no tournament %(id)s.") % {"id": tournament_id})
        check_director(tournament.pk, request.user)
        data = self.parse(self.action.body, request.data)
        # The row this action writes is the first one after the last one now.
        last = TournamentAudit.objects.order_by("-pk").values_list("pk", flat=True).first()
        made = self.action.act(tournament.pk, request.user, data)
        row = TournamentAudit.objects.filter(
            tournament=tournament, action=self.action.name, actor=request.user,
            pk__gt=last or 0).select_related("actor").order_by("pk").first()
        tournament.refresh_from_db()
        answer = {"tournament": summary_for(tournament, request.user), "entry": _entry(row)}
        if isinstance(made, Tournament) and made.pk != tournament.pk:
            answer["created"] = summary_for(made, request.user)
        return Response(answer)


def _view(action: DirectorAction) -> type[DirectorView]:
    @extend_schema(operation_id=f"tournaments_director_{action.name}",
                   summary=action.summary,
                   description=action.description + " Directors only: staff, or a player "
                   "an admin named for this tournament. The reason is required and goes "
                   "into the tournament's audit log, as from the page.",
                   request=action.body, responses=responses())
    def post(self: DirectorView, request: Request, tournament_id: int) -> Response:
        return self.act(request, tournament_id)

    name = "Director" + action.name.title() + "View"
    return type(name, (DirectorView,), {"action": action, "post": post,
                                        "__doc__": action.summary, "__module__": __name__})


VIEWS: dict[str, type[DirectorView]] = {action.name: _view(action) for action in ACTIONS}
