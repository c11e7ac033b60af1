"""Login throttling (django-axes): five failures lock an account for one address, 15 minutes.

The site's login form (allauth), the admin's and POST /api/token/ share one
count per account and address; a success before the limit starts it again.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
MESSAGE = "Too many failed logins"


def login(client: Client, name: str, password: str = "wrong-guess"):
    return client.post(LOGIN, {"login": name, "password": password})


def token(client: APIClient, name: str, password: str = "wrong-guess"):
    return client.post("/api/token/", {"username": name, "password": password}, format="json")


def test_it_is_configured_as_asked():
    assert settings.AXES_FAILURE_LIMIT == 5
    assert settings.AXES_COOLOFF_TIME == timedelta(minutes=15)
    assert settings.AXES_RESET_ON_SUCCESS is True
    assert settings.AUTHENTICATION_BACKENDS[0] == "axes.backends.AxesStandaloneBackend"
    # Innermost but for the marker that keeps the chain on one thread.
    assert settings.MIDDLEWARE[-2] == "axes.middleware.AxesMiddleware"


def test_it_locks_the_login_form_after_five_failures_and_says_why(client, alice):
    for _ in range(4):
        page = login(client, "alice")
        assert page.status_code == 200 and MESSAGE not in page.content.decode()
    locked = login(client, "alice")
    assert locked.status_code == 429
    text = locked.content.decode()
    assert MESSAGE in text and "15 minutes" in text and "5 failed attempts" in text
    assert 'href="/accounts/password/reset/"' in text
    assert locked["Retry-After"] == "900"
    # Now even the right password is refused, and no session is opened.
    refused = login(client, "alice", PASSWORD)
    assert refused.status_code == 429 and MESSAGE in refused.content.decode()
    assert "_auth_user_id" not in client.session


def test_it_counts_the_username_and_the_email_address_in_any_case_together(client, alice):
    for name in ("alice", "ALICE", "alice@example.org", "Alice@Example.org"):
        assert login(client, name).status_code == 200
    assert login(client, " aLiCe ").status_code == 429
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["alice"]


def test_it_locks_only_that_account_from_that_address(alice, bob):
    attacker = Client(REMOTE_ADDR="203.0.113.9")
    for _ in range(5):
        login(attacker, "alice")
    assert login(attacker, "alice", PASSWORD).status_code == 429
    assert login(attacker, "bob", PASSWORD).status_code == 302  # another account
    elsewhere = Client(REMOTE_ADDR="198.51.100.7")
    assert login(elsewhere, "alice", PASSWORD).status_code == 302  # alice herself


def test_it_starts_the_count_again_after_a_successful_login(client, alice):
    for _ in range(4):
        login(client, "alice")
    assert login(client, "alice", PASSWORD).status_code == 302
    client.logout()
    for _ in range(4):
        assert login(client, "alice").status_code == 200
    assert login(client, "alice", PASSWORD).status_code == 302


def test_it_lets_the_player_in_again_after_15_minutes(client, alice):
    for _ in range(5):
        login(client, "alice")
    assert login(client, "alice", PASSWORD).status_code == 429
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    assert login(client, "alice", PASSWORD).status_code == 302


def test_it_protects_the_api_token_endpoint_with_the_same_count(alice):
    api = APIClient()
    for _ in range(2):
        assert token(api, "alice").json()["code"] == "invalid_credentials"
    for _ in range(2):
        login(Client(), "alice")  # the login form, same address: the same count
    locked = token(api, "alice")
    assert locked.status_code == 429 and locked["Retry-After"] == "900"
    assert locked.json()["code"] == "locked_out" and MESSAGE in locked.json()["error"]
    refused = token(api, "alice", PASSWORD)
    assert refused.status_code == 429 and "token" not in refused.json()
    assert login(Client(), "alice", PASSWORD).status_code == 429


def test_it_protects_the_admin_login(staff):
    admin = Client()
    for _ in range(5):
        admin.post("/admin/login/", {"username": "root", "password": "wrong-guess"})
    locked = admin.post("/admin/login/", {"username": "root", "password": PASSWORD})
    assert locked.status_code == 429 and MESSAGE in locked.content.decode()
    assert "_auth_user_id" not in admin.session


def test_it_says_why_in_dutch_too(alice):
    client = Client(HTTP_ACCEPT_LANGUAGE="nl")
    for _ in range(5):
        locked = login(client, "alice")
    text = locked.content.decode()
    assert locked.status_code == 429 and "Te veel mislukte aanmeldpogingen" in text
    assert "15 minuten" in text
