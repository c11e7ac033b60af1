"""A tournament's derived data checked against its games (``manage.py verify_games``).

Standings are computed on every reading from the stored result of each game
(tournaments.reading, the pure core's ``standings``), so what is stored and can
drift is that result: each ended game's score (two players) or places (a Kasteel
table), which must equal what the match's current result gives, and a finished
tournament's winner, which must equal the winner its results give now.
"""

from __future__ import annotations

from games.models import Match, Seat
from tournaments import rounds
from tournaments.models import Tournament, TournamentGame
from tournaments.pairing import PairingError


def game_differences(tournament: Tournament) -> list[str]:
    found = []
    games = (TournamentGame.objects.filter(round__tournament=tournament, ended=True,
                                           match__isnull=False)
             .select_related("match").order_by("round__number", "board", "replay"))
    for game in games:
        if game.match.status != Match.Status.FINISHED or game.forfeit:
            continue
        seats = list(Seat.objects.filter(match_id=game.match_id).select_related("user"))
        where = f"tournament {tournament.pk} ({tournament.name}) game {game.match_id}"
        if tournament.two_player:
            score = rounds._score_first(seats, game.first_id)
            if game.score_first != score:
                found.append(f"{where}: first seat's score {game.score_first} stored, "
                             f"{score} from the game's result")
        else:
            places = rounds._places(
                seats, annulled=game.match.end_reason == Match.Reason.ANNULLED)
            if game.places != places:
                found.append(f"{where}: places {game.places} stored, {places} from the "
                             f"game's result")
    return found


def tournament_differences(tournament: Tournament) -> list[str]:
    """What differs between a tournament's stored results and winner and its games."""
    found = game_differences(tournament)
    if tournament.status == Tournament.Status.FINISHED and not found:
        try:
            winner = rounds.winner_of(tournament)
        except PairingError as error:
            return [f"tournament {tournament.pk} ({tournament.name}): its results cannot "
                    f"be replayed: {error}"]
        if winner != tournament.winner_id:
            found.append(f"tournament {tournament.pk} ({tournament.name}): winner "
                         f"#{tournament.winner_id} stored, #{winner} from the results")
    return found
