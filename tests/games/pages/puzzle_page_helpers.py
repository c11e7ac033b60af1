"""What the puzzle page tests of the three games share: a puzzle's URL, a wrong answer
and one try posted as the page's form posts it."""

from __future__ import annotations

import json

from django.urls import reverse

from games.models import Puzzle


def url(puzzle: Puzzle) -> str:
    return reverse("puzzle", args=[puzzle.game, puzzle.pk])


def wrong(puzzle: Puzzle) -> dict:
    """A legal move that is not the answer."""
    return next(move for move in puzzle.legal if move != puzzle.solution)


def answer(client, puzzle: Puzzle, move) -> object:
    """Post ``move`` (a move, or any text) as the try at ``puzzle``."""
    text = move if isinstance(move, str) else json.dumps(move)
    return client.post(url(puzzle), {"answer": text})
