"""Puzzles mined from finished games: each claim holds against the engine over the
deals that fit the mover's view, the stored view is the engine's view of the
mover and nothing more, and mining again stores nothing twice."""

from __future__ import annotations

import random

import pytest
from django.core.management import call_command

from games.ai.druidenwalzer.puzzles import DEALS, LOSS, OPEN, WIN, deals_of, moves_outcomes
from games.learning import puzzles
from games.learning.tasks import mine_puzzles
from games.models import Puzzle, PuzzleMining
from games.rules.druidenwalzer.constants import OVER, SEAT_INDEX
from games.rules.druidenwalzer.engine import play
from games.rules.druidenwalzer.moves import move_to_action
from tests.games.learning.helpers_puzzles import RULES, played_game, position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]
#: With this seed and the same chooser, one move alone keeps the sun in the game.
SAVE_SEED = 2


@pytest.fixture
def mined(alice, bob):
    match = played_game(alice, bob)
    found = puzzles.mine(match)
    assert found, "the seeded game holds puzzles"
    return match, found


def test_it_finds_the_wins_on_the_spot_of_the_seeded_game(mined):
    match, found = mined
    assert [(p.kind, p.seat, p.number) for p in found] == [
        ("win", "sun", 24), ("win", "sun", 32)]
    assert PuzzleMining.objects.get(match=match).found == 2


def test_it_claims_only_what_every_deal_agrees_on(mined):
    """Checked again with other deals: the solution wins in every deal that fits the
    mover's view, and no other legal move wins in any of them."""
    match, found = mined
    for puzzle in found:
        state, history = position(match, puzzle.version)
        observation = deals_of(puzzle.view, history)
        assert observation is not None and observation.exact is not None
        seat = SEAT_INDEX[puzzle.seat]
        actions = [move_to_action(move, seat) for move in puzzle.legal]
        table = moves_outcomes(observation, actions, random.Random(puzzle.pk), DEALS)
        for move, row in zip(puzzle.legal, table, strict=True):
            if move == puzzle.solution:
                assert row == [WIN] * DEALS
            else:
                assert WIN not in row
        # ...and on the real position, the one deal that happened.
        after = RULES.apply(state, puzzle.solution).state
        assert after.phase == OVER and after.winner == seat


def test_it_stores_the_movers_view_and_nothing_more(mined):
    match, found = mined
    for puzzle in found:
        state, history = position(match, puzzle.version)
        assert puzzle.view == RULES.view(state, puzzle.seat)
        assert puzzle.legal == RULES.legal_moves(state)
        other = "moon" if puzzle.seat == "sun" else "sun"
        assert puzzle.view["players"][other]["hand"] is None
        # Every deal that fits what the mover knew shows them this very view.
        observation = deals_of(puzzle.view, history)
        rng = random.Random(3)
        for _ in range(50):
            assert RULES.view(observation.sample(rng), puzzle.seat) == puzzle.view


def test_its_explanation_tells_only_what_every_deal_shows(mined):
    """Adversarial: the events after a try are the same in every deal of the mover's
    unseen cards (a card turned up in one deal only would tell a hidden card)."""
    match, found = mined
    for puzzle in found:
        _state, history = position(match, puzzle.version)
        observation = deals_of(puzzle.view, history)
        action = move_to_action(puzzle.solution, SEAT_INDEX[puzzle.seat])
        rng = random.Random(11)
        for _ in range(40):
            events: list = []
            play(observation.sample(rng), action, events)
            public = [{k: v for k, v in event.items() if k != "secret"} for event in events]
            assert public[:len(puzzle.events)] == puzzle.events
        assert all("secret" not in event for event in puzzle.events)


def test_its_explanation_comes_from_the_engine(mined):
    _match, found = mined
    puzzle = found[0]
    lines = puzzles.explanation(puzzle)
    assert "200 deals" in lines[0]
    assert puzzle.events[0]["type"] == "waltz"
    assert puzzle.events[0]["card"] == puzzle.solution["card"]
    assert any(event["type"] == "game_over" or event.get("winner") for event in puzzle.events)
    assert len(lines) > 1


def test_mining_again_stores_nothing_twice(mined):
    match, found = mined
    assert [p.pk for p in puzzles.mine(match)] == [p.pk for p in found]
    assert mine_puzzles() == 0  # the sweep skips a game already looked through
    call_command("mine_puzzles", "--match", str(match.pk))
    assert Puzzle.objects.count() == len(found)


def test_the_sweep_mines_each_finished_game_once(alice, bob):
    match = played_game(alice, bob)
    assert mine_puzzles() == 2
    assert mine_puzzles() == 0
    assert Puzzle.objects.filter(match=match).count() == 2


def test_a_save_claim_holds_in_every_deal(alice, bob):
    """The other kind: after the solution no waltz of the opponent wins at once in any
    deal; after every other move the game is lost at once in every deal."""
    match = played_game(alice, bob, seed=SAVE_SEED)
    saves = [p for p in puzzles.mine(match) if p.kind == Puzzle.Kind.SAVE]
    assert saves
    for puzzle in saves:
        _state, history = position(match, puzzle.version)
        observation = deals_of(puzzle.view, history)
        seat = SEAT_INDEX[puzzle.seat]
        actions = [move_to_action(move, seat) for move in puzzle.legal]
        table = moves_outcomes(observation, actions, random.Random(puzzle.pk), DEALS)
        for move, row in zip(puzzle.legal, table, strict=True):
            assert row == ([OPEN] * DEALS if move == puzzle.solution else [LOSS] * DEALS)
        assert "no waltz that wins at once" in puzzles.explanation(puzzle)[0]
