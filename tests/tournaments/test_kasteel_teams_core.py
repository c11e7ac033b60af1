"""Kasteel team events in the pure core: whole teams at every table, a team's place from
the game's team result, and advancement per team; a Hypothesis property replays a whole
event from its tables' seats and compares it with the event as it was played."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import PairingError, SeatOutcome, TableResult, kasteel_step
from tournaments.pairing.kasteel_teams import (
    Team,
    check_teams,
    seat_team_tables,
    team_places,
    team_results,
    team_sums,
)


def teams_of(count: int, seed: int = 0) -> list[Team]:
    rng = random.Random(seed)
    return [Team(f"T{n}", (f"T{n}a", f"T{n}b"), rng.choice([1400, 1500, 1600]))
            for n in range(1, count + 1)]


def test_it_seats_partners_opposite_and_every_team_whole_at_one_table():
    draw = seat_team_tables(teams_of(5), table_size=6, seed=3)
    assert [len(t.seats) for t in draw.tables] == [6, 4]
    for table in draw.tables:
        half = len(table.seats) // 2
        for i in range(half):
            a, b = table.seats[i], table.seats[i + half]
            assert a[:-1] == b[:-1]  # T3a opposite T3b: the game's partners


def test_it_refuses_uneven_teams_a_player_in_two_teams_and_a_player_in_none():
    with pytest.raises(PairingError, match="has 3 players"):
        check_teams([Team("A", ("a", "b", "c"))])
    with pytest.raises(PairingError, match="has 1 player:"):
        check_teams([Team("A", ("a",))])
    with pytest.raises(PairingError, match="in team 'A' and in team 'B'"):
        check_teams([Team("A", ("a", "b")), Team("B", ("b", "c"))])
    with pytest.raises(PairingError, match="'d' is in no team"):
        check_teams([Team("A", ("a", "b"))], ["a", "b", "d"])


def test_it_never_seats_a_team_alone_and_refuses_an_odd_table():
    # 3 teams at tables of 4: not 2 + 1 (a team without a foe) but one table of 6
    assert [len(t.seats) for t in seat_team_tables(teams_of(3), table_size=4).tables] == [6]
    assert [len(t.seats) for t in seat_team_tables(teams_of(5), table_size=4).tables] == [6, 4]
    with pytest.raises(PairingError, match="even size"):
        seat_team_tables(teams_of(4), table_size=5)


def test_it_places_a_team_by_the_games_team_result_then_its_team_sum():
    team_of = {"a": "A", "b": "A", "c": "C", "d": "C", "e": "E", "f": "E"}
    seats = [SeatOutcome("a", "loss", 20), SeatOutcome("c", "win", 12),
             SeatOutcome("e", "loss", 9), SeatOutcome("b", "loss", 1),
             SeatOutcome("d", "win", 4), SeatOutcome("f", "loss", 8)]
    # C won the game; A (21) is ahead of E (17) though E's players each beat b
    assert team_places(seats, team_of) == {"c": 1, "d": 1, "a": 2, "b": 2, "e": 3, "f": 3}
    assert team_places(seats, team_of, annulled=True) == dict.fromkeys("acebdf", 1)


def reference_places(seats: list[SeatOutcome], team_of: dict) -> dict:
    """A team's place written out: won teams first, then by their castle points."""
    key = {}
    for s in seats:
        won, total = key.get(team_of[s.player], (False, 0.0))
        key[team_of[s.player]] = (won or s.result == "win", total + (s.score or 0))
    return {t: 1 + sum(1 for o in key.values() if o > key[t]) for t in key}


def play_table(seats, rng: random.Random, team_of: dict) -> list[SeatOutcome]:
    """A random end: a team wins outright, or (the move limit) the best team sum shares."""
    scores = {p: rng.choice([0, 3, 5, 7, 9]) for p in seats}
    teams_here = {team_of[p] for p in seats}
    if rng.random() < 0.5:
        winners = {rng.choice(sorted(teams_here))}
    else:
        sums = {t: sum(scores[p] for p in seats if team_of[p] == t) for t in teams_here}
        winners = {t for t in sums if sums[t] == max(sums.values())}
    return [SeatOutcome(p, "win" if team_of[p] in winners else "loss", scores[p])
            for p in seats]


def run_event(teams: list[Team], size: int, top: int, seed: int, record: list):
    """Play the event round by round as the site does, keeping each table's seats."""
    team_of = {m: t.id for t in teams for m in t.members}
    rng = random.Random(seed)
    field, playoffs, steps = list(teams), 0, []
    for number in range(1, 20):
        draw = seat_team_tables(field, table_size=size, seed=seed + number)
        tables = [(number, t.number, play_table(t.seats, rng, team_of)) for t in draw.tables]
        record.extend(tables)
        step = fold_round(tables, record, teams, size, top, playoffs)
        steps.append(step)
        playoffs = playoffs + 1 if len(draw.tables) == 1 else 0
        if step.winner is not None or not step.going_on:
            return steps
        field = [t for t in teams if t.id in step.going_on]
    raise AssertionError("the event did not end")


def fold_round(tables, record, teams, size, top, playoffs):
    team_of = {m: t.id for t in teams for m in t.members}
    results = [TableResult(table, team_places(seats, team_of)) for _n, table, seats in tables]
    totals: dict = {}
    for _n, _t, seats in record:
        for s in seats:
            totals[s.player] = totals.get(s.player, 0.0) + (s.score or 0)
    return kasteel_step(team_results(results, team_of), top=top, table_size=size // 2,
                        totals=team_sums(totals, team_of),
                        seeds=[t.id for t in sorted(teams, key=lambda t: -t.rating)],
                        playoffs=playoffs)


@settings(max_examples=40, deadline=None)
@given(count=st.integers(2, 9), size=st.sampled_from([4, 6, 8]), seed=st.integers(0, 999))
def test_it_replays_an_event_from_its_tables_to_the_same_steps_and_winner(count, size, seed):
    teams = teams_of(count, seed)
    top = 1
    record: list = []
    played = run_event(teams, size, top, seed, record)
    team_of = {m: t.id for t in teams for m in t.members}
    # Every table seated whole teams, partners opposite, each team once a round.
    for number in {n for n, _t, _s in record}:
        seated = [s.player for n, _t, seats in record if n == number for s in seats]
        assert len(seated) == len(set(seated))
        for n, _t, seats in record:
            if n == number:
                half = len(seats) // 2
                assert all(team_of[seats[i].player] == team_of[seats[i + half].player]
                           for i in range(half))
                assert reference_places(seats, team_of) == team_results(
                    [TableResult(0, team_places(seats, team_of))], team_of)[0].places
    # From scratch: the same record folded again round by round gives the same steps.
    replayed, playoffs, seen = [], 0, []
    for number in sorted({n for n, _t, _s in record}):
        tables = [row for row in record if row[0] == number]
        seen.extend(tables)
        replayed.append(fold_round(tables, seen, teams, size, top, playoffs))
        playoffs = playoffs + 1 if len(tables) == 1 else 0
    assert replayed == played
    assert played[-1].winner in {t.id for t in teams}
