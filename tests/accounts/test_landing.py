"""Where signing up and logging in land: at home, where a newcomer is shown how to learn
each game first; a ?next= still wins. A visitor's home asks them to sign up or to read
the rules."""

import pytest

from tests.accounts.test_signup import NEW_PLAYER
from tests.base import PASSWORD

pytestmark = pytest.mark.django_db


def test_it_lands_at_home_after_signing_up(client):
    response = client.post("/accounts/signup/", NEW_PLAYER)
    assert response.status_code == 302 and response["Location"] == "/"
    assert "New here? Learn a game first" in client.get("/").content.decode()


def test_it_lands_at_home_after_logging_in(client, alice):
    response = client.post("/accounts/login/", {"login": "alice", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/"


def test_it_keeps_next_when_logging_in(client, alice):
    response = client.post("/accounts/login/?next=/ladders/",
                           {"login": "alice", "password": PASSWORD})
    assert response["Location"] == "/ladders/"


def test_it_keeps_next_when_signing_up(client):
    response = client.post("/accounts/signup/?next=/ladders/", NEW_PLAYER)
    assert response["Location"] == "/ladders/"


def test_it_does_not_follow_next_to_another_site(client, alice):
    response = client.post("/accounts/login/?next=https://evil.example/",
                           {"login": "alice", "password": PASSWORD})
    assert response["Location"] == "/"


def test_it_asks_a_visitor_to_sign_up_or_read_the_rules_at_home(client):
    page = client.get("/").content.decode()
    body = page.split('<main', 1)[1].split("</main>", 1)[0]
    welcome = body.split('id="welcome"', 1)[1].split("</section>", 1)[0]
    assert 'href="/accounts/signup/"' in welcome and ">Sign up<" in welcome
    assert 'href="/rules/"' in welcome
    for game in ("druidenwalzer", "caesar-cleopatra", "kasteel"):
        assert f'href="/learn/{game}/"' in welcome
        assert f'href="/learn/{game}/tutorial/"' in welcome


def test_it_shows_a_signed_in_player_no_welcome(client, alice):
    client.force_login(alice)
    assert 'id="welcome"' not in client.get("/").content.decode()
