"""The learned chance of a group's next patrician (``group_model``) and its fit
(``bench/cc_fit_groups.py``)."""

from __future__ import annotations

import math

import pytest

from games.ai.caesar_cleopatra import evaluate as E
from games.ai.caesar_cleopatra import group_model as G
from games.ai.caesar_cleopatra.search import GROUPS_JUDGEMENT
from games.rules.caesar_cleopatra.constants import KINDS_PER_SEAT, N_GROUPS, SETUP
from tests.bench_scripts import load

from .helpers import RULES, positions


def mirrored(state):
    """``state`` with the seats swapped: each card goes to the other side as
    the same kind of card."""

    def cards(seq):
        return [(1 - code // KINDS_PER_SEAT) * KINDS_PER_SEAT + code % KINDS_PER_SEAT
                for code in seq]

    new = state.copy()
    new.current = None if state.current is None else 1 - state.current
    for name in ("hand", "influence", "actions", "discard"):
        pair = getattr(state, name)
        setattr(new, name, [cards(pair[1]), cards(pair[0])])
    new.bonus = state.bonus[::-1]
    new.won = [state.won[1][:], state.won[0][:]]
    for name in ("down", "up"):
        by_group = getattr(state, name)
        setattr(new, name, [cards(by_group[group * 2 + 1 - seat])
                            for group in range(N_GROUPS) for seat in (0, 1)])
    return new


def play_positions():
    for state, _seat in positions(range(4), every=3):
        if state.phase != SETUP and not RULES.is_over(state):
            yield state


def test_it_gives_caesar_what_it_takes_from_cleopatra():
    checked = 0
    for state in play_positions():
        mirror = mirrored(state)
        hands = (G.hand_summary(state, 0), G.hand_summary(state, 1))
        mirror_hands = (G.hand_summary(mirror, 0), G.hand_summary(mirror, 1))
        for group in range(N_GROUPS):
            if not state.patricians[group]:
                continue
            x = G.features(state, group, hands)
            assert G.features(mirror, group, mirror_hands) == pytest.approx([-f for f in x])
            chance = G.next_patrician(x, G.WEIGHTS)
            assert 0.0 <= chance <= 1.0
            assert math.isclose(G.next_patrician([-f for f in x], G.WEIGHTS), 1 - chance,
                                abs_tol=1e-12)
            checked += 1
        weights = GROUPS_JUDGEMENT.weights
        if state.pending is None:  # a pending decision names its player
                assert math.isclose(E.evaluate(mirror, 0, weights), E.evaluate(state, 1, weights),
                                abs_tol=1e-9)
    assert checked > 200


def test_it_leans_towards_the_side_ahead_when_the_vote_is_due():
    checked = 0
    for state in play_positions():
        hands = (G.hand_summary(state, 0), G.hand_summary(state, 1))
        for group in range(N_GROUPS):
            if state.patricians[group] and state.group_count(group) >= 8:
                x = G.features(state, group, hands)
                lean = x[G.NAMES.index("lean")]
                if abs(lean) > 0.3:  # a margin of 3 or more at an extraordinary vote
                    chance = G.next_patrician(x, G.WEIGHTS)
                    assert (chance > 0.5) == (lean > 0)
                    checked += 1
    assert checked >= 5


def test_its_fit_labels_each_group_with_who_won_its_next_patrician():
    fit = load("cc_fit_groups")
    positions_ = fit.labelled((2001, 0))
    assert len(positions_) > 50
    states = [state for state, _labels in positions_]
    for number, (state, labels) in enumerate(positions_):
        for group, label in labels:
            assert state.patricians[group] and label in (0.0, 1.0)
            # The label's side has won more of the group by a later position
            # (or at the end, which the positions list does not hold).
            side = 0 if label == 1.0 else 1
            later = [s.won[side][group] for s in states[number + 1:]]
            assert not later or max(later) >= state.won[side][group]
    rows = fit.rows(positions_)
    assert len(rows) == sum(len(labels) for _state, labels in positions_)
    for x, hand_set, _label in rows:
        assert len(x) == G.N_FEATURES and 0.0 <= hand_set <= 1.0
