"""One judge for hints and reviews: the hint's first move, judged by the review at its
budget with another seed, is never flagged a mistake or worse; a planted blunder (a
move after which the opponent wins on the spot, where another move avoids that) is
always flagged a blunder. Quick size: positions from seeded random playouts."""

from __future__ import annotations

import random

import pytest

from games.ai import Budget
from games.learning import hints, review
from games.rules import get_rules

pytestmark = pytest.mark.slow

REVIEW_BUDGET = Budget(cpu_seconds=0.3)
GAMES = ("druidenwalzer", "caesar-cleopatra")


def positions(game: str, count: int, every: int = 7):
    """(state, seat, history) of ``count`` decisions of seeded random playouts."""
    rules = get_rules(game)
    found = []
    for seed in range(50):
        rng = random.Random(seed)
        state = rules.new_game(1000 + seed, {})
        history: dict[str, list] = {}
        for ply in range(120):
            owed = rules.owed_by(state)
            if not owed or len(found) >= count:
                break
            legal = rules.legal_moves(state)
            if ply % every == every - 1 and len(legal) > 1:
                found.append((state, owed[0], list(history.get(owed[0], []))))
            applied = rules.apply(state, rng.choice(legal))
            for seat in rules.to_json(state).get("players", {}):
                history.setdefault(seat, []).extend(
                    rules.redact_events(list(applied.events), seat))
            state = applied.state
        if len(found) >= count:
            break
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_hints_first_move_is_never_flagged_a_mistake(game, settings):
    rules = get_rules(game)
    for index, (state, seat, history) in enumerate(positions(game, 6)):
        view, legal = rules.view(state, seat), rules.legal_moves(state)
        hint = hints.advice_for_view(game, view, legal, history, random.Random(index),
                                     cpu_seconds=REVIEW_BUDGET.cpu_seconds)[0].move
        entry = review.review_decision(game, view, legal, hint, history, seat,
                                       random.Random(10_000 + index), REVIEW_BUDGET)
        assert entry is None or entry["mark"] in ("", "inaccuracy"), (index, entry)


def _loses_at_once(rules, state, move, seat) -> bool:
    winner = rules.to_json(rules.apply(state, move).state).get("winner")
    return winner is not None and winner != seat


def test_a_planted_blunder_is_always_flagged():
    """A move that loses the game on the spot (its own waltz hands the opponent the
    win), where another move does not and the mover was not already lost, is a
    blunder."""
    rules = get_rules("druidenwalzer")
    planted = 0
    for state, seat, history in positions("druidenwalzer", 600, every=1):
        legal = rules.legal_moves(state)
        losing = [m for m in legal if _loses_at_once(rules, state, m, seat)]
        if not losing or len(losing) == len(legal):
            continue
        entry = review.review_decision("druidenwalzer", rules.view(state, seat), legal,
                                       losing[0], history, seat, random.Random(planted),
                                       REVIEW_BUDGET)
        assert entry is not None
        if entry["before"] < review.BLUNDER:
            continue  # already lost whatever the move: nothing to blunder away
        assert entry["mark"] == "blunder", (entry["before"], entry["after"])
        planted += 1
        if planted == 4:
            break
    assert planted >= 2
