"""The Druidenwalzer puzzle finder over random games: every claim it makes holds again
on fresh deals of the mover's unseen cards, and on the real position."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.ai.base import start_record
from games.ai.druidenwalzer.puzzles import (
    DEALS,
    LOSS,
    OPEN,
    WIN,
    deals_of,
    find,
    moves_outcomes,
)
from games.rules import get_rules
from games.rules.druidenwalzer.constants import OVER, SEAT_INDEX
from games.rules.druidenwalzer.moves import move_to_action

RULES = get_rules("druidenwalzer")


def _decisions(seed: int):
    """Each decision of a game of random moves: state, mover, legal moves, mover's log."""
    chooser = random.Random(seed)
    state = RULES.new_game(seed, {})
    logs = {seat: [start_record(RULES.view(state, seat))] for seat in ("moon", "sun")}
    while not RULES.is_over(state):
        seat = RULES.owed_by(state)[0]
        legal = RULES.legal_moves(state)
        yield state, seat, legal, list(logs[seat])
        applied = RULES.apply(state, chooser.choice(legal))
        for name, log in logs.items():
            log.extend(RULES.redact_events(applied.events, name))
        state = applied.state


@settings(max_examples=12, deadline=None, database=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_every_claim_holds_again_on_fresh_deals(seed):
    for state, seat, legal, history in _decisions(seed):
        view = RULES.view(state, seat)
        claim = find(view, legal, history, random.Random(seed))
        if claim is None:
            continue
        assert claim.solution in legal
        observation = deals_of(view, history)
        actions = [move_to_action(move, SEAT_INDEX[seat]) for move in legal]
        table = moves_outcomes(observation, actions, random.Random(seed + 1), DEALS)
        wanted = WIN if claim.kind == "win" else OPEN
        for move, row in zip(legal, table, strict=True):
            if move == claim.solution:
                assert row == [wanted] * DEALS
            elif claim.kind == "win":
                assert WIN not in row
            else:
                assert row == [LOSS] * DEALS
        after = RULES.apply(state, claim.solution).state  # the deal that was real
        if claim.kind == "win":
            assert after.phase == OVER and after.winner == SEAT_INDEX[seat]
        else:
            assert after.phase != OVER or after.winner == SEAT_INDEX[seat]
