"""Every level decides from its seat's view alone: hidden cards (other
hands, the deck's order, the seed, so the dice's future too) dealt anew give
the same input and the same move."""

from __future__ import annotations

import random

import pytest

from games.ai import Budget
from games.ai.registry import get_arena_bot

from .helpers import RULES


def _redeal_hidden(state, seat: int, rng: random.Random):
    """The same position with every card hidden from ``seat`` dealt anew
    (other hands and the deck, keeping their sizes) and another seed."""
    data = RULES.to_json(state)
    others = [i for i in range(len(data["seats"])) if i != seat]
    hidden = list(data["deck"]) + [c for i in others for c in data["seats"][i]["hand"]]
    rng.shuffle(hidden)
    data["deck"], hidden = hidden[: len(data["deck"])], hidden[len(data["deck"]) :]
    for i in others:
        size = len(data["seats"][i]["hand"])
        data["seats"][i]["hand"], hidden = hidden[:size], hidden[size:]
    data["seed"] = rng.randrange(1 << 30)
    return RULES.from_json(data)


#: The strong level's worlds are sampled from the view with the bot's rng: an
#: iteration budget makes it repeat exactly (no CPU cap that load could reach).
BUDGETS = {"heuristic": None, "strong": Budget(iterations=1, cpu_seconds=60.0)}


@pytest.mark.parametrize("level", ["heuristic", "strong"])
def test_hidden_cards_do_not_change_the_choice(level):
    bot = get_arena_bot("kasteel", level)
    budget = BUDGETS[level]
    rng = random.Random(11)
    checked = differed = 0
    for seed, options in (
        (21, {"players": 4, "limit": 6}),
        (22, {"players": 6, "teams": True, "limit": 3}),
    ):
        state = RULES.new_game(seed, options)
        while not RULES.is_over(state):
            seat = RULES.to_move(state)
            legal = RULES.legal_moves(state)
            if len(legal) > 1 and state.phase != 0 and rng.random() < 0.5:
                other = _redeal_hidden(state, int(seat), rng)
                view, other_view = RULES.view(state, seat), RULES.view(other, seat)
                assert view == other_view
                assert RULES.legal_moves(other) == legal
                if RULES.to_json(other) != RULES.to_json(state):
                    differed += 1
                first = bot.choose(view, legal, random.Random(seed), budget)
                second = bot.choose(
                    other_view, RULES.legal_moves(other), random.Random(seed), budget
                )
                assert first == second
                checked += 1
            move = rng.choice(legal)
            state = RULES.apply(state, move, seat=seat).state
    assert checked > 50 and differed > 40, (checked, differed)
