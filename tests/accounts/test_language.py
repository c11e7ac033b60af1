"""The interface language: the footer switch for everyone, a player's saved choice on login."""

import pytest
from django.conf import settings

from tests.base import PASSWORD

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


def test_it_switches_to_dutch_without_logging_in(client):
    assert "Log in" in client.get("/").content.decode()
    response = client.post("/i18n/setlang/", {"language": "nl", "next": "/"})
    assert response.status_code == 302
    page = client.get("/").content.decode()
    assert "Aanmelden" in page
    assert "Correspondentiepartijen" in page
    assert '<html lang="nl">' in page


def test_it_follows_the_browsers_language(client):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Aanmelden" in page


def test_it_applies_the_saved_language_on_login(client, alice):
    alice.language = "nl"
    alice.save()
    client.post("/accounts/login/", {"login": "alice", "password": PASSWORD})
    response = client.get("/")
    assert "Instellingen" in response.content.decode()
    assert response.cookies[COOKIE].value == "nl"


def test_it_lets_the_footer_switch_win_after_login(client, alice):
    alice.language = "nl"
    alice.save()
    client.post("/accounts/login/", {"login": "alice", "password": PASSWORD})
    client.get("/")
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    page = client.get("/").content.decode()
    assert "Settings" in page and "Instellingen" not in page


def test_it_saves_the_footer_choice_of_a_player(client, alice):
    alice.language = "nl"
    alice.save()
    client.force_login(alice)
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    alice.refresh_from_db()
    assert alice.language == "en"
    client.post("/accounts/logout/")
    client.post("/accounts/login/", {"login": "alice", "password": PASSWORD})
    assert "Settings" in client.get("/").content.decode()


def test_it_brings_a_change_on_one_device_to_the_others(client, alice):
    from django.test import Client

    phone = Client()
    client.force_login(alice)
    phone.force_login(alice)
    assert "Settings" in phone.get("/").content.decode()
    client.post("/i18n/setlang/", {"language": "nl", "next": "/"})
    response = phone.get("/")
    assert "Instellingen" in response.content.decode()
    assert response.cookies[COOKIE].value == "nl"
    client.post("/settings/", {"notify": "each", "language": "en"})
    assert "Settings" in phone.get("/").content.decode()


def test_it_lets_the_saved_language_win_over_an_old_cookie(client, alice):
    alice.language = "nl"
    alice.save()
    client.force_login(alice)
    client.cookies[COOKIE] = "en"
    assert "Instellingen" in client.get("/").content.decode()


def test_it_keeps_the_visitors_choice_for_a_player_without_preference(client, alice):
    client.post("/i18n/setlang/", {"language": "nl", "next": "/"})
    client.post("/accounts/login/", {"login": "alice", "password": PASSWORD})
    response = client.get("/")
    assert "Instellingen" in response.content.decode()
    assert COOKIE not in response.cookies  # left alone
