"""Log in with the username or the email address; log out with a POST."""

import pytest

from tests.base import PASSWORD

pytestmark = pytest.mark.django_db


def test_it_logs_in_with_the_username(client, alice):
    response = client.post("/accounts/login/", {"login": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_it_logs_in_with_the_email_address(client, alice):
    response = client.post("/accounts/login/", {"login": alice.email, "password": PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_it_refuses_a_wrong_password(client, alice):
    response = client.post("/accounts/login/", {"login": "alice", "password": "wrong"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_it_logs_out_with_a_post_from_the_header(client, alice):
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert 'action="/accounts/logout/" method="post"' in page
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert "_auth_user_id" not in client.session


def test_it_does_not_log_out_on_a_plain_get(client, alice):
    client.force_login(alice)
    assert client.get("/accounts/logout/").status_code == 200
    assert client.session["_auth_user_id"] == str(alice.pk)
