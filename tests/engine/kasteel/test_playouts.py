"""Random playouts for 2, 3, 4, 6 and 12 players, with and without teams.

Every game ends (with a length limit where random play would run for ever);
after every move: 13N cards conserved, 7 pieces per seat in one place each,
lines ordered by rank. The games played through the public interface also
check, at every move, that the JSON round trip gives the same state, that no
view leaks a hidden card or the seed, that ``apply`` never changes its
input, and at the end that replaying the moves from the seed gives exactly
the same states. The fast path must agree with ``apply`` move for move.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from games.rules.kasteel.constants import CASTLE, HOME, NOWHERE, PIECES, SQUARES_PER_SEAT

from .helpers import RULES

CARD = re.compile(r"\b[KDCBPSXJF1-4]/\d+\b")
CONFIGS = [(2, False), (3, False), (4, False), (4, True), (6, False), (6, True)]
CONFIGS += [(12, False), (12, True)]


def ids(config) -> str:
    players, teams = config
    return f"{players}{'-teams' if teams else ''}"


def check_invariants(state) -> None:
    n = state.n
    cards = list(state.deck) + state.discard + [c for hand in state.hands for c in hand]
    assert sorted(cards) == list(range(13 * n)), "13N cards, each once"
    ring = SQUARES_PER_SEAT * n
    on_ring = 0
    for seat in range(n):
        pieces = range(seat * PIECES, seat * PIECES + PIECES)
        at_home = {p for p in pieces if state.loc[p] == HOME}
        assert at_home == set(state.home[seat]) and len(state.home[seat]) == len(at_home)
        for piece in pieces:
            loc = state.loc[piece]
            placed = loc != NOWHERE or state.in_setup
            assert placed and (loc < 0 or loc < ring or CASTLE < loc <= CASTLE + 7)
            if 0 <= loc < ring:
                assert state.lines[loc].count(piece) == 1
                on_ring += 1
    assert sum(len(line) for line in state.lines.values()) == on_ring
    for line in state.lines.values():
        assert [p % PIECES for p in line] == sorted(p % PIECES for p in line)


def visible(data: dict, viewer: int | None) -> set[str]:
    names = set(data["discard"])
    if data["pending"]:
        names.add(data["pending"]["card"])
    if viewer is not None:
        names.update(data["seats"][viewer]["hand"])
    return names


def check_views(state, data: dict, viewers) -> None:
    for viewer in viewers:
        text = json.dumps(RULES.view(state, viewer))
        index = None if viewer is None else int(viewer)
        assert set(CARD.findall(text)) <= visible(data, index)
        assert '"seed"' not in text


def public_game(seed: int, players: int, teams: bool, limit: int | None) -> dict:
    options = {"players": players, "teams": teams, "limit": limit}
    rng = random.Random(seed)
    state = RULES.new_game(seed, options)
    moves, history = [], []
    while not RULES.is_over(state):
        legal = RULES.legal_moves(state)
        keys = [json.dumps(m, sort_keys=True) for m in legal]
        assert legal and len(set(keys)) == len(keys), "each legal move once"
        move = rng.choice(legal)
        before = RULES.to_json(state)
        applied = RULES.apply(state, move, seat=RULES.to_move(state))
        assert RULES.to_json(state) == before, "apply never changes its input"
        for event in applied.events:
            assert "seed" not in event and ("secret" not in event or event["type"] == "deal")
        state = applied.state
        data = RULES.to_json(state)
        assert RULES.from_json(json.loads(json.dumps(data))) == state
        mover = RULES.to_move(state)
        check_views(state, data, {None, mover, "0"} if mover else {None, "0"})
        check_invariants(state)
        moves.append(move)
        history.append(data)
    replay = RULES.new_game(seed, options)
    for move, data in zip(moves, history, strict=True):
        replay = RULES.apply(replay, move).state
        assert RULES.to_json(replay) == data
    outcome = RULES.outcome(state)
    assert outcome is not None and set(outcome.scores) == set(RULES.seats(state))
    return {"turns": RULES.turn_number(state), "reason": outcome.reason}


# Limits that keep the checked games short: 2 and 3 players play to the end.
PUBLIC_LIMITS = {2: None, 3: None, 4: 6, 6: 3, 12: 2}


@pytest.mark.parametrize("config", CONFIGS, ids=ids)
def test_public_playouts_keep_every_invariant(config):
    players, teams = config
    limit = PUBLIC_LIMITS[players]
    result = public_game(100 * players + teams, players, teams, limit)
    assert result["reason"] == ("castle" if limit is None else "limit")


def fast_game(seed: int, players: int, teams: bool, limit: int | None, check_every: int):
    rng = random.Random(seed)
    state = RULES.new_game(seed, {"players": players, "teams": teams, "limit": limit})
    moves = 0
    while not state.is_over:
        actions = RULES.legal_actions(state)
        RULES.play(state, actions[rng.randrange(len(actions))])
        moves += 1
        if moves % check_every == 0:
            check_invariants(state)
    check_invariants(state)
    return state


@pytest.mark.parametrize("config", CONFIGS, ids=ids)
def test_random_games_always_end(config):
    """Unlimited for 2 to 6 players (random play finishes), with a limit for 12."""
    players, teams = config
    games = {2: 12, 3: 8, 4: 4, 6: 2, 12: 3}[players]
    limit = 6 if players == 12 else None
    reasons = set()
    for seed in range(games):
        state = fast_game(seed, players, teams, limit, check_every=97)
        assert state.is_over
        reasons.add(RULES.outcome(state).reason)
        assert RULES.from_json(RULES.to_json(state)) == state
    assert reasons == ({"limit"} if limit else {"castle"})


@pytest.mark.parametrize("config", [(2, False), (4, True), (12, False)], ids=ids)
def test_the_fast_path_runs_the_same_rules_as_apply(config):
    players, teams = config
    rng = random.Random(players)
    slow = fast = RULES.new_game(players, {"players": players, "teams": teams, "limit": 2})
    while not RULES.is_over(slow):
        actions = RULES.legal_actions(fast)
        moves = RULES.legal_moves(slow)
        assert [RULES.action_to_move(a) for a in actions] == moves
        index = rng.randrange(len(moves))
        assert RULES.move_to_action(slow, moves[index]) == actions[index]
        slow = RULES.apply(slow, moves[index]).state
        fast = RULES.apply_action(fast, actions[index])
        assert fast == slow
