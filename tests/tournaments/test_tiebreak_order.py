"""The tie-break order a tournament chooses: each tie-break worked by hand, the order
checked against a sort from scratch under random results (Hypothesis), and the choice
checked when saved."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from django.core.exceptions import ValidationError
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import TIEBREAKS, ByeResult, GameResult, PairingError, standings


def test_it_works_each_tie_break_by_hand():
    """A beat B, B beat C, C beat A (a cycle), D lost to A and drew with B; E had a bye.
    Points: A 1+1 = 2, B 1+½ = 1.5, C 1, D ½, E 1 (bye).
    A's opponents B 1.5, C 1, D ½: Buchholz 3, cut 1 (less D's ½) 2.5, median (less
    B's 1.5 too) 1. E: one unplayed round against a dummy of E's own 1: Buchholz 1."""
    games = [GameResult(1, "A", "B", 1.0), GameResult(2, "B", "C", 1.0),
             GameResult(3, "C", "A", 1.0), GameResult(1, "D", "A", 0.0),
             GameResult(2, "D", "B", 0.5)]
    rows = {r.player: r for r in standings("ABCDE", games, [ByeResult(1, "E", 1.0)],
                                           tiebreaks=TIEBREAKS)}
    assert (rows["A"].buchholz, rows["A"].buchholz_cut1, rows["A"].median_buchholz) == (
        3.0, 2.5, 1.0)
    assert (rows["E"].buchholz, rows["E"].buchholz_cut1, rows["E"].median_buchholz) == (
        1.0, 0.0, 0.0)
    assert rows["A"].value("wins") == 2 and rows["E"].value("wins") == 0


def test_it_breaks_a_tie_by_direct_encounter_only_when_all_met():
    """A and B both score 1; A beat B: the direct encounter puts A first even though B
    is seeded first. C and D both score 1 without meeting: it leaves them level."""
    games = [GameResult(1, "A", "B", 1.0), GameResult(2, "B", "E", 1.0)]
    rows = standings(["B", "A", "E"], games, tiebreaks=["direct_encounter"])
    assert [(r.rank, r.player, r.direct_encounter) for r in rows] == [
        (1, "A", 1.0), (2, "B", 0.0), (3, "E", None)]
    games = [GameResult(1, "C", "E", 1.0), GameResult(1, "D", "F", 1.0)]
    rows = standings(["C", "D", "E", "F"], games, tiebreaks=["direct_encounter"])
    assert [(r.rank, r.player, r.direct_encounter) for r in rows][:2] == [
        (1, "C", 0.0), (1, "D", 0.0)]


def test_it_refuses_an_unknown_or_repeated_tie_break():
    with pytest.raises(PairingError, match="unknown tie-break 'koya'"):
        standings([1, 2], [], tiebreaks=["koya"])
    with pytest.raises(PairingError, match="listed twice"):
        standings([1, 2], [], tiebreaks=["wins", "wins"])


# --- a sort from scratch --------------------------------------------------------------


def reference(players, games, byes, order):
    """Each player's key (points, then each tie-break) worked from the results alone,
    the direct encounter among those level on everything before it; rank = 1 + the
    players with a better key."""
    points = {p: 0.0 for p in players}
    faced = {p: [] for p in players}  # (opponent or None, scored)
    won = {p: 0 for p in players}
    for g in games:
        points[g.first] += g.score_first
        points[g.second] += 1 - g.score_first
        faced[g.first].append((None if g.forfeit else g.second, g.score_first))
        faced[g.second].append((None if g.forfeit else g.first, 1 - g.score_first))
        if not g.forfeit:
            won[g.first] += g.score_first == 1
            won[g.second] += g.score_first == 0
    for b in byes:
        points[b.player] += b.points
        faced[b.player].append((None, b.points))

    def scores(p):
        return sorted(points[o] if o is not None else points[p] for o, _ in faced[p])

    plain = {
        "buchholz": lambda p: sum(scores(p)),
        "buchholz_cut1": lambda p: sum(scores(p)[1:]),
        "median_buchholz": lambda p: sum(scores(p)[1:-1]),
        "sonneborn_berger": lambda p: sum((points[o] if o is not None else points[p]) * s
                                          for o, s in faced[p]),
        "wins": lambda p: won[p],
    }
    keys = {p: [points[p]] for p in players}
    for name in order:
        if name != "direct_encounter":
            for p in players:
                keys[p].append(plain[name](p))
            continue
        level: dict = {}
        for p in players:
            level.setdefault(tuple(keys[p]), []).append(p)
        for group in level.values():
            pairs = {frozenset((g.first, g.second)) for g in games
                     if g.first in group and g.second in group}
            all_met = all(frozenset(pair) in pairs for pair in combinations(group, 2))
            for p in group:
                got = sum(g.score_first if g.first == p else 1 - g.score_first for g in games
                          if {g.first, g.second} <= set(group) and p in (g.first, g.second))
                keys[p].append(got if all_met else 0.0)
    ordered = sorted(players, key=lambda p: ([-v for v in keys[p]], players.index(p)))
    return [(1 + sum(keys[q] > keys[p] for q in players), p) for p in ordered]


@settings(max_examples=150, deadline=None, database=None, derandomize=True)
@given(st.integers(3, 9), st.integers(0, 2**31), st.permutations(TIEBREAKS),
       st.integers(0, len(TIEBREAKS)))
def test_the_order_is_a_sort_from_scratch_under_random_results(count, seed, names, length):
    rng = random.Random(seed)
    players = list(range(1, count + 1))
    games, byes = [], []
    for number in range(1, rng.randint(1, 6) + 1):
        field = players[:]
        rng.shuffle(field)
        if len(field) % 2:
            byes.append(ByeResult(number, field.pop(), rng.choice([1.0, 0.5, 0.0])))
        for first, second in zip(field[::2], field[1::2], strict=True):
            games.append(GameResult(number, first, second, rng.choice([1.0, 0.5, 0.0]),
                                    rng.random() < 0.1))
    games = [g if not g.forfeit or g.score_first != 0.5 else
             GameResult(g.round, g.first, g.second, 1.0, True) for g in games]
    order = list(names[:length])
    rows = standings(players, games, byes, tiebreaks=order)
    assert [(r.rank, r.player) for r in rows] == reference(players, games, byes, order)


# --- the tournament's choice, checked when saved --------------------------------------


@pytest.mark.django_db
def test_it_checks_the_choice_when_saved(make_tournament):
    cup = make_tournament(tiebreaks="Wins,  direct_encounter")
    cup.full_clean()
    assert cup.tiebreaks == "wins, direct_encounter"
    assert cup.tiebreak_order == ("wins", "direct_encounter")
    for text, message in [("buchholz, koya", "Unknown tie-break koya"),
                          ("wins wins", "The tie-break wins is listed twice.")]:
        cup.tiebreaks = text
        with pytest.raises(ValidationError) as refused:
            cup.full_clean()
        assert message in str(refused.value.message_dict["tiebreaks"])
    knockout = make_tournament(format="knockout", round_count=None, tiebreaks="wins")
    with pytest.raises(ValidationError, match="Only a Swiss or a round robin"):
        knockout.full_clean()
    assert make_tournament(format="round_robin", round_count=None).tiebreak_order == (
        "sonneborn_berger", "buchholz")
