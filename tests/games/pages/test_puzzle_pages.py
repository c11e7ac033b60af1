"""/puzzles/<game>/: a mined puzzle from its mover's view, one try, the answer and
why, the puzzle ratings moved as Glicko-2 says; bad input changes nothing."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.learning import puzzles
from games.models import MoveRecord, Puzzle, PuzzleAttempt, PuzzleRating
from ladders.glicko import Glicko, rate
from tests.games.learning.helpers_puzzles import RULES, played_game, position
from tests.games.pages.puzzle_page_helpers import answer as _try
from tests.games.pages.puzzle_page_helpers import solved_page as _solved_page
from tests.games.pages.puzzle_page_helpers import url as _url
from tests.games.pages.puzzle_page_helpers import wrong as _wrong

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


@pytest.fixture
def puzzle(alice, bob) -> Puzzle:
    match = played_game(alice, bob)
    return puzzles.mine(match)[0]



def test_it_shows_the_next_puzzle_from_the_movers_side(client, carol, puzzle):
    client.force_login(carol)
    page = client.get(reverse("puzzles", args=["druidenwalzer"])).content.decode()
    assert f'data-puzzle="{puzzle.pk}"' in page
    assert 'id="puzzle-answers"' in page and 'id="puzzle-board"' in page
    own = puzzle.view["players"][puzzle.seat]["hand"]
    assert page.count('class="puzzle-hand-card"') == len(own)
    assert "puzzle-why" not in page  # no answer before the try


def test_solving_moves_both_ratings_as_glicko_says(client, carol, puzzle):
    client.force_login(carol)
    answer = _try(client, puzzle, puzzle.solution)
    assert answer.status_code == 302
    _solved_page(client, carol, puzzle)


def test_failing_moves_both_ratings_the_other_way(client, carol, puzzle):
    client.force_login(carol)
    assert _try(client, puzzle, _wrong(puzzle)).status_code == 302
    attempt = PuzzleAttempt.objects.get(user=carol)
    assert not attempt.solved
    assert attempt.rating_after == pytest.approx(rate(Glicko(), [(Glicko(), 0.0)]).rating)
    assert attempt.rating_after < attempt.rating_before
    page = client.get(_url(puzzle)).content.decode()
    assert "Not this time." in page and 'id="puzzle-solution"' in page


def _nothing_changed(puzzle: Puzzle) -> None:
    assert not PuzzleAttempt.objects.exists()
    assert not PuzzleRating.objects.exists()
    puzzle.refresh_from_db()
    assert (puzzle.rating, puzzle.deviation) == (1500.0, 350.0)


@pytest.mark.parametrize("answer", ["not json", '{"card": "S4L"}', "[]", '"waltz"',
                                    json.dumps({"type": "waltz", "card": "M5R", "tree": 9})])
def test_a_malformed_or_illegal_answer_is_refused_and_changes_nothing(client, carol, puzzle,
                                                                      answer):
    client.force_login(carol)
    response = _try(client, puzzle, answer)
    assert response.status_code == 400
    assert 'id="puzzle-error"' in response.content.decode()
    _nothing_changed(puzzle)


def test_a_puzzle_that_does_not_exist_is_a_clear_404(client, carol, puzzle):
    client.force_login(carol)
    response = client.post(reverse("puzzle", args=["druidenwalzer", puzzle.pk + 999]),
                           {"answer": json.dumps(puzzle.solution)})
    assert response.status_code == 404
    assert client.get(reverse("puzzles", args=["chess"])).status_code == 404
    _nothing_changed(puzzle)


def test_a_second_try_is_refused_and_changes_nothing(client, carol, puzzle):
    client.force_login(carol)
    _try(client, puzzle, _wrong(puzzle))
    before = PuzzleRating.objects.get(user=carol)
    puzzle.refresh_from_db()
    rated = puzzle.rating
    response = _try(client, puzzle, puzzle.solution)
    assert response.status_code == 409
    assert "one try each" in response.content.decode()
    after = PuzzleRating.objects.get(user=carol)
    assert (after.rating, after.tries) == (before.rating, before.tries)
    assert PuzzleAttempt.objects.count() == 1
    puzzle.refresh_from_db()
    assert puzzle.rating == rated


def test_a_visitor_reads_but_does_not_try(client, puzzle):
    page = client.get(_url(puzzle)).content.decode()
    assert "Log in to try a puzzle" in page and 'id="puzzle-answers"' not in page
    response = _try(client, puzzle, puzzle.solution)
    assert response.status_code == 403
    _nothing_changed(puzzle)


def test_the_page_never_shows_what_the_mover_could_not_know(client, carol, puzzle):
    """Adversarial: the page is the same whatever the game's hidden cards were, and
    holds neither the opponent's hand nor a face-down card of the real position."""
    client.force_login(carol)
    before = client.get(_url(puzzle)).content.decode()
    match = puzzle.match
    state, _history = position(match, puzzle.version)
    other = 1 - (0 if puzzle.seat == "moon" else 1)
    # Scramble everything hidden in the stored game: its state, and every secret part
    # of its log (what only one seat saw).
    scrambled = RULES.to_json(state)
    scrambled["seed"] = 12345
    match.state = scrambled
    match.save(update_fields=["state"])
    for record in MoveRecord.objects.filter(match=match):
        record.events = [{k: v for k, v in event.items() if k != "secret"}
                         for event in record.events]
        record.save(update_fields=["events"])
    after = client.get(_url(puzzle)).content.decode()
    strip = [line for line in before.splitlines() if "csrf" not in line]
    assert strip == [line for line in after.splitlines() if "csrf" not in line]
    assert '"hand": [' not in before and "opponent_hand" not in before
    assert len(state.hand[other]) and puzzle.view["players"][
        "moon" if other == 0 else "sun"]["hand"] is None


