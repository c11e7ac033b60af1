"""A win certain by the end of the turn is found for every seed; a move that
loses by then in every deal is never played when another does not.

The positions come from the seeded games of ``test_exact_deals`` (game
number and position number), found by ``tactics.check_turn`` on the deals
of the seat's memory; each is checked against the true state too (the move
wins, or loses, there), so the certainty is the game's, not the check's.
"""

from __future__ import annotations

import random

import pytest

from games.ai import Budget, get_bot
from games.ai.caesar_cleopatra.determinize import Observation
from games.ai.caesar_cleopatra.tactics import LOSS, WIN, check_turn, move_outcome
from games.rules.caesar_cleopatra.moves import move_to_action

from .deal_audit import RULES, play_audited
from .test_exact_deals import _chooser

# (game, position): a move wins the game by the turn's end in every deal.
WINS = [(5, 149), (7, 147), (9, 151), (9, 155)]
# (game, position): some moves lose by the turn's end in every deal, others do not.
LOSSES = [(0, 124), (3, 142), (6, 136), (10, 145)]
SEEDS = 20


def _position(game: int, number: int):
    for index, position in enumerate(play_audited(_chooser(game), game)):
        if index == number:
            seat = RULES.to_move(position.state)
            return (RULES.view(position.state, seat), RULES.legal_moves(position.state),
                    position.histories[seat], position.state)
    raise AssertionError("the game ended before that position")


def _truth(state, view, move) -> int:
    return move_outcome(state, move_to_action(move), Observation(view).seat)


@pytest.mark.parametrize(("game", "number"), WINS)
def test_it_plays_a_certain_win_for_every_seed(game, number):
    view, legal, history, state = _position(game, number)
    observation = Observation(view, history)
    actions = [move_to_action(move) for move in legal]
    check = check_turn(observation, actions, random.Random(0))
    assert check.winning is not None and check.deals == 64
    assert _truth(state, view, legal[actions.index(check.winning)]) == WIN
    bot = get_bot("caesar-cleopatra", "strong")
    for seed in range(SEEDS):
        move = bot.choose(view, legal, random.Random(seed), Budget(iterations=30),
                          history=history)
        assert _truth(state, view, move) == WIN, seed


@pytest.mark.parametrize(("game", "number"), LOSSES)
def test_it_never_walks_into_a_certain_loss(game, number):
    view, legal, history, state = _position(game, number)
    observation = Observation(view, history)
    actions = [move_to_action(move) for move in legal]
    check = check_turn(observation, actions, random.Random(0))
    assert check.allowed is not None and check.deals == 64
    for move, action in zip(legal, actions):
        if action not in check.allowed:
            assert _truth(state, view, move) == LOSS
    bot = get_bot("caesar-cleopatra", "strong")
    for seed in range(SEEDS):
        move = bot.choose(view, legal, random.Random(seed), Budget(iterations=30),
                          history=history)
        assert move_to_action(move) in check.allowed, seed


def test_it_skips_the_check_where_the_game_cannot_end_this_turn():
    view, legal, history, _state = _position(5, 60)
    check = check_turn(Observation(view, history), [move_to_action(m) for m in legal],
                       random.Random(0))
    assert check.deals == 0 and check.winning is None and check.allowed is None
