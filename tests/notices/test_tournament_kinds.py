"""The tournament notices are kinds of the notices app: each is worded, covered by a
push kind a player can turn off, and decided by notices.decide like every notice
(mailed under the mail setting, pushed under the push choices)."""

from datetime import UTC, datetime

import pytest

from notices import decide
from notices.kinds import KINDS, words
from notices.models import PushPreferences
from notices.push_kinds import push_kind_of

NOON_UTC = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
TOURNAMENT_KINDS = {
    "tournament_registered": {"tournament": "Winter"},
    "tournament_starting": {"tournament": "Winter", "players": 9},
    "tournament_not_started": {"tournament": "Winter", "count": 2, "min": 4},
    "tournament_pairing": {"tournament": "Winter", "round": 2, "opponent": "bob",
                           "match": 17},
    "tournament_bye": {"tournament": "Winter", "round": 3, "points": 1.0},
    "tournament_deadline": {"tournament": "Winter", "round": 2, "match": 17,
                            "opponent": "bob", "deadline": "2026-12-24T18:00:00+00:00"},
    "tournament_decision": {"tournament": "Winter", "what": "adjudicated", "match": 17,
                            "outcome": "bob", "reason": "round 2 deadline"},
    "tournament_announcement": {"tournament": "Winter", "text": "Round 3 on Sunday."},
    "tournament_finished": {"tournament": "Winter", "winner": "bob", "place": 3,
                            "count": 9, "points": "4.5"},
}


@pytest.mark.parametrize("kind", sorted(TOURNAMENT_KINDS))
def test_it_words_each_tournament_kind(kind):
    assert kind in KINDS
    subject, text = words(kind, TOURNAMENT_KINDS[kind])
    assert subject and "Winter" in text and "%(" not in text
    assert push_kind_of(kind) in ("tournament", "round_deadline", "tournament_news")


def test_it_words_the_details_a_player_needs():
    assert "you play bob in game #17" in words("tournament_pairing",
                                               TOURNAMENT_KINDS["tournament_pairing"])[1]
    assert "24 Dec 2026" in words("tournament_deadline",
                                  TOURNAMENT_KINDS["tournament_deadline"])[1]
    assert "adjudicated at the round's deadline: bob won" in words(
        "tournament_decision", TOURNAMENT_KINDS["tournament_decision"])[1]
    assert "You finished 3 of 9 with 4.5 points." in words(
        "tournament_finished", TOURNAMENT_KINDS["tournament_finished"])[1]
    problem = words("tournament_not_started", {**TOURNAMENT_KINDS["tournament_not_started"],
                                               "problem": "too many rounds"})[1]
    assert "could not start: too many rounds" in problem


@pytest.mark.django_db
def test_an_announcement_follows_the_mail_setting(alice):
    assert decide.for_notice(alice, "tournament_announcement", NOON_UTC, True).mail
    alice.notify = "off"
    assert not decide.for_notice(alice, "tournament_announcement", NOON_UTC, True).mail


@pytest.mark.django_db
def test_an_announcement_is_pushed_unless_turned_off(alice, device):
    assert decide.for_notice(alice, "tournament_announcement", NOON_UTC, True).push
    PushPreferences.objects.update_or_create(user=alice,
                                             defaults={"off_kinds": ["tournament_news"]})
    ways = decide.for_notice(alice, "tournament_announcement", NOON_UTC, True)
    assert not ways.push and ways.mail
    assert decide.for_notice(alice, "tournament_pairing", NOON_UTC, True).push
