"""A review planted on a running game, so that the review page has steps to be asked for.

A game is reviewed once it is over; until then its review page shows no step, and the
check of tests.security.samebytes must see that hold with a review at hand: each step
of one replays the game from its seed and applies the AI's move there (its dice, its
draws), and draws it on the board and in words (Kasteel's rings and walks). The
planted review holds the game's last decisions with a choice, each with the AI's move
another legal move of that position, one that rolls the dice where one does (its walk
then hangs on the seed, which a running game hides).
"""

from __future__ import annotations

from typing import Any

from games.core.verify import new_game_options
from games.models import Match, MoveRecord, Review
from games.rules import get_rules

#: The decisions planted (the game's last ones with a choice).
DECISIONS = 4


def _other(legal: list[dict[str, Any]], played: dict[str, Any]) -> dict[str, Any] | None:
    others = [move for move in legal if move != played]
    rolling = [move for move in others if move.get("type") == "move" and "number" not in move]
    return (rolling or others or [None])[0]


def _entry(game: str, number: int, record: MoveRecord, best: dict[str, Any]) -> dict[str, Any]:
    if game == "kasteel":
        return {"n": number, "seat": record.seat, "move": record.move, "best": best,
                "mark": "blunder", "unit": "squares", "value_before": 0.0,
                "value_after": -9.5, "before": None, "after": None, "version": record.version}
    return {"n": number, "seat": record.seat, "move": record.move, "best": best,
            "mark": "mistake", "unit": "win", "value_before": 0.6, "value_after": 0.4,
            "before": 0.6, "after": 0.4, "version": record.version}


def plant_review(match: Match) -> Review | None:
    """A done review of a running ``match``'s last decisions (None for a finished game,
    whose seed is public, or one with a review already)."""
    if match.is_over or Review.objects.filter(match=match).exists():
        return None
    rules = get_rules(match.game)
    moves = list(match.records.filter(kind=MoveRecord.Kind.MOVE).order_by("version"))
    state = rules.new_game(match.seed, new_game_options(match.options))
    decisions = []
    for number, record in enumerate(moves, start=1):
        best = _other(rules.legal_moves(state), record.move)
        if best is not None:  # a choice, not a forced move
            decisions.append(_entry(match.game, number, record, best))
        state = rules.apply(state, record.move).state
    if not decisions:
        return None
    return Review.objects.create(match=match, status=Review.Status.DONE, total=len(moves),
                                 done=len(moves), decisions=decisions[-DECISIONS:])


def review_steps(match: Match, seat: str | None) -> list[int]:
    """The planted steps to ask for: a seat's own decisions (each replayed from the
    view it had), else all."""
    found = Review.objects.filter(match=match).first()
    if found is None:
        return []
    numbers = [entry["n"] for entry in found.decisions]
    own = [entry["n"] for entry in found.decisions if entry["seat"] == seat]
    return (own or numbers)[-2:]
