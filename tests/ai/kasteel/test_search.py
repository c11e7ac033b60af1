"""The strong level: legal at every player count and in teams, within its
CPU cap, repeatable with an iteration budget, and its worlds are made only
of what the seat sees."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.ai import Budget
from games.ai.kasteel.observe import state_from_view
from games.ai.kasteel.search import sample_world, unseen_cards
from games.ai.registry import get_arena_bot
from tests.cpu import bot_cpu

from .helpers import RULES, play_checked

SMALL = Budget(iterations=1, cpu_seconds=60.0)


def _position(seed: int, options: dict, turns: int):
    """A seeded game played at random until ``turns`` moves of play."""
    rng = random.Random(seed)
    state = RULES.new_game(seed, options)
    while state.phase == 0 or RULES.turn_number(state) < turns or len(RULES.legal_moves(state)) < 3:
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state))).state
    return state


@pytest.mark.parametrize(
    ("levels", "options", "seed"),
    [
        (["strong", "heuristic"], {"players": 2, "limit": 1}, 1),
        (["strong", "random", "heuristic", "random"], {"players": 4, "teams": True, "limit": 1}, 2),
        (["strong", "heuristic", "random"], {"players": 3, "limit": 1}, 3),
        (["strong"] + ["random"] * 11, {"players": 12, "limit": 1}, 4),
    ],
    ids=["2 players", "4 players, teams", "3 players", "12 players"],
)
def test_it_plays_only_legal_moves(levels, options, seed, monkeypatch):
    from games.ai.kasteel import search

    monkeypatch.setattr(search, "DEFAULT_BUDGET", SMALL)
    monkeypatch.setattr(search.StrongBot, "default_budget", SMALL)
    kinds: Counter = Counter()

    def count(state, view, legal, move):
        if levels[view["viewer"]] == "strong":
            kinds[move["type"]] += 1

    state = play_checked(levels, seed, options, count)
    assert RULES.is_over(state)
    assert kinds["place"] and kinds["move"], kinds


def test_an_iteration_budget_repeats_exactly():
    bot = get_arena_bot("kasteel", "strong")
    state = _position(5, {"players": 4, "limit": 3}, 30)
    seat = RULES.to_move(state)
    view, legal = RULES.view(state, seat), RULES.legal_moves(state)
    budget = Budget(iterations=3, cpu_seconds=60.0)
    first = bot.choose(view, legal, random.Random(8), budget)
    assert all(bot.choose(view, legal, random.Random(8), budget) == first for _ in range(3))


@pytest.mark.parametrize("players", [4, 12])
def test_it_stays_within_its_cpu_cap(players):
    bot = get_arena_bot("kasteel", "strong")
    rng = random.Random(3)
    state = _position(6, {"players": players, "limit": 2}, 3 * players)
    for _ in range(6):
        while len(RULES.legal_moves(state)) < 2:
            state = RULES.apply(state, RULES.legal_moves(state)[0]).state
        seat = RULES.to_move(state)
        view, legal = RULES.view(state, seat), RULES.legal_moves(state)
        started = bot_cpu()
        move = bot.choose(view, legal, rng, Budget(cpu_seconds=0.1))
        assert bot_cpu() - started < 0.1 + 0.05  # a loaded machine adds a GC pause or two
        state = RULES.apply(state, move).state


def test_a_world_keeps_the_board_and_the_public_sizes_and_deals_only_unseen_cards():
    state = _position(7, {"players": 5, "limit": 2}, 12)
    seat = RULES.to_move(state)
    view = RULES.view(state, seat)
    board = state_from_view(view)
    unseen = unseen_cards(board, view)
    world = sample_world(board, view, unseen, random.Random(1))
    viewer = int(seat)
    assert world.hands[viewer] == state.hands[viewer]
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert len(world.deck) == len(state.deck)
    assert world.discard == state.discard
    everything = sorted(world.deck + world.discard + [c for h in world.hands for c in h])
    assert everything == list(range(13 * 5))
    assert world.loc == state.loc and world.lines == state.lines


def test_it_leaves_the_heuristics_move_only_for_a_clear_gain():
    from games.ai.kasteel.search import pick

    steady = [[1.0, 2.0, 3.0, 4.0], [1.5, 2.5, 3.5, 4.5]]  # better in every world
    assert pick(steady, 1.5) == 1
    noisy = [[1.0, 2.0, 3.0, 4.0], [9.0, -5.0, 8.0, -1.0]]  # better on average, by luck
    assert pick(noisy, 1.5) == 0
    assert pick(noisy, 0.0) == 1  # without the guard: the best mean
    assert pick([[5.0], [6.0]], 1.5) == 0  # one world says nothing
    assert pick([[3.0, 3.0], [1.0, 1.0]], 1.5) == 0


def _last_deal_position(seed: int):
    """A 4-seat game with a one-cycle limit played at random into its last deal."""
    from games.ai.kasteel.search import last_deal

    rng = random.Random(seed)
    state = RULES.new_game(seed, {"players": 4, "limit": 1})
    while not last_deal(state) or len(RULES.legal_moves(state)) < 3:
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state))).state
    return state


@pytest.mark.parametrize(
    ("switch", "position"),
    [("next_turn_search", lambda: _position(5, {"players": 4, "limit": 3}, 30)),
     ("endgame_search", lambda: _last_deal_position(4))],
    ids=["before the last deal", "in the last deal"],
)
def test_a_search_switched_off_plays_the_heuristics_first_choice(switch, position, monkeypatch):
    from games.ai.kasteel import search

    def no_play_out(*args, **kwargs):
        raise AssertionError("played out where the search is switched off")

    state = position()
    seat = RULES.to_move(state)
    view, legal = RULES.view(state, seat), RULES.legal_moves(state)
    quiet = type("Quiet", (search.StrongBot,), {switch: False})()
    monkeypatch.setattr(search, "play_out", no_play_out)
    move = quiet.choose(view, legal, random.Random(2), Budget(iterations=2))
    assert move in legal
    with pytest.raises(AssertionError, match="played out"):  # the level itself searches here
        search.StrongBot().choose(view, legal, random.Random(2), Budget(iterations=2))
