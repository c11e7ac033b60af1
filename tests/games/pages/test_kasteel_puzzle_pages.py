"""/puzzles/kasteel/: a puzzle of a table game drawn on the ring from its mover's seat,
one try, the answer ringed and why, the puzzle ratings moved as Glicko-2 says; bad
input is a clear 400 that changes nothing; the page never shows another seat's hand."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.learning import puzzles
from games.models import MoveRecord, Puzzle, PuzzleAttempt, PuzzleRating
from games.rules.kasteel.constants import card_name
from ladders.glicko import Glicko, rate
from tests.games.learning.helpers_kasteel_puzzles import RULES, mined_game, position
from tests.games.pages.puzzle_page_helpers import answer as _try
from tests.games.pages.puzzle_page_helpers import solved_page as _solved_page
from tests.games.pages.puzzle_page_helpers import url as _url
from tests.games.pages.puzzle_page_helpers import wrong as _wrong
from tests.site.kasteel_helpers import leaks

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]
GAME = "kasteel"


@pytest.fixture(scope="module")
def mined(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), mined_game("k-page-") as found:
        yield found


@pytest.fixture
def puzzle(mined) -> Puzzle:
    return mined[1][0]



def test_it_shows_the_ring_from_the_movers_seat_and_their_hand(client, carol, puzzle):
    client.force_login(carol)
    page = client.get(reverse("puzzles", args=[GAME])).content.decode()
    assert f'data-puzzle="{puzzle.pk}"' in page
    assert 'id="puzzle-board"' in page and 'class="board kasteel-board' in page
    assert f'data-bottom="{puzzle.seat}"' in page  # the mover's seat at the bottom
    assert page.count('class="btn puzzle-choice"') == len(puzzle.legal)
    hand = puzzle.view["seats"][int(puzzle.seat)]["hand"]
    section = page.split('id="hand-title"', 1)[1].split("</section>", 1)[0]
    assert section.count('class="hand-card k-card') == len(hand)
    assert 'class="k-turns"' in page and 'class="k-list"' in page
    assert "k-pick" not in page and "puzzle-why" not in page  # no answer before the try


def test_solving_moves_both_ratings_as_glicko_says(client, carol, puzzle):
    client.force_login(carol)
    assert _try(client, puzzle, puzzle.solution).status_code == 302
    page = _solved_page(client, carol, puzzle)
    assert not PuzzleRating.objects.exclude(game=GAME).exists()
    # The answer's piece is ringed on the board, and no try of another piece.
    piece = puzzle.solution["piece"]
    ringed = page.split(f'data-piece="{piece}"', 1)[1].split("</g>", 1)[0]
    assert "k-pick-best" in ringed and "k-pick-played" not in page


def test_failing_moves_both_ratings_the_other_way_and_rings_both_pieces(client, carol, mined):
    _match, found = mined
    puzzle = next(p for p in found if any(m.get("piece") != p.solution["piece"]
                                          for m in p.legal))
    wrong = next(m for m in puzzle.legal if m.get("piece") != puzzle.solution["piece"])
    client.force_login(carol)
    assert _try(client, puzzle, wrong).status_code == 302
    attempt = PuzzleAttempt.objects.get(user=carol)
    assert not attempt.solved and attempt.move == wrong
    assert attempt.rating_after == pytest.approx(rate(Glicko(), [(Glicko(), 0.0)]).rating)
    puzzle.refresh_from_db()
    assert puzzle.rating == pytest.approx(rate(Glicko(), [(Glicko(), 1.0)]).rating)
    page = client.get(_url(puzzle)).content.decode()
    assert "Not this time." in page and 'id="puzzle-solution"' in page
    tried = page.split(f'data-piece="{wrong["piece"]}"', 1)[1].split("</g>", 1)[0]
    assert "k-pick-played" in tried


@pytest.mark.parametrize("answer", [
    "not json", "[]", '"move"', '{"card": "K/0"}',
    json.dumps({"type": "move", "card": "K/9", "piece": "9:K"}),
    json.dumps({"type": "dice", "choice": "total"}),
    json.dumps({"type": "discard"}),
])
def test_a_malformed_or_illegal_answer_is_refused_and_changes_nothing(client, carol, puzzle,
                                                                      answer):
    client.force_login(carol)
    response = _try(client, puzzle, answer)
    assert response.status_code == 400
    assert 'id="puzzle-error"' in response.content.decode()
    assert not PuzzleAttempt.objects.exists() and not PuzzleRating.objects.exists()
    puzzle.refresh_from_db()
    assert (puzzle.rating, puzzle.deviation) == (1500.0, 350.0)


def test_a_second_try_is_refused_and_changes_nothing(client, carol, puzzle):
    client.force_login(carol)
    _try(client, puzzle, _wrong(puzzle))
    before = PuzzleRating.objects.get(user=carol)
    assert _try(client, puzzle, puzzle.solution).status_code == 409
    after = PuzzleRating.objects.get(user=carol)
    assert (after.rating, after.tries) == (before.rating, before.tries)
    assert PuzzleAttempt.objects.count() == 1


def _pages(client, puzzle: Puzzle, answer: dict) -> list[list[str]]:
    """The page asked, a garbage answer's 400, and the page after a try."""
    ask = client.get(_url(puzzle)).content.decode()
    refused = _try(client, puzzle, "garbage").content.decode()
    _try(client, puzzle, answer)
    tried = client.get(_url(puzzle)).content.decode()
    return [[line for line in page.splitlines() if "csrf" not in line]
            for page in (ask, refused, tried)]


