"""A finished Caesar & Cleopatra game with puzzles in it, played through the site's
write path, and the positions of its decisions replayed from its seed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import transaction

from games.ai.base import start_record
from games.core import services
from games.core.verify import new_game_options
from games.models import Match, MoveRecord
from games.rules import get_rules

RULES = get_rules("caesar-cleopatra")
#: With this seed and this chooser, the miner finds three extraordinary votes won
#: for certain (Caesar twice, then Cleopatra).
SEED = 1


def careful(legal: list[dict], rng: random.Random) -> dict:
    """A random move that passes only now and then (random players pass so often
    that a group seldom fills up)."""
    active = [move for move in legal if move["type"] != "pass"]
    return rng.choice(active if active and rng.random() < 0.95 else legal)


def played_game(cleopatra, caesar, seed: int = SEED) -> Match:
    """Both players choose carefully at random (a seeded chooser) until the game is over."""
    match = services.start_match("caesar-cleopatra", {"cleopatra": cleopatra, "caesar": caesar},
                                 seed=seed, rated=False)
    users = {"cleopatra": cleopatra, "caesar": caesar}
    chooser = random.Random(seed)
    while True:
        match.refresh_from_db()
        state = RULES.from_json(match.state)
        owed = RULES.owed_by(state)
        if not owed:
            return match
        move = careful(RULES.legal_moves(state), chooser)
        services.play(match.pk, users[owed[0]], move, match.version, seat=owed[0])


def position(match: Match, version: int):
    """The real state before the move of record ``version``, and the mover's log then."""
    state = RULES.new_game(match.seed, new_game_options(match.options))
    logs = {seat: [start_record(RULES.view(state, seat))] for seat in ("cleopatra", "caesar")}
    for record in match.records.order_by("version"):
        if record.version == version:
            return state, logs[record.seat]
        if record.kind == MoveRecord.Kind.MOVE and record.move is not None:
            state = RULES.apply(state, record.move).state
        for seat, log in logs.items():
            log.extend(RULES.redact_events(record.events, seat))
    raise LookupError(version)


@contextmanager
def mined_game(prefix: str) -> Iterator[tuple[Match, list]]:
    """The seeded game played and mined once, for a module's tests (each runs in a
    savepoint of it); everything is rolled back at the end. Call it inside
    ``django_db_blocker.unblock()``."""
    from games import tasks
    from games.learning import puzzles
    from tests.conftest import make_user

    with transaction.atomic(), pytest.MonkeyPatch.context() as patch:
        patch.setattr(tasks.notify_turn, "apply_async", lambda *args, **kwargs: None)
        match = played_game(make_user(f"{prefix}cleo"), make_user(f"{prefix}caesar"))
        yield match, puzzles.mine(match)
        transaction.set_rollback(True)
