"""The strong level's focus in a limited game: a Joker walks the next piece
of the home order when it stands on the ring, or enters the first of its
home row while it waits at home, unless it can no longer get in by the
limit (``heuristic.joker_on_next``); and the home order puts the Bandit and
the Sheriff right after the King (``heuristic.HUNTERS_EARLY``)."""

from __future__ import annotations

import random
from dataclasses import replace

from games.ai.base import Deadline
from games.ai.kasteel.evaluate import NEW, RACE, entry_chance
from games.ai.kasteel.heuristic import (
    HIGHEST_FIRST,
    HUNTERS_EARLY,
    LOST,
    HeuristicBot,
    score_moves,
)
from games.ai.kasteel.observe import state_from_view
from games.ai.kasteel.search import StrongBot, only_the_first_gets_in
from games.rules import get_rules
from games.rules.kasteel.constants import DEAL_SIZES

from .test_evaluation import RULES, two_player_state


def _scores(state, weights):
    legal = RULES.legal_moves(state)
    board = state_from_view(RULES.view(state, "0"))
    return legal, score_moves(board, 0, legal, Deadline(5.0), weights)


def test_a_joker_walks_the_king_on_the_ring_in_a_limited_game():
    # the Duke waits first in the home row: the plain heuristic may well
    # spend the Joker on entering it, the strong level's rule may not
    state = two_player_state(["J/0", "3/0"], {"K": [10, 0]}, {}, "DCBPSX")
    legal, scores = _scores(state, RACE)
    jokers = [(m, s) for m, s in zip(legal, scores) if m["card"] == "J/0"]
    assert {m["piece"] for m, _ in jokers} == {"0:K", "0:D"}
    assert all((s > LOST) == (m["piece"] == "0:K") for m, s in jokers)
    # the heuristic's weights leave every move to the evaluation
    _, plain = _scores(state, NEW)
    assert all(s > LOST for s in plain)


def test_the_rule_stands_aside_when_the_king_is_in_its_castle():
    in_castle = two_player_state(["J/0", "3/0"], {"D": [4, 0]}, {"K": 3}, "CBPSX")
    legal, scores = _scores(in_castle, RACE)
    assert len(legal) >= 2 and all(s > LOST for s in scores)


def _jokers(state, weights):
    legal, scores = _scores(state, weights)
    return {m["piece"]: s > LOST for m, s in zip(legal, scores) if m["card"] == "J/0"}


def test_a_joker_enters_the_king_waiting_first_at_home():
    # the King waits first in its home row and the Duke walks the ring: the
    # Joker enters the King, it does not walk the Duke
    state = two_player_state(["J/0", "3/0"], {"D": [4, 0]}, {}, "KCBPSX")
    assert _jokers(state, RACE) == {"0:K": True, "0:D": False}
    # without the queue rule (the level before) both stay
    assert _jokers(state, replace(RACE, joker_queue=False)) == {"0:K": True, "0:D": True}


def test_a_joker_enters_the_piece_ahead_of_the_king_in_the_home_row():
    # the Chancellor waits before the King: it must be out first, so the
    # Joker enters it, not the Duke on the ring
    state = two_player_state(["J/0", "3/0"], {"D": [4, 0]}, {}, "CKBPSX")
    assert _jokers(state, RACE) == {"0:C": True, "0:D": False}


def test_jokers_are_free_once_the_king_can_no_longer_get_in():
    # the last deal of the last cycle, the King at home: its chance to get
    # into the castle by the limit is nil, the Jokers go where they do most
    state = two_player_state(["J/0", "3/0"], {"D": [4, 0]}, {}, "KCBPSX")
    state.cycle = state.limit
    state.deal = len(DEAL_SIZES) - 1
    assert entry_chance(state, 0) < RACE.joker_hope
    assert _jokers(state, RACE) == {"0:K": True, "0:D": True}
    state.cycle = 1  # early on it can: the rule holds
    assert entry_chance(state, 0) > 0.5 and _jokers(state, RACE)["0:D"] is False


def test_the_entry_chance_of_a_king_in_its_castle_is_certain():
    state = two_player_state(["J/0", "3/0"], {"D": [4, 0]}, {"K": 3}, "CBPSX")
    assert entry_chance(state, 0) == 1.0
    on_ring = two_player_state(["J/0"], {"K": [30, 0]}, {}, "DCBPSX")
    at_home = two_player_state(["J/0"], {}, {}, "KDCBPSX")
    assert entry_chance(on_ring, 0) > entry_chance(at_home, 0)


def test_the_rule_only_plays_in_a_limited_game():
    state = two_player_state(["J/0", "3/0"], {"K": [10, 0]}, {}, "DCBPSX")
    state.limit = None
    legal, scores = _scores(state, RACE)
    assert all(s > LOST for s in scores)


def _placements(bot, limit=5, players=2):
    rules = get_rules("kasteel")
    state = rules.new_game(3, {"players": players, "limit": limit})
    placed = {}
    while state.in_setup:
        seat = str(state.to_move)
        legal = rules.legal_moves(state)
        move = bot.choose(rules.view(state, seat), legal, random.Random(1), None)
        placed.setdefault(seat, []).append(move["piece"].rpartition(":")[2])
        state = rules.apply(state, move, seat=seat).state
    return placed


def test_each_level_places_its_home_order():
    assert HUNTERS_EARLY[0] == HIGHEST_FIRST[0] == "K"  # the King's 7 points first
    assert sorted(HUNTERS_EARLY) == sorted(HIGHEST_FIRST)
    for bot, order in ((StrongBot(), HUNTERS_EARLY), (HeuristicBot(), HIGHEST_FIRST)):
        assert all("".join(p) == order for p in _placements(bot).values())
    # without a length limit the castle order matters: the strong level's too
    assert all("".join(p) == HIGHEST_FIRST for p in _placements(StrongBot(), None).values())


def test_the_hunters_come_early_only_where_the_limit_leaves_time_for_one_piece():
    # a 4-seat table's default limit (9 cycles): about 1.6 pieces could get in
    # unrobbed; a 2-seat table's (18): about 6, and they score by rank
    assert only_the_first_gets_in(4, 9) and only_the_first_gets_in(2, 5)
    assert not only_the_first_gets_in(2, 18) and not only_the_first_gets_in(3, 12)
    assert not only_the_first_gets_in(2, None)
    four = _placements(StrongBot(), limit=9, players=4)
    two = _placements(StrongBot(), limit=18)
    assert len(four) == 4 and all("".join(p) == HUNTERS_EARLY for p in four.values())
    assert all("".join(p) == HIGHEST_FIRST for p in two.values())
