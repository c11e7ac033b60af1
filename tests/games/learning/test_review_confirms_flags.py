"""A review flags a decision only when a second estimate, with other deals, agrees:
the smaller of the two losses decides (one estimate at the review's budget can be an
outlier, and a player must not be told a good move was a mistake on its strength)."""

from __future__ import annotations

import random

from games.ai import Budget
from games.ai.advice import Advice
from games.learning import review

BEST = {"type": "waltz", "card": "S5R", "tree": 2}
PLAYED = {"type": "waltz", "card": "S3L", "tree": 1}
LEGAL = [BEST, PLAYED]


def judged_in_turn(*afters):
    """A judge (the first estimate) and a second opinion (``judge_alike``) whose
    successive estimates of the move played are ``afters``."""
    calls = []

    def judge(game, view, legal, move, rng, budget, history=None):
        calls.append(rng)
        after = afters[min(len(calls), len(afters)) - 1]
        return Advice(BEST, 0.86, "win"), Advice(PLAYED, after, "win")

    def judge_alike(game, view, legal, best, move, rng, budget, history=None):
        assert best == BEST and move == PLAYED
        return judge(game, view, legal, move, rng, budget, history)

    return judge, judge_alike, calls


def decide(monkeypatch, *afters):
    judge, judge_alike, calls = judged_in_turn(*afters)
    monkeypatch.setattr(review, "judge", judge)
    monkeypatch.setattr(review, "judge_alike", judge_alike)
    entry = review.review_decision("druidenwalzer", {}, LEGAL, PLAYED, [], "sun",
                                   random.Random(3), Budget(cpu_seconds=0.1))
    return entry, calls


def test_it_does_not_flag_a_move_on_one_outlying_estimate(monkeypatch):
    entry, calls = decide(monkeypatch, 0.46, 0.82)
    assert len(calls) == 2
    assert entry["mark"] == "" and entry["after"] == 0.82


def test_it_flags_a_blunder_both_estimates_see(monkeypatch):
    entry, calls = decide(monkeypatch, 0.40, 0.45)
    assert len(calls) == 2
    assert entry["mark"] == "blunder" and entry["after"] == 0.45  # the smaller loss


def test_it_asks_no_second_estimate_for_a_move_it_does_not_flag(monkeypatch):
    entry, calls = decide(monkeypatch, 0.84)
    assert len(calls) == 1 and entry["mark"] == ""


def test_the_second_estimate_has_other_deals_and_the_same_ones_each_time(monkeypatch):
    _, first = decide(monkeypatch, 0.46, 0.82)
    _, again = decide(monkeypatch, 0.46, 0.82)
    assert first[1].random() == again[1].random()
    assert first[0] is not first[1]
