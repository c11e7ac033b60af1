"""Registering a device for push: JSON, the session's CSRF token, strict checks."""

import json

import pytest
from django.test import Client

from notices.models import PushSubscription

pytestmark = pytest.mark.django_db
URL = "/settings/push/subscription"


def post(client, data, method="post"):
    return getattr(client, method)(URL, json.dumps(data), content_type="application/json")


def test_it_registers_a_device(client, alice, vapid, browser):
    client.force_login(alice)
    response = post(client, {**browser.subscription_json("https://push.example.org/abc"),
                             "label": "Firefox on my phone"})
    assert response.status_code == 201
    device = PushSubscription.objects.get(user=alice)
    assert (device.endpoint, device.label) == ("https://push.example.org/abc",
                                               "Firefox on my phone")
    assert "no-store" in response["Cache-Control"]


def test_it_registers_the_same_browser_once(client, alice, vapid, browser):
    client.force_login(alice)
    data = browser.subscription_json("https://push.example.org/abc")
    post(client, data)
    assert post(client, data).status_code == 200
    assert PushSubscription.objects.count() == 1


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(endpoint="http://push.example.org/abc"), "https"),
    (lambda d: d.update(endpoint="https://127.0.0.1/x" * 40), "https"),
    (lambda d: d.pop("keys"), "keys"),
    (lambda d: d["keys"].update(p256dh="abc"), "p256dh"),
    (lambda d: d["keys"].update(auth="AAAA"), "auth"),
    (lambda d: d.update(label=["x"]), "label"),
])
def test_it_refuses_a_bad_subscription(client, alice, vapid, browser, change, message):
    client.force_login(alice)
    data = browser.subscription_json("https://push.example.org/abc")
    change(data)
    response = post(client, data)
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert not PushSubscription.objects.exists()


def test_it_refuses_what_is_not_json(client, alice, vapid):
    client.force_login(alice)
    response = client.post(URL, "endpoint=x", content_type="application/json")
    assert response.status_code == 400 and "JSON" in response.json()["error"]


def test_it_refuses_a_loopback_endpoint_outside_tests(client, alice, vapid, browser, settings):
    settings.WEBPUSH_ALLOW_LOOPBACK = False
    client.force_login(alice)
    assert post(client, browser.subscription_json("http://127.0.0.1:9/x")).status_code == 400


def test_it_needs_the_csrf_token(alice, vapid, browser):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert post(client, browser.subscription_json("https://push.example.org/abc")
                ).status_code == 403
    assert not PushSubscription.objects.exists()


def test_it_needs_a_login(client, vapid, browser):
    assert post(client, browser.subscription_json("https://push.example.org/a")).status_code == 302


def test_it_says_push_is_off_without_keys(client, alice, browser):
    client.force_login(alice)
    response = post(client, browser.subscription_json("https://push.example.org/abc"))
    assert response.status_code == 409
    assert "not set up" in response.json()["error"]


def test_it_forgets_a_device(client, alice, bob, vapid, browser):
    client.force_login(alice)
    post(client, browser.subscription_json("https://push.example.org/abc"))
    PushSubscription.objects.create(user=bob, endpoint="https://push.example.org/bob",
                                    p256dh="x", auth="y")
    response = post(client, {"endpoint": "https://push.example.org/bob"}, method="delete")
    assert response.json() == {"removed": 0}  # not alice's
    response = post(client, {"endpoint": "https://push.example.org/abc"}, method="delete")
    assert response.json() == {"removed": 1}
    assert list(PushSubscription.objects.values_list("user", flat=True)) == [bob.pk]
