"""Card memory: the public log, as a seat saw it, pins down covered cards,
cult-board piles and draw piles; every deal still fits the view."""

from __future__ import annotations

import random
from collections import Counter

from games.ai.druidenwalzer.determinize import Observation
from games.ai.druidenwalzer.memory import remember
from games.rules.druidenwalzer.constants import CULT_POSITION, SEATS
from games.rules.druidenwalzer.view import build_view

from .helpers import RULES, handicap


def _logged_positions(games: int, seed: int = 7):
    """(state, the log as each seat saw it) for every position of random games."""
    rng = random.Random(seed)
    for index in range(games):
        state = RULES.new_game(500 + index, handicap(index))
        logs: dict[str, list] = {"moon": [], "sun": []}
        while not RULES.is_over(state):
            yield state, logs
            applied = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
            state = applied.state
            for seat in logs:
                logs[seat] = logs[seat] + RULES.redact_events(applied.events, seat)


def test_it_remembers_covered_cards_exactly_where_the_log_named_them():
    remembered = draws_known = 0
    for state, logs in _logged_positions(25):
        for seat_index, seat in enumerate(SEATS):
            memory = remember(build_view(state, seat_index), logs[seat])
            for position, pile in memory.covered.items():
                real = state.up[position][:-1]
                assert len(pile) == len(real)
                for known, card in zip(pile, real):
                    if known is not None:
                        assert known == card
                        remembered += 1
            if memory.own_draw is not None:
                # Exact, but for the setup's first 1 if it was never named.
                named = Counter(card for card in memory.own_draw if card is not None)
                assert len(memory.own_draw) == len(state.draw[seat_index])
                assert not named - Counter(state.draw[seat_index])
                assert memory.own_draw.count(None) <= 1
                draws_known += 1
            if memory.opponent_draw_from is not None:
                named = Counter(card for card in memory.opponent_draw_from if card is not None)
                outside = Counter(state.draw[1 - seat_index]) - named
                assert sum(outside.values()) <= memory.opponent_draw_from.count(None)
    assert remembered > 1000
    assert draws_known > 100


def test_it_deals_valid_states_that_keep_the_view_and_the_remembered_cards():
    rng = random.Random(3)
    checked = 0
    for state, logs in _logged_positions(40, seed=11):
        seat = state.to_move
        if seat is None:
            continue
        view = build_view(state, seat)
        memory = remember(view, logs[SEATS[seat]])
        observation = Observation(view, logs[SEATS[seat]])
        dealt = observation.sample(rng)
        assert build_view(dealt, seat) == view
        RULES.from_json(RULES.to_json(dealt))  # 30 cards per cult minus the handicap
        for position, pile in memory.covered.items():
            for known, card in zip(pile, dealt.up[position]):
                if known is not None:
                    assert known == card
        if memory.own_draw is not None and None not in memory.own_draw:
            assert Counter(dealt.draw[seat]) == Counter(state.draw[seat])
        checked += 1
    assert checked > 1000


def test_it_forgets_a_log_that_does_not_fit_the_view():
    state = RULES.new_game(3)
    rng = random.Random(2)
    while state.phase != 1 or state.turn < 10:
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state))).state
    view = build_view(state, state.to_move)
    foreign = [{"type": "waltz", "player": "moon", "card": "M5L", "tree": 1, "position": "M1"}] * 9
    memory = remember(view, foreign)
    assert CULT_POSITION[0] not in memory.covered or memory.covered[CULT_POSITION[0]] == []
    assert 5 not in memory.covered  # M1: nine cards claimed, the view shows others
    dealt = Observation(view, foreign).sample(rng)  # still deals, as if without the log
    assert build_view(dealt, state.to_move) == view
    # A card taken from a pile that cannot hold it: the whole log is distrusted.
    impossible = [{"type": "dance", "card": "M5L", "from": "M1", "to": "S1"}] * 4
    assert remember(view, impossible).covered == {}
