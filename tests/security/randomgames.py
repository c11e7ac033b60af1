"""Random running games of every game of the site, played through the API.

``start`` begins a game of Druidenwalzer, Caesar & Cleopatra or Kasteel (2
seats, or 4 seats in two teams) between the given players; ``play`` sends
seeded random legal moves with each owing seat's API token until a number
of moves has been made (the game is never played to its end here: a running
game is the one with something to hide).
"""

from __future__ import annotations

import random

from games.core import services
from games.models import Match
from games.rules import get_rules
from tests.security.apigames import token_client

#: (game, seats, options of the game): the kinds of game the leak tests play.
KINDS = {
    "druidenwalzer": ("druidenwalzer", ("moon", "sun"), None),
    "caesar-cleopatra": ("caesar-cleopatra", ("cleopatra", "caesar"), None),
    "kasteel": ("kasteel", ("0", "1"), {"players": 2}),
    "kasteel-teams": ("kasteel", ("0", "1", "2", "3"), {"players": 4, "teams": True}),
}


def start(kind: str, players: list, seed: int, past_setup: bool = False) -> Match:
    """A new game; ``past_setup``: Kasteel's placements made (the hands are dealt)."""
    game, seats, options = KINDS[kind]
    match = services.start_match(game, dict(zip(seats, players, strict=False)), seed=seed,
                                 new_game=options)
    if past_setup and game == "kasteel":
        play(match, 7 * len(seats), random.Random(seed), api=False)
    return match


def play(match: Match, moves: int, rng: random.Random, api: bool = True) -> Match:
    """``moves`` random legal moves (fewer if the game would end), each sent by the owing
    seat's player through ``POST /api/games/<id>/move/`` (or the services: ``api``
    False, quicker)."""
    rules = get_rules(match.game)
    clients = {seat.seat: token_client(seat.user) for seat in match.seats.select_related("user")}
    users = {seat.seat: seat.user for seat in match.seats.select_related("user")}
    for _ in range(moves):
        match.refresh_from_db()
        state = rules.from_json(match.state)
        seat = rules.owed_by(state)[0]
        choices = rules.legal_moves(state)
        rng.shuffle(choices)
        move = next((move for move in choices
                     if not rules.is_over(rules.apply(state, move).state)), None)
        if move is None:
            break
        if not api:
            services.play(match.pk, users[seat], move, match.version)
            continue
        answer = clients[seat].post(f"/api/games/{match.pk}/move/", {
            "move": move, "version": match.version}, format="json")
        assert answer.status_code == 200, answer.content
    match.refresh_from_db()
    return match
