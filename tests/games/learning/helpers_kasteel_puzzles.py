"""A finished Strijd om het Kasteel table game with puzzles in it, played through the
site's write path, and the positions of its decisions replayed from its seed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import transaction

from games.core import services
from games.core.verify import new_game_options
from games.models import Match, MoveRecord
from games.rules import get_rules

RULES = get_rules("kasteel")
#: A table of three with a limit of two dealing cycles: with this seed and this
#: chooser, the miner finds four certain captures (one with 2 answers, the others
#: with 5 to 11).
SEED = 17
OPTIONS = {"players": 3, "limit": 2}


def played_game(*players, seed: int = SEED) -> Match:
    """Every seat chooses at random (a seeded chooser) until the game is over."""
    users = {str(seat): user for seat, user in enumerate(players)}
    match = services.start_match("kasteel", users, seed=seed, rated=False,
                                 new_game=dict(OPTIONS))
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
    """The real state before the move of record ``version``."""
    state = RULES.new_game(match.seed, new_game_options(match.options))
    for record in match.records.order_by("version"):
        if record.version == version:
            return state
        if record.kind == MoveRecord.Kind.MOVE and record.move is not None:
            state = RULES.apply(state, record.move).state
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
        match = played_game(*(make_user(f"{prefix}{seat}") for seat in range(3)))
        yield match, puzzles.mine(match)
        transaction.set_rollback(True)
