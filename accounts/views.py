"""Account pages: public profiles, head-to-head records, and a player's settings."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST
from django.views.i18n import set_language as django_set_language

from accounts import records
from accounts.forms import PreferencesForm
from accounts.language import (
    activate_for_request,
    browser_language,
    is_supported,
    store_in_cookie,
)
from accounts.models import User
from games.core import clocks

GAMES_PER_PAGE = 25


def profile(request: HttpRequest, username: str) -> HttpResponse:
    """A player's games and records; public, as it shows no hidden information."""
    player = get_object_or_404(User, username=username)
    page = Paginator(records.finished_seats(player), GAMES_PER_PAGE).get_page(
        request.GET.get("page")
    )
    return render(
        request,
        "accounts/profile.html",
        {
            "player": player,
            "record": records.overall_record(player),
            "opponent_records": records.opponent_records(player),
            "in_progress": records.rows(records.active_seats(player)),
            "finished": records.rows(page.object_list),
            "page": page,
            **_relation(request, player),
        },
    )


def _relation(request: HttpRequest, player) -> dict:
    """Whether the viewer follows or blocks the player (their profile's buttons)."""
    if not request.user.is_authenticated or request.user.pk == player.pk:
        return {}
    from social.models import Block, Follow

    return {"follows": Follow.objects.filter(follower=request.user, followed=player).exists(),
            "blocks": Block.objects.filter(blocker=request.user, blocked=player).exists()}


def head_to_head(request: HttpRequest, username: str, other: str) -> HttpResponse:
    """The finished games of two players against each other, from the first one's side."""
    if username == other:
        raise Http404("A player has no record against themselves.")
    player = get_object_or_404(User, username=username)
    opponent = get_object_or_404(User, username=other)
    page = Paginator(records.finished_seats(player, opponent), GAMES_PER_PAGE).get_page(
        request.GET.get("page")
    )
    return render(
        request,
        "accounts/head_to_head.html",
        {
            "player": player,
            "opponent": opponent,
            "record": records.pair_record(player, opponent),
            "finished": records.rows(page.object_list),
            "page": page,
        },
    )


def format_duration(seconds: int) -> str:
    """Whole days and hours, as the settings page shows the vacation left."""
    days, rest = divmod(max(0, seconds), 86400)
    hours = rest // 3600
    day_text = ngettext("%(count)d day", "%(count)d days", days) % {"count": days}
    if not hours:
        return day_text
    hour_text = ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours}
    return _("%(days)s and %(hours)s") % {"days": day_text, "hours": hour_text}


@login_required
def settings_page(request: HttpRequest) -> HttpResponse:
    """Notifications, language and vacation of the logged-in player."""
    user = request.user
    old_language = user.language
    form = PreferencesForm(request.POST if request.method == "POST" else None, instance=user)
    if request.method == "POST" and form.is_valid():
        form.save()
        # A chosen language applies at once, even if only the footer switch had
        # changed it since; choosing "the browser's" drops the cookie, but only
        # when it is a change, so an unrelated save keeps the footer's choice.
        chosen = user.language if is_supported(user.language) else ""
        # Switch now, so the confirmation below is already in the new language.
        if chosen:
            activate_for_request(request, chosen)
        elif user.language != old_language:
            activate_for_request(request, browser_language(request))
        messages.success(request, _("Your settings are saved."))
        response = redirect("settings")
        if chosen or user.language != old_language:
            store_in_cookie(response, chosen)
        return response
    seconds_left = clocks.vacation_seconds_left(user)
    return render(
        request,
        "accounts/settings.html",
        {
            "form": form,
            "vacation_days_per_year": settings.VACATION_DAYS_PER_YEAR,
            "vacation_left": format_duration(seconds_left),
            "vacation_left_seconds": seconds_left,
            **push_settings(user),
        },
    )


def push_settings(user) -> dict[str, object]:
    """The push part of the settings page: the devices and each kind on or off."""
    from notices.decide import preferences
    from notices.models import PushSubscription
    from notices.push_kinds import PUSH_KINDS

    prefs = preferences(user)
    return {
        "push_enabled": settings.WEBPUSH_ENABLED,
        "push_public_key": settings.WEBPUSH_VAPID_PUBLIC_KEY,
        "push_devices": [
            {"device": device, "kinds": [{"key": key, "label": label,
                                          "on": key not in device.off_kinds}
                                         for key, label, _kinds, _default in PUSH_KINDS]}
            for device in PushSubscription.objects.filter(user=user)],
        "push_prefs": prefs,
        "push_kinds": [{"key": key, "label": label, "on": key not in prefs.off_kinds}
                       for key, label, _kinds, _default in PUSH_KINDS],
    }


def set_language(request: HttpRequest) -> HttpResponse:
    """The footer's language switch (Django's view); a player's choice is also saved,
    so that it reaches their other devices."""
    response = django_set_language(request)
    code = request.POST.get("language", "") if request.method == "POST" else ""
    if request.method == "POST" and not is_supported(code):
        # Django's view ignores it silently: say so (the footer offers only known ones).
        messages.error(request, _("Unknown language %(code)s: choose one of %(choices)s.") % {
            "code": code[:20] or "–", "choices": ", ".join(dict(settings.LANGUAGES))})
    user = request.user
    if user.is_authenticated and is_supported(code) and user.language != code:
        user.language = code
        user.save(update_fields=["language"])
    return response


@login_required
@require_POST
def vacation(request: HttpRequest) -> HttpResponse:
    """Start or end the player's vacation (their clocks pause while it lasts)."""
    action = request.POST.get("action")
    # The clocks work on a concrete User (request.user is a lazy wrapper).
    player = User.objects.get(pk=request.user.pk)
    if action == "start":
        try:
            clocks.start_vacation(player)
        except clocks.VacationError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("Your vacation has started: your clocks are paused."))
    elif action == "stop":
        clocks.end_vacation(player)
        messages.success(request, _("Your vacation has ended: your clocks run again."))
    else:
        messages.error(request, _("Unknown vacation action."))
    return redirect("settings")


@login_required
def account_page(request: HttpRequest) -> HttpResponse:
    """Download my data; delete my account (after the password)."""
    from accounts import ownership
    from games.core.errors import ServiceError

    if request.method == "POST":
        try:
            ownership.delete_account(request.user, request.POST.get("password", ""))
        except ServiceError as error:
            messages.error(request, str(error))
            return redirect("account")
        from django.contrib.auth import logout

        logout(request)
        messages.success(request, _("Your account is deleted. Goodbye."))
        return redirect("home")
    return render(request, "accounts/account.html", {})


@login_required
@require_GET
def account_export(request: HttpRequest) -> HttpResponse:
    from django.http import JsonResponse

    from accounts import ownership

    response = JsonResponse(ownership.export_data(request.user), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = (
        f'attachment; filename="druidsite-{request.user.username}.json"')
    response["Cache-Control"] = "private, no-store"
    return response
