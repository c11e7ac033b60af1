"""A tournament's results folded from its games' record, and nothing else.

The record of a tournament is: its entries (seeds, withdrawals), the games it made (who
sat where, forfeits recorded without a game, knockout games it cancelled) and byes, and
each game's result as the games app keeps it (the seats' results and scores, an
annulment, a Kasteel table's final state). Every result a tournament stores — a game's
first-seat score or table places and pieces home, ``ended``, the winner —
is a cache of this fold: ``refold`` rewrites it from the record after every decision
(a game's end, an admin's correction or annulment, the same decision twice), so a
changed result changes the standings, the bracket and the winner as if it had always
been so. ``tournaments.verify`` compares the stored cache with the fold.

The pure rules are in ``tournaments.pairing`` (outcome, standings, knockout, kasteel);
this module only reads the rows into them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.models import Match, Seat
from tournaments.models import Tournament, TournamentGame
from tournaments.pairing import SeatOutcome, pieces_home, score_first, table_places
from tournaments.pairing.kasteel_teams import team_places


@dataclass(frozen=True)
class Recorded:
    """What the record says of one tournament game."""

    ended: bool
    score_first: float | None
    places: dict[str, int]
    pieces_home: dict[str, int] = field(default_factory=dict)


def seat_outcomes(seats: list[Seat]) -> list[SeatOutcome]:
    return [SeatOutcome(seat.user_id, seat.result or "",
                        float(seat.score) if seat.score is not None else None,
                        bool(getattr(seat.user, "is_bot", False)))
            for seat in seats]


def recorded(game: TournamentGame, match: Match | None, seats: list[Seat],
             two_player: bool, team_of: dict[int, int] | None = None) -> Recorded:
    """The game's result from its match (a forfeit without a game keeps its record).
    ``team_of``: a team event's teams; each player's place is then their team's."""
    if match is None:
        return stored(game)
    if match.status != Match.Status.FINISHED:
        return Recorded(False, None, {})
    annulled = match.end_reason == Match.Reason.ANNULLED
    outcomes = seat_outcomes(seats)
    if two_player:
        return Recorded(True, score_first(outcomes, game.first_id, annulled=annulled), {})
    humans = {seat.user_id: int(seat.seat) for seat in seats
              if not getattr(seat.user, "is_bot", False) and seat.seat.isdigit()}
    home = pieces_home(match.state or {}, humans, annulled=annulled)
    places = team_places(outcomes, team_of, annulled=annulled) if team_of else \
        table_places(outcomes, annulled=annulled)
    return Recorded(True, None, {str(p): place for p, place in places.items()},
                    {str(p): count for p, count in home.items()})


def folded(tournament: Tournament) -> list[tuple[TournamentGame, Recorded]]:
    """Every game of the tournament with what its record says."""
    games = list(TournamentGame.objects.filter(round__tournament=tournament)
                 .select_related("round", "match").order_by("round__number", "board", "replay"))
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(match_id__in=[g.match_id for g in games if g.match_id]
                                    ).select_related("user"):
        seats.setdefault(seat.match_id, []).append(seat)
    from tournaments.reading import team_map

    team_of = team_map(tournament)
    return [(g, recorded(g, g.match, seats.get(g.match_id, []), tournament.two_player,
                         team_of)) for g in games]


def stored(game: TournamentGame) -> Recorded:
    return Recorded(game.ended, game.score_first, dict(game.places), dict(game.pieces_home))


def refold(tournament: Tournament) -> int:
    """With the tournament locked: store every game's result as the record says it.
    Returns how many games changed."""
    changed = 0
    for game, truth in folded(tournament):
        if stored(game) == truth:
            continue
        game.ended, game.score_first, game.places = truth.ended, truth.score_first, truth.places
        game.pieces_home = truth.pieces_home
        game.save(update_fields=["ended", "score_first", "places", "pieces_home"])
        changed += 1
    return changed
