"""The tutorial page, ``/learn/<game>/tutorial/``: what the guided first game is, a
button that starts one (POST, signed-in players) and a link back to an unfinished
one. The game itself is an ordinary game page (games.learning.tutorial)."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.core import catalog, services
from games.learning import tutorial


@require_http_methods(["GET", "POST"])
def tutorial_page(request: HttpRequest, game: str) -> HttpResponse:
    info = catalog.find(game)
    if info is None or tutorial.tutorial(info.name) is None:
        raise Http404(_("No tutorial for this game."))
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        try:
            match = tutorial.start(request.user, info.name)
        except services.ServiceError as error:
            return render(request, "games/tutorial.html", {
                "game": info, "error": error.message,
                "unfinished": tutorial.unfinished(request.user, info.name)}, status=error.status)
        return redirect("game", match_id=match.pk)
    return render(request, "games/tutorial.html", {
        "game": info, "unfinished": tutorial.unfinished(request.user, info.name)})
