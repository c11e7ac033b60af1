"""Small helpers for game-layer tests."""

from games.core import services
from games.models import Match
from games.rules import get_rules

RULES = get_rules("druidenwalzer")


def new_game(moon, sun, **kwargs) -> Match:
    return services.start_match("druidenwalzer", {"moon": moon, "sun": sun}, seed=7, **kwargs)


def state_of(match: Match):
    match.refresh_from_db()
    return RULES.from_json(match.state)


def first_legal(match: Match) -> dict:
    return RULES.legal_moves(state_of(match))[0]


def mover(match: Match):
    match.refresh_from_db()
    name = RULES.to_move(RULES.from_json(match.state))
    return match.seats.get(seat=name).user


def play_first(match: Match) -> Match:
    """The player to move plays their first legal move."""
    return services.play(match.pk, mover(match), first_legal(match), match.version).match


def finish_by_resign(match: Match, loser) -> Match:
    return services.resign(match.pk, loser).match
