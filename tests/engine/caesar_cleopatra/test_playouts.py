"""Random playouts: invariants after every move of 300 games.

All games: each player's 50 cards and the 8 vote cards conserved, legal
moves distinct, secrets only where they belong, every game ends. Every
tenth game also checks at every move that ``apply`` left its input
unchanged, the JSON round trip, that no view (either player's or a
spectator's) shows a hidden card, that the redacted events carry no hidden
card, and that replaying from the seed and the moves gives exactly the same
states. Half the games pass only rarely (a player who passes a lot exhausts
the cards long before the patricians are all won), so both endings occur.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from games.rules.caesar_cleopatra.constants import CARD_OWNER, VOTE_COUNT

from .helpers import RULES, check_no_leak, view_names

GAMES = 300
FULL_CHECK_EVERY = 10
DECISION_LIMIT = 3000
SECRET_TYPES = {"setup", "place", "draw", "spy_look", "castle"}


def card_counts(state) -> list[Counter]:
    counts = [Counter(), Counter()]
    lists = state.hand + state.influence + state.actions + state.discard + state.down + state.up
    for cards in lists:
        for card in cards:
            counts[CARD_OWNER[card]][card] += 1
    return counts


def choose(rng: random.Random, moves: list[dict], careful: bool) -> dict:
    if careful and rng.random() < 0.95:
        others = [move for move in moves if move["type"] != "pass"]
        if others:
            return rng.choice(others)
    return rng.choice(moves)


def check_events(events: list[dict], data: dict) -> None:
    for event in events:
        text = json.dumps(event)
        assert "seed" not in text
        secret = event.get("secret")
        if secret is None:
            continue
        assert event["type"] in SECRET_TYPES
        assert set(secret) <= {"cleopatra", "caesar"} and len(secret) == 1
        public = {key: value for key, value in event.items() if key != "secret"}
        if event["type"] != "place" or event["face"] == "down":
            assert not view_names(public), event
    for viewer in ("cleopatra", "caesar", None):
        for event in RULES.redact_events(events, viewer):
            assert "secret" not in event
            if event["type"] == "spy_look":
                assert ("hand" in event) == (viewer == event["player"])


def play_one(seed: int, full: bool) -> dict:
    rng = random.Random(seed)
    careful = seed % 2 == 1
    state = RULES.new_game(seed)
    expected = card_counts(state)
    moves, history = [], []
    kinds: Counter = Counter()
    decisions = 0
    while not RULES.is_over(state):
        decisions += 1
        assert decisions < DECISION_LIMIT, "random games end well within the limit"
        legal = RULES.legal_moves(state)
        assert legal, "a running game always has a legal move"
        keys = [json.dumps(move, sort_keys=True) for move in legal]
        assert len(set(keys)) == len(keys), "each legal move once"
        move = choose(rng, legal, careful)
        before = RULES.to_json(state) if full else None
        applied = RULES.apply(state, move, seat=RULES.to_move(state))
        if full:
            assert RULES.to_json(state) == before, "apply never changes its input"
        assert applied.events
        kinds.update(event["type"] for event in applied.events)
        kinds.update(
            f"vote_card:{event['effect']}"
            for event in applied.events
            if event["type"] == "vote_card"
        )
        state = applied.state
        assert card_counts(state) == expected, "each player's 50 cards, each exactly once"
        votes = Counter(state.vote_deck + state.vote_discard + state.vote_aside)
        assert [votes[card] for card in range(len(VOTE_COUNT))] == list(VOTE_COUNT)
        moves.append(move)
        if full:
            data = RULES.to_json(state)
            check_events(applied.events, data)
            again = RULES.from_json(json.loads(json.dumps(data)))
            assert again == state and RULES.to_json(again) == data
            for viewer in ("cleopatra", "caesar", None):
                check_no_leak(data, RULES.view(state, viewer), viewer)
            history.append(data)
    if full:
        replay = RULES.new_game(seed)
        for move, data in zip(moves, history, strict=True):
            replay = RULES.apply(replay, move).state
            assert RULES.to_json(replay) == data
    outcome = RULES.outcome(state)
    return {
        "winner": outcome.winner,
        "reason": outcome.reason,
        "all_won": not any(state.patricians),
        "kinds": kinds,
    }


def test_random_playouts_keep_every_invariant():
    results = [play_one(seed, full=seed % FULL_CHECK_EVERY == 0) for seed in range(GAMES)]
    winners = Counter(result["winner"] for result in results)
    assert winners["cleopatra"] > 0 and winners["caesar"] > 0
    endings = Counter(result["all_won"] for result in results)
    assert endings[True] > 0 and endings[False] > 0, "both ends of section 5 occur"
    kinds = sum((result["kinds"] for result in results), Counter())
    for kind in (
        "veto",
        "no_veto",
        "spy",
        "castle",
        "scout",
        "wrath",
        "assassination",
        "extraordinary_vote",
        "vote_card:aside",
        "vote_card:orgy",
        "vote_card:reshuffle",
        "pass",
    ):
        assert kinds[kind] > 0, kind


def test_the_fast_path_runs_the_same_rules_as_apply():
    for seed in range(20):
        rng = random.Random(seed)
        slow = fast = RULES.new_game(seed)
        while not RULES.is_over(slow):
            actions = RULES.legal_actions(fast)
            moves = RULES.legal_moves(slow)
            assert [RULES.action_to_move(action) for action in actions] == moves
            index = rng.randrange(len(moves))
            assert RULES.move_to_action(slow, moves[index]) == actions[index]
            slow = RULES.apply(slow, moves[index]).state
            fast = RULES.apply_action(fast, actions[index])
            assert fast == slow
        copy = fast.copy()
        assert copy == fast and copy is not fast
