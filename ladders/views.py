"""Ladder pages and the leaderboard; POST actions call ladders.services and redirect.

Admin work (create, edit, freeze, close, players) is in the Django admin
(ladders/admin.py).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.core import catalog
from games.models import Match
from ladders import ratings, services
from ladders.eligibility import ChallengeFacts, blockers
from ladders.models import Ladder, LadderAudit, LadderGame

RECENT_EVENTS = 20


def ladder_list(request: HttpRequest) -> HttpResponse:
    ladders = Ladder.objects.annotate(players=Count("entries")).order_by("status", "name")
    mine = set()
    if request.user.is_authenticated:
        mine = set(request.user.ladder_entries.values_list("ladder_id", flat=True))
    return render(request, "ladders/ladder_list.html", {"ladders": ladders, "mine": mine})


def ladder_detail(request: HttpRequest, ladder_id: int) -> HttpResponse:
    ladder = get_object_or_404(Ladder, pk=ladder_id)
    entries = list(ladder.entries.select_related("user").order_by("position"))
    user_id = request.user.pk if request.user.is_authenticated else None
    me = next((entry for entry in entries if entry.user_id == user_id), None)
    facts = ChallengeFacts.load(ladder, user_id)
    found_ratings = ratings.standing_ratings(ladder, [e.user_id for e in entries])
    rows = []
    for entry in entries:
        row = {"entry": entry, "rating": found_ratings.get(entry.user_id),
               "open_games": facts.open_games[entry.user_id], "blockers": None}
        # Only players above me get a challenge cell: a button or the reasons why not.
        if me is not None and entry.position < me.position:
            row["blockers"] = blockers(facts, me, entry)
        rows.append(row)
    open_games = (
        LadderGame.objects.filter(ladder=ladder, match__status=Match.Status.ACTIVE)
        .select_related("challenger", "defender", "match").order_by("created_at")
    )
    Action = LadderAudit.Action
    events = ladder.audit.select_related("actor").filter(
        action__in=[Action.RESULT, Action.CHALLENGE, Action.JOIN, Action.LEAVE, Action.MOVE,
                    Action.ADD, Action.REMOVE, Action.INACTIVE, Action.FREEZE,
                    Action.UNFREEZE, Action.CLOSE, Action.BAN, Action.SEASON, Action.CORRECT],
    )[:RECENT_EVENTS]
    refusal = ""
    if request.user.is_authenticated and me is None and ladder.is_open:
        refusal = services.join_refusal(ladder, request.user)
    return render(request, "ladders/ladder_detail.html", {
        "ladder": ladder, "rows": rows, "me": me, "open_games": open_games,
        "events": events, "join_refusal": refusal,
        "announcements": ladder.announcements.all()[:5],
        "next_season": Ladder.objects.filter(previous=ladder).first(),
    })


@login_required
@require_POST
def join(request: HttpRequest, ladder_id: int) -> HttpResponse:
    try:
        entry = services.join(ladder_id, request.user)
    except services.ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("You joined the ladder at position %(position)s.") % {
            "position": entry.position})
    return redirect("ladder_detail", ladder_id=ladder_id)


@login_required
def leave(request: HttpRequest, ladder_id: int) -> HttpResponse:
    """GET: what leaving means (games resigned); POST: leave."""
    ladder = get_object_or_404(Ladder, pk=ladder_id)
    entry = ladder.entries.filter(user=request.user).first()
    if request.method == "POST":
        try:
            resigned = services.leave(ladder_id, request.user)
        except services.ServiceError as error:
            messages.error(request, error.message)
            return redirect("ladder_detail", ladder_id=ladder_id)
        messages.success(request, _("You left the ladder.") + (
            " " + _("Your open ladder games were resigned.") if resigned else ""))
        return redirect("ladder_detail", ladder_id=ladder_id)
    if entry is None:
        messages.error(request, _("You are not on this ladder."))
        return redirect("ladder_detail", ladder_id=ladder_id)
    return render(request, "ladders/leave_confirm.html", {
        "ladder": ladder, "entry": entry,
        "games": services.open_games(ladder, request.user.pk),
    })


@login_required
@require_POST
def challenge(request: HttpRequest, ladder_id: int) -> HttpResponse:
    defender = get_user_model().objects.filter(
        username=request.POST.get("defender", "")).first()
    try:
        if defender is None:
            raise services.NotFound(_("That player is not on this ladder."))
        game = services.challenge(ladder_id, request.user, defender)
    except services.ServiceError as error:
        messages.error(request, error.message)
        return redirect("ladder_detail", ladder_id=ladder_id)
    messages.success(request, _("Your ladder game against %(name)s has started.") % {
        "name": defender.username})
    return redirect("game", match_id=game.match_id)


def leaderboard(request: HttpRequest) -> HttpResponse:
    """The best rated players of one game (a rating is per game), with a game selector."""
    name = request.GET.get("game")
    game = catalog.find(name) if name else catalog.default()
    if game is None:
        raise Http404(catalog.unknown_game_message(name))
    rows = ratings.leaderboard(game.name)
    return render(request, "ladders/leaderboard.html", {
        "game": game, "games": catalog.games(), "rows": rows,
        "size": ratings.LEADERBOARD_SIZE,
    })
