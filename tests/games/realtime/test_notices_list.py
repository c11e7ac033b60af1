"""The site's list of notices keeps a player's turns, challenges and rematches."""

import pytest
from django.core import mail
from django.core.cache import cache

from druidsite.realtime import watching_key
from games.core import services
from games.realtime import notifications
from notices.models import Notice
from tests.games.helpers import finish_by_resign, new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def kinds(user) -> list[str]:
    return list(Notice.objects.filter(user=user).values_list("kind", flat=True))


def moon_seat(match):
    return match.seats.get(seat="moon")


def test_it_lists_a_turn_once_per_game_and_reads_it_when_the_game_opens(alice, bob, client):
    match = new_game(alice, bob)
    notifications.notify_turn(moon_seat(match).pk, match.version)
    notifications.notify_turn(moon_seat(match).pk, match.version)
    [notice] = Notice.objects.filter(user=alice, kind="your_turn")
    assert notice.params == {"match": match.pk, "opponents": "bob"}
    assert notice.url == f"/games/{match.pk}/" and notice.read_at is None
    client.force_login(alice)
    assert "It is your turn in game" in client.get("/notices/").content.decode()
    client.get(f"/games/{match.pk}/")
    notice.refresh_from_db()
    assert notice.read_at is not None


def test_a_turn_is_listed_even_without_mails(alice, bob):
    alice.notify = "off"
    alice.save()
    match = new_game(alice, bob)
    assert [(pk, v) for pk, v in notifications.turns_to_mail(
        now=match.created_at + notifications.ONE_DAY)] == [(moon_seat(match).pk, match.version)]
    assert not notifications.notify_turn(moon_seat(match).pk, match.version)
    assert mail.outbox == [] and kinds(alice) == ["your_turn"]


def test_no_turn_is_listed_while_its_game_is_looked_at_or_for_a_spectator(alice, bob, carol,
                                                                          client):
    match = new_game(alice, bob)
    cache.set(watching_key(alice.pk, match.pk), True, 60)
    try:
        notifications.notify_turn(moon_seat(match).pk, match.version)
    finally:
        cache.delete(watching_key(alice.pk, match.pk))
    assert kinds(alice) == []
    notifications.notify_turn(moon_seat(match).pk, match.version)
    client.force_login(carol)
    client.get(f"/games/{match.pk}/")  # a spectator reads nothing of alice's
    assert Notice.objects.get(user=alice).read_at is None


def test_challenges_and_rematches_are_listed_not_mailed(alice, bob):
    challenge = services.create_challenge(alice, opponent=bob)
    assert kinds(bob) == ["challenge_offered"]
    match = services.accept_challenge(challenge.pk, bob)
    assert kinds(alice) == ["challenge_accepted"]
    assert Notice.objects.get(user=alice).url == f"/games/{match.pk}/"
    finish_by_resign(match, bob)
    services.rematch(match.pk, bob)
    assert kinds(alice)[0] == "rematch_offered"
    assert Notice.objects.filter(user=alice, kind="rematch_offered").get().params["previous"] \
        == match.pk
    declined = services.create_challenge(bob, opponent=alice)
    services.decline_challenge(declined.pk, alice)
    assert kinds(bob)[0] == "challenge_declined"
    assert mail.outbox == []


def test_the_list_speaks_the_readers_language(alice, bob, client):
    bob.language = "nl"
    bob.save()
    services.create_challenge(alice, opponent=bob)
    client.force_login(bob)
    page = client.get("/notices/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "alice" in page and "challenges you" not in page


def test_the_list_is_a_list_on_the_page_not_live_toasts(alice, bob, client):
    services.create_challenge(alice, opponent=bob)
    client.force_login(bob)
    page = client.get("/notices/").content.decode()
    assert 'class="notice-list"' in page and 'class="notices"' not in page
