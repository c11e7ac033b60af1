"""The settings page's push part: devices (remove any), kinds, quiet hours."""

from datetime import time

import pytest

from notices.models import PushPreferences, PushSubscription

pytestmark = pytest.mark.django_db


def test_it_says_push_is_off_without_keys(client, alice):
    client.force_login(alice)
    page = client.get("/settings/").content.decode()
    assert 'id="push-off"' in page and "not set up on this site" in page
    # ... and offers no kinds or quiet hours to choose for pushes that never come.
    assert 'id="push-kinds"' not in page and "Quiet hours" not in page


def test_it_lists_the_devices_and_the_kinds(client, alice, device):
    client.force_login(alice)
    page = client.get("/settings/").content.decode()
    assert "test browser" in page and 'id="push-off"' not in page
    assert 'name="kind_your_turn" value="1" checked' in page
    assert 'name="kind_chat" value="1">' in page  # off until the player turns it on


def test_it_removes_a_device(client, alice, device):
    client.force_login(alice)
    response = client.post(f"/settings/push/devices/{device.pk}/remove")
    assert response.status_code == 302
    assert not PushSubscription.objects.exists()


def test_it_removes_only_the_players_own_device(client, bob, device):
    client.force_login(bob)
    assert client.post(f"/settings/push/devices/{device.pk}/remove").status_code == 404
    assert PushSubscription.objects.exists()


def test_it_saves_the_kinds_and_quiet_hours(client, alice):
    client.force_login(alice)
    client.post("/settings/push/", {"kind_your_turn": "1", "kind_chat": "1",
                                    "quiet_from": "22:00", "quiet_until": "07:30",
                                    "time_zone": "Europe/Amsterdam"})
    prefs = PushPreferences.objects.get(user=alice)
    assert "your_turn" not in prefs.off_kinds and "chat" not in prefs.off_kinds
    assert "challenge" in prefs.off_kinds
    assert (prefs.quiet_from, prefs.quiet_until, prefs.time_zone) == (
        time(22), time(7, 30), "Europe/Amsterdam")


@pytest.mark.parametrize("bad", [{"time_zone": "Mars/Olympus"}, {"quiet_from": "25:99"}])
def test_it_changes_nothing_on_a_bad_value(client, alice, bad):
    client.force_login(alice)
    response = client.post("/settings/push/", {"kind_your_turn": "1", **bad}, follow=True)
    assert not PushPreferences.objects.exists()
    assert b"Unknown time zone" in response.content or b"Quiet hours must" in response.content


def test_a_deleted_account_keeps_no_device(alice, device):
    from accounts import ownership

    PushPreferences.objects.create(user=alice)
    ownership._forget(alice)
    assert not PushSubscription.objects.exists() and not PushPreferences.objects.exists()


def test_it_turns_a_kind_off_on_one_device(client, alice, device, push_service, worker,
                                           django_capture_on_commit_callbacks):
    from notices.service import send

    other = PushSubscription.objects.create(user=alice, endpoint=push_service.url + "-2",
                                            p256dh=device.p256dh, auth=device.auth)
    client.force_login(alice)
    client.post(f"/settings/push/devices/{device.pk}/kinds", {"kind_your_turn": "1"})
    device.refresh_from_db()
    assert "challenge" in device.off_kinds and "your_turn" not in device.off_kinds
    with django_capture_on_commit_callbacks(execute=True):
        send(alice, "challenge_offered", url="/challenges/", name="bob")
    assert worker == ["sent"] and len(push_service.received) == 1  # the other device only
    other.refresh_from_db()
    assert other.last_used_at is not None
