"""Tournament pages: the list, a tournament's page, joining and leaving, and the admins'
actions (a form on the page for staff). POST actions call tournaments.services and
redirect; the page follows its socket (static/js/tournament.js)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.models import Match, Seat
from tournaments import (
    announcements,
    arbiter,
    bracket_svg,
    kasteel_tree,
    reading,
    rerun,
    schedule,
    services,
    standings_table,
    teams,
)
from tournaments.directing import may_direct, player_named
from tournaments.models import Tournament, TournamentAudit, TournamentGame
from tournaments.pairing import knockout_rounds

Status = Tournament.Status
Format = Tournament.Format
RECENT_EVENTS = 30
ANNOUNCEMENTS_SHOWN = 5


@require_GET
def tournament_list(request: HttpRequest) -> HttpResponse:
    shown = Tournament.objects.select_related("winner").annotate(entered=Count("players"))
    if not request.user.is_staff:
        shown = shown.exclude(status=Status.DRAFT)
    groups = [
        ("registration", _("Open for registration"),
         [t for t in shown if t.status == Status.REGISTRATION]),
        ("running", _("Running"), [t for t in shown if t.status in (Status.RUNNING,
                                                                     Status.PAUSED)]),
        ("finished", _("Finished"), [t for t in shown if t.is_over]),
    ]
    if request.user.is_staff:
        # Not open to anyone yet: the admins' own section, first, as theirs to act on.
        groups.insert(0, ("drafts", _("Drafts"),
                          [t for t in shown if t.status == Status.DRAFT]))
    mine = set()
    if request.user.is_authenticated:
        mine = set(request.user.tournament_entries.values_list("tournament_id", flat=True))
    return render(request, "tournaments/tournament_list.html", {"groups": groups, "mine": mine})


def _result_text(game) -> str:
    if game.cancelled:  # the bracket stopped asking for it (docs/tournaments.md)
        return _("cancelled: the bracket changed")
    if not game.ended:
        return ""
    if game.score_first is None and game.match_id and game.first_id:
        return _("annulled")  # counts for nothing (docs/tournaments.md, "Results")
    return {1.0: "1–0", 0.5: "½–½", 0.0: "0–1"}.get(game.score_first, "")


def _result_note(game) -> str:
    """How a result came about when it was not played out: shown after it, in brackets."""
    if not game.ended or game.cancelled:
        return ""
    if game.forfeit:
        return _("forfeit")
    if game.match_id and game.match.end_reason == Match.Reason.ADJUDICATED:
        return _("adjudicated at the deadline")
    return ""


def _rounds(tournament: Tournament, names: dict[int, str]) -> list[dict]:
    games_by_round: dict[int, list] = {}
    for game in reading.games(tournament):
        games_by_round.setdefault(game.round_id, []).append(game)
    seats_by_match: dict[int, list[Seat]] = {}
    if not tournament.two_player:
        ids = [g.match_id for gs in games_by_round.values() for g in gs if g.match_id]
        for seat in Seat.objects.filter(match_id__in=ids).select_related("user"):
            seats_by_match.setdefault(seat.match_id, []).append(seat)
    rests = {}
    if tournament.format == Format.ROUND_ROBIN and tournament.rounds.exists():
        rests = {r.number: names.get(r.rest) for r in reading.schedule(tournament) if r.rest}
    deadlines = dict(tournament.scheduled_rounds.filter(deadline__isnull=False)
                     .values_list("number", "deadline"))
    shown = []
    for rnd in tournament.rounds.prefetch_related("byes__user").order_by("number"):
        rows = []
        for game in games_by_round.get(rnd.pk, []):
            row = {"game": game, "result": _result_text(game), "note": _result_note(game)}
            if not tournament.two_player:
                seats = sorted(seats_by_match.get(game.match_id, []), key=lambda s: int(s.seat)
                               if s.seat.isdigit() else 0)
                row["seats"] = [{"name": s.user.username, "ai": s.user.is_bot,
                                 "place": game.places.get(str(s.user_id)) if not s.user.is_bot
                                 else None, "score": s.score} for s in seats]
            rows.append(row)
        shown.append({"round": rnd, "games": rows, "rest": rests.get(rnd.number),
                      "deadline": deadlines.get(rnd.number),
                      "byes": [names.get(b.user_id, "?") for b in rnd.byes.all()]})
    return shown


def _teams(tournament: Tournament, names: dict[int, str]) -> list[dict]:
    """A team event's teams and their players, as formed."""
    if not tournament.team_event:
        return []
    return [{"name": team.name, "players": [names.get(m.user_id, "?") for m in team.members.all()]}
            for team in tournament.teams_formed.prefetch_related("members")]


