"""A deleted player's chat lines say what happened: the account was deleted (not
"hidden by an admin"), on the game page, in the API and in a socket's line."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts import deleted, ownership
from games.models import ChatMessage
from social import chat
from tests.conftest import PASSWORD
from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]

DELETED = "line removed: this player deleted their account"


@pytest.fixture
def chatted(alice, bob, carol, staff):
    """alice and bob chatted; an admin hid a line of carol's (a spectator); bob then
    deleted his account."""
    match = new_game(alice, bob)
    chat.send(match.pk, alice, "players", "good luck")
    chat.send(match.pk, bob, "players", "my secret plans")
    rude = chat.send(match.pk, carol, "spectators", "rude words")
    chat.hide(rude.pk, staff)
    client = Client()
    client.force_login(bob)
    client.post("/settings/account/", {"password": PASSWORD})
    return match


def test_it_says_on_the_page_that_the_account_was_deleted(chatted, alice, bob):
    client = Client()
    client.force_login(alice)
    page = client.get(f"/games/{chatted.pk}/").content.decode()
    assert f"<strong>former-player-{bob.pk}</strong>: <em>{DELETED}</em>" in page
    assert "<strong>carol</strong> <span class=\"muted\">(spectators)</span>: " \
           "<em>hidden by an admin</em>" in page
    assert page.count("hidden by an admin") == 1
    assert "my secret plans" not in page


def test_it_says_so_in_the_api_and_the_socket_line(chatted, alice, bob):
    client = Client()
    client.force_login(alice)
    lines = {line["player"]: line for line in
             client.get(f"/api/games/{chatted.pk}/chat/").json()}
    gone = lines[f"former-player-{bob.pk}"]
    assert gone["hidden"] and gone["hidden_why"] == "account_deleted"
    assert gone["hidden_text"] == DELETED and gone["text"] == ""
    assert lines["carol"]["hidden_why"] == "admin"
    assert lines["carol"]["hidden_text"] == "hidden by an admin"
    assert lines["alice"]["hidden_why"] is None and lines["alice"]["hidden_text"] == ""
    # A socket's chat message carries the same line payload.
    line = ChatMessage.objects.get(user=bob)
    assert chat.line_payload(line)["hidden_why"] == "account_deleted"


def test_it_tells_a_deleted_account_from_a_suspended_one(alice, bob):
    bob.is_active = False
    bob.save()
    assert not deleted.is_deleted(bob)
    ownership._forget(bob)
    assert deleted.is_deleted(bob)
    assert not deleted.is_deleted(alice)
