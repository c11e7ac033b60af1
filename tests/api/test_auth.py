"""Tokens for scripts and bots, sessions for pages, and clear answers without either."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.api.helpers import post, url
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_it_gives_a_token_for_a_username_and_password(alice):
    response = post(APIClient(), "/api/token/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 200
    assert response.json() == {"token": Token.objects.get(user=alice).key, "username": "alice"}


def test_it_takes_the_credentials_as_a_form_too(alice):
    response = APIClient().post("/api/token/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 200
    assert response.json()["token"] == Token.objects.get(user=alice).key


def test_it_gives_the_same_token_until_it_is_revoked(alice):
    body = {"username": "alice", "password": PASSWORD}
    first = post(APIClient(), "/api/token/", body).json()["token"]
    assert post(APIClient(), "/api/token/", body).json()["token"] == first


def test_it_refuses_a_wrong_password(alice):
    response = post(APIClient(), "/api/token/", {"username": "alice", "password": "nope"})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_credentials"
    assert not Token.objects.exists()


def test_it_names_the_missing_field_of_a_token_request(alice):
    response = post(APIClient(), "/api/token/", {"username": "alice"})
    assert response.status_code == 400
    assert response.json()["fields"] == {"password": ["This field is required."]}
    assert "password" in response.json()["error"]


def test_it_lets_a_token_act_for_its_player(alice, game):
    token = post(APIClient(), "/api/token/",
                 {"username": "alice", "password": PASSWORD}).json()["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/me/").json()["username"] == "alice"
    assert client.get(url(game)).json()["viewer"] == "moon"


def test_it_revokes_the_token_on_delete(alice, client_for):
    client = client_for(alice)
    assert client.delete("/api/token/").status_code == 204
    assert not Token.objects.filter(user=alice).exists()
    response = client.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


def test_it_refuses_to_revoke_without_credentials(db):
    response = APIClient().delete("/api/token/")
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


def test_it_answers_anonymous_writes_401_with_how_to_authenticate(game):
    response = post(APIClient(), url(game, "move"), {"move": {"type": "pass"}, "version": 0})
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    body = response.json()
    assert body["code"] == "not_authenticated"
    assert "Authorization: Token" in body["error"]


def test_it_refuses_a_bad_token(game):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = client.get(url(game))
    assert response.status_code == 401
    assert response.json() == {"error": "Invalid token.", "code": "authentication_failed"}


def test_it_enforces_csrf_on_session_writes(alice, game):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice)
    assert client.get("/api/me/").status_code == 200  # reads need no CSRF token
    response = post(client, url(game, "resign"))
    assert response.status_code == 403
    assert "CSRF" in response.json()["error"]
    game.refresh_from_db()
    assert game.version == 0


def test_it_accepts_a_session_write_with_the_csrf_token(alice, game):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice)
    secret = "csrfSecretOfThirtyTwoCharacters0"  # what the CSRF cookie of a page holds
    client.cookies["csrftoken"] = secret
    response = client.post(url(game, "resign"), {}, format="json", HTTP_X_CSRFTOKEN=secret)
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "finished"
