"""The rules pages: ``/rules/`` lists the games, ``/rules/<game>/`` shows a game's
spec (docs/rules/<game>.md, rendered by games.rulebook) with its rulings listed
first. Public: anyone may read the rules."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games import catalog, rulebook
from games.catalog import GameInfo


def games_with_rules() -> list[GameInfo]:
    """The games of the catalogue whose rules the site shows."""
    return [info for info in catalog.games() if rulebook.has_rules(info.name)]


@require_GET
def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "games/rules_index.html", {"games": games_with_rules()})


@require_GET
def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    info = catalog.find(game)
    if info is None or not rulebook.has_rules(info.name):
        raise Http404(_("No rules for this game."))
    book = rulebook.rulebook(info.name)
    return render(request, "games/rules.html", {
        "game": info,
        # markdown's own markup only: raw HTML in the spec is escaped (games.rulebook)
        "rules_html": mark_safe(book.html),
        "rulings": book.rulings,
    })
