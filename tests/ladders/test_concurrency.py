"""Ladder games ending at the same moment, in real concurrent transactions.

Each thread finishes its own game through games.core.services; the match_finished
receivers then apply the results under the lock on the Ladder row. Whatever
order they get, no two players may share a position and no position may be
skipped. Runs on SQLite (immediate transactions) and on PostgreSQL (row locks).
"""

from __future__ import annotations

import logging
import threading

import pytest
from django.db import connection

from games.core import services as game_services
from ladders import services
from ladders.models import LadderGame
from tests.conftest import make_user
from tests.ladders.helpers import fill, positions, standings

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 4


def finish_together(losers: list[tuple[int, object]]) -> list[BaseException]:
    """Resign each (match id, loser) in its own thread, all released at once."""
    barrier = threading.Barrier(len(losers))
    errors: list[BaseException] = []

    def run(match_id, loser):
        try:
            barrier.wait(timeout=10)
            game_services.resign(match_id, loser)
        except BaseException as error:  # reported to the test below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=pair) for pair in losers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return errors


def test_it_never_shares_or_skips_a_position_when_games_end_at_once(ladder, no_turn_mails,
                                                                     caplog):
    ladder.challenge_range, ladder.max_open_challenges, ladder.cooldown_days = 10, 5, 0
    ladder.save()
    users = [make_user(f"racer{n}") for n in range(1, 7)]
    fill(ladder, users)
    caplog.set_level(logging.ERROR)
    for _ in range(ROUNDS):
        order = standings(ladder)
        by_name = {user.username: user for user in users}
        bottom, next_up = by_name[order[-1]], by_name[order[-2]]
        first = services.challenge(ladder.pk, bottom, by_name[order[0]])
        second = services.challenge(ladder.pk, next_up, by_name[order[1]])
        # Both challengers win at the same moment: each defender resigns.
        errors = finish_together([(first.match_id, first.defender),
                                  (second.match_id, second.defender)])
        assert errors == []
        assert positions(ladder) == list(range(1, len(users) + 1))
        assert sorted(standings(ladder)) == sorted(order)
        assert standings(ladder)[:3] == [order[-1], order[0], order[-2]]
    assert not LadderGame.objects.filter(resolved=False).exists()
    assert ladder.audit.filter(action="result").count() == 2 * ROUNDS
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_it_keeps_positions_whole_when_a_result_meets_a_leave(ladder, no_turn_mails):
    users = [make_user(f"walker{n}") for n in range(1, 6)]
    fill(ladder, users)
    game = services.challenge(ladder.pk, users[3], users[1])
    errors: list[BaseException] = []
    barrier = threading.Barrier(2)

    def run(call):
        try:
            barrier.wait(timeout=10)
            call()
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=run, args=(lambda: game_services.resign(game.match_id,
                                                                        users[1]),)),
        threading.Thread(target=run, args=(lambda: services.leave(ladder.pk, users[0]),)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert positions(ladder) == [1, 2, 3, 4]
    # walker4 climbed over walker2 and walker3; walker1 left: the order is the same either way.
    assert standings(ladder) == ["walker4", "walker2", "walker3", "walker5"]
