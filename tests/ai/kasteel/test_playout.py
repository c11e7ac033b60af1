"""The strong level's play-outs (``search.play_one``): where the leaf is the
seat's own turn, it is worth the seat's best move there; the other seats may
be played out with another evaluation than the seat's."""

from __future__ import annotations

from dataclasses import replace

from games.ai.base import Deadline
from games.ai.kasteel.evaluate import NEW, RACE
from games.ai.kasteel.heuristic import COARSE_TOTALS, score_actions
from games.ai.kasteel.search import Playout, StrongBot, play_one
from games.rules.kasteel.moves import legal_actions
from games.rules.kasteel.turns import play

from .test_counting import board
from .test_evaluation import RULES


def _world():
    # the foe holds no card, so after our move it is our turn again
    return RULES.from_json(board([], [], hand=("K/0", "D/0", "2/0")))


def test_the_leaf_is_worth_the_seats_best_move_there():
    world = _world()
    action = next(a for a in legal_actions(world) if a[2] == 0 and a[3] < 0)  # the King, dice
    after = world.copy()
    play(after, action)
    assert after.to_move == 0 and len(legal_actions(after)) > 1
    best = max(score_actions(after, 0, legal_actions(after), Deadline(None), RACE,
                             COARSE_TOTALS))
    leaf = play_one(world, action, 0, Deadline(None), Playout(weights=RACE, leaf_move=True))
    static = play_one(world, action, 0, Deadline(None), Playout(weights=RACE))
    assert leaf == best
    assert static != best


def test_the_level_plays_its_leaf_and_its_foes_as_set():
    assert StrongBot().playout().leaf_move is StrongBot.leaf_move
    assert StrongBot().playout().foe_weights == StrongBot.weights
    variant = type("Variant", (StrongBot,), {"foe_weights": NEW, "weights": replace(RACE)})
    assert variant().playout().foe_weights == NEW


def test_a_longer_horizon_plays_the_seats_own_turn_before_the_leaf():
    world = RULES.from_json(board([], [], hand=("K/0", "D/0", "2/0", "K/1")))
    action = next(a for a in legal_actions(world) if a[2] == 0 and a[3] < 0)  # the King, dice
    after = world.copy()
    play(after, action)
    scores = score_actions(after, 0, legal_actions(after), Deadline(None), RACE, COARSE_TOTALS)
    play(after, legal_actions(after)[scores.index(max(scores))])  # the seat's own next turn
    assert after.to_move == 0 and len(legal_actions(after)) > 1
    best = max(score_actions(after, 0, legal_actions(after), Deadline(None), RACE,
                             COARSE_TOTALS))
    two = play_one(world, action, 0, Deadline(None), Playout(weights=RACE, leaf_move=True,
                                                           turns=2))
    assert two == best
    assert StrongBot().playout().turns == StrongBot.horizon
