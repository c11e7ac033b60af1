"""Caesar & Cleopatra puzzles mined from a finished game: each claim holds against the
engine over fresh deals that fit the mover's view and on the real position, the
stored view is the engine's view of the mover and nothing more, and mining again
stores nothing twice."""

from __future__ import annotations

import random

import pytest
from django.core.management import call_command

from games.ai.caesar_cleopatra.puzzles import DEALS, certain, deals_of, judge, reachable, sample
from games.ai.caesar_cleopatra.tactics import LOSS, WIN
from games.learning import puzzles
from games.learning.tasks import mine_puzzles
from games.models import Puzzle, PuzzleMining
from games.rules.caesar_cleopatra.moves import move_to_action
from tests.games.learning.helpers_cc_puzzles import RULES, mined_game, position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


@pytest.fixture(scope="module")
def mined(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), mined_game("cc-mined-") as found:
        yield found


def test_it_finds_the_certain_votes_of_the_seeded_game(mined):
    match, found = mined
    assert [(p.game, p.kind, p.seat, p.number) for p in found] == [
        ("caesar-cleopatra", "vote", "caesar", 107), ("caesar-cleopatra", "vote", "caesar", 122),
        ("caesar-cleopatra", "vote", "cleopatra", 124)]
    assert PuzzleMining.objects.get(match=match).found == 3


def test_its_claims_are_checked_against_the_engine_over_the_deals(mined):
    """Derived means checked: on other deals that fit the mover's view, the solution
    reaches the goal by a plan of the mover's own in every one, every other legal move
    fails in some deal or has no such plan; and on the real position, the one deal
    that happened, the solution reaches it too."""
    match, found = mined
    for puzzle in found:
        state, history = position(match, puzzle.version)
        observation = deals_of(puzzle.view, history)
        assert observation is not None
        seat = observation.seat
        deals = sample(observation, random.Random(puzzle.pk), DEALS)
        goal = judge(puzzle.kind, seat, deals[0])
        solution = move_to_action(puzzle.solution)
        assert certain(deals, solution, seat, goal) is not None
        for move in puzzle.legal:
            action = move_to_action(move)
            if action != solution:
                assert (any(reachable(deal, action, seat, goal) == LOSS for deal in deals)
                        or certain(deals, action, seat, goal) is None)
        assert reachable(state, solution, seat, judge(puzzle.kind, seat, state)) == WIN
        # The game itself: the solution's extraordinary vote went the mover's way.
        after = RULES.apply(state, puzzle.solution)
        assert puzzle.solution in RULES.legal_moves(state) and after.events


def test_it_stores_the_movers_view_and_nothing_more(mined):
    match, found = mined
    for puzzle in found:
        state, history = position(match, puzzle.version)
        assert puzzle.view == RULES.view(state, puzzle.seat)
        assert puzzle.legal == RULES.legal_moves(state)
        other = "cleopatra" if puzzle.seat == "caesar" else "caesar"
        assert puzzle.view["players"][other]["hand"] is None
        assert puzzle.view["players"][other]["bonus"] is None
        assert all(group[other]["down"] is None for group in puzzle.view["groups"].values())
        # Every deal that fits what the mover knew shows them this very view.
        observation = deals_of(puzzle.view, history)
        rng = random.Random(3)
        for _ in range(30):
            assert RULES.view(observation.sample(rng), puzzle.seat) == puzzle.view


def test_its_explanation_is_the_claim_and_the_certain_events(mined):
    _match, found = mined
    puzzle = found[0]
    lines = puzzles.explanation(puzzle)
    assert "200 deals" in lines[0] and "more patricians" in lines[0]
    assert [event["type"] for event in puzzle.events] == [
        "place", "extraordinary_vote", "patrician"]
    assert puzzle.events[0]["card"] == puzzle.solution["card"]
    assert puzzle.events[-1]["player"] == puzzle.seat
    assert len(lines) == 4


def test_mining_again_stores_nothing_twice(mined):
    match, found = mined
    assert [p.pk for p in puzzles.mine(match)] == [p.pk for p in found]
    assert mine_puzzles() == 0  # the sweep skips a game already looked through
    assert Puzzle.objects.filter(match=match).count() == len(found)
    assert PuzzleMining.objects.filter(match=match).count() == 1


def test_a_sweep_over_a_game_looked_through_again_keeps_its_puzzles(mined):
    """The beat's sweep (``manage.py mine_puzzles`` does the same) mines a game whose
    mining record is gone once more: the same puzzles, none twice, then nothing."""
    match, found = mined
    PuzzleMining.objects.filter(match=match).delete()
    assert mine_puzzles() == len(found)
    assert mine_puzzles() == 0
    assert list(Puzzle.objects.filter(match=match).values_list("pk", flat=True)) == [
        p.pk for p in found]
    call_command("mine_puzzles", "--limit", "5")
    assert Puzzle.objects.filter(match=match).count() == len(found)
