"""An AI player accepting a challenge is no news: the player started that game
themselves (the lobby's "play the AI"), so no "Bard accepted your challenge" is
kept or shown; a real player's acceptance still is."""

from __future__ import annotations

import pytest
from django.core import mail

from games.ai_players.bots import bot_for_level, ensure_bot_accounts, play_the_ai
from games.core import notices as live_notices
from games.core import services
from notices.models import Notice

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]

#: Every game has a "play the AI" in the lobby (Strijd om het Kasteel at two seats).
AI_GAMES = ("druidenwalzer", "caesar-cleopatra", "kasteel")


@pytest.fixture(autouse=True)
def bots(db):
    return ensure_bot_accounts()


@pytest.fixture
def sent(monkeypatch):
    messages: list = []
    monkeypatch.setattr(live_notices, "publish_many", lambda batch: messages.extend(batch))
    return messages


@pytest.mark.parametrize("game", AI_GAMES)
def test_it_keeps_no_notice_when_the_ai_accepts(alice, game, sent,
                                                django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = play_the_ai(alice, "heuristic", game=game)
    assert match.game == game
    assert not Notice.objects.filter(user=alice).exists()
    assert mail.outbox == []
    # told live without words: a waiting lobby still goes on to the game, no toast
    [(_, message)] = sent
    assert message["notice"]["kind"] == "challenge_accepted"
    assert message["notice"]["text"] == "" and message["notice"]["match"] == match.pk


@pytest.mark.parametrize("game", AI_GAMES)
def test_a_challenge_from_the_form_to_an_ai_is_accepted_quietly_too(alice, game):
    wanderer = bot_for_level("heuristic")
    challenge = services.create_challenge(alice, game=game, opponent=wanderer)
    services.accept_challenge(challenge.pk, wanderer)
    assert not Notice.objects.filter(user=alice, kind="challenge_accepted").exists()


@pytest.mark.parametrize("game", AI_GAMES)
def test_a_real_players_acceptance_is_still_kept_and_told(alice, bob, game, sent,
                                                          django_capture_on_commit_callbacks):
    challenge = services.create_challenge(alice, game=game, opponent=bob)
    with django_capture_on_commit_callbacks(execute=True):
        match = services.accept_challenge(challenge.pk, bob)
    [notice] = Notice.objects.filter(user=alice, kind="challenge_accepted")
    assert notice.params["name"] == "bob" and notice.url == f"/games/{match.pk}/"
    accepted = [m for _, m in sent if m["notice"]["kind"] == "challenge_accepted"]
    assert accepted[0]["notice"]["text"] == "bob accepted your challenge: the game has started."
