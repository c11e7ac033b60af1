"""A Kasteel team event's teams: formed by its directors from the entrants before the
start, fixed from the start on (docs/tournaments.md, "Kasteel team events").

Players join the event one by one, as any tournament; a director then forms the teams
of two from the entrants on the page (or the API) and may disband one to form it again,
until the start. The start refuses a field with a player in no team or a team short of
a player (someone left), naming them. Every change needs a reason (the audit log), is
made under the tournament's lock, and a refusal changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.core.errors import Conflict, ServiceError
from tournaments.directing import authorise
from tournaments.models import Tournament, TournamentAudit, TournamentPlayer, TournamentTeam
from tournaments.writes import audit, lock

Action = TournamentAudit.Action
Status = Tournament.Status
NAME_LENGTH = 60


def _team_event(tournament: Tournament) -> None:
    if tournament.format != Tournament.Format.KASTEEL or not tournament.team_event:
        raise ServiceError(_("Teams are formed only in Kasteel rounds with fixed teams."))
    if tournament.status not in (Status.DRAFT, Status.REGISTRATION):
        raise Conflict(_("The tournament has started: its teams are fixed for the whole "
                         "event."))


def _entry(tournament: Tournament, user) -> TournamentPlayer:
    entry = tournament.players.filter(user=user).select_related("team").first() \
        if getattr(user, "pk", None) else None
    if entry is None:
        raise Conflict(_("%(name)s is not in this tournament.") % {
            "name": getattr(user, "username", None) or "–"})
    if entry.team is not None:
        raise Conflict(_("%(name)s is in team %(team)s already: a player plays in one "
                         "team.") % {"name": user.username, "team": entry.team.name})
    return entry


def clean_name(name: Any) -> str:
    text = " ".join(str(name or "").split())
    if not text:
        raise ServiceError(_("Give the team a name."), fields={"name": [_("Give the team a "
                                                                         "name.")]})
    if len(text) > NAME_LENGTH:
        raise ServiceError(_("A team's name has at most %(count)s characters.") % {
            "count": NAME_LENGTH})
    return text


def form_team(tournament_id: Any, actor, name: Any, first, second,
              reason: Any) -> TournamentTeam:
    """Form the team ``name`` of ``first`` and ``second`` (entrants in no team yet)."""
    reason = authorise(tournament_id, actor, reason)
    name = clean_name(name)
    with transaction.atomic():
        tournament = lock(tournament_id)
        _team_event(tournament)
        if getattr(first, "pk", None) is not None and first.pk == getattr(second, "pk", None):
            raise ServiceError(_("A team is two different players."))
        entries = [_entry(tournament, first), _entry(tournament, second)]
        if tournament.teams_formed.filter(name__iexact=name).exists():
            raise Conflict(_("This tournament has a team %(team)s already: choose another "
                             "name.") % {"team": name})
        team = TournamentTeam.objects.create(tournament=tournament, name=name)
        for entry in entries:
            entry.team = team
            entry.save(update_fields=["team"])
        audit(tournament, actor, Action.TEAM, team=name, player=first.username,
              other=second.username, reason=reason)
    return team


def disband_team(tournament_id: Any, actor, name: Any, reason: Any) -> None:
    """Disband the team ``name`` before the start: its players are in no team again."""
    reason = authorise(tournament_id, actor, reason)
    name = clean_name(name)
    with transaction.atomic():
        tournament = lock(tournament_id)
        _team_event(tournament)
        team = tournament.teams_formed.filter(name__iexact=name).first()
        if team is None:
            raise Conflict(_("This tournament has no team %(team)s.") % {"team": name})
        players = list(team.members.values_list("user__username", flat=True))
        team.delete()
        audit(tournament, actor, Action.UNTEAM, team=team.name, players=players,
              reason=reason)


def start_refusal(tournament: Tournament, entries: list[TournamentPlayer]) -> str:
    """Why a team event's field cannot start (a player in no team, a team short of a
    player), or ""."""
    alone = [e.user.username for e in entries if e.team_id is None]
    if alone:
        return ngettext("%(names)s is in no team: form the teams before the start.",
                        "%(names)s are in no team: form the teams before the start.",
                        len(alone)) % {"names": ", ".join(alone)}
    for team in tournament.teams_formed.all():
        count = sum(1 for e in entries if e.team_id == team.pk)
        if count != 2:
            return ngettext(
                "Team %(team)s has %(count)s player: a Kasteel team is two. Disband it and "
                "form it again.",
                "Team %(team)s has %(count)s players: a Kasteel team is two. Disband it "
                "and form it again.", count) % {"team": team.name, "count": count}
    return ""
