"""Kasteel rounds: seat the field at tables of a set size; the top K of each table go on.

Tables: T = ceil(players / size). By rating snake (1..T, then T..1, ...), so that the
tables are as even as the ratings allow, or by a draw from the seed. Table sizes differ by
at most one. When AI seats are allowed, every short table is filled up to the set size;
otherwise a short table plays with fewer seats (Kasteel takes 2 to 12), and a table that
would be too small for the game (or odd, with teams) is an error that says so.

Teams (Kasteel's team game: an even table of at least 4, partner of seat i is seat i+N/2):
the strongest player of a table partners the weakest, the second the second weakest, and
so on; AI seats count as the weakest.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .base import Entrant, PairingError, PlayerId, by_seed, check_unique

MIN_SEATS, MAX_SEATS = 2, 12
METHODS = ("snake", "random")


@dataclass(frozen=True)
class Table:
    """One table: its seats in play order; None is an AI seat."""

    number: int
    seats: tuple[PlayerId | None, ...]

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(s for s in self.seats if s is not None)

    @property
    def ai_seats(self) -> int:
        return sum(1 for s in self.seats if s is None)


@dataclass(frozen=True)
class TableDraw:
    tables: tuple[Table, ...]

    @property
    def ai_seats(self) -> int:
        """AI seats needed in all (0 unless AI fill was allowed and a table was short)."""
        return sum(t.ai_seats for t in self.tables)


@dataclass(frozen=True)
class TableResult:
    """How a table ended: each human player's place (1 best; equal places share a number)."""

    table: int
    places: Mapping[PlayerId, int]


def seat_tables(
    entrants: Sequence[Entrant],
    *,
    table_size: int,
    method: str = "snake",
    seed: int = 0,
    allow_ai: bool = False,
    teams: bool = False,
) -> TableDraw:
    """Seat ``entrants`` at tables of ``table_size`` (see the module doc)."""
    entrants = list(entrants)
    check_unique(entrants)
    if not MIN_SEATS <= table_size <= MAX_SEATS:
        raise PairingError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {table_size}")
    if teams and (table_size % 2 or table_size < 4):
        raise PairingError(f"team tables need an even size of at least 4, not {table_size}")
    if method not in METHODS:
        raise PairingError(f"seating is by {' or '.join(METHODS)}, not {method!r}")
    if len(entrants) < 2:
        raise PairingError("a Kasteel round needs at least two players")
    rng = random.Random(seed)
    shuffled = entrants[:]
    rng.shuffle(shuffled)
    ordered = shuffled if method == "random" else by_seed(shuffled)
    count = -(-len(ordered) // table_size)
    groups: list[list[Entrant]] = [[] for _ in range(count)]
    for index, entrant in enumerate(ordered):
        row, column = divmod(index, count)
        if method == "snake" and row % 2:
            column = count - 1 - column
        groups[column].append(entrant)
    tables = []
    for number, group in enumerate(groups, 1):
        missing = table_size - len(group) if allow_ai else 0
        size = len(group) + missing
        if size < MIN_SEATS or (teams and (size % 2 or size < 4)):
            raise PairingError(
                f"table {number} would have {size} of {table_size} seats, too few for "
                f"{'a team game' if teams else 'a game'}: allow AI seats or change the table size"
            )
        tables.append(Table(number, _seat_order(group, missing, teams, rng)))
    return TableDraw(tuple(tables))


def _seat_order(
    group: list[Entrant], ai: int, teams: bool, rng: random.Random
) -> tuple[PlayerId | None, ...]:
    ranked: list[PlayerId | None] = [e.id for e in by_seed(group)] + [None] * ai
    if not teams:
        rng.shuffle(ranked)
        return tuple(ranked)
    half = len(ranked) // 2
    strong, weak = ranked[:half], ranked[half:][::-1]
    order = list(range(half))
    rng.shuffle(order)
    return tuple([strong[i] for i in order] + [weak[i] for i in order])


def advancing(results: Sequence[TableResult], top: int) -> list[PlayerId]:
    """The players who go on: places 1..``top`` of every table, table by table.

    Players tied at the cut all go on (a tie is not broken against either of them).
    """
    if top < 1:
        raise PairingError(f"at least one player per table goes on, not {top}")
    chosen: list[PlayerId] = []
    seen: set[PlayerId] = set()
    for result in sorted(results, key=lambda r: r.table):
        for player, place in sorted(result.places.items(), key=lambda item: item[1]):
            if place < 1:
                raise PairingError(f"places start at 1, not {place} ({player!r})")
            if player in seen:
                raise PairingError(f"{player!r} has a place at two tables")
            seen.add(player)
            if place <= top:
                chosen.append(player)
    return chosen


MAX_PLAYOFFS = 2  # final tables replayed among leaders who share first place


@dataclass(frozen=True)
class KasteelStep:
    """What follows a finished Kasteel round: the players of the next round, or the
    winner (``going_on`` empty). ``final`` marks a next round of one table."""

    going_on: tuple[PlayerId, ...] = ()
    winner: PlayerId | None = None
    final: bool = False


def kasteel_step(
    results: Sequence[TableResult],
    *,
    top: int,
    table_size: int,
    totals: Mapping[PlayerId, float],
    seeds: Sequence[PlayerId],
    playoffs: int = 0,
    out: frozenset[PlayerId] = frozenset(),
    pieces: Mapping[PlayerId, int] | None = None,
) -> KasteelStep:
    """Decide what follows a round (docs/tournaments.md, "How a Kasteel tournament ends").

    - A round of one table is a final: its one leader (place 1) wins. Leaders who share
      first place play again at a table of their own (a play-off), at most
      ``MAX_PLAYOFFS`` times; after that the leader with the most castle points over
      the tournament (``totals``), then the most pieces home (``pieces``), then the
      best seed, wins.
    - A round of several tables: the top ``top`` of each table go on, ties at the cut
      all go on. A round that would put nobody out breaks the ties at the cut instead:
      castle points over the tournament, then pieces home over the tournament
      (``pieces``), then seed, so that ``top`` go on per table.
    - One player left: the winner; players who withdrew (``out``) go on no more.
    """
    rank = {player: i for i, player in enumerate(seeds)}
    home = pieces or {}

    def order(p: PlayerId) -> tuple[float, int, int]:
        return -totals.get(p, 0.0), -home.get(p, 0), rank.get(p, len(rank))

    def best(players: Iterable[PlayerId]) -> list[PlayerId]:
        return sorted(players, key=order)

    seated = [p for r in results for p in r.places]
    if not seated:
        return KasteelStep()
    if len(results) == 1:
        places = results[0].places
        leaders = [p for p in places if places[p] == min(places.values()) and p not in out]
        if not leaders:
            leaders = best(p for p in places if p not in out)[:1]
        if len(leaders) <= 1:
            return KasteelStep(winner=leaders[0] if leaders else None)
        if playoffs >= MAX_PLAYOFFS:
            return KasteelStep(winner=best(leaders)[0])
        return KasteelStep(going_on=tuple(best(leaders)), final=True)
    going = advancing(results, top)
    if len(going) >= len(seated):
        going = []
        for result in sorted(results, key=lambda r: r.table):
            ranked = sorted(result.places, key=lambda p: (result.places[p], *order(p)))
            going.extend(ranked[:top])
        if len(going) >= len(seated):  # a cut that keeps every seat: a final of the best
            going = best(going)[:table_size]
    going = [p for p in going if p not in out]
    if len(going) <= 1:
        return KasteelStep(winner=going[0] if going else None)
    return KasteelStep(going_on=tuple(going), final=len(going) <= table_size)