def test_the_home_page_shows_the_puzzle_of_the_day(client, carol, puzzle):
    page = client.get(reverse("home")).content.decode()
    daily = puzzles.daily()
    assert daily is not None and 'id="daily-puzzle"' in page
    assert _url(daily) in page
    client.force_login(carol)
    page = client.get(reverse("home")).content.decode()
    assert _url(daily) in page and "Solve it" in page and "daily-puzzle-tried" not in page


@pytest.mark.parametrize("solved", [True, False])
def test_the_puzzle_of_the_day_says_how_the_players_try_went(client, carol, puzzle, solved):
    """Once tried, the home page's box says so and offers the answer, not "Solve it"."""
    daily = puzzles.daily()
    client.force_login(carol)
    _try(client, daily, daily.solution if solved else _wrong(daily))
    page = client.get(reverse("home")).content.decode()
    box = page.split('id="daily-puzzle"', 1)[1].split("</section>", 1)[0]
    assert ("You solved it." in box) is solved and ("not this time" in box) is not solved
    assert "See the answer" in box and "Solve it" not in box and _url(daily) in box


def test_the_rules_page_links_to_its_puzzles(client):
    page = client.get(reverse("rules_page", args=["druidenwalzer"])).content.decode()
    assert reverse("puzzles", args=["druidenwalzer"]) in page


@pytest.mark.parametrize("scores", [(1, 0, 1, 1, 0), (0, 0, 0, 1, 1)])
def test_a_players_puzzle_rating_is_the_fold_of_their_tries(carol, puzzle, scores):
    """Each try one Glicko-2 period against the puzzle's rating then: the stored rating
    is the fold of ``ladders.glicko.rate`` over the tries in order."""
    from ladders.puzzle_ratings import answer

    copies = [puzzle]
    for offset in range(1, len(scores)):
        copies.append(Puzzle.objects.create(**{
            field.name: getattr(puzzle, field.name) for field in Puzzle._meta.concrete_fields
            if field.name not in ("id", "version", "created_at")},
            version=puzzle.version + 1000 * offset))
    expected = Glicko()
    for copy, score in zip(copies, scores, strict=True):
        copy.refresh_from_db()
        problem = Glicko(copy.rating, copy.deviation, copy.volatility)
        answer(copy.pk, carol, copy.solution if score else _wrong(copy))
        copy.refresh_from_db()
        assert copy.rating == pytest.approx(rate(problem, [(expected, 1.0 - score)]).rating)
        expected = rate(expected, [(problem, float(score))])
    mine = PuzzleRating.objects.get(user=carol, game="druidenwalzer")
    assert (mine.rating, mine.deviation, mine.volatility) == (
        pytest.approx(expected.rating), pytest.approx(expected.deviation),
        pytest.approx(expected.volatility))
    assert (mine.tries, mine.solved) == (len(scores), sum(scores))
