"""A ladder challenge and an admin's decision of a result reach the player's phone, as
the ladder sends them (through the loopback push service)."""

from __future__ import annotations

import json

import http_ece
import pytest

from ladders import services
from ladders.models import Ladder
from notices.models import PushPreferences
from tests.ladders.helpers import fill, win

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


@pytest.fixture
def ladder_game(alice, bob, staff, django_capture_on_commit_callbacks):
    """Bob challenges alice on a ladder, wins, and an admin decides for alice instead."""
    def play() -> tuple[Ladder, int]:
        ladder = Ladder.objects.create(name="Spring ladder", challenge_range=3,
                                       max_open_challenges=2, cooldown_days=7,
                                       inactivity_days=30, days_per_move=3)
        fill(ladder, [alice, bob])
        with django_capture_on_commit_callbacks(execute=True):
            game = services.challenge(ladder.pk, bob, alice)
        with django_capture_on_commit_callbacks(execute=True):
            win(game, bob)
        with django_capture_on_commit_callbacks(execute=True):
            services.correct_result(game.pk, staff, "defender", "bob left the game")
        return ladder, game.match_id
    return play


def test_a_ladder_challenge_and_an_admins_decision_are_pushed(device, push_service, worker,
                                                               browser, ladder_game):
    ladder, match_id = ladder_game()
    challenged, decided = [
        json.loads(http_ece.decrypt(body, private_key=browser.private_key,
                                    auth_secret=browser.auth, version="aes128gcm"))
        for _headers, body in push_service.received]
    assert challenged["body"] == "bob challenged you on the ladder Spring ladder."
    assert challenged["url"] == f"/ladders/{ladder.pk}/"
    assert decided["title"] == "A result of yours was decided by an admin"
    assert decided["url"] == f"/games/{match_id}/"


def test_neither_is_pushed_when_the_player_turned_them_off(alice, device, push_service, worker,
                                                          ladder_game):
    PushPreferences.objects.create(user=alice, off_kinds=["ladder_challenge", "result_decided"])
    ladder_game()
    assert push_service.received == []
