"""The game page's chat box tells each viewer what they read and where they write:
a spectator reads the spectators' chat only (never the players' or a team's lines)
and is told so, sees which channel their line goes to, and gets no Send form where
they may not write (not logged in, muted)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from social import chat
from social import services as social
from tests.site.conftest import start

pytestmark = pytest.mark.django_db


def chat_box(client, user, match) -> str:
    if user is None:
        client.logout()
    else:
        client.force_login(user)
    html = client.get(reverse("game", args=[match.pk])).content.decode()
    return html.split('id="game-chat"', 1)[1].split("</aside>", 1)[0]


def test_it_tells_a_spectator_the_players_chat_is_theirs_alone(client, alice, bob, carol):
    match = start(alice, bob)
    chat.send(match.pk, alice, "players", "good luck!")
    box = chat_box(client, carol, match)
    assert "good luck!" not in box
    assert "No chat yet." not in box
    assert "You read the spectators' chat: the players' chat is for the players only." in box
    assert "No spectator has written yet." in box
    # Nothing to switch off: the spectators' lines are all a spectator reads.
    assert 'id="chat-show-spectators"' not in box


def test_it_shows_a_spectator_the_spectators_lines_and_where_their_line_goes(
        client, alice, bob, carol):
    match = start(alice, bob)
    chat.send(match.pk, carol, "spectators", "nice opening")
    box = chat_box(client, carol, match)
    assert "nice opening" in box and "No spectator has written yet." not in box
    assert 'id="chat-form"' in box and 'id="chat-to"' in box
    assert "To: Spectators" in box


def test_a_player_reads_both_chats_and_writes_to_the_players(client, alice, bob, carol):
    match = start(alice, bob)
    chat.send(match.pk, carol, "spectators", "nice opening")
    box = chat_box(client, alice, match)
    assert 'id="chat-show-spectators"' in box and "nice opening" in box
    assert "To: Players" in box
    assert "the players' chat is for the players only" not in box


def test_it_shows_no_send_form_to_whom_may_not_write(client, alice, bob, carol, staff):
    match = start(alice, bob)
    anonymous = chat_box(client, None, match)
    assert 'id="chat-form"' not in anonymous and "Log in to chat." in anonymous
    assert "You read the spectators' chat" in anonymous
    social.moderate(staff, carol, "mute", "insults")
    muted = chat_box(client, carol, match)
    assert 'id="chat-form"' not in muted and "Send" not in muted
    assert "An admin has muted you for now: you cannot chat." in muted
