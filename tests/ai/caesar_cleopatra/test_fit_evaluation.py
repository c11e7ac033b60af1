"""The evaluation's fit (``bench/cc_fit_evaluation.py``) works on exact features:
its score of a position is the strong level's judgement of it, for the hand-set
and the fitted weights alike."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

from games.ai.caesar_cleopatra.evaluate import evaluate
from games.ai.caesar_cleopatra.search import FITTED_JUDGEMENT, HAND_SET_JUDGEMENT
from games.rules.caesar_cleopatra.constants import SETUP

from .helpers import RULES, positions

SCRIPT = Path(__file__).resolve().parents[3] / "bench" / "cc_fit_evaluation.py"


def _module():
    spec = importlib.util.spec_from_file_location("cc_fit_evaluation", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["cc_fit_evaluation"] = module
    spec.loader.exec_module(module)
    return module


def test_its_features_score_every_position_as_the_evaluation_does():
    fit = _module()
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
    fit = _module()
    rows = fit._positions((1001, 0))
    assert len(rows) > 50
    assert {label for _features, label in rows} <= {0.0, 0.5, 1.0}
    assert len({label for _features, label in rows}) == 1
