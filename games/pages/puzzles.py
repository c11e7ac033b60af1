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

from games.boards import kasteel_ring
from games.boards.caesar_cleopatra_cards import OTHER
from games.boards.caesar_cleopatra_page import decision, prompt, table_context, touched_groups
from games.boards.kasteel_log import card_label, piece_label
from games.boards.kasteel_page import card as kasteel_card
from games.core import catalog
from games.core.errors import ServiceError
from games.learning import puzzles
from games.learning.hints import move_words
from games.learning.review_kasteel import walk_of
from games.models import Puzzle, PuzzleAttempt, PuzzleRating
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


def _board(puzzle: Puzzle, attempt: PuzzleAttempt | None) -> dict[str, Any]:
    """The board of the game's own code, drawn from the puzzle's stored view (the
    mover's) and nothing else; once tried, the solution marked on it."""
    slug = puzzle.game.replace("-", "_")
    tried = attempt is not None
    context: dict[str, Any] = {"board_template": f"games/puzzle/board_{slug}.html",
                               "seat_class": f"seat-{puzzle.seat}"}
    if puzzle.game == "kasteel":
        context.update(_kasteel(puzzle, attempt))
    elif puzzle.game == "caesar-cleopatra":
        seat = puzzle.seat
        table = table_context(puzzle.view, seat, seat, [], (seat,))
        answer = _groups_of(puzzle.solution) if tried else set()
        for group in table["cc_groups"]:
            group["pick"] = "best" if group["name"] in answer else ""
        other = table["cc_players"][OTHER[seat]]["hand"]  # only while a Spy looks at it
        context.update({"cc": {"t": table}, "cc_hand": table["cc_players"][seat]["hand"],
                        "cc_spied": other,
                        # Where the turn stands (a second card due, a Veto asked...).
                        "cc_prompt": prompt(puzzle.view, seat) or decision(puzzle.view, seat)})
    else:
        top = "sun" if puzzle.seat == "moon" else "moon"
        context.update({"top": top, "top_player": puzzle.view["players"][top],
                        "own_player": puzzle.view["players"][puzzle.seat]})
    return context


def _kasteel(puzzle: Puzzle, attempt: PuzzleAttempt | None) -> dict[str, Any]:
    """The ring from the mover's seat, their hand, the turn order with the hand sizes;
    once tried, the solution's certain events drawn as its last move (a roll's path
    is not among them: the dice were not known) and its piece ringed, the piece of a
    wrong try too."""
    view, seat = puzzle.view, int(puzzle.seat)
    pending = view.get("pending")
    # The dice of the move before are left off the drawing: in the middle of the ring
    # they would look like dice the mover already knew (a pending doubles' stay).
    drawn = view if pending else {**view, "roll": None}
    kb = kasteel_ring.board(drawn, puzzle.events if attempt else [], "puzzle-board",
                            bottom=seat)
    if attempt is not None:
        kasteel_ring.mark_picks(kb, _kasteel_picks(puzzle, attempt))
    order = kasteel_ring.turn_order(view)
    return {"kb": kb, "seat_class": f"kbg-{seat}", "view": view, "turn_order": order,
            "k_rows": kasteel_ring.seat_rows(view),
            "k_hand": [kasteel_card(name) for name in view["seats"][seat]["hand"] or []],
            "pending_piece": piece_label(pending["piece"]) if pending else "",
            "pending_card": card_label(pending["card"]) if pending else ""}


def _kasteel_picks(puzzle: Puzzle, attempt: PuzzleAttempt) -> dict[str, dict[Any, Any]]:
    """The rings of the answer's piece (and where it ends, when every deal ends it
    there) and of a wrong try's piece."""
    pending = puzzle.view.get("pending") or {}

    def piece_of(move: dict[str, Any]) -> str | None:
        return move.get("piece") or pending.get("piece")

    marks: dict[str, dict[Any, Any]] = {"pieces": {}, "squares": {}, "castles": {}}
    answer, tried = piece_of(puzzle.solution), piece_of(attempt.move)
    if tried and not attempt.solved:
        marks["pieces"][tried] = {"pick": "played", "label": _("moved by your try")}
    if answer:
        both = tried == answer and not attempt.solved
        marks["pieces"][answer] = {"pick": "both" if both else "best",
                                   "label": _("moved by the answer")}
    walk = walk_of(puzzle.events)
    end = walk.destination() if walk is not None and walk.moved else None
    if end is not None:
        mark = {"pick": "best", "label": _("where the answer's piece ends")}
        if end[0] == "square":
            marks["squares"][end[1]] = mark
        else:
            marks["castles"][(end[1], end[2])] = mark
    return marks


def _groups_of(move: dict[str, Any]) -> set[str]:
    """The groups a Caesar & Cleopatra move names (a castling's new distribution too)."""
    cards = move.get("cards")
    return touched_groups([move]) | (set(cards) if isinstance(cards, dict) else set())


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
        context.update({"task": puzzles.task_words(puzzle), "choices": _choices(puzzle),
                        **_board(puzzle, attempt)})
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
