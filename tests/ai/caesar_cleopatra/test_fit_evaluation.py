"""The evaluation's fit (``bench/cc_fit_evaluation.py``) works on exact features:
its score of a position is the strong level's judgement of it, for the hand-set
and the fitted weights alike."""

from __future__ import annotations

import math

from games.ai.caesar_cleopatra.evaluate import evaluate
from games.ai.caesar_cleopatra.search import FITTED_JUDGEMENT, HAND_SET_JUDGEMENT
from games.rules.caesar_cleopatra.constants import SETUP
from tests.bench_scripts import load

from .helpers import RULES, positions


def test_its_features_score_every_position_as_the_evaluation_does():
    fit = load("cc_fit_evaluation")
    checked = 0
    for state, _seat in positions(range(3)):
        if state.phase == SETUP or RULES.is_over(state):  # setup positions are not fitted
            continue
        for judgement in (HAND_SET_JUDGEMENT, FITTED_JUDGEMENT):
            points = evaluate(state, 0, judgement.weights)
            if state.step is not None:
                tempo = judgement.tempo[state.step]
                points += tempo if state.current == 0 else -tempo
            assert math.isclose(fit.score(fit.features(state), judgement),
                                points / judgement.scale, abs_tol=1e-9)
        checked += 1
    assert checked > 100


def test_it_labels_each_position_with_the_games_winner():
    fit = load("cc_fit_evaluation")
    rows = fit._positions((1001, 0))
    assert len(rows) > 50
    assert {label for _features, label in rows} <= {0.0, 0.5, 1.0}
    assert len({label for _features, label in rows}) == 1
