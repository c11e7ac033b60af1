"""Round robin: perfect rounds, every pair once per cycle, balanced seats."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Entrant, PairingError, round_robin

from .helpers import field


@settings(max_examples=120, deadline=None, database=None)
@given(count=st.integers(2, 40), cycles=st.sampled_from([1, 2]), seed=st.none() | st.integers())
def test_it_makes_every_round_a_perfect_matching(count, cycles, seed):
    entrants = field(count, seed or 0)
    ids = {e.id for e in entrants}
    rounds = round_robin(entrants, cycles=cycles, seed=seed)
    per_cycle = count - 1 if count % 2 == 0 else count
    assert len(rounds) == per_cycle * cycles
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
    for rnd in rounds:
        seated = [p for pairing in rnd.pairings for p in (pairing.first, pairing.second)]
        if rnd.rest is not None:
            seated.append(rnd.rest)
        assert sorted(seated) == sorted(ids)  # everyone exactly once
        assert (rnd.rest is not None) == (count % 2 == 1)


@settings(max_examples=120, deadline=None, database=None)
@given(count=st.integers(2, 40), cycles=st.sampled_from([1, 2]), seed=st.none() | st.integers())
def test_it_pairs_everyone_once_per_cycle_with_balanced_seats(count, cycles, seed):
    entrants = field(count, seed or 0)
    rounds = round_robin(entrants, cycles=cycles, seed=seed)
    per_cycle = len(rounds) // cycles
    for cycle in range(cycles):
        games = [p for r in rounds[cycle * per_cycle : (cycle + 1) * per_cycle] for p in r.pairings]
        pairs = Counter(frozenset((p.first, p.second)) for p in games)
        assert len(pairs) == count * (count - 1) // 2
        assert set(pairs.values()) == {1}
        firsts = Counter(p.first for p in games)
        counts = [firsts.get(e.id, 0) for e in entrants]
        assert max(counts) - min(counts) <= 1
    rests = Counter(r.rest for r in rounds if r.rest is not None)
    assert all(times == cycles for times in rests.values())


def test_it_swaps_the_seats_in_the_second_cycle():
    rounds = round_robin(field(6), cycles=2)
    for one, two in zip(rounds[:5], rounds[5:], strict=True):
        assert [(p.second, p.first) for p in one.pairings] == [
            (p.first, p.second) for p in two.pairings
        ]


def test_it_is_the_same_for_the_same_seed_and_differs_for_another():
    entrants = field(10)
    assert round_robin(entrants, seed=4) == round_robin(entrants, seed=4)
    assert round_robin(entrants, seed=4) != round_robin(entrants, seed=5)


def test_it_refuses_a_field_of_one_a_third_cycle_and_a_double_entry():
    with pytest.raises(PairingError, match="at least two"):
        round_robin([Entrant(1)])
    with pytest.raises(PairingError, match="one or two cycles"):
        round_robin(field(4), cycles=3)
    with pytest.raises(PairingError, match="registered twice"):
        round_robin([Entrant(1), Entrant(1)])
