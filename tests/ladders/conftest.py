"""Ladder fixtures: a ladder, players joined in order, and finishing their games.

Results reach the ladder through games.core.commit.result_changed, sent after the
commit; in the ordinary (transactional) tests the `finished` fixture runs those
callbacks with django_capture_on_commit_callbacks(execute=True).
"""

from __future__ import annotations

import pytest

from ladders.models import Ladder
from tests.conftest import make_user


@pytest.fixture(autouse=True)
def _quiet_games(no_turn_mails):
    """No turn mails from the games ladders start."""


@pytest.fixture
def ladder(db):
    """An open ladder with roomy defaults; tests tighten what they check."""
    return Ladder.objects.create(
        name="Spring ladder", challenge_range=3, max_open_challenges=2, cooldown_days=7,
        inactivity_days=30, days_per_move=3,
    )


@pytest.fixture
def players(db):
    """Five more players: p1 .. p5."""
    return [make_user(f"p{n}") for n in range(1, 6)]


@pytest.fixture
def finished(django_capture_on_commit_callbacks):
    """Run a callable that finishes games, then the match_finished receivers."""

    def run(action, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return action(*args, **kwargs)

    return run
