"""Knockout brackets: consistent for every field from 2 to 128, replays, seeding."""

from __future__ import annotations

import random

import pytest

from tournaments.pairing import (
    Entrant,
    PairingError,
    bracket_order,
    first_round,
    knockout_rounds,
    match_state,
    next_round,
)

from .helpers import field


def play_out(count: int, rng: random.Random | None):
    """The whole bracket; ``rng`` None lets the higher seed win every match."""
    entrants = field(count, count)
    rounds = [first_round(entrants, seed=count)]
    while len(rounds[-1]) > 1:
        winners = {}
        for match in rounds[-1]:
            if match.is_bye:
                continue
            if rng is None:
                winners[match.slot] = match.high.id
            else:
                winners[match.slot] = rng.choice([match.high.id, match.low.id])
        rounds.append(next_round(rounds[-1], winners))
    return entrants, rounds


@pytest.mark.parametrize("count", range(2, 129))
def test_it_builds_a_consistent_bracket(count):
    entrants, rounds = play_out(count, random.Random(count))
    size = 1 << knockout_rounds(count)
    assert size // 2 < count <= size
    assert len(rounds) == knockout_rounds(count)
    first = rounds[0]
    assert len(first) == size // 2
    seated = [m.high.id for m in first] + [m.low.id for m in first if m.low]
    assert sorted(seated) == sorted(e.id for e in entrants)  # everyone once in round 1
    byes = [m for m in first if m.is_bye]
    assert len(byes) == size - count
    assert sorted(m.high.seed for m in byes) == list(range(1, size - count + 1))
    for earlier, later in zip(rounds, rounds[1:], strict=False):
        assert len(later) == len(earlier) // 2
        for match in later:
            feeders = earlier[2 * match.slot : 2 * match.slot + 2]
            entrants_of = [{m.high.id, m.low.id if m.low else None} for m in feeders]
            assert match.high.id in entrants_of[0] | entrants_of[1]
            assert match.low.id in entrants_of[0] | entrants_of[1]
            assert match.high.seed < match.low.seed
    final = rounds[-1]
    assert len(final) == 1 and final[0].high is not None and final[0].low is not None


@pytest.mark.parametrize("count", [4, 8, 13, 16, 100, 128])
def test_it_keeps_the_top_seeds_apart_until_the_end(count):
    _, rounds = play_out(count, None)
    assert {rounds[-1][0].high.seed, rounds[-1][0].low.seed} == {1, 2}
    assert {m.high.seed for m in rounds[-2]} | {m.low.seed for m in rounds[-2]} == {1, 2, 3, 4}


def test_it_orders_the_bracket_by_the_standard_seeding():
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    with pytest.raises(PairingError, match="power of two"):
        bracket_order(6)


def test_it_seeds_by_rating():
    entrants = [Entrant("weak", 1200), Entrant("strong", 2200), Entrant("mid", 1700)]
    first = first_round(entrants)
    assert first[0].high.id == "strong" and first[0].is_bye
    assert (first[1].high.id, first[1].low.id) == ("mid", "weak")


def test_it_replays_a_draw_with_seats_swapped_at_most_twice():
    match = first_round([Entrant("a", 2000), Entrant("b", 1000)])[0]
    assert match_state(match, []).next_game.first == "a"
    assert match_state(match, [0.5]).next_game.first == "b"
    assert match_state(match, [0.5, 0.5]).next_game.first == "a"
    assert match_state(match, [0.5, 0.5, 0.5]).winner == "a"  # the higher seed
    assert match_state(match, [0.5, 0]).winner == "b"
    assert match_state(match, [1]).winner == "a"


def test_it_refuses_games_after_the_match_is_decided():
    match = first_round([Entrant("a", 2000), Entrant("b", 1000)])[0]
    with pytest.raises(PairingError, match="first decisive game"):
        match_state(match, [1, 0.5])
    with pytest.raises(PairingError, match="at most 3 games"):
        match_state(match, [0.5] * 4)


def test_it_refuses_a_winner_who_did_not_play_the_match():
    first = first_round(field(4))
    with pytest.raises(PairingError, match="did not play"):
        next_round(first, {0: first[1].high.id, 1: first[1].high.id})
    with pytest.raises(PairingError, match="no winner yet"):
        next_round(first, {0: first[0].high.id})
    with pytest.raises(PairingError, match="at least two"):
        first_round(field(1))
