"""The settings page: login required; notifications and language saved."""

import pytest
from django.conf import settings as django_settings

pytestmark = pytest.mark.django_db

COOKIE = django_settings.LANGUAGE_COOKIE_NAME


def test_it_requires_login(client):
    response = client.get("/settings/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/settings/"


def test_it_shows_the_current_choices(client, alice):
    client.force_login(alice)
    page = client.get("/settings/").content.decode()
    assert 'value="each"' in page and "checked" in page
    assert 'name="language"' in page


def test_it_saves_the_notification_choice(client, alice):
    client.force_login(alice)
    response = client.post("/settings/", {"notify": "digest", "language": ""})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.notify == "digest"
    assert "Your settings are saved." in client.get("/settings/").content.decode()


def test_it_refuses_an_unknown_choice(client, alice):
    client.force_login(alice)
    response = client.post("/settings/", {"notify": "hourly", "language": "fr"})
    assert response.status_code == 200
    alice.refresh_from_db()
    assert (alice.notify, alice.language) == ("each", "")


def test_it_applies_a_saved_language_at_once(client, alice):
    client.force_login(alice)
    response = client.post("/settings/", {"notify": "each", "language": "nl"})
    alice.refresh_from_db()
    assert alice.language == "nl"
    assert response.cookies[COOKIE].value == "nl"
    page = client.get("/settings/").content.decode()
    assert "Je instellingen zijn opgeslagen." in page
    assert "Instellingen" in page


def test_it_returns_to_the_browsers_language(client, alice):
    alice.language = "nl"
    alice.save()
    client.force_login(alice)
    client.get("/")
    response = client.post(
        "/settings/", {"notify": "each", "language": ""}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.cookies[COOKIE].value == ""  # deleted
    assert response.cookies[COOKIE]["max-age"] == 0
    page = client.get("/settings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Your settings are saved." in page


def test_it_saves_the_animation_speed_and_the_next_game_choice(client, alice):
    client.force_login(alice)
    response = client.post("/settings/", {"notify": "each", "language": "",
                                          "animation_speed": "fast", "auto_next_game": "on"})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.animation_speed, alice.auto_next_game) == ("fast", True)


def test_it_refuses_an_unknown_animation_speed(client, alice):
    client.force_login(alice)
    response = client.post("/settings/", {"notify": "each", "animation_speed": "warp"})
    assert response.status_code == 200 and "warp" in response.content.decode()
    alice.refresh_from_db()
    assert alice.animation_speed == "normal"


def test_it_hands_the_settings_to_the_game_page(client, alice, bob):
    from tests.games.helpers import new_game

    alice.animation_speed, alice.auto_next_game = "off", True
    alice.save()
    match = new_game(alice, bob)
    client.force_login(alice)
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert 'data-anim-speed="off"' in page and 'data-auto-next="1"' in page
    assert f'data-next-url="/next/?after={match.pk}"' in page