def test_the_pages_never_show_what_the_mover_could_not_know(client, carol, mined):
    """Adversarial: no page of a puzzle (asked, a refused answer, tried) names a card of
    another seat's hand or of the deck, by code or in words, and every page is the same
    whatever the game's hidden cards and its seed were."""
    match, found = mined
    client.force_login(carol)
    before = {p.pk: _pages(client, p, _wrong(p)) for p in found}
    hidden_somewhere = False
    for puzzle in found:
        state = position(match, puzzle.version)
        hidden = [card_name(card) for card in state.deck] + [
            card_name(card) for index, hand in enumerate(state.hands)
            if index != int(puzzle.seat) for card in hand]
        hidden_somewhere = hidden_somewhere or bool(hidden)
        for page in before[puzzle.pk]:
            assert leaks("\n".join(page), hidden) == [], puzzle
        own = puzzle.view["seats"][int(puzzle.seat)]["hand"]
        assert leaks("\n".join(before[puzzle.pk][0]), own) == sorted(own)  # leaks() finds
    assert hidden_somewhere
    # Scramble everything hidden in the stored game: its state (another deal, another
    # seed) and every secret part of its log; then try again from scratch.
    match.state = RULES.to_json(RULES.new_game(match.seed + 1, {"players": 3, "limit": 2}))
    match.save(update_fields=["state"])
    for record in MoveRecord.objects.filter(match=match):
        record.events = [{k: v for k, v in event.items() if k != "secret"}
                         for event in record.events]
        record.save(update_fields=["events"])
    PuzzleAttempt.objects.all().delete()
    PuzzleRating.objects.all().delete()
    Puzzle.objects.filter(match=match).update(rating=1500.0, deviation=350.0, volatility=0.06)
    for puzzle in found:
        puzzle.refresh_from_db()
        assert _pages(client, puzzle, _wrong(puzzle)) == before[puzzle.pk]


def test_the_home_page_tells_the_puzzle_of_the_day_in_its_own_words(client, mined):
    page = client.get(reverse("home")).content.decode()
    daily = puzzles.daily()
    assert daily is not None and daily.game == GAME
    assert _url(daily) in page and "One move sends a foe home for certain." in page
    assert "to play, move" in page


@pytest.mark.parametrize("game", ["druidenwalzer", "caesar-cleopatra", GAME])
def test_every_rules_page_links_to_its_puzzles(client, game):
    page = client.get(reverse("rules_page", args=[game])).content.decode()
    assert 'id="puzzles-link"' in page and reverse("puzzles", args=[game]) in page
