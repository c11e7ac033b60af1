"""The review page of a finished game, ``/games/<id>/review/``: anyone reads a
review; a player of the game asks for it (POST). See games.learning.review.

A done review shows one decision at a time (``?step=<move number>``, the board as
its mover saw it; ``&reveal=1`` opens what was hidden, for a finished game only;
``&partial=1`` answers the step alone for the page's script, static/js/review-steps.js).
The searches ran in the review's task: a request only replays the game."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.ai.advice import Advice
from games.core import catalog, services
from games.learning import review, review_steps
from games.learning.hints import estimate_words, move_words
from games.models import Match, Review
from games.pages.game import private
from games.pages.review_step import step_context


def _in_words(game: str, found: Review | None) -> list[dict]:
    """The marked decisions, their moves in the reader's language."""
    if found is None:
        return []
    return [{**entry, "text": move_words(game, entry["seat"], entry["move"], mover=False),
             "best_text": move_words(game, entry["seat"], entry["best"], mover=False),
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
    names = review_steps.player_names(match)
    context = {
        "names": names,
        "match": match, "game": catalog.find(match.game), "review": found, "error": error,
        "can_request": (is_player and match.is_over and match.seats.count() == 2
                        and (found is None or found.status == Review.Status.FAILED)),
        "marked": _in_words(match.game, found),
        "thresholds": {name: round(value * 100) for name, value in (
            ("inaccuracy", review.INACCURACY), ("mistake", review.MISTAKE),
            ("blunder", review.BLUNDER))} | {
            f"{name}_squares": round(value) for name, value in (
                ("inaccuracy", review.INACCURACY_SQUARES), ("mistake", review.MISTAKE_SQUARES),
                ("blunder", review.BLUNDER_SQUARES))},
    }
    if found is not None and found.status == Review.Status.DONE and found.decisions:
        summary = review_steps.overview(match, found, names)
        step = _step_context(request, match, found, summary, names)
        context.update(summary=summary, step=step)
        if request.GET.get("partial") and step is not None:
            return render(request, "games/review/step.html", context)
    return render(request, "games/review.html", context, status=400 if error else 200)


def _step_context(request: HttpRequest, match: Match, found: Review, summary: dict,
                  names: dict[str, str]) -> dict | None:
    """The decision asked for (``?step=``), else the first flagged one, else the first."""
    numbers = [entry["n"] for entry in found.decisions]
    default = next((entry["n"] for entry in found.decisions if entry.get("mark")), numbers[0])
    try:
        number = int(request.GET.get("step", default))
    except ValueError:
        number = default
    if number not in numbers:  # the nearest reviewed decision at or before it
        number = max((n for n in numbers if n <= number), default=numbers[0])
    return step_context(match, summary["decisions"], found.decisions, number,
                        request.GET.get("reveal") == "1", names)
