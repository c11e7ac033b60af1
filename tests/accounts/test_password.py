"""Password change for a logged-in player; password reset by mail."""

import re

import pytest
from django.core import mail

from tests.base import PASSWORD

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "another-long-passphrase-31"


def test_it_changes_the_password(client, alice):
    client.force_login(alice)
    response = client.post(
        "/accounts/password/change/",
        {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)
    # Still logged in after the change.
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_it_refuses_a_change_with_a_wrong_old_password(client, alice):
    client.force_login(alice)
    response = client.post(
        "/accounts/password/change/",
        {"oldpassword": "wrong", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)


def test_it_resets_a_forgotten_password_by_mail(client, alice):
    response = client.post("/accounts/password/reset/", {"email": alice.email})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == [alice.email]
    body = mail.outbox[0].body
    found = re.search(r"https?://testserver(/accounts/password/reset/key/\S+/)", body)
    assert found, body

    # The key link moves the key into the session and redirects to the form.
    response = client.get(found.group(1))
    assert response.status_code == 302
    form_url = response["Location"]
    response = client.post(form_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert response.status_code == 302

    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)
    assert client.post("/accounts/login/", {"login": "alice", "password": NEW_PASSWORD})[
        "Location"
    ] == "/"


def test_it_sends_no_reset_link_for_an_unknown_address(client, alice):
    client.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert all("/password/reset/key/" not in message.body for message in mail.outbox)
