"""A player disputes a finished game's result from its page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from games.core import disputes, services


@login_required
def dispute(request: HttpRequest, match_id: int) -> HttpResponse:
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    try:
        disputes.open_dispute(match_id, request.user, request.POST.get("reason", ""))
    except services.ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Your dispute is sent: an admin will look at the game."))
    return redirect("game", match_id=match_id)
