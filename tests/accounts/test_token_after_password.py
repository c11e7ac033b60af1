"""A new password ends the API tokens of the old one.

Whoever knew the old password may have taken a token with it; a token that
outlived the change would keep them in. Every way of setting a password
counts: the settings page, the reset by mail, the admin, set_password in code.
Sessions follow Django's rule (the changing session stays, others end).
"""

from __future__ import annotations

import re

import pytest
from django.core import mail
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.base import PASSWORD

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "another-long-passphrase-31"


def token_for(user) -> str:
    answer = APIClient().post("/api/token/", {"username": user.username,
                                              "password": PASSWORD}, format="json")
    assert answer.status_code == 200, answer.content
    return answer.json()["token"]


def me(key: str) -> int:
    return APIClient().get("/api/me/", HTTP_AUTHORIZATION=f"Token {key}").status_code


def test_it_ends_the_token_when_the_password_is_changed(client, alice, bob):
    key, other = token_for(alice), token_for(bob)
    client.force_login(alice)
    changed = client.post("/accounts/password/change/", {
        "oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert changed.status_code == 302
    assert me(key) == 401
    assert me(other) == 200  # another player's token is left alone
    fresh = APIClient().post("/api/token/", {"username": "alice", "password": NEW_PASSWORD},
                             format="json").json()["token"]
    assert fresh != key and me(fresh) == 200


def test_it_ends_the_token_when_the_password_is_reset_by_mail(client, alice):
    key = token_for(alice)
    client.post("/accounts/password/reset/", {"email": alice.email})
    link = re.search(r"https?://testserver(/accounts/password/reset/key/\S+/)",
                     mail.outbox[-1].body).group(1)
    form_url = client.get(link)["Location"]
    done = client.post(form_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert done.status_code == 302
    assert me(key) == 401


def test_it_ends_the_token_when_staff_set_a_password_in_the_admin(client, alice, staff):
    key = token_for(alice)
    client.force_login(staff)
    done = client.post(f"/admin/accounts/user/{alice.pk}/password/", {
        "password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "usable_password": "true"})
    assert done.status_code == 302, done.content.decode()[:2000]
    assert me(key) == 401


def test_it_ends_the_token_whenever_code_sets_a_password(alice):
    key = token_for(alice)
    alice.set_password(NEW_PASSWORD)
    alice.save()
    assert me(key) == 401 and not Token.objects.filter(user=alice).exists()


def test_it_keeps_the_token_when_other_fields_change(alice):
    key = token_for(alice)
    alice.email = "alice@example.net"
    alice.notify = "off"
    alice.save()
    alice.refresh_from_db()
    alice.save(update_fields=["last_login"])
    assert me(key) == 200
