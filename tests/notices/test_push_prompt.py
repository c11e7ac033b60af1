"""The game page offers push to a player who has no device yet (game.js shows it after
their move), only when push is set up."""

import pytest

from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def page_of(client, match) -> str:
    return client.get(f"/games/{match.pk}/").content.decode()


def test_it_offers_push_to_a_player_without_a_device(client, alice, bob, vapid):
    client.force_login(alice)
    page = client.get(f"/games/{new_game(alice, bob).pk}/").content.decode()
    assert 'id="push-prompt" hidden' in page and "/settings/#push" in page


def test_it_offers_nothing_once_a_device_is_registered(client, alice, bob, device):
    client.force_login(alice)
    assert 'id="push-prompt"' not in page_of(client, new_game(alice, bob))


def test_it_offers_nothing_when_push_is_off(client, alice, bob):
    client.force_login(alice)
    assert 'id="push-prompt"' not in page_of(client, new_game(alice, bob))


def test_it_offers_nothing_to_a_spectator(client, alice, bob, carol, vapid):
    client.force_login(carol)
    assert 'id="push-prompt"' not in page_of(client, new_game(alice, bob))
