"""The one decision of how to tell a player: quiet hours, and push or mail for a turn."""

from datetime import UTC, datetime, time

import pytest

from notices import decide
from notices.models import PushPreferences

NOON_UTC = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize("start, end, zone, quiet", [
    (time(22), time(7), "UTC", False),
    (time(11), time(13), "UTC", True),
    (time(13), time(15), "Europe/Amsterdam", True),  # 14:00 there in summer
    (time(22), time(7), "Pacific/Auckland", True),  # 00:00 there
    (None, time(7), "UTC", False),
    (time(7), time(7), "UTC", False),
    (time(11), time(13), "No/Such_Zone", True),  # an unknown zone counts as UTC
])
def test_it_knows_quiet_hours(start, end, zone, quiet):
    prefs = PushPreferences(quiet_from=start, quiet_until=end, time_zone=zone)
    assert decide.in_quiet_hours(prefs, NOON_UTC) is quiet


@pytest.mark.django_db
def test_a_turn_goes_by_mail_when_push_is_off(alice):
    assert decide.for_turn(alice, NOON_UTC, True) == decide.Ways(mail=True, push=False,
                                                                 hold=False)


@pytest.mark.django_db
def test_a_pushed_turn_is_not_mailed_too(alice, device):
    assert decide.for_turn(alice, NOON_UTC, True) == decide.Ways(mail=False, push=True,
                                                                 hold=False)


@pytest.mark.parametrize("held, url", [
    ([{"kind": "challenge_offered", "url": "/challenges/"}], "/challenges/"),
    ([{"kind": "challenge_offered", "url": "/c/"}, {"kind": "your_turn", "url": "/games/1/"}],
     "/your-turn/"),
    ([{"kind": "challenge_offered", "url": "/c/"}, {"kind": "rematch_offered", "url": "/c/"}],
     "/notices/"),
])
def test_a_summary_links_to_the_most_urgent_place(alice, held, url, db):
    import json

    from notices.push import summary

    assert json.loads(summary(alice, held))["url"] == url


@pytest.mark.django_db
def test_a_turn_is_mailed_when_no_device_takes_turns(alice, device):
    device.off_kinds = ["your_turn"]
    device.save()
    assert decide.for_turn(alice, NOON_UTC, True) == decide.Ways(mail=True, push=False,
                                                                 hold=False)
