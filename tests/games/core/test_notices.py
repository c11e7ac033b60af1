"""Live notices about a player's challenges, on their own socket group, after commit."""

import pytest

from games.core import notices, services
from games.realtime import broadcast
from tests.games.helpers import finish_by_resign, new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


@pytest.fixture
def sent(monkeypatch):
    found: list[tuple[str, dict]] = []
    monkeypatch.setattr(notices, "publish_many", lambda messages: found.extend(messages))
    return found


def notices_to(sent, user) -> list[dict]:
    return [message["notice"] for group, message in sent
            if group == broadcast.user_group(user.pk) and message["type"] == "user.notice"]


def test_it_uses_the_players_own_socket_group():
    assert notices.user_group(7) == broadcast.user_group(7)


def test_it_tells_the_challenger_when_their_challenge_is_accepted(
        alice, bob, sent, django_capture_on_commit_callbacks):
    challenge = services.create_challenge(alice)
    with django_capture_on_commit_callbacks(execute=True):
        match = services.accept_challenge(challenge.pk, bob)
    [notice] = notices_to(sent, alice)
    assert notice["kind"] == "challenge_accepted"
    assert notice["url"] == f"/games/{match.pk}/" and notice["match"] == match.pk
    assert "bob accepted your challenge" in notice["text"]
    assert notices_to(sent, bob) == []


def test_it_sends_nothing_before_the_commit(alice, bob, sent,
                                             django_capture_on_commit_callbacks):
    challenge = services.create_challenge(alice)
    with django_capture_on_commit_callbacks(execute=False):
        services.accept_challenge(challenge.pk, bob)
    assert sent == []


def test_it_speaks_the_recipients_language(alice, bob, sent, django_capture_on_commit_callbacks):
    alice.language = "nl"
    alice.save()
    challenge = services.create_challenge(alice)
    with django_capture_on_commit_callbacks(execute=True):
        services.accept_challenge(challenge.pk, bob)
    assert "nam je uitdaging aan" in notices_to(sent, alice)[0]["text"]


def test_it_tells_the_addressee_and_the_challenger_of_each_step(
        alice, bob, sent, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        challenge = services.create_challenge(alice, opponent=bob)
    assert notices_to(sent, bob)[0]["kind"] == "challenge_offered"
    with django_capture_on_commit_callbacks(execute=True):
        services.decline_challenge(challenge.pk, bob)
    assert notices_to(sent, alice)[0]["kind"] == "challenge_declined"


def test_it_tells_both_sides_of_a_rematch_naming_the_finished_game(
        alice, bob, sent, django_capture_on_commit_callbacks):
    match = new_game(alice, bob)
    finish_by_resign(match, bob)
    with django_capture_on_commit_callbacks(execute=True):
        services.rematch(match.pk, alice)
    to_bob, to_alice = notices_to(sent, bob), notices_to(sent, alice)
    assert to_bob[0]["kind"] == "challenge_offered" and to_bob[0]["rematch_of"] == match.pk
    assert "offers you a rematch" in to_bob[0]["text"]
    assert to_alice[0]["rematch_of"] == match.pk and to_alice[0]["text"] == ""


def test_it_tells_no_ai_player(alice, sent, django_capture_on_commit_callbacks):
    from django.contrib.auth import get_user_model

    bot = get_user_model().objects.filter(is_bot=True).first()
    with django_capture_on_commit_callbacks(execute=True):
        services.create_challenge(alice, opponent=bot)
    assert notices_to(sent, bot) == []