@require_GET
def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if tournament.status == Status.DRAFT and not may_direct(tournament, request.user):
        raise PermissionDenied(_("This tournament is not announced yet."))
    entries = reading.entries(tournament)
    names = {e.user_id: e.user.username for e in entries}
    me = next((e for e in entries if e.user_id == request.user.pk), None)
    refusal = ""
    if request.user.is_authenticated and me is None and tournament.status == Status.REGISTRATION:
        refusal = services.join_refusal(tournament, request.user)
    context = {
        "tournament": tournament, "entries": entries, "me": me, "join_refusal": refusal,
        "total_rounds": reading.total_rounds(tournament) if entries else None,
        "rounds": _rounds(tournament, names),
        "events": tournament.audit.select_related("actor")[:RECENT_EVENTS],
        "statuses": Status,
        "directing": may_direct(tournament, request.user),
        "directors": [d.user.username for d in tournament.directors.select_related("user")],
        "announcements": tournament.announcements.all()[:ANNOUNCEMENTS_SHOWN],
    }
    started = set(tournament.rounds.values_list("number", flat=True))
    context["coming"] = [row for row in tournament.scheduled_rounds.all()
                         if row.number not in started]
    context["tiebreaks"] = standings_table.columns(tournament)
    if standings_table.has_standings(tournament):
        rows = reading.standing_rows(tournament)
        context["standings"] = standings_table.rows(tournament, names, rows)
        context["crosstable"] = reading.crosstable(tournament, rows)
        context["crosstable_rows"] = list(zip(context["standings"],
                                              context["crosstable"]["rows"], strict=True))
    if tournament.format == Format.KASTEEL:
        context["tree"] = kasteel_tree.layout(tournament, names)
        context["teams"] = _teams(tournament, names)
    if tournament.format == Format.KNOCKOUT and len(entries) >= 2 and tournament.rounds.exists():
        context["bracket"] = bracket_svg.layout(
            reading.bracket(tournament), knockout_rounds(len(entries)), names)
    return render(request, "tournaments/tournament_detail.html", context)


@login_required
@require_POST
def join(request: HttpRequest, tournament_id: int) -> HttpResponse:
    try:
        services.join(tournament_id, request.user)
    except services.ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("You joined the tournament."))
    return redirect("tournament_detail", tournament_id=tournament_id)


@login_required
@require_POST
def leave(request: HttpRequest, tournament_id: int) -> HttpResponse:
    try:
        services.leave(tournament_id, request.user)
    except services.ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("You left the tournament."))
    return redirect("tournament_detail", tournament_id=tournament_id)


ACTIONS = {
    "open": lambda t, actor, reason, player, form: services.open_registration(t, actor, reason),
    "start": lambda t, actor, reason, player, form: services.start(t, actor, reason),
    "pause": lambda t, actor, reason, player, form: services.pause(t, actor, reason),
    "resume": lambda t, actor, reason, player, form: services.resume(t, actor, reason),
    "close": lambda t, actor, reason, player, form: services.close(t, actor, reason),
    "withdraw": lambda t, actor, reason, player, form: services.withdraw(t, actor, player,
                                                                          reason),
    "result": lambda t, actor, reason, player, form: arbiter.decide_result(
        t, actor, form.get("game", ""), form.get("outcome", ""), reason),
    "bye": lambda t, actor, reason, player, form: arbiter.give_bye(
        t, actor, player, form.get("round", ""), form.get("bye_kind", ""), reason),
    "late": lambda t, actor, reason, player, form: arbiter.accept_late_entry(
        t, actor, player, reason),
    "forbid": lambda t, actor, reason, player, form: arbiter.forbid_pairing(
        t, actor, player, player_named(form.get("other", ""), "other"), reason),
    "pairing": lambda t, actor, reason, player, form: arbiter.edit_pairing(
        t, actor, player, player_named(form.get("other", ""), "other"), form.get("round", ""),
        form.get("allow_repeat") == "on", reason),
    "schedule": lambda t, actor, reason, player, form: schedule.set_round(
        t, actor, form.get("round", ""), form.get("starts_at", ""),
        form.get("deadline", ""), reason),
    "announce": lambda t, actor, reason, player, form: announcements.announce(
        t, actor, form.get("text", "")),
    "team": lambda t, actor, reason, player, form: teams.form_team(
        t, actor, form.get("team", ""), player, player_named(form.get("other", ""), "other"),
        reason),
    "unteam": lambda t, actor, reason, player, form: teams.disband_team(
        t, actor, form.get("team", ""), reason),
    "reopen": lambda t, actor, reason, player, form: services.reopen(t, actor, reason),
    "rerun": lambda t, actor, reason, player, form: rerun.run_again(
        t, actor, form.get("name", ""), schedule.parse_time(form.get("opens_at", "")),
        schedule.parse_time(form.get("closes_at", "")), reason),
}
#: The actions that name a player in the form's "player" field.
WITH_PLAYER = ("withdraw", "bye", "late", "forbid", "pairing", "team")


def _confirm_close(request: HttpRequest, tournament_id: int, reason: str) -> HttpResponse:
    """Closing is final: the admin is asked first and told what will happen."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if tournament.is_over:
        raise services.Conflict(_("The tournament is over already."))
    running = TournamentGame.objects.filter(round__tournament=tournament,
                                            match__status=Match.Status.ACTIVE).count()
    return render(request, "tournaments/confirm_close.html",
                  {"tournament": tournament, "running": running, "reason": reason})


@login_required
@require_POST
def admin_action(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A director (staff, or a player named for this tournament): open, start, pause,
    resume, close, withdraw a player, decide a game's result, give a bye, accept a late
    entry, forbid a pairing, each with a reason."""
    if not may_direct(tournament_id, request.user):
        raise PermissionDenied(_("Only the tournament's directors may do this."))
    action = request.POST.get("action", "")
    reason = request.POST.get("reason", "")
    player = None
    try:
        if action not in ACTIONS:
            raise services.ServiceError(_("Choose an action: %(choices)s.") % {
                "choices": ", ".join(ACTIONS)})
        if action == "close" and request.POST.get("confirm") != "yes" and reason.strip():
            return _confirm_close(request, tournament_id, reason)
        if action in WITH_PLAYER:
            player = player_named(request.POST.get("player", ""))
        done = ACTIONS[action](tournament_id, request.user, reason, player, request.POST)
    except services.ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Done: %(action)s.") % {
            "action": TournamentAudit.Action(action).label})
        if action == "rerun":  # the new edition's page: its director opens it from there
            return redirect("tournament_detail", tournament_id=done.pk)
    return redirect("tournament_detail", tournament_id=tournament_id)
