"""The account belongs to its owner: export everything; delete, leaving nothing personal."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from accounts.models import User
from games.core import services
from games.models import Match, Seat
from ladders import services as ladder_services
from ladders.models import LadderAudit, Rating
from notices.models import Notice
from social import services as social
from tests.conftest import PASSWORD
from tests.games.helpers import new_game, play_first

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_exports_everything_about_me(alice, bob, client):
    match = new_game(alice, bob)
    play_first(match)
    social.follow(alice, bob)
    client.force_login(alice)
    response = client.get("/settings/account/export.json")
    assert response["Cache-Control"] == "private, no-store"
    data = json.loads(response.content)
    assert data["profile"]["username"] == "alice" and data["profile"]["email"]
    assert [row["followed"] for row in data["following"]] == ["bob"]
    game = data["games"][0]["game"]
    assert game["viewer"] == "moon" and game["records"][0]["kind"] == "move"
    # Only alice's view: bob's hand is hidden, hers is there.
    assert game["view"]["players"]["sun"]["hand"] is None
    assert game["view"]["players"]["moon"]["hand"]


def test_it_deletes_an_account_after_the_password(alice, bob, client):
    from ladders.models import Ladder

    ladder = Ladder.objects.create(name="Club ladder")
    finished = new_game(alice, bob)
    services.resign(finished.pk, bob)
    running = new_game(alice, bob)
    ladder_services.join(ladder.pk, bob)
    ladder_services.join(ladder.pk, alice)
    social.follow(bob, alice)
    Rating.objects.create(user=bob, game="druidenwalzer", rating=1600, games=3)
    token = Token.objects.create(user=bob).key
    client.force_login(bob)
    refused = client.post("/settings/account/", {"password": "wrong"})
    assert refused.status_code == 302 and User.objects.get(pk=bob.pk).username == "bob"
    client.post("/settings/account/", {"password": PASSWORD})

    gone = User.objects.get(pk=bob.pk)
    assert gone.username == f"former-player-{bob.pk}" and gone.email == ""
    assert not gone.is_active and not gone.has_usable_password()
    assert Match.objects.get(pk=running.pk).is_over  # resigned
    assert Seat.objects.filter(match=finished, user=gone).exists()  # history stays
    assert Rating.objects.filter(user=gone).exists()  # kept, under the anonymous name
    assert not ladder.entries.filter(user=gone).exists()
    assert Client().get("/api/me/", HTTP_AUTHORIZATION=f"Token {token}").status_code == 401
    assert client.get("/settings/").status_code == 302  # logged out
    for model, field in ((LadderAudit, "detail"), (Notice, "params")):
        assert not model.objects.filter(**{f"{field}__icontains": '"bob"'}).exists()
    page = Client().get(f"/games/{finished.pk}/").content.decode()
    assert ">bob<" not in page and "bob@example.org" not in page


def test_staff_accounts_are_not_deleted_by_themselves(staff, client):
    client.force_login(staff)
    client.post("/settings/account/", {"password": PASSWORD})
    assert User.objects.get(pk=staff.pk).is_active


def test_the_export_shows_no_hidden_card_of_a_running_game(client):
    from tests.security.urlmap import HIDDEN, World, shows

    world = World.build()
    for role, own in (("player", []), ("opponent", [HIDDEN["hand"]])):
        client.force_login(world.users[role])
        data = json.loads(client.get("/settings/account/export.json").content)
        running = json.dumps([g for g in data["games"] if g["game"]["id"] == world.game.pk])
        hidden = [card for card in HIDDEN.values() if card not in own]
        assert [card for card in hidden if shows(running, card)] == [], role
        assert not shows(running, str(world.game.seed))
