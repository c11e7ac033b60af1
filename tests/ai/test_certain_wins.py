"""A win that is certain from what the seat observed is found for every seed.

The positions come from the seeded games of ``test_exact_deals`` (game
number and move number), chosen where the win depends on the memory:

- *a tree's first card seen only at setup*: the winning waltz uncovers a
  card that lay on the tree since the setup. The setup writes no events, so
  without the first view (the log alone) the card is unknown and the win is
  not certain; with it, it is;
- *face-down cards narrowed by reveals and counts*: the winning waltz turns
  up face-down cards, and only the cards nothing has shown elsewhere (the
  first view, every reveal, every count) can lie there; the deals from the
  log alone put other cards there, and the win was not certain in them;
  and one pair of face-down cards that is all the log leaves possible at
  two places (the pair is dealt exactly; the win there does not hinge on it).
"""

from __future__ import annotations

import random

import pytest

from games.ai import Budget, get_bot
from games.ai.druidenwalzer.determinize import Observation
from games.ai.druidenwalzer.search import moves_and_actions
from games.ai.druidenwalzer.tactics import check_one_move
from games.rules import get_rules
from games.rules.druidenwalzer.constants import CARD_NAMES

from .deal_audit import play_audited
from .test_exact_deals import _chooser, _options

RULES = get_rules("druidenwalzer")

# (game, move, the certain win) where the deciding card lay on a tree since the setup.
SETUP_CARD = [
    (60, 22, {"type": "waltz", "card": "M1R", "tree": 1}),  # S3's first card S1R
    (76, 17, {"type": "waltz", "card": "S1R", "tree": 2}),  # M2's first card M1R
]

# (game, move, handicap, the certain win, the face-down places it turns up)
FACE_DOWN = [
    (119, 26, {"removed": {"moon": [2], "sun": [3, 1]}},
     {"type": "waltz", "card": "M1L", "tree": 3}, (5, 6)),
]


def _position(game: int, move: int, options=None):
    positions = play_audited(_chooser(game), game, options or _options(game))
    for number, position in enumerate(positions):
        if number == move:
            seat = RULES.to_move(position.state)
            return (seat, RULES.view(position.state, seat), RULES.legal_moves(position.state),
                    position.histories[seat], position.state)
    raise AssertionError("the game ended before that move")


def _win_share(view, legal, history, move, seed):
    observation = Observation(view, history)
    pairs = moves_and_actions(legal, observation.seat)
    check = check_one_move(observation, [action for _m, action in pairs], random.Random(seed),
                           deals=64, confirm=0)
    return dict(zip((tuple(sorted(m.items())) for m, _a in pairs), check.win_share))[
        tuple(sorted(move.items()))]


@pytest.mark.parametrize(("game", "move", "win"), SETUP_CARD)
def test_it_needs_the_first_view_for_a_win_a_setup_card_decides(game, move, win):
    seat, view, legal, history, state = _position(game, move)
    assert RULES.outcome(RULES.apply(state, win, seat=seat).state).winner == seat
    assert _win_share(view, legal, history, win, 0) == 1.0
    assert _win_share(view, legal, history[1:], win, 0) < 1.0  # the log alone


@pytest.mark.parametrize(("game", "move", "win"), SETUP_CARD)
def test_it_finds_the_certain_win_a_setup_card_decides_for_every_seed(game, move, win):
    _seat, view, legal, history, _state = _position(game, move)
    bot = get_bot("druidenwalzer", "strong")
    for seed in range(40):
        assert bot.choose(view, legal, random.Random(seed), Budget(iterations=30),
                          history=history) == win, seed


@pytest.mark.parametrize(("game", "move", "options", "win", "places"), FACE_DOWN)
def test_it_deals_face_down_only_the_cards_nothing_showed_elsewhere(game, move, options, win,
                                                                    places):
    seat, view, legal, history, state = _position(game, move, options)
    assert RULES.outcome(RULES.apply(state, win, seat=seat).state).winner == seat
    exact = Observation(view, history)
    assert exact.exact is not None
    possible = set(exact.exact.plans[0].unseen[0]) | set(exact.exact.plans[0].unseen[1])
    rng = random.Random(0)
    for _ in range(200):
        dealt = exact.sample(rng)
        assert all(set(dealt.down[place]) <= possible for place in places)
    log_only = Observation(view, history[1:])
    assert any(not set(log_only.sample(rng).down[place]) <= possible
               for _ in range(200) for place in places)
    assert _win_share(view, legal, history, win, 0) == 1.0
    assert _win_share(view, legal, history[1:], win, 0) < 1.0


@pytest.mark.parametrize(("game", "move", "options", "win", "places"), FACE_DOWN)
def test_it_finds_the_certain_win_face_down_cards_decide_for_every_seed(game, move, options,
                                                                        win, places):
    _seat, view, legal, history, _state = _position(game, move, options)
    bot = get_bot("druidenwalzer", "strong")
    for seed in range(40):
        assert bot.choose(view, legal, random.Random(seed), Budget(iterations=30),
                          history=history) == win, seed


def test_it_confirms_a_certain_win_on_64_deals():
    _seat, view, legal, history, _state = _position(*SETUP_CARD[0][:2])
    observation = Observation(view, history)
    pairs = moves_and_actions(legal, observation.seat)
    check = check_one_move(observation, [action for _m, action in pairs], random.Random(3))
    assert check.deals == 64 and check.winning is not None
    assert dict(next(m for m, a in pairs if a == check.winning)) == SETUP_CARD[0][2]


# The second shape of issue 43: one pair of face-down cards possible at two
# places, fixed by the log's reveals and counts (the handicaps leave few cards).
PINNED = (281, 33, {"removed": {"moon": [4, 4, 3, 3, 2, 5], "sun": [5, 5, 2, 2, 3, 1]}},
          {"type": "waltz", "card": "S4R", "tree": 2}, (5, 6), ["M2R", "M5R"])


def test_it_deals_the_one_pair_of_face_down_cards_the_log_leaves_possible():
    game, move, options, win, places, pair = PINNED
    seat, view, legal, history, state = _position(game, move, options)
    assert sorted(CARD_NAMES[card] for place in places for card in state.down[place]) == pair
    rng = random.Random(0)
    exact, log_only = Observation(view, history), Observation(view, history[1:])
    for _ in range(200):
        dealt = exact.sample(rng)
        assert sorted(CARD_NAMES[card] for place in places for card in dealt.down[place]) == pair
    assert any(sorted(CARD_NAMES[card] for place in places for card in log_only.sample(rng).down[
        place]) != pair for _ in range(50))
    bot = get_bot("druidenwalzer", "strong")
    for seed in range(40):
        assert bot.choose(view, legal, random.Random(seed), Budget(iterations=30),
                          history=history) == win, seed
