"""Ratings and ladder places always equal the fold of the record, whatever happens.

Random sequences of ladder games (wins, draws, timeouts), admins' decisions on any
finished game (corrections, annulments, repeated or undone, in any order), joins,
moves, removals and freezes, over players who share games: after every step the
stored ratings, the rating history and the ladder's places equal the fold from
scratch (ladders.verify, the check verify_games runs).
"""

from __future__ import annotations

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games.core.errors import ServiceError
from ladders import services
from ladders.models import Ladder, LadderGame
from ladders.verify import ladder_differences, rating_differences
from tests.conftest import make_user
from tests.ladders.helpers import draw, standings, time_out, win

pytestmark = pytest.mark.django_db

RESULTS = ("challenger", "defender", "draw", "timeout")
DECISIONS = ("challenger", "defender", "draw", "annul")

play = st.tuples(st.just("play"), st.integers(0, 20), st.integers(0, 20),
                 st.sampled_from(RESULTS))
decide = st.tuples(st.just("decide"), st.integers(0, 50), st.sampled_from(DECISIONS))
# Games and decisions are what the folds are about: they come three times as often.
step = st.one_of(
    play, play, play, decide, decide, decide,
    st.tuples(st.just("start"), st.integers(0, 20), st.integers(0, 20)),
    st.tuples(st.just("finish"), st.integers(0, 20), st.sampled_from(RESULTS)),
    st.tuples(st.just("join")),
    st.tuples(st.just("move"), st.integers(0, 20), st.integers(1, 20)),
    st.tuples(st.just("remove"), st.integers(0, 20)),
    st.tuples(st.just("freeze")),
)


def _start(ladder, users, standing, first, second):
    if len(standing) < 2 or first % len(standing) == second % len(standing):
        return None
    above, below = sorted((first % len(standing), second % len(standing)))
    try:
        return services.challenge(ladder.pk, users[standing[below]], users[standing[above]])
    except ServiceError:
        return None  # they are playing each other already


def _finish(game, result, finished):
    if result == "timeout":
        finished(time_out, game)
    elif result == "draw":
        finished(draw, game)
    else:
        finished(win, game, game.challenger if result == "challenger" else game.defender)


def _run(steps, staff, finished):
    ladder = Ladder.objects.create(name="Property ladder", challenge_range=100,
                                   max_open_challenges=50, cooldown_days=0,
                                   rematch_handicap=False, inactivity_days=0)
    users = {}
    for name in ("ann", "ben", "cor", "dik"):
        users[name] = make_user(name)
        services.join(ladder.pk, users[name])
    frozen = False
    for action in steps:
        standing = standings(ladder)
        if action[0] in ("play", "start") and not frozen:
            game = _start(ladder, users, standing, action[1], action[2])
            if game is not None and action[0] == "play":
                _finish(game, action[3], finished)
                event("played")
        elif action[0] == "finish":
            running = list(LadderGame.objects.filter(ladder=ladder, match__status="active")
                           .select_related("match", "challenger", "defender").order_by("id"))
            if running:
                _finish(running[action[1] % len(running)], action[2], finished)
        elif action[0] == "decide":
            games = list(LadderGame.objects.filter(ladder=ladder, resolved=True)
                         .order_by("id"))
            if games:
                game = games[action[1] % len(games)]
                try:
                    finished(services.correct_result, game.pk, staff, action[2], "decided")
                    event("decided")
                except ServiceError as exc:
                    event(f"refused {exc}")
        elif action[0] == "join":
            name = f"p{len(users)}"
            users[name] = make_user(name)
            if not frozen:
                services.join(ladder.pk, users[name])
        elif action[0] == "move" and standing:
            services.move_player(ladder.pk, staff, users[standing[action[1] % len(standing)]],
                                 min(action[2], len(standing)))
        elif action[0] == "remove" and len(standing) > 2:
            services.remove_player(ladder.pk, staff, users[standing[action[1] % len(standing)]])
        elif action[0] == "freeze":
            frozen = not frozen
            finished(services.set_status, ladder.pk, staff, "frozen" if frozen else "open")
        assert rating_differences(ladder.game) == [], action
        assert ladder_differences(ladder) == [], action


@settings(max_examples=30, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps=st.lists(step, min_size=6, max_size=16))
def test_ratings_and_places_equal_the_fold_after_every_step(steps, staff, finished,
                                                             no_turn_mails):
    with transaction.atomic():
        _run(steps, staff, finished)
        transaction.set_rollback(True)


