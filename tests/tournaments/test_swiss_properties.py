"""Swiss pairing, whole tournaments simulated: the hard rules always hold.

No pair meets twice, nobody gets two byes, no seat difference goes past two, and every
round seats every player once. When a round cannot be paired the error is right: a
brute-force search over small fields confirms that no valid pairing existed.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import ByeResult, PairingError, max_swiss_rounds, pair_swiss
from tournaments.pairing.swiss import build_players

from .helpers import any_valid_pairing, field, play, seat_differences


def run_swiss(count: int, rounds: int, seed: int, budget: int | None, withdraw: bool):
    rng = random.Random(seed)
    entrants = field(count, seed)
    games, byes = [], []
    for number in range(1, min(rounds, max_swiss_rounds(count)) + 1):
        if withdraw and number == 3 and len(entrants) > 3:
            entrants = entrants[:-1]  # the last one withdraws; their games stay in history
        try:
            paired = pair_swiss(
                entrants, games, byes, round_number=number, seed=seed, budget=budget
            )
        except PairingError:
            if len(entrants) <= 11:
                players = build_players(entrants, games, byes, round_number=number, seed=seed)
                assert not any_valid_pairing(players)
            return games, byes, entrants
        seated = [x for p in paired.pairings for x in (p.first, p.second)]
        if paired.bye is not None:
            seated.append(paired.bye)
            byes.append(ByeResult(number, paired.bye))
        assert sorted(seated) == sorted(e.id for e in entrants)
        assert (paired.bye is not None) == (len(entrants) % 2 == 1)
        games += play(paired.pairings, number, rng)
        check_hard_rules(games, byes)
    return games, byes, entrants


def check_hard_rules(games, byes):
    pairs = Counter(frozenset((g.first, g.second)) for g in games)
    assert max(pairs.values()) == 1, "a pair met twice"
    assert max(Counter(b.player for b in byes).values(), default=1) == 1, "a second bye"
    assert all(abs(d) <= 2 for d in seat_differences(games).values()), "seats past two"


@settings(max_examples=150, deadline=None, database=None)
@given(
    count=st.integers(2, 22),
    rounds=st.integers(1, 11),
    seed=st.integers(0, 10**6),
    budget=st.sampled_from([None, 0, 5]),
    withdraw=st.booleans(),
)
def test_it_never_breaks_a_hard_rule(count, rounds, seed, budget, withdraw):
    run_swiss(count, rounds, seed, budget, withdraw)


@settings(max_examples=25, deadline=None, database=None)
@given(count=st.integers(40, 90), seed=st.integers(0, 10**6))
def test_it_keeps_the_rules_in_bigger_fields(count, seed):
    run_swiss(count, 7, seed, None, False)


@settings(max_examples=60, deadline=None, database=None)
@given(count=st.integers(3, 11).filter(lambda n: n % 2), seed=st.integers(0, 10**6))
def test_it_gives_the_bye_to_the_lowest_score_that_allows_a_round(count, seed):
    rng = random.Random(seed)
    entrants = field(count, seed)
    games, byes = [], []
    for number in range(1, min(5, count) + 1):
        try:
            paired = pair_swiss(entrants, games, byes, round_number=number, seed=seed)
        except PairingError:
            return
        players = build_players(entrants, games, byes, round_number=number, seed=seed)
        by_id = {p.id: p for p in players}
        lower = [
            p
            for p in players
            if not p.had_bye
            and p.halves < by_id[paired.bye].halves
            and any_valid_pairing([q for q in players if q is not p])
        ]
        assert not lower, "a lower score could have taken the bye"
        byes.append(ByeResult(number, paired.bye))
        games += play(paired.pairings, number, rng)
