"""The opponent in the strong level's tree judges its moves blind to the seat's
face-down cards (``search.BLIND_OPPONENT``, ``evaluate.Weights.blind``): a blind
evaluation counts each face-down card of the other side as ``BLIND_DOWN``, so
it is the same whatever those cards are, and still reads the evaluator's own."""

from __future__ import annotations

import random

from games.ai import Budget
from games.ai.caesar_cleopatra.evaluate import BLIND, BLIND_DOWN, HAND_SET, evaluate
from games.ai.caesar_cleopatra.search import StrongBot
from games.rules.caesar_cleopatra.constants import CARD_KIND, SEATS, SETUP

from .helpers import RULES, positions

FIVE = CARD_KIND.index(5)
ONE = CARD_KIND.index(1)
PHILOSOPHER = CARD_KIND.index(0)


def _with_down(state, side: int, card: int):
    """A copy of ``state`` with every face-down card of ``side`` made ``card``."""
    copy = state.copy()
    for group in range(5):
        place = copy.down[group * 2 + side]
        place[:] = [card] * len(place)
    return copy


def _middle_positions():
    return [state for state, _seat in positions(range(6), every=7)
            if state.phase != SETUP and any(state.down)]


def test_it_is_the_same_whatever_the_other_sides_face_down_cards_are():
    changed = 0
    for state in _middle_positions():
        for seat in (0, 1):
            blind = {evaluate(_with_down(state, 1 - seat, card), seat, BLIND)
                     for card in (FIVE, ONE, PHILOSOPHER)}
            assert len(blind) == 1
            open_ = {evaluate(_with_down(state, 1 - seat, card), seat, HAND_SET)
                     for card in (FIVE, ONE, PHILOSOPHER)}
            changed += len(open_) > 1
    assert changed > 20  # the open evaluation reads them


def test_it_counts_a_hidden_card_as_an_average_one_and_reads_its_own():
    """A blind evaluation is the open one with the other side's face-down cards
    all worth ``BLIND_DOWN`` (here: all made 3s), and it reads the evaluator's own."""
    three = CARD_KIND.index(int(BLIND_DOWN))
    own_matters = 0
    for state in _middle_positions():
        for seat in (0, 1):
            assert evaluate(state, seat, BLIND) == evaluate(
                _with_down(state, 1 - seat, three), seat, HAND_SET)
            own = {evaluate(_with_down(state, seat, card), seat, BLIND) for card in (FIVE, ONE)}
            own_matters += len(own) > 1
    assert own_matters > 20


def test_a_blind_search_plays_legal_moves_in_both_seats():
    bot = StrongBot(blind_opponent=True)
    seen = set()
    for state, seat in positions([3], every=5):
        view = RULES.view(state, seat)
        legal = RULES.legal_moves(state)
        move = bot.decide(view, legal, random.Random(1), Budget(iterations=30), [])
        assert move in legal
        seen.add(SEATS[seat] if isinstance(seat, int) else seat)
    assert seen == {"cleopatra", "caesar"}
