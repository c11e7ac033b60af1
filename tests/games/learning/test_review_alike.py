"""The review's second opinion on a flag (``games.ai.advice.judge_alike``) estimates
the best move and the move played alike. In Druidenwalzer the first estimate compares
the mean of the move its search settled on with that of a move it searched little,
whose mean comes out low: in this position of an arena game (game 16 of the one-judge
test's arena, seed 1, its 25th decision with a choice) the hint's move, waltz moon 1
counterclockwise on tree 1, lost 11-25 points by the first estimate whenever the
review's search settled on a near-equal waltz (in about half the searches), and 3-9
points searched equally deep. Iteration budgets make the searches repeat exactly."""

from __future__ import annotations

import random

import pytest

from games.ai import Budget
from games.ai.advice import Advice, judge, judge_alike
from games.learning import review
from games.rules import get_rules
from tests.games.learning.helpers_review_consistency import decisions

GAME = "druidenwalzer"
RULES = get_rules(GAME)
HINT = {"type": "waltz", "card": "M1R", "tree": 1}
LOSES_AT_ONCE = {"type": "waltz", "card": "M1R", "tree": 3}
BUDGET = Budget(iterations=2000)  # about the review's 0.3 s of CPU


@pytest.fixture(scope="module")
def position():
    found = decisions(GAME, 16)[24]
    assert found.seat == "moon" and HINT in found.legal and LOSES_AT_ONCE in found.legal
    return RULES.view(found.state, found.seat), found.legal, found.history


def _loss(pair):
    best, mine = pair
    return best.value - mine.value


def test_a_search_settled_on_another_waltz_underrates_the_hints_move(position):
    view, legal, history = position
    best, mine = judge(GAME, view, legal, HINT, random.Random(1), BUDGET, history)
    assert best.move != HINT and best.value - mine.value >= review.MISTAKE
    again = judge_alike(GAME, view, legal, best.move, HINT, random.Random(1), BUDGET, history)
    assert again is not None and again[0].move == best.move and again[1].move == HINT
    assert _loss(again) < review.INACCURACY


def test_the_review_never_calls_the_hints_move_a_mistake_there(position):
    # Seeds of the review that called it a mistake when the second estimate was the
    # first one again with other deals (11 of the review's seeds 0-39 did).
    view, legal, history = position
    for seed in (13, 15, 19, 31):
        entry = review.review_decision(GAME, view, legal, HINT, history, "moon",
                                       random.Random(seed), BUDGET)
        assert entry["mark"] in ("", "inaccuracy"), (seed, entry["before"], entry["after"])


def test_searched_alike_a_move_that_loses_at_once_is_still_a_blunder(position):
    view, legal, history = position
    best = {"type": "waltz", "card": "M2L", "tree": 1}
    pair = judge_alike(GAME, view, legal, best, LOSES_AT_ONCE, random.Random(2), BUDGET,
                       history)
    assert pair is not None and _loss(pair) >= review.BLUNDER


def test_the_other_games_judge_again(monkeypatch):
    seen = []

    def judged(game, view, legal, chosen, rng, budget, history=None):
        seen.append((game, chosen))
        return Advice({"type": "pass"}, 1.0, "points"), Advice(chosen, -1.0, "points")

    monkeypatch.setattr("games.ai.advice.judge", judged)
    move = {"type": "draw", "influence": 1, "action": 1}
    pair = judge_alike("caesar-cleopatra", {}, [move], {"type": "pass"}, move,
                       random.Random(0), BUDGET)
    assert seen == [("caesar-cleopatra", move)] and pair[1].move == move
