"""Sign up with username, email and password; the confirmation mail and its link."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail

from accounts.models import User
from games.core import services
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

NEW_PLAYER = {
    "username": "dora",
    "email": "dora@example.org",
    "password1": "a-fine-long-passphrase-9",
    "password2": "a-fine-long-passphrase-9",
}


def sign_up(client):
    return client.post("/accounts/signup/", NEW_PLAYER)


def confirmation_path(message) -> str:
    found = re.search(r"https?://testserver(/accounts/confirm-email/[^/\s]+/)", message.body)
    assert found, message.body
    return found.group(1)


def test_it_creates_the_player_and_logs_them_in_at_once(client):
    response = sign_up(client)
    assert response.status_code == 302
    assert response["Location"] == "/"
    user = User.objects.get(username="dora")
    assert user.email == "dora@example.org"
    assert client.get("/settings/").status_code == 200


def test_it_sends_a_confirmation_mail(client):
    sign_up(client)
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["dora@example.org"]
    assert message.subject.startswith("[druidsite] ")
    assert confirmation_path(message)


def test_it_shows_a_banner_until_the_address_is_confirmed(client):
    sign_up(client)
    assert "Please confirm your email address" in client.get("/").content.decode()
    # ... on every page but a game's, which is for the board (a phone's first screen).
    dora = User.objects.get(username="dora")
    match = services.start_match("druidenwalzer", {"moon": dora, "sun": make_user("erik")},
                                 seed=1)
    game_page = client.get(f"/games/{match.pk}/").content.decode()
    assert "Please confirm your email address" not in game_page and "game-data" in game_page

    path = confirmation_path(mail.outbox[0])
    assert client.get(path).status_code == 200
    response = client.post(path)
    assert response.status_code == 302

    assert EmailAddress.objects.get(email="dora@example.org").verified
    assert "Please confirm your email address" not in client.get("/").content.decode()


def test_it_confirms_the_address_from_another_browser(client):
    from django.test import Client

    sign_up(client)
    path = confirmation_path(mail.outbox[0])
    Client().post(path)
    assert EmailAddress.objects.get(email="dora@example.org").verified


def test_it_refuses_a_taken_username(client, alice):
    response = client.post("/accounts/signup/", {**NEW_PLAYER, "username": "alice"})
    assert response.status_code == 200
    assert User.objects.filter(username="alice").count() == 1
    assert not mail.outbox


def test_it_refuses_a_signup_without_email(client):
    response = client.post("/accounts/signup/", {**NEW_PLAYER, "email": ""})
    assert response.status_code == 200
    assert not User.objects.filter(username="dora").exists()


def test_it_shows_the_signup_page_in_the_site_layout(client):
    page = client.get("/accounts/signup/").content.decode()
    assert 'class="site-header"' in page
    assert 'class="site-main account-page narrow"' in page
    assert 'name="username"' in page and 'name="email"' in page


def test_it_keeps_the_language_chosen_before_signing_up(client):
    client.post("/i18n/setlang/", {"language": "nl", "next": "/"})
    sign_up(client)
    assert User.objects.get(username="dora").language == "nl"
    assert "Bevestig je e-mailadres" in mail.outbox[0].subject


def test_it_leaves_the_language_to_the_browser_without_a_choice(client):
    sign_up(client)
    assert User.objects.get(username="dora").language == ""


@pytest.mark.parametrize("language, said", [
    ("en", "We sent the confirmation link to dora@example.org."),
    ("nl", "We hebben de bevestigingslink naar dora@example.org gestuurd."),
])
def test_it_says_where_it_sent_the_link(client, settings, language, said):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.post("/accounts/signup/", NEW_PLAYER, follow=True).content.decode()
    assert said in page


def test_it_says_nothing_of_being_signed_in(client):
    # The header names the player; after signing up, "Successfully signed in as dora."
    # stood between the email banner and the page.
    page = client.post("/accounts/signup/", NEW_PLAYER, follow=True).content.decode()
    assert "Successfully signed in" not in page and "dora" in page


@pytest.mark.parametrize("path", ["/accounts/signup/", "/accounts/login/"])
def test_its_pages_say_sign_up_and_log_in_as_the_header_does(client, path):
    page = client.get(path).content.decode()
    assert "Sign Up" not in page and "Sign In" not in page and "sign in" not in page
    assert "Sign up" in page and "Log in" in page
    client.cookies["django_language"] = "nl"
    page = client.get(path).content.decode()
    assert "Registreren" in page and "Aanmelden" in page
