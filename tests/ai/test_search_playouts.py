"""The strong Druidenwalzer search scores a leaf by its evaluation and a
random playout to the end, mixed by ``PLAYOUT_WEIGHT``."""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai import Budget, get_bot
from games.ai.base import Deadline
from games.ai.druidenwalzer import search
from games.ai.druidenwalzer.determinize import Observation
from games.rules.druidenwalzer.constants import OVER
from games.rules.druidenwalzer.view import build_view

from .helpers import RULES


def _play_position(seed: int, plies: int = 12):
    """A position some plies into the play phase of a random game."""
    rng = random.Random(seed)
    state = RULES.new_game(seed)
    while state.phase != 1 or plies:
        if state.phase == 1:
            plies -= 1
        state = RULES.apply_action(state, rng.choice(RULES.legal_actions(state)))
    return state


def test_it_plays_a_game_out_to_its_end():
    for seed in range(5):
        state = _play_position(seed).copy()
        reward = search.random_playout(search.GAME, state, random.Random(seed))
        assert state.phase == OVER
        assert reward == (1.0 if state.winner == 0 else 0.0)


def test_it_calls_a_playout_past_its_limit_a_draw():
    endless = replace(search.GAME, playout_limit=0)
    assert search.random_playout(endless, _play_position(1).copy(), random.Random(1)) == 0.5


def test_it_mixes_the_evaluation_and_the_playout_by_the_weight(monkeypatch):
    # The evaluation says moon loses, every playout says moon wins: each
    # leaf's reward for moon is then exactly the playout's weight.
    monkeypatch.setattr(search, "moon_reward", lambda state: 0.0)
    monkeypatch.setattr(search, "random_playout", lambda game, state, rng: 1.0)
    state = _play_position(3)
    observation = Observation(build_view(state, state.to_move))
    for weight in (0.0, 0.25, 0.5, 1.0):
        children = search.search(observation, random.Random(1), 50, Deadline(None),
                                 playout_weight=weight)
        for node in children.values():
            moon_share = node.reward / node.visits
            if node.player == 1:
                moon_share = 1.0 - moon_share
            assert abs(moon_share - weight) < 1e-9


def test_its_level_plays_the_playouts_and_stays_reproducible():
    assert search.StrongBot().playout_weight == search.PLAYOUT_WEIGHT > 0
    state = _play_position(4)
    seat = RULES.to_move(state)
    bot = get_bot("druidenwalzer", "strong")
    moves = [bot.choose(RULES.view(state, seat), RULES.legal_moves(state), random.Random(5),
                        Budget(iterations=120)) for _ in range(2)]
    assert moves[0] == moves[1]
    assert moves[0] in RULES.legal_moves(state)
