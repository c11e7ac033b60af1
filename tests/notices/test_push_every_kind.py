"""Every kind a player may have pushed reaches their device when they want it, and not when
they turned it off (for all devices or on that one): through the one decision
(notices.decide) and through the loopback push service."""

import json
from datetime import UTC, datetime

import http_ece
import pytest

from notices import decide, push_kinds
from notices.kinds import KINDS as KINDS_IN_WORDS
from notices.models import PushPreferences
from notices.service import push_only, send

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]

NOON = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)

# (notice kind, push kind, its facts): each thing the player may choose to hear.
KINDS = [
    ("your_turn", "your_turn", {"match": 7, "opponents": "bob"}),
    ("challenge_offered", "challenge", {"name": "bob"}),
    ("challenge_accepted", "challenge_accepted", {"name": "bob", "match": 7}),
    ("rematch_accepted", "challenge_accepted", {"name": "bob", "match": 7}),
    ("rematch_offered", "rematch", {"name": "bob", "previous": 6}),
    ("tournament_round", "tournament", {"tournament": "Spring", "round": 2, "games": 1}),
    ("tournament_pairing", "tournament", {"tournament": "Spring", "round": 2,
                                          "opponent": "bob", "match": 7}),
    ("round_deadline", "round_deadline", {"tournament": "Spring", "round": 2, "match": 7}),
    ("tournament_deadline", "round_deadline", {"tournament": "Spring", "round": 2,
                                               "match": 7}),
    ("tournament_bye", "tournament", {"tournament": "Spring", "round": 2, "points": 1.0}),
    ("tournament_starting", "tournament", {"tournament": "Spring", "players": 9}),
    ("tournament_announcement", "tournament_news", {"tournament": "Spring", "text": "hi"}),
    ("tournament_decision", "tournament_news", {"tournament": "Spring", "what": "bye",
                                                "round": 2, "points": 1, "reason": "r"}),
    ("tournament_finished", "tournament_news", {"tournament": "Spring", "winner": "bob"}),
    ("tournament_not_started", "tournament_news", {"tournament": "Spring", "count": 2,
                                                   "min": 4}),
    ("tournament_registered", "tournament_news", {"tournament": "Spring"}),
    ("ladder_challenged", "ladder_challenge", {"challenger": "bob", "ladder": "Moon"}),
    ("result_decided", "result_decided", {"match": 7, "ladder": "Moon",
                                          "decision": "annul", "reason": "r"}),
    ("dispute_decided", "result_decided", {"match": 7, "ruling": "uphold", "reason": "r"}),
    ("chat_addressed", "chat", {"match": 7, "name": "bob", "text": "hi"}),
]
IDS = [kind for kind, _key, _params in KINDS]


def test_every_push_kind_is_one_the_player_can_choose():
    assert {key for _kind, key, _params in KINDS} == set(push_kinds.PUSH_KIND_KEYS)
    for kind, key, _params in KINDS:
        assert push_kinds.push_kind_of(kind) == key


@pytest.mark.parametrize("kind, key, params", KINDS, ids=IDS)
def test_the_decision_pushes_each_kind_only_when_wanted(alice, device, kind, key, params):
    prefs = PushPreferences.objects.create(user=alice, off_kinds=[])  # every kind on
    assert decide.for_notice(alice, kind, NOON, mail=False).push
    prefs.off_kinds = [key]  # off for all devices
    prefs.save()
    assert not decide.for_notice(alice, kind, NOON, mail=False).push
    prefs.off_kinds = []
    prefs.save()
    device.off_kinds = [key]  # off on the only device
    device.save()
    assert not decide.for_notice(alice, kind, NOON, mail=False).push


@pytest.mark.parametrize("kind, key, params", KINDS, ids=IDS)
def test_each_kind_arrives_with_its_link(alice, device, push_service, worker, browser, kind,
                                         key, params, django_capture_on_commit_callbacks):
    PushPreferences.objects.create(user=alice, off_kinds=[])
    url = f"/games/{params['match']}/" if "match" in params else "/challenges/"
    with django_capture_on_commit_callbacks(execute=True):
        if kind == "chat_addressed":  # kept by the game's page, not a notice
            push_only(alice, kind, url=url, **params)
        else:
            send(alice, kind, url=url, mail=False, **params)
    [(_headers, body)] = push_service.received
    message = json.loads(http_ece.decrypt(body, private_key=browser.private_key,
                                          auth_secret=browser.auth, version="aes128gcm"))
    assert message["url"] == url and message["title"]
    if kind in KINDS_IN_WORDS:  # "tournament_deadline" is put in words by the tournaments
        assert message["body"] and message["title"] != "A notice from druidsite"
    assert message["tag"] == (f"{kind}-{params['match']}" if "match" in params else kind)


@pytest.mark.parametrize("kind, key, params", KINDS, ids=IDS)
def test_a_kind_turned_off_never_reaches_the_service(alice, device, push_service, worker, kind,
                                                     key, params,
                                                     django_capture_on_commit_callbacks):
    PushPreferences.objects.create(user=alice, off_kinds=[key])
    with django_capture_on_commit_callbacks(execute=True):
        send(alice, kind, url="/notices/", mail=False, **params)
    assert push_service.received == []
