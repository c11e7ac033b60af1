"""Swiss pairing, worked by hand: Dutch halves, seats, byes, floaters and errors."""

from __future__ import annotations

import pytest

from tournaments.pairing import (
    ByeResult,
    Entrant,
    GameResult,
    PairingError,
    check_swiss_rounds,
    max_swiss_rounds,
    pair_swiss,
)
from tournaments.pairing.swiss import seats_for
from tournaments.pairing.swiss_players import SwissPlayer

EIGHT = [Entrant(i, 2400 - 100 * i) for i in range(1, 9)]  # 1 strongest ... 8


def pairs(paired):
    return {frozenset((p.first, p.second)) for p in paired.pairings}


def test_it_pairs_the_top_half_against_the_bottom_half_in_round_one():
    paired = pair_swiss(EIGHT, round_number=1)
    assert pairs(paired) == {frozenset(x) for x in ((1, 5), (2, 6), (3, 7), (4, 8))}
    assert [sorted((p.first, p.second))[0] for p in paired.pairings] == [1, 2, 3, 4]
    firsts = [p.first in (1, 2, 3, 4) for p in paired.pairings]
    assert firsts in ([True, False, True, False], [False, True, False, True])


def test_it_transposes_within_a_group_to_give_everyone_the_other_seat():
    # Round 1: 1, 2, 3 and 4 win. Seats alternate by board, so 1 and 3 had the same seat
    # (and 2 and 4): 1-3 / 2-4 would cost both pairs their preference, 1-4 / 2-3 none.
    round_one = pair_swiss(EIGHT, round_number=1, seed=2)
    games = [
        GameResult(1, p.first, p.second, 1.0 if p.first < p.second else 0.0)
        for p in round_one.pairings
    ]
    paired = pair_swiss(EIGHT, games, round_number=2, seed=2)
    assert pairs(paired) == {frozenset(x) for x in ((1, 4), (2, 3), (5, 8), (6, 7))}
    seat = {g.first: 1 for g in games} | {g.second: -1 for g in games}
    for pairing in paired.pairings:
        assert seat[pairing.first] == -1 and seat[pairing.second] == 1


def test_it_floats_the_odd_player_down_to_the_top_of_the_next_group():
    six = EIGHT[:6]
    # 1, 2, 3 won; 4, 5, 6 lost: 1-4, 2-5, 3-6 in round 1.
    games = [GameResult(1, 1, 4, 1.0), GameResult(1, 5, 2, 0.0), GameResult(1, 3, 6, 1.0)]
    paired = pair_swiss(six, games, round_number=2)
    # The 1-point group is 1, 2, 3: S1 = {1}, S2 = {2, 3}, so 1 meets 2 and 3 floats down
    # to the top of the 0-point group, 4 (whose seat preference fits; 3 met 6 already).
    assert pairs(paired) == {frozenset(x) for x in ((1, 2), (3, 4), (5, 6))}


def test_it_gives_the_bye_to_the_lowest_ranked_then_to_someone_else():
    five = EIGHT[:5]
    first = pair_swiss(five, round_number=1)
    assert first.bye == 5
    games = [GameResult(1, p.first, p.second, 0.5) for p in first.pairings]
    second = pair_swiss(five, games, [ByeResult(1, 5)], round_number=2)
    assert second.bye is not None and second.bye != 5


def test_it_counts_a_bye_as_a_win_for_the_scores():
    five = EIGHT[:5]
    games = [GameResult(1, 1, 3, 0.0), GameResult(1, 2, 4, 0.0)]
    paired = pair_swiss(five, games, [ByeResult(1, 5)], round_number=2)
    # 3, 4 and 5 (bye) have a point, 1 and 2 none: the bye goes to 2, the lowest ranked
    # of the lowest score. In the 1-point group 3 and 4 both want the first seat, so 3
    # meets 5, and 4 floats down to 1.
    assert paired.bye == 2
    assert pairs(paired) == {frozenset((3, 5)), frozenset((1, 4))}


def test_it_says_when_every_pair_has_met():
    four = EIGHT[:4]
    games = []
    for number in range(1, 4):
        paired = pair_swiss(four, games, round_number=number)
        games += [GameResult(number, p.first, p.second, 1.0) for p in paired.pairings]
    with pytest.raises(PairingError, match="round 4 cannot be paired"):
        pair_swiss(four, games, round_number=4)
    assert max_swiss_rounds(4) == 3 and max_swiss_rounds(5) == 5


def test_it_refuses_more_rounds_than_a_field_allows():
    check_swiss_rounds(4, 3)
    check_swiss_rounds(5, 5)
    with pytest.raises(PairingError, match="a Swiss of 4 players has 1 to 3 rounds, not 4"):
        check_swiss_rounds(4, 4)
    with pytest.raises(PairingError, match="not 0"):
        check_swiss_rounds(9, 0)
    with pytest.raises(PairingError, match="at least two"):
        check_swiss_rounds(1, 1)


def test_it_refuses_a_round_whose_games_are_not_over():
    games = [GameResult(1, 1, 2, None)]
    with pytest.raises(PairingError, match="round 1 is not over"):
        pair_swiss(EIGHT[:2], games, round_number=2)


def test_it_refuses_history_from_the_round_it_pairs():
    with pytest.raises(PairingError, match="in the history"):
        pair_swiss(EIGHT[:2], [GameResult(2, 1, 2, 1.0)], round_number=2)


def test_it_refuses_a_bye_when_everyone_has_had_one():
    three = EIGHT[:3]
    byes = [ByeResult(n, p) for n, p in ((1, 1), (2, 2), (3, 3))]
    with pytest.raises(PairingError, match="every player has had one"):
        pair_swiss(three, [], byes, round_number=4)


def test_it_still_avoids_a_withdrawn_players_opponent_history():
    # 3 withdrew after playing 1; 1 and 2 met too: 1 has nobody left to meet.
    games = [GameResult(1, 1, 3, 1.0), GameResult(2, 2, 1, 0.0)]
    with pytest.raises(PairingError, match="can meet nobody"):
        pair_swiss(EIGHT[:2], games, round_number=3)


def test_it_respects_an_absolute_seat_limit_before_any_preference():
    high = SwissPlayer("a", 2000, rank=0, seats=[1, 1])  # must take the second seat
    low = SwissPlayer("b", 1000, rank=1, seats=[-1, 1])
    assert seats_for(high, low, 0, True).first == "b"


def test_it_is_deterministic_for_a_seed():
    field_ = [Entrant(i, 1500) for i in range(12)]  # all equal: the seed decides
    assert pair_swiss(field_, round_number=1, seed=9) == pair_swiss(field_, round_number=1, seed=9)
    assert pair_swiss(field_, round_number=1, seed=9) != pair_swiss(field_, round_number=1, seed=10)
