"""The static evaluation's sense, and the bots' grip on simple tactics."""

from __future__ import annotations

import random

import pytest

from games.ai import Budget, get_bot
from games.ai.druidenwalzer.evaluate import WIN, evaluate
from tests.engine.druidenwalzer.helpers import load, position, tree

from .helpers import RULES

BUDGETS = {"heuristic": None, "strong": Budget(iterations=400)}


def test_it_evaluates_symmetrically_and_scores_the_end():
    rng = random.Random(9)
    for index in range(20):
        state = RULES.new_game(index)
        while not RULES.is_over(state):
            assert evaluate(state, 0) == pytest.approx(-evaluate(state, 1))
            assert -WIN < evaluate(state, 0) < WIN
            state = RULES.apply_action(state, rng.choice(RULES.legal_actions(state)))
        assert evaluate(state, state.winner) == WIN
        assert evaluate(state, 1 - state.winner) == -WIN


def _sun_trees(signs_on_1: int = 0, flipped_4: bool = False):
    return [
        tree("S3L", down=["S2R"], druid="purple", signs=signs_on_1),
        tree("S2L", down=["S2R"], druid="orange"),
        tree("S4L", down=["S3R"], druid="black"),
        tree(flipped=flipped_4) if flipped_4 else tree("S4R", down=["S3R"]),
    ]


def test_it_values_signs_flips_and_empty_trees():
    base = dict(
        moon=[
            tree("M1L", down=["M2R"], druid="purple"),
            tree("M3L", down=["M2R"], druid="orange"),
            tree("M5L", down=["M3R"], druid="black"),
            tree("M4R", down=["M3R"]),
        ],
        hands={"moon": ["M1R", "M2L"], "sun": ["S1R", "S2L"]},
        to_move="sun",
    )
    calm = evaluate(load(position(sun=_sun_trees(), **base)), 0)
    signs = evaluate(load(position(sun=_sun_trees(signs_on_1=4), **base)), 0)
    flipped = evaluate(load(position(sun=_sun_trees(flipped_4=True), **base)), 0)
    assert calm < signs < flipped  # good for moon: signs on sun's tree, a flipped sun tree
    emptied = dict(base, moon=[*base["moon"][:3], tree()])
    assert evaluate(load(position(sun=_sun_trees(), **emptied)), 0) < calm


def _winning_position():
    """Moon to move; sun has lost tree 4 and carries 5 signs on tree 1,
    whose purple druid shows a 3 against moon's purple 4. Any waltz that
    does not ban purple wins the game at once; a withdraw or a leap does not."""
    return position(
        moon=[
            tree("M4L", down=["M2R"], druid="purple"),
            tree("M1R", down=["M2R"], druid="orange"),
            tree("M1L", down=["M3R"], druid="black"),
            tree("M5R", down=["M3R"]),
        ],
        sun=[
            tree("S3L", down=["S2R"], druid="purple", signs=5),
            tree("S1L", down=["S2R"], druid="orange"),
            tree("S1R", down=["S3R"], druid="black"),
            tree(flipped=True),
        ],
        hands={"moon": ["M2L"], "sun": ["S5R", "S5L", "S4R"]},
        to_move="moon",
    )


@pytest.mark.parametrize("level", ["heuristic", "strong"])
def test_it_takes_a_win_in_one(level):
    state = load(_winning_position())
    move = get_bot("druidenwalzer", level).choose(
        RULES.view(state, "moon"), RULES.legal_moves(state), random.Random(1), BUDGETS[level]
    )
    after = RULES.apply(state, move).state
    assert RULES.outcome(after) is not None and RULES.outcome(after).winner == "moon", move


@pytest.mark.parametrize("level", ["heuristic", "strong"])
def test_it_fills_an_empty_tree_that_would_lose_the_game(level):
    """Moon has lost tree 4 and tree 2 stands empty: unless moon waltzes onto
    tree 2 now, it is flipped at the end of this turn and moon loses."""
    data = position(
        moon=[
            tree("M4L", down=["M2R"], druid="purple"),
            tree(druid="orange"),
            tree("M3L", down=["M3R"], druid="black"),
            tree(flipped=True),
        ],
        sun=_sun_trees(),
        hands={"moon": ["M1L", "M5R"], "sun": ["S5R", "S5L", "S4R"]},
        to_move="moon",
    )
    state = load(data)
    move = get_bot("druidenwalzer", level).choose(
        RULES.view(state, "moon"), RULES.legal_moves(state), random.Random(2), BUDGETS[level]
    )
    assert move["type"] == "waltz" and move["tree"] == 2, move
