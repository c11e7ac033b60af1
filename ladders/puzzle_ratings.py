"""A player's one try at a puzzle and the puzzle ratings it moves.

Each try is one Glicko-2 rating period (``ladders.glicko``, the games' arithmetic):
the player scores 1 against the puzzle's rating when solved, 0 when failed, and the
puzzle scores the opposite against the player's rating from before the try. A try
is checked whole before anything is written: a missing puzzle, an answer that is
not one of the mover's legal moves, or a second try changes nothing.
"""

from __future__ import annotations

import json
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games.core.errors import BadMove, Conflict, Forbidden, NotFound
from games.models import Puzzle, PuzzleAttempt, PuzzleRating
from ladders.glicko import Glicko, rate


def parse_answer(text: Any) -> dict[str, Any]:
    """The answer posted as JSON (a move of the game's notation); BadMove otherwise."""
    try:
        move = json.loads(text) if isinstance(text, str) else text
    except ValueError:
        move = None
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise BadMove(_("The answer is not a move: choose one of the moves offered."))
    return move


def answer(puzzle_id: int, user, move: dict[str, Any]) -> PuzzleAttempt:
    """Record ``user``'s one try at the puzzle and move both ratings."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise Forbidden(_("Log in to solve puzzles: your tries make your puzzle rating."))
    with transaction.atomic():
        puzzle = Puzzle.objects.select_for_update().filter(pk=puzzle_id).first()
        if puzzle is None:
            raise NotFound(_("There is no puzzle %(id)s.") % {"id": puzzle_id})
        if move not in puzzle.legal:
            raise BadMove(_("That is not one of the moves you could make here."))
        if PuzzleAttempt.objects.filter(puzzle=puzzle, user=user).exists():
            raise Conflict(_("You have already tried this puzzle: one try each."))
        rating, _created = PuzzleRating.objects.select_for_update().get_or_create(
            user=user, game=puzzle.game)
        solved = move == puzzle.solution
        player = Glicko(rating.rating, rating.deviation, rating.volatility)
        problem = Glicko(puzzle.rating, puzzle.deviation, puzzle.volatility)
        player_after = rate(player, [(problem, 1.0 if solved else 0.0)])
        problem_after = rate(problem, [(player, 0.0 if solved else 1.0)])
        try:
            with transaction.atomic():
                attempt = PuzzleAttempt.objects.create(
                    puzzle=puzzle, user=user, move=move, solved=solved,
                    rating_before=player.rating, rating_after=player_after.rating)
        except IntegrityError:  # two tries at once: the first one counts
            raise Conflict(_("You have already tried this puzzle: one try each.")) from None
        rating.rating, rating.deviation, rating.volatility = (
            player_after.rating, player_after.deviation, player_after.volatility)
        rating.tries += 1
        rating.solved += int(solved)
        rating.save()
        puzzle.rating, puzzle.deviation, puzzle.volatility = (
            problem_after.rating, problem_after.deviation, problem_after.volatility)
        puzzle.save(update_fields=["rating", "deviation", "volatility"])
    return attempt
