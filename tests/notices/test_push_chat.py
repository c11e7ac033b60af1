"""A chat line addressed to a player is pushed, if they turned that kind on."""

import json

import http_ece
import pytest

from notices.models import PushPreferences
from social import chat
from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_pushes_nothing_for_chat_until_the_player_turns_it_on(
        alice, bob, device, push_service, worker, django_capture_on_commit_callbacks):
    match = new_game(alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        chat.send(match.pk, bob, "players", "good luck")
    assert push_service.received == []


def test_it_pushes_the_opponents_line(alice, bob, device, push_service, worker, browser,
                                      django_capture_on_commit_callbacks):
    PushPreferences.objects.create(user=alice, off_kinds=[])
    match = new_game(alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        chat.send(match.pk, bob, "players", "good luck")
    [(_headers, body)] = push_service.received
    message = json.loads(http_ece.decrypt(body, private_key=browser.private_key,
                                          auth_secret=browser.auth, version="aes128gcm"))
    assert message["body"] == "bob: good luck" and message["url"] == f"/games/{match.pk}/"
