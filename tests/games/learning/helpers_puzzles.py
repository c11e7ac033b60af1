"""A finished game with puzzles in it, played through the site's write path."""

from __future__ import annotations

import random

from games.ai.base import start_record
from games.core import services
from games.core.verify import new_game_options
from games.models import Match, MoveRecord
from games.rules import get_rules

RULES = get_rules("druidenwalzer")
#: With this seed and this chooser, the sun can win on the spot at moves 24 and 32.
SEED = 15


def played_game(moon, sun, seed: int = SEED) -> Match:
    """Both players choose at random (a seeded chooser) until the game is over."""
    match = services.start_match("druidenwalzer", {"moon": moon, "sun": sun}, seed=seed,
                                 rated=False)
    users = {"moon": moon, "sun": sun}
    chooser = random.Random(seed)
    while True:
        match.refresh_from_db()
        state = RULES.from_json(match.state)
        owed = RULES.owed_by(state)
        if not owed:
            return match
        move = chooser.choice(RULES.legal_moves(state))
        services.play(match.pk, users[owed[0]], move, match.version, seat=owed[0])


def position(match: Match, version: int):
    """The real state before the move of record ``version``, and the mover's log then."""
    state = RULES.new_game(match.seed, new_game_options(match.options))
    logs = {seat: [start_record(RULES.view(state, seat))] for seat in ("moon", "sun")}
    for record in match.records.order_by("version"):
        if record.version == version:
            return state, logs[record.seat]
        if record.kind == MoveRecord.Kind.MOVE and record.move is not None:
            state = RULES.apply(state, record.move).state
        for seat, log in logs.items():
            log.extend(RULES.redact_events(record.events, seat))
    raise LookupError(version)
