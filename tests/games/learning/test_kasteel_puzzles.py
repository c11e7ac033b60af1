"""Strijd om het Kasteel puzzles mined from a finished table game of three: each claim
holds against the engine's own turn on the real position, the stored view is the
engine's view of the mover and nothing more, the explanation comes from the engine's
events, and mining again stores nothing twice."""

from __future__ import annotations

import pytest

from games.learning import puzzles
from games.learning.tasks import mine_puzzles
from games.models import Puzzle, PuzzleMining
from tests.ai.kasteel.puzzle_checks import forced, scripted_dice
from tests.games.learning.helpers_kasteel_puzzles import RULES, mined_game, position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


@pytest.fixture(scope="module")
def mined(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), mined_game("k-mined-") as found:
        yield found


def test_it_finds_the_certain_captures_of_the_seeded_table_game(mined):
    match, found = mined
    assert match.seats.count() == 3
    # Four decisions were claimed; two repeated a capture their seat had left untaken
    # earlier, and a chance left untaken is one puzzle (puzzles.chosen_claims).
    assert [(p.game, p.kind) for p in found] == [("kasteel", "capture")] * 2
    assert len({p.seat for p in found}) > 1
    assert PuzzleMining.objects.get(match=match).found == 2


def test_its_claims_hold_on_the_real_position_over_every_throw(mined):
    """Derived means checked: on the real state (the hidden cards as they were), the
    engine's own turn reaches the goal after the solution whatever the dice, and after
    no other legal move for certain."""
    match, found = mined
    states = [position(match, puzzle.version) for puzzle in found]  # the game's own dice
    with scripted_dice() as script:
        for puzzle, state in zip(found, states, strict=True):
            seat = int(puzzle.seat)
            for move in puzzle.legal:
                action = RULES.move_to_action(state, move)
                assert forced(state, action, seat, puzzle.kind, script) == (
                    move == puzzle.solution), move


def test_it_stores_the_movers_view_and_nothing_more(mined):
    match, found = mined
    for puzzle in found:
        state = position(match, puzzle.version)
        assert puzzle.view == RULES.view(state, puzzle.seat)
        assert puzzle.legal == RULES.legal_moves(state)
        for index, info in enumerate(puzzle.view["seats"]):
            if str(index) != puzzle.seat:
                assert info["hand"] is None and info["hand_size"] == len(state.hands[index])
        assert "seed" not in puzzle.view and "deck" not in puzzle.view


def test_its_explanation_is_the_claim_and_the_engines_events(mined):
    _match, found = mined
    for puzzle in found:
        lines = puzzles.explanation(puzzle)
        assert "sends a foe's piece home" in lines[0] and "200 deals" in lines[0]
        assert puzzle.events[0]["type"] == "play"
        assert puzzle.events[0]["card"] == puzzle.solution["card"]
        assert any(event["type"] == "sent_home" for event in puzzle.events)
        assert len(lines) == 1 + len(puzzle.events)
    assert "whatever the dice" in puzzles.task_words(found[0])
    assert puzzles.headline(found[0]) == "One move sends a foe home for certain."


def test_mining_again_stores_nothing_twice(mined):
    match, found = mined
    assert [p.pk for p in puzzles.mine(match)] == [p.pk for p in found]
    assert mine_puzzles() == 0  # the sweep skips a game already looked through
    PuzzleMining.objects.filter(match=match).delete()
    assert mine_puzzles() == len(found)  # tables of three are mined like games of two
    assert Puzzle.objects.filter(match=match).count() == len(found)
