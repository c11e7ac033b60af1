"""The review page of a finished game, ``/games/<id>/review/``: anyone reads a
review; a player of the game asks for it (POST). See games.learning.review."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.ai.advice import Advice
from games.core import catalog, services
from games.learning import review
from games.learning.hints import estimate_words, move_words
from games.models import Match, Review
from games.pages.game import private


def _in_words(game: str, found: Review | None) -> list[dict]:
    """The marked decisions, their moves in the reader's language."""
    if found is None:
        return []
    return [{**entry, "text": move_words(game, entry["seat"], entry["move"]),
             "best_text": move_words(game, entry["seat"], entry["best"]),
             "change": _change(entry)}
            for entry in found.decisions if entry.get("mark")]


def _change(entry: dict) -> str:
    """Before and after in words: chances, or Kasteel's squares behind the best."""
    if entry.get("before") is not None and entry.get("after") is not None:
        return f"{round(entry['before'] * 100)}% → {round(entry['after'] * 100)}%"
    return estimate_words(Advice(entry["move"], entry.get("value_after"), entry["unit"]))


@private
@require_http_methods(["GET", "POST"])
def review_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise Http404(_("There is no game %(id)s.") % {"id": match_id})
    error = ""
    if request.method == "POST":
        try:
            review.request(match, request.user)
        except services.ServiceError as exc:
            error = exc.message
        else:
            return redirect("game_review", match_id=match.pk)
    found = Review.objects.filter(match=match).first()
    is_player = request.user.is_authenticated and match.seats.filter(
        user=request.user).exists()
    context = {
        "match": match, "game": catalog.find(match.game), "review": found, "error": error,
        "can_request": (is_player and match.is_over and match.seats.count() == 2
                        and (found is None or found.status == Review.Status.FAILED)),
        "marked": _in_words(match.game, found),
        "curve": review.curve(found) if found and found.decisions else None,
        "thresholds": {name: round(value * 100) for name, value in (
            ("inaccuracy", review.INACCURACY), ("mistake", review.MISTAKE),
            ("blunder", review.BLUNDER))},
    }
    return render(request, "games/review.html", context, status=400 if error else 200)
