"""Kasteel rounds: tables by rating snake or draw, AI fill, teams, who goes on."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Entrant, PairingError, TableResult, advancing, seat_tables

from .helpers import field

TEN = [Entrant(i, 3000 - i) for i in range(1, 11)]  # 1 strongest ... 10


def test_it_deals_by_rating_snake():
    draw = seat_tables(TEN, table_size=4)
    # three tables: 1 2 3 / 6 5 4 / 7 8 9 / 10
    assert [sorted(t.players) for t in draw.tables] == [[1, 6, 7], [2, 5, 8], [3, 4, 9, 10]]
    assert draw.ai_seats == 0


def test_it_fills_short_tables_with_ai_when_allowed():
    draw = seat_tables(TEN, table_size=4, allow_ai=True)
    assert [len(t.seats) for t in draw.tables] == [4, 4, 4]
    assert [t.ai_seats for t in draw.tables] == [1, 1, 0]
    assert draw.ai_seats == 2


def test_it_partners_the_strongest_with_the_weakest_in_teams():
    draw = seat_tables(TEN[:8], table_size=4, teams=True)
    for table in draw.tables:
        partners = {frozenset((table.seats[i], table.seats[i + 2])) for i in range(2)}
        ranked = sorted(table.players)
        assert partners == {frozenset((ranked[0], ranked[3])), frozenset((ranked[1], ranked[2]))}


def test_it_refuses_a_table_too_small_to_play():
    with pytest.raises(PairingError, match="table 1 would have 1 of 2 seats"):
        seat_tables(TEN[:3], table_size=2)
    with pytest.raises(PairingError, match="team game"):
        seat_tables(TEN[:6], table_size=4, teams=True)
    with pytest.raises(PairingError, match="2 to 12 seats"):
        seat_tables(TEN, table_size=13)
    with pytest.raises(PairingError, match="even size of at least 4"):
        seat_tables(TEN, table_size=6 - 1, teams=True)
    with pytest.raises(PairingError, match="snake or random"):
        seat_tables(TEN, table_size=4, method="alphabet")


@settings(max_examples=150, deadline=None, database=None)
@given(
    count=st.integers(2, 80),
    size=st.integers(2, 12),
    method=st.sampled_from(["snake", "random"]),
    allow_ai=st.booleans(),
    teams=st.booleans(),
    seed=st.integers(0, 1000),
)
def test_it_seats_everyone_once_at_even_tables(count, size, method, allow_ai, teams, seed):
    entrants = field(count, seed)
    try:
        draw = seat_tables(
            entrants, table_size=size, method=method, seed=seed, allow_ai=allow_ai, teams=teams
        )
    except PairingError:
        assert (teams and (size % 2 or size < 4)) or not allow_ai
        return
    seated = Counter(p for t in draw.tables for p in t.players)
    assert sorted(seated) == sorted(e.id for e in entrants) and set(seated.values()) == {1}
    humans = [len(t.players) for t in draw.tables]
    assert max(humans) - min(humans) <= 1 and max(humans) <= size
    assert len(draw.tables) == -(-count // size)
    for table in draw.tables:
        assert 2 <= len(table.seats) <= 12
        assert len(table.seats) == size if allow_ai else table.ai_seats == 0
    assert draw == seat_tables(
        entrants, table_size=size, method=method, seed=seed, allow_ai=allow_ai, teams=teams
    )


def test_it_sends_the_top_k_of_each_table_on_and_all_who_tie_at_the_cut():
    results = [
        TableResult(2, {"e": 1, "f": 2, "g": 2, "h": 4}),
        TableResult(1, {"a": 2, "b": 1, "c": 3, "d": 4}),
    ]
    assert advancing(results, 1) == ["b", "e"]
    assert advancing(results, 2) == ["b", "a", "e", "f", "g"]
    with pytest.raises(PairingError, match="at least one player"):
        advancing(results, 0)
    with pytest.raises(PairingError, match="two tables"):
        advancing([TableResult(1, {"a": 1}), TableResult(2, {"a": 1})], 1)
