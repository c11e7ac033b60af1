"""Ending tournament games through the game services, as players would."""

from __future__ import annotations

from games.core import services as game_services
from games.models import Match, Seat
from games.rules import get_rules
from tournaments import services
from tournaments.models import TournamentGame


def running(tournament) -> list[TournamentGame]:
    return list(TournamentGame.objects.filter(round__tournament=tournament, ended=False,
                                              match__status=Match.Status.ACTIVE)
                .select_related("first", "second").order_by("round__number", "board"))


def win(run, game: TournamentGame, winner) -> None:
    """``winner`` wins: the other player resigns."""
    loser = game.second if winner.pk == game.first_id else game.first
    run(game_services.resign, game.match_id, loser)


def draw(run, game: TournamentGame) -> None:
    run(game_services.offer_draw, game.match_id, game.first)
    run(game_services.answer_draw, game.match_id, game.second, True)


def higher_wins(run, tournament) -> None:
    """Every running game: the player seeded higher (lower user id here) wins."""
    for game in running(tournament):
        win(run, game, min(game.first, game.second, key=lambda u: u.pk))


def play_out(run, match_id: int, limit: int = 5000) -> Match:
    """Play a (Kasteel) game to its end with the first legal move every time."""
    for _step in range(limit):
        match = Match.objects.get(pk=match_id)
        if match.is_over:
            return match
        rules = get_rules(match.game)
        state = rules.from_json(match.state)
        seat_name = rules.owed_by(state)[0]
        seat = Seat.objects.select_related("user").get(match=match, seat=seat_name)
        move = rules.legal_moves(state)[0]
        run(game_services.play, match_id, seat.user, move, match.version, seat=seat_name,
            as_ai=bool(seat.takeover_level))
    raise AssertionError(f"game {match_id} did not end in {limit} moves")


def started(run, make_tournament, players, staff, **terms):
    """A tournament made with ``terms``, joined by ``players`` and started by ``staff``."""
    cup = make_tournament(**terms)
    for player in players:
        services.join(cup.pk, player)
    run(services.start, cup.pk, staff)
    cup.refresh_from_db()
    return cup
