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


def solved_page(client, user, puzzle: Puzzle) -> str:
    """After ``user`` solved ``puzzle`` at first try: both ratings moved as Glicko-2
    says, and the page shows "Solved!", the game it came from and every line of the
    explanation. Returns the page."""
    import pytest

    from games.learning import puzzles
    from games.models import PuzzleRating
    from ladders.glicko import Glicko, rate

    expected = rate(Glicko(), [(Glicko(), 1.0)])
    mine = PuzzleRating.objects.get(user=user, game=puzzle.game)
    assert (mine.rating, mine.deviation, mine.volatility, mine.tries, mine.solved) == (
        pytest.approx(expected.rating), pytest.approx(expected.deviation),
        pytest.approx(expected.volatility), 1, 1)
    puzzle.refresh_from_db()
    assert puzzle.rating == pytest.approx(rate(Glicko(), [(Glicko(), 0.0)]).rating)
    page = client.get(url(puzzle)).content.decode()
    assert "Solved!" in page and 'id="puzzle-why"' in page
    assert reverse("game", args=[puzzle.match_id]) in page
    for line in puzzles.explanation(puzzle):
        assert str(line).replace("'", "&#x27;") in page
    return page
