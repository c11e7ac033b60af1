"""Kasteel team events: teams fixed for the whole event, seated whole at every table.

A team is two players, as in Kasteel's team game (rules, section 1: the partner of seat
i is seat i+N/2, the player opposite). A table of N seats so seats N/2 teams: team j
sits at seats j and j+N/2, the order of the teams around the table drawn from the seed.
Tables: T = ceil(teams / (N/2)), the teams dealt to them by the snake of their ratings
(the mean of the two players') or at random, as ``kasteel.seat_tables`` deals players;
table sizes differ by at most one team. A team never sits alone (it would have no foe):
with tables of two teams, an odd number of teams seats three at one table (6 seats),
so that every count of teams from two on can be seated, in every round.

A team's result at a table is the game's team result: the winning team (both partners
win, or teams sharing the win at the move limit) first, then the higher team sum of
castle points. ``team_places`` gives every member their team's place, so a round's
``TableResult`` per team is the place of either member, and the event goes on with
``kasteel.kasteel_step`` over team ids (castle points and pieces home summed per team).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .base import PairingError, PlayerId
from .kasteel import MAX_SEATS, METHODS, Table, TableDraw, TableResult
from .outcome import SeatOutcome, seat_standing

TEAM_SIZE = 2  # the game's teams: a seat and the seat opposite


@dataclass(frozen=True)
class Team:
    """A team of the event: its id, its players (in the order named) and a rating."""

    id: PlayerId
    members: tuple[PlayerId, ...]
    rating: float = 1500.0


def check_teams(teams: Sequence[Team], players: Sequence[PlayerId] | None = None) -> None:
    """Refuse teams that cannot be seated whole: a team not of two players, a player in
    two teams, the same id twice; with ``players``, a player in no team or not entered."""
    seen: dict[PlayerId, PlayerId] = {}
    ids: set[PlayerId] = set()
    for team in teams:
        if team.id in ids:
            raise PairingError(f"team {team.id!r} is named twice")
        ids.add(team.id)
        if len(team.members) != TEAM_SIZE:
            count = len(team.members)
            raise PairingError(f"team {team.id!r} has {count} player{'' if count == 1 else 's'}"
                               f": a Kasteel team is {TEAM_SIZE}")
        for member in team.members:
            if member in seen:
                raise PairingError(f"player {member!r} is in team {seen[member]!r} and in "
                                   f"team {team.id!r}")
            seen[member] = team.id
    if players is not None:
        entered = set(players)
        stray = [p for p in seen if p not in entered]
        if stray:
            raise PairingError(f"player {stray[0]!r} of a team is not in the event")
        alone = [p for p in players if p not in seen]
        if alone:
            raise PairingError(f"player {alone[0]!r} is in no team")


def seat_team_tables(
    teams: Sequence[Team], *, table_size: int, method: str = "snake", seed: int = 0
) -> TableDraw:
    """Seat whole ``teams`` at tables of ``table_size`` seats (see the module doc)."""
    teams = list(teams)
    check_teams(teams)
    if table_size % 2 or not 4 <= table_size <= MAX_SEATS:
        raise PairingError(f"team tables need an even size of 4 to {MAX_SEATS}, not {table_size}")
    if method not in METHODS:
        raise PairingError(f"seating is by {' or '.join(METHODS)}, not {method!r}")
    if len(teams) < 2:
        raise PairingError("a Kasteel team round needs at least two teams")
    rng = random.Random(seed)
    shuffled = teams[:]
    rng.shuffle(shuffled)
    ordered = shuffled if method == "random" else sorted(shuffled, key=lambda t: -t.rating)
    per_table = table_size // 2
    count = min(-(-len(ordered) // per_table), len(ordered) // 2)  # never a team alone
    groups: list[list[Team]] = [[] for _ in range(count)]
    for index, team in enumerate(ordered):
        row, column = divmod(index, count)
        if method == "snake" and row % 2:
            column = count - 1 - column
        groups[column].append(team)
    tables = []
    for number, group in enumerate(groups, 1):
        rng.shuffle(group)
        seats = [t.members[0] for t in group] + [t.members[1] for t in group]
        tables.append(Table(number, tuple(seats)))
    return TableDraw(tuple(tables))


def teams_at(table: Table, team_of: Mapping[PlayerId, PlayerId]) -> list[PlayerId]:
    """The teams at a table, in seat order."""
    found: list[PlayerId] = []
    for seat in table.seats:
        team = team_of.get(seat)
        if team is not None and team not in found:
            found.append(team)
    return found


def team_places(seats: Sequence[SeatOutcome], team_of: Mapping[PlayerId, PlayerId], *,
                annulled: bool = False) -> dict[PlayerId, int]:
    """Each human player's place: their team's, 1 + the teams that finished better (the
    team's result, then its sum of castle points). An annulled table: everyone 1."""
    humans = [s for s in seats if not s.bot]
    if annulled:
        return {s.player: 1 for s in humans}
    results: dict[PlayerId, int] = {}
    sums: dict[PlayerId, float] = {}
    for seat in humans:
        team = team_of.get(seat.player, seat.player)
        rank, score = seat_standing(seat)
        results[team] = max(results.get(team, 0), rank)
        sums[team] = sums.get(team, 0.0) + score
    standing = {team: (results[team], sums[team]) for team in results}
    return {s.player: 1 + sum(1 for other in standing.values()
                              if other > standing[team_of.get(s.player, s.player)])
            for s in humans}


def team_results(results: Sequence[TableResult],
                 team_of: Mapping[PlayerId, PlayerId]) -> list[TableResult]:
    """Players' table results as their teams' (a team's place is its members')."""
    shown = []
    for result in results:
        places: dict[PlayerId, int] = {}
        for player, place in result.places.items():
            team = team_of.get(player)
            if team is not None:
                places[team] = min(place, places.get(team, place))
        shown.append(TableResult(result.table, places))
    return shown


def team_sums(values: Mapping[PlayerId, float],
              team_of: Mapping[PlayerId, PlayerId]) -> dict[PlayerId, float]:
    """Per-player sums (castle points, pieces home) as per-team sums."""
    sums: dict[PlayerId, float] = {}
    for player, value in values.items():
        team = team_of.get(player)
        if team is not None:
            sums[team] = sums.get(team, 0.0) + value
    return sums
