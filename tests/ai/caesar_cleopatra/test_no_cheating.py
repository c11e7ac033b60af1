"""No cheating: two full states that differ only in what is hidden from the
bot's seat (the opponent's hand, face-down cards and bonus card, the order
and content of both players' piles, the vote deck's order, the seed) give
the bot the same input, and so, with the same rng seed, the same move. The
levels that read the move log get the same redacted log with both."""

from __future__ import annotations

import copy
import random

import pytest

from games.ai import Budget, get_bot, levels_for
from games.ai.registry import get_arena_bot
from games.rules.caesar_cleopatra.constants import CARD_INDEX, IS_ACTION

from .helpers import RULES, careful_move

GAME = "caesar-cleopatra"
BUDGETS = {level: Budget(iterations=20) if level == "strong" else None
           for level in levels_for("caesar-cleopatra")}
BONUS = ["B-senators", "B-senators", "B-praetors", "B-praetors", "B-quaestors", "B-quaestors"]


def _midgame(seed: int, turns: int):
    """A position after ``turns`` turns, and each seat's redacted log of the game."""
    rng = random.Random(seed)
    state = RULES.new_game(seed)
    logs = {"cleopatra": [], "caesar": []}
    while RULES.turn_number(state) < turns or RULES.view(state, None)["pending"]:
        seat = RULES.to_move(state)
        applied = RULES.apply(state, RULES.action_to_move(careful_move(state, rng)), seat=seat)
        state = applied.state
        for viewer, log in logs.items():
            log.extend(RULES.redact_events(applied.events, viewer))
        assert not RULES.is_over(state)
    return state, logs


def _reshuffle_hidden(state, viewer: str, rng: random.Random):
    """A copy of ``state`` with everything hidden from ``viewer`` dealt anew."""
    data = copy.deepcopy(RULES.to_json(state))
    other = "caesar" if viewer == "cleopatra" else "cleopatra"
    me, them = data["players"][viewer], data["players"][other]
    rng.shuffle(me["influence_pile"])
    rng.shuffle(me["action_pile"])
    rng.shuffle(data["vote_deck"])
    # The opponent's hidden influence cards: hand, face-down cards, pile.
    hand_actions = [c for c in them["hand"] if IS_ACTION[CARD_INDEX[c]]]
    places = [them["influence_pile"]] + [g[other]["down"] for g in data["groups"].values()]
    hand_influence = [c for c in them["hand"] if not IS_ACTION[CARD_INDEX[c]]]
    places.append(hand_influence)
    cards = [c for place in places for c in place]
    rng.shuffle(cards)
    for place in places:
        count = len(place)
        place[:] = cards[:count]
        del cards[:count]
    # Its action cards: hand and pile.
    actions = hand_actions + them["action_pile"]
    rng.shuffle(actions)
    them["action_pile"] = actions[: len(them["action_pile"])]
    them["hand"] = hand_influence + actions[len(them["action_pile"]) :]
    pool = list(BONUS)
    pool.remove(me["bonus"])
    them["bonus"] = rng.choice(pool)
    data["seed"] = rng.randrange(10**9)
    return RULES.from_json(data)


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_it_chooses_the_same_move_whatever_the_hidden_cards(seed):
    state, logs = _midgame(seed, turns=14)
    viewer = RULES.to_move(state)
    history = logs[viewer]
    other = _reshuffle_hidden(state, viewer, random.Random(seed + 1))
    assert RULES.to_json(other)["players"] != RULES.to_json(state)["players"]
    view, legal = RULES.view(state, viewer), RULES.legal_moves(state)
    assert RULES.view(other, viewer) == view
    assert RULES.legal_moves(other) == legal
    bots = [(level, get_bot(GAME, level), budget) for level, budget in BUDGETS.items()]
    bots.append(("baseline", get_arena_bot(GAME, "baseline"), Budget(iterations=16)))
    bots.append(("strong-old", get_arena_bot(GAME, "strong-old"), Budget(iterations=20)))
    for level, bot, budget in bots:
        first = bot.choose(view, legal, random.Random(99), budget, history=list(history))
        second = bot.choose(
            RULES.view(other, viewer), RULES.legal_moves(other), random.Random(99), budget,
            history=list(history),
        )
        assert first == second, level
    assert get_bot(GAME, "strong").uses_history
