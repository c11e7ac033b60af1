"""When no story explains the log within the sampler's tries, the AI still moves.

``knowledge.NoStory`` is rare (an audit at the default budget met it once in
about 25 games), but a decision that raised it failed its task, and the task
tried again on the same seed failed the same way: the game stalled. The
observation now deals as a seat without the exact deals does for the rest of
that decision, while puzzles and the audit, which must stand on exact deals,
still get the error.
"""

from __future__ import annotations

import random

import pytest

from games.ai import Budget, get_bot
from games.ai.caesar_cleopatra.determinize import Observation
from games.ai.caesar_cleopatra.knowledge import NoStory
from games.ai.caesar_cleopatra.puzzles import deals_of

from .deal_audit import RULES, play_audited
from .test_exact_deals import _chooser


def _mid_game(game: int = 3, number: int = 60):
    for index, position in enumerate(play_audited(_chooser(game), game)):
        if index == number:
            seat = RULES.to_move(position.state)
            return seat, position
    raise AssertionError("the game ended before that position")


def test_it_deals_from_the_view_when_no_story_is_told(no_story):
    seat, position = _mid_game()
    view = RULES.view(position.state, seat)
    observation = Observation(view, position.histories[seat])
    assert observation.exact is not None
    for seed in range(20):
        dealt = observation.sample(random.Random(seed))
        assert RULES.view(dealt, seat) == view
    assert observation.untold and observation.exact is None


def test_the_strong_level_still_moves(no_story):
    seat, position = _mid_game()
    view, legal = RULES.view(position.state, seat), RULES.legal_moves(position.state)
    bot = get_bot("caesar-cleopatra", "strong")
    move = bot.choose(view, legal, random.Random(1), Budget(iterations=20),
                      history=position.histories[seat])
    assert move in legal


def test_what_needs_exact_deals_still_gets_the_error(no_story):
    seat, position = _mid_game()
    view = RULES.view(position.state, seat)
    observation = deals_of(view, position.histories[seat])
    assert observation is not None
    with pytest.raises(NoStory):
        observation.sample(random.Random(0))
