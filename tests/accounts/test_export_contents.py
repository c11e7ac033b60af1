"""The account export has what the old one lacked: the chat lines the player wrote
(theirs only), every setting, their e-mail addresses and what moderation did."""

from __future__ import annotations

import json

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_exports_the_players_lines_settings_and_rows(alice, bob, client):
    from django.utils import timezone

    from social import chat
    from social.models import ModerationAction, Mute
    from tests.base import confirm_email
    from tests.games.helpers import new_game

    alice.animation_speed, alice.auto_next_game = "fast", True
    alice.save()
    match = new_game(alice, bob)
    chat.send(match.pk, alice, "players", "have fun")
    chat.send(match.pk, bob, "players", "you too")
    chat.save_note(match.pk, alice, "watch the sun")
    confirm_email(alice)
    Mute.objects.create(user=alice, until=timezone.now())
    ModerationAction.objects.create(user=alice, kind="warn", reason="be nice")
    client.force_login(alice)
    data = json.loads(client.get("/settings/account/export.json").content)

    assert data["settings"]["animation_speed"] == "fast"
    assert data["settings"]["auto_next_game"] is True
    assert [(line["match"], line["text"]) for line in data["chat_lines"]] == [
        (match.pk, "have fun")]  # her own lines only
    assert data["notes"][0]["text"] == "watch the sun"
    assert data["email_addresses"] == [
        {"email": "alice@example.org", "verified": True, "primary": True}]
    assert data["moderation"][0]["reason"] == "be nice" and data["mute"][0]["until"]
    assert data["games"][0]["seat"] == "moon" and data["games"][0]["game"]["id"] == match.pk
    assert "password" not in json.dumps(data["profile"])
    from accounts import export

    assert set(data) == {"exported_at", "profile", "settings",
                         *(part.key for part in export.PARTS)}
