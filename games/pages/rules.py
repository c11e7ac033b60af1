"""The rules pages. ``/rules/`` lists the games; ``/rules/<game>/`` (also
``/learn/<game>/``) teaches a game to players in their language, with board
diagrams drawn from engine states (games.learning) and the site's rulings in plain
words; ``/rules/<game>/precise/`` shows the game's spec (docs/rules/<game>.md,
rendered by games.pages.rulebook) with its rulings marked, for those who want every
detail. Public: anyone may read the rules."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import select_template
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.core import catalog
from games.core.catalog import GameInfo
from games.learning import diagrams, example, puzzles
from games.pages import rulebook


def games_with_rules() -> list[GameInfo]:
    """The games of the catalogue whose rules the site shows."""
    return [info for info in catalog.games() if rulebook.has_rules(info.name)]


def _game(game: str) -> GameInfo:
    info = catalog.find(game)
    if info is None or not rulebook.has_rules(info.name):
        raise Http404(_("No rules for this game."))
    return info


def player_templates(name: str) -> list[str]:
    """The player rules page of game ``name`` in the active language, English if
    it has none in that language: long prose is written per language."""
    language = (get_language() or "en").split("-")[0]
    slug = name.replace("-", "_")
    return [f"games/learn/{slug}.{language}.html", f"games/learn/{slug}.en.html"]


@require_GET
def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "games/rules_index.html", {"games": games_with_rules()})


@require_GET
def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    info = _game(game)
    context = {"game": info, "diagrams": diagrams.diagrams(info.name),
               "has_puzzles": info.name in puzzles.GAMES}
    if info.name == example.GAME:
        context["example_before"], context["example_after"] = example.worked_example()
    template = select_template(player_templates(info.name))
    return HttpResponse(template.render(context, request))


@require_GET
def rules_spec(request: HttpRequest, game: str) -> HttpResponse:
    info = _game(game)
    book = rulebook.rulebook(info.name)
    return render(request, "games/rules.html", {
        "game": info,
        # markdown's own markup only: raw HTML in the spec is escaped (games.pages.rulebook)
        "rules_html": mark_safe(book.html),
        "rulings": book.rulings,
    })
