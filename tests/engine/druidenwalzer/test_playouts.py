"""Random playouts: invariants after every move of 1,000 games.

All games: cards conserved, legal moves distinct, events well formed, the
input state never changed. A subset also checks at every move that the JSON
round trip gives the same state, that views leak nothing, and that replaying
the game from its seed and moves gives exactly the same states.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

from games.rules.druidenwalzer.constants import CARD_CULT, CARDS_PER_CULT

from .helpers import RULES

GAMES = 1000
FULL_CHECK_EVERY = 8  # every 8th game gets the expensive checks at every move
TURN_LIMIT = 2000
CARD_PATTERN = re.compile(r"\b[MS][1-5][LR]\b")


def options_for(seed: int) -> dict:
    rng = random.Random(-seed)
    if seed % 5:
        return {}
    return {
        "removed": {
            "moon": rng.sample([1, 2, 3], rng.randint(0, 2)),
            "sun": rng.sample([1, 2, 3, 4, 5], rng.randint(0, 3)),
        }
    }


def card_counts(state) -> list[int]:
    counts = [0, 0]
    for stack in state.down + state.up + state.hand + state.draw:
        for card in stack:
            counts[CARD_CULT[card]] += 1
    return counts


def visible_names(data: dict, viewer: str | None) -> set[str]:
    names = set()
    for seat, player in data["players"].items():
        for entry in player["trees"]:
            if entry["up"]:
                names.add(entry["up"][-1])
        if player["cult_board"]:
            names.add(player["cult_board"][-1])
        if seat == viewer:
            names.update(player["hand"])
    return names


def check_full(state, data: dict) -> None:
    again = RULES.from_json(data)
    assert again == state
    assert RULES.to_json(again) == data
    for viewer in ("moon", "sun", None):
        text = json.dumps(RULES.view(state, viewer))
        assert set(CARD_PATTERN.findall(text)) <= visible_names(data, viewer)
        assert "seed" not in text


def play_one(seed: int, full: bool) -> dict:
    options = options_for(seed)
    rng = random.Random(seed)
    state = RULES.new_game(seed, options)
    expected = [CARDS_PER_CULT - len(state.removed[0]), CARDS_PER_CULT - len(state.removed[1])]
    moves, history = [], []
    last_flip = None
    while not RULES.is_over(state) and RULES.turn_number(state) < TURN_LIMIT:
        legal = RULES.legal_moves(state)
        assert legal, "a running game always has a legal move"
        keys = [json.dumps(move, sort_keys=True) for move in legal]
        assert len(set(keys)) == len(keys), "each legal move once"
        move = rng.choice(legal)
        before = RULES.to_json(state) if full else None
        applied = RULES.apply(state, move, seat=RULES.to_move(state))
        if full:
            assert RULES.to_json(state) == before, "apply never changes its input"
        assert applied.events
        for event in applied.events:
            assert "seed" not in event
            if "secret" in event:
                assert event["type"] == "draw"
            if event["type"] == "flip":
                last_flip = event["reason"]
        state = applied.state
        assert card_counts(state) == expected
        moves.append(move)
        if full:
            data = RULES.to_json(state)
            check_full(state, data)
            history.append(data)
    if full:
        replay = RULES.new_game(seed, options)
        for move, data in zip(moves, history, strict=True):
            replay = RULES.apply(replay, move).state
            assert RULES.to_json(replay) == data
    outcome = RULES.outcome(state)
    return {
        "over": RULES.is_over(state),
        "turns": RULES.turn_number(state),
        "winner": outcome.winner if outcome else None,
        "reason": last_flip,
    }


def test_random_playouts_keep_every_invariant():
    results = [play_one(seed, full=seed % FULL_CHECK_EVERY == 0) for seed in range(GAMES)]
    assert all(result["over"] for result in results), "random games end well within the limit"
    winners = Counter(result["winner"] for result in results)
    assert winners["moon"] > 0 and winners["sun"] > 0
    reasons = Counter(result["reason"] for result in results)
    assert reasons["signs"] > 0 and reasons["empty"] > 0
