"""Pages between players: follow, block and report from a profile; my friends' games;
the admins' moderation page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from accounts import records
from druidsite.ids import parse_id
from games.core.errors import ServiceError
from social import services
from social.models import Follow, ModerationAction, Report

ACTIONS = {
    "follow": (services.follow, _("You follow %(name)s.")),
    "unfollow": (services.unfollow, _("You no longer follow %(name)s.")),
    "block": (services.block, _("You blocked %(name)s. They are not told.")),
    "unblock": (services.unblock, _("You unblocked %(name)s.")),
}


@login_required
def player_action(request: HttpRequest, username: str, action: str) -> HttpResponse:
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    other = get_object_or_404(get_user_model(), username=username)
    try:
        if action == "report":
            services.report(request.user, other, request.POST.get("reason", ""),
                            match_id=request.POST.get("match") or None)
            messages.success(request, _("Thank you: an admin will read your report."))
        elif action in ACTIONS:
            call, done = ACTIONS[action]
            call(request.user, other)
            messages.success(request, done % {"name": other.username})
        else:
            messages.error(request, _("Unknown action %(action)s.") % {"action": action})
    except ServiceError as error:
        messages.error(request, str(error))
    return redirect("profile", username=other.username)


@login_required
@require_GET
def friends(request: HttpRequest) -> HttpResponse:
    """The players I follow, each with their games in progress one click away."""
    followed = [f.followed for f in Follow.objects.filter(follower=request.user)
                .select_related("followed").order_by("followed__username")]
    rows = [{"player": player, "games": records.rows(records.active_seats(player))}
            for player in followed]
    return render(request, "social/friends.html", {"rows": rows})


@staff_member_required
def moderation(request: HttpRequest) -> HttpResponse:
    """Open reports with their context, the actions on each, and the moderation log."""
    if request.method == "POST":
        raw = request.POST.get("report", "")
        report_id = parse_id(raw)
        report = Report.objects.filter(pk=report_id).first() if report_id else None
        if report is None:  # named on the page again, not "no such page"
            messages.error(request, _("There is no report %(id)s.") % {"id": raw[:20] or "–"})
            return redirect("moderation")
        try:
            services.moderate(request.user, report.user, request.POST.get("kind", ""),
                              request.POST.get("reason", ""), report_id=report.pk)
        except ServiceError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("Done: it is in the moderation log."))
        return redirect("moderation")
    reports = list(Report.objects.filter(status=Report.Status.OPEN).select_related(
        "reporter", "user", "match", "message__user")[:100])
    for report in reports:
        report.context = _line_context(report.message) if report.message else []
    log = ModerationAction.objects.select_related("actor", "user", "report")[:50]
    return render(request, "social/moderation.html", {
        "reports": reports, "log": log, "kinds": ACTION_LABELS})


#: What the admin chooses on a report (the log says what was done).
ACTION_LABELS = [
    ("warn", gettext_lazy("Warn the player")),
    ("hide", gettext_lazy("Hide the reported line")),
    ("mute", gettext_lazy("Mute the player for a week (no chat)")),
    ("suspend", gettext_lazy("Suspend the account")),
    ("dismiss", gettext_lazy("Dismiss the report")),
]


def _line_context(line, around: int = 3) -> list:
    """The reported line with the lines just before and after it in its channel."""
    from games.models import ChatMessage

    same = ChatMessage.objects.filter(match_id=line.match_id, channel=line.channel
                                      ).select_related("user")
    before = list(same.filter(pk__lt=line.pk).order_by("-pk")[:around])[::-1]
    after = list(same.filter(pk__gt=line.pk).order_by("pk")[:around])
    return [*before, line, *after]
