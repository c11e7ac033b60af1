"""Puzzle pages, ``/puzzles/<game>/``: a position from a finished game, drawn from
its mover's own view, one try, then the answer, why, and the game it came from.

The page shows only the puzzle's stored view (built by the engine's view function
for the mover) and, once tried, the solution's public events; never the game's
state. Tries and ratings: ``ladders.puzzle_ratings``; mining: games.learning.puzzles.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from games.core import catalog
from games.core.errors import ServiceError
from games.learning import puzzles
from games.learning.hints import move_words
from games.models import Puzzle, PuzzleRating
from games.pages.game import private
from ladders import puzzle_ratings


def _game(name: str) -> Any:
    if name not in puzzles.GAMES:
        raise Http404(_("There are no puzzles for %(game)s.") % {"game": name})
    return catalog.get(name)


def _choices(puzzle: Puzzle) -> list[dict[str, Any]]:
    import json

    return [{"value": json.dumps(move, sort_keys=True),
             "text": move_words(puzzle.game, puzzle.seat, move)} for move in puzzle.legal]


def _rating(game: str, user) -> PuzzleRating | None:
    if not user.is_authenticated:
        return None
    return PuzzleRating.objects.filter(user=user, game=game).first()


def _render(request: HttpRequest, game: Any, puzzle: Puzzle | None, error: str = "",
            status: int = 200) -> HttpResponse:
    attempt = puzzles.tried(puzzle, request.user) if puzzle is not None else None
    context = {"game": game, "puzzle": puzzle, "error": error, "attempt": attempt,
               "rating": _rating(game.name, request.user)}
    if puzzle is not None:
        top = "sun" if puzzle.seat == "moon" else "moon"
        context.update({
            "task": puzzles.task_words(puzzle), "choices": _choices(puzzle),
            "top": top, "top_player": puzzle.view["players"][top],
            "own_player": puzzle.view["players"][puzzle.seat],
        })
        if attempt is not None:
            context.update({
                "explanation": puzzles.explanation(puzzle),
                "solution_text": move_words(puzzle.game, puzzle.seat, puzzle.solution),
                "tried_text": move_words(puzzle.game, puzzle.seat, attempt.move),
                "change": round(attempt.rating_after - attempt.rating_before),
            })
    return render(request, "games/puzzle.html", context, status=status)


@private
@require_GET
def puzzle_next(request: HttpRequest, game: str) -> HttpResponse:
    """The next puzzle for the reader: one not tried yet, near their puzzle rating."""
    info = _game(game)
    return _render(request, info, puzzles.next_for(game, request.user))


@private
@require_http_methods(["GET", "POST"])
def puzzle_page(request: HttpRequest, game: str, puzzle_id: int) -> HttpResponse:
    info = _game(game)
    puzzle = Puzzle.objects.filter(pk=puzzle_id, game=game).first()
    if puzzle is None:
        raise Http404(_("There is no puzzle %(id)s.") % {"id": puzzle_id})
    if request.method == "POST":
        try:
            move = puzzle_ratings.parse_answer(request.POST.get("answer", ""))
            puzzle_ratings.answer(puzzle.pk, request.user, move)
        except ServiceError as exc:
            puzzle.refresh_from_db()
            return _render(request, info, puzzle, exc.message, exc.status)
        return redirect("puzzle", game=game, puzzle_id=puzzle.pk)
    return _render(request, info, puzzle)
