"""/puzzles/caesar-cleopatra/: a mined puzzle drawn from its mover's view, one try, the
answer and why, the puzzle ratings moved as Glicko-2 says; bad input is a clear 400
that changes nothing; the page never shows what the mover could not know."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from django.urls import reverse

from games.learning import puzzles
from games.models import MoveRecord, Puzzle, PuzzleAttempt, PuzzleRating
from ladders.glicko import Glicko, rate
from tests.games.learning.helpers_cc_puzzles import RULES, mined_game
from tests.games.pages.puzzle_page_helpers import answer as _try
from tests.games.pages.puzzle_page_helpers import solved_page as _solved_page
from tests.games.pages.puzzle_page_helpers import url as _url
from tests.games.pages.puzzle_page_helpers import wrong as _wrong

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]
GAME = "caesar-cleopatra"


@pytest.fixture(scope="module")
def mined(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), mined_game("cc-page-") as found:
        yield found


@pytest.fixture
def puzzle(mined) -> Puzzle:
    return mined[1][0]



def _other(seat: str) -> str:
    return "cleopatra" if seat == "caesar" else "caesar"


def test_it_shows_the_next_puzzle_from_the_movers_side(client, carol, puzzle):
    client.force_login(carol)
    page = client.get(reverse("puzzles", args=[GAME])).content.decode()
    assert f'data-puzzle="{puzzle.pk}"' in page
    assert 'id="puzzle-answers"' in page and 'id="puzzle-board"' in page
    assert page.count('class="btn puzzle-choice"') == len(puzzle.legal)
    hand = puzzle.view["players"][puzzle.seat]["hand"]
    section = page.split('id="hand-title"', 1)[1].split("</section>", 1)[0]
    assert section.count('class="cc-card') == len(hand)
    # The opponent's face-down cards are backs, as many as the view counts.
    other = _other(puzzle.seat)
    backs = sum(group[other]["down_count"] for group in puzzle.view["groups"].values())
    assert page.count("cc-card cc-" + other + " is-back") == backs
    assert "puzzle-why" not in page  # no answer before the try


def test_solving_moves_both_ratings_as_glicko_says(client, carol, puzzle):
    client.force_login(carol)
    assert _try(client, puzzle, puzzle.solution).status_code == 302
    page = _solved_page(client, carol, puzzle)
    assert not PuzzleRating.objects.filter(user=carol, game="druidenwalzer").exists()
    # The answer's group is outlined on the board.
    assert f'review-best" data-group="{puzzle.solution["group"]}"' in page


def test_failing_moves_both_ratings_the_other_way(client, carol, puzzle):
    client.force_login(carol)
    assert _try(client, puzzle, _wrong(puzzle)).status_code == 302
    attempt = PuzzleAttempt.objects.get(user=carol)
    assert not attempt.solved and attempt.move == _wrong(puzzle)
    assert attempt.rating_after == pytest.approx(rate(Glicko(), [(Glicko(), 0.0)]).rating)
    puzzle.refresh_from_db()
    assert puzzle.rating == pytest.approx(rate(Glicko(), [(Glicko(), 1.0)]).rating)
    page = client.get(_url(puzzle)).content.decode()
    assert "Not this time." in page and 'id="puzzle-solution"' in page


def _nothing_changed(puzzle: Puzzle) -> None:
    assert not PuzzleAttempt.objects.exists()
    assert not PuzzleRating.objects.exists()
    puzzle.refresh_from_db()
    assert (puzzle.rating, puzzle.deviation) == (1500.0, 350.0)


BAD = {
    "not json": "not json",
    "a list": "[]",
    "a bare type": '"place"',
    "no type": '{"card": "R5"}',
    "a number": "5",
    "the other seat's card": {"type": "place", "card": "C5", "group": "senators",
                              "face": "up"},
    "a card not in hand": {"type": "place", "card": "RP", "group": "senators", "face": "up"},
    "a step not due": {"type": "draw", "influence": 2, "action": 0},
    "a Veto not asked": {"type": "veto"},
    "an extra key": {"type": "place", "card": "R5", "group": "senators", "face": "up",
                     "tree": 9},
}


@pytest.mark.parametrize("name", list(BAD))
def test_a_malformed_or_illegal_answer_is_refused_and_changes_nothing(client, carol, puzzle,
                                                                      name):
    client.force_login(carol)
    response = _try(client, puzzle, BAD[name])
    assert response.status_code == 400
    page = response.content.decode()
    assert 'id="puzzle-error"' in page
    assert ("not a move" in page) or ("not one of the moves you could make here" in page)
    _nothing_changed(puzzle)


def test_a_second_try_is_refused_and_changes_nothing(client, carol, puzzle):
    client.force_login(carol)
    _try(client, puzzle, _wrong(puzzle))
    before = PuzzleRating.objects.get(user=carol)
    response = _try(client, puzzle, puzzle.solution)
    assert response.status_code == 409
    after = PuzzleRating.objects.get(user=carol)
    assert (after.rating, after.tries) == (before.rating, before.tries)
    assert PuzzleAttempt.objects.count() == 1


def _public_cards(view: dict, seat: str) -> Counter:
    """The cards of ``seat`` that ``view`` shows: face up at the groups, discarded,
    and the hand only while the viewer's Spy looks at it."""
    player = view["players"][seat]
    cards = Counter(player["discard"])
    for group in view["groups"].values():
        cards.update(group[seat]["up"])
    cards.update(player["hand"] or [])
    return cards


def _pages(client, puzzle: Puzzle, answer: dict) -> list[str]:
    """The page asked, a garbage answer's 400, and the page after a try."""
    ask = client.get(_url(puzzle)).content.decode()
    refused = _try(client, puzzle, "garbage").content.decode()
    _try(client, puzzle, answer)
    tried = client.get(_url(puzzle)).content.decode()
    return [[line for line in page.splitlines() if "csrf" not in line]
            for page in (ask, refused, tried)]


def test_the_pages_never_show_what_the_mover_could_not_know(client, carol, mined):
    """Adversarial: every page of a puzzle (asked, a refused answer, tried) is the same
    whatever the game's hidden cards were, and names no card of the opponent's that
    the mover's view does not show."""
    match, found = mined
    client.force_login(carol)
    before = {p.pk: _pages(client, p, _wrong(p)) for p in found}
    for puzzle in found:
        other = _other(puzzle.seat)
        letter = "C" if other == "cleopatra" else "R"
        shown = _public_cards(puzzle.view, other)
        ask = "\n".join(before[puzzle.pk][0])
        named = Counter(re.findall(rf'data-name="({letter}[^"]*)"', ask))
        assert named == shown
        assert set(re.findall(rf'\b{letter}(?:[1-5P]|-[a-z]+)\b', ask)) <= set(shown)
    # Scramble everything hidden in the stored game: its state, every secret part of
    # its log and the card names of its face-down moves; then try again from scratch.
    state = RULES.new_game(match.seed + 1)
    match.state = RULES.to_json(state)
    match.save(update_fields=["state"])
    for record in MoveRecord.objects.filter(match=match):
        record.events = [{k: v for k, v in event.items() if k != "secret"}
                         for event in record.events]
        if record.move is not None:
            record.move = RULES.redact_move(record.move, record.seat, None)
        record.save(update_fields=["events", "move"])
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
    assert _url(daily) in page and "One move wins the vote for certain." in page
    assert "Caesar to play" in page or "Cleopatra to play" in page


def test_the_rules_page_links_to_its_puzzles(client, mined):
    page = client.get(reverse("rules_page", args=[GAME])).content.decode()
    assert reverse("puzzles", args=[GAME]) in page
