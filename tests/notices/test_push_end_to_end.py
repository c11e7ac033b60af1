"""A turn pushed end to end: the worker posts to the test's own push service, which
checks the VAPID signature and decrypts the payload (RFC 8291, aes128gcm) with the
browser's keys, then reads the text and the link."""

import base64
import json
import time
from datetime import timedelta
from urllib.parse import urlsplit

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.core import mail
from django.utils import timezone

from games.realtime import notifications
from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def check_vapid(headers: dict[str, str], public_key: str, endpoint: str) -> dict:
    """The Authorization header's JWT is signed by the site's key, for this push service."""
    scheme, _space, params = headers["authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert fields["k"] == public_key
    head, claims, signature = fields["t"].split(".")
    raw = unb64(signature)
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    key.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"),
                                    int.from_bytes(raw[32:], "big")),
               f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    claims_json = json.loads(unb64(claims))
    parts = urlsplit(endpoint)
    assert claims_json["aud"] == f"{parts.scheme}://{parts.netloc}"
    assert claims_json["sub"] == "mailto:admin@example.org"
    assert claims_json["exp"] > time.time()
    return claims_json


def test_it_pushes_a_turn_that_the_browser_can_read(alice, bob, device, browser, push_service,
                                                    vapid, worker,
                                                    django_capture_on_commit_callbacks):
    match = new_game(alice, bob)
    seat = match.seats.get(seat="moon")
    with django_capture_on_commit_callbacks(execute=True):
        notifications.notify_turn(seat.pk, match.version)
    assert worker == ["sent"]
    [(headers, body)] = push_service.received
    check_vapid(headers, vapid, push_service.url)
    assert headers["content-encoding"] == "aes128gcm"
    assert int(headers["ttl"]) > 0
    message = json.loads(http_ece.decrypt(body, private_key=browser.private_key,
                                          auth_secret=browser.auth, version="aes128gcm"))
    assert message["title"] == "Your turn"
    assert message["body"].startswith(f"It is your turn in game #{match.pk} against bob. ")
    assert message["body"].endswith(" days left.")  # the clock's time, in days
    assert message["url"] == f"/games/{match.pk}/"
    device.refresh_from_db()
    assert device.last_used_at is not None
    assert mail.outbox == []  # pushed, so not mailed too


def test_it_mails_a_pushed_turn_too_when_asked(alice, bob, device, worker,
                                               django_capture_on_commit_callbacks):
    from notices.models import PushPreferences

    PushPreferences.objects.create(user=alice, turn_mail_too=True)
    match = new_game(alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        notifications.notify_turn(match.seats.get(seat="moon").pk, match.version)
    assert worker == ["sent"] and len(mail.outbox) == 1


def test_it_pushes_no_turn_answered_within_the_delay(alice, bob, device, worker, settings,
                                                     push_service):
    from tests.games.helpers import play_first

    settings.NOTIFY_DELAY_SECONDS = 120
    match = new_game(alice, bob)
    play_first(match)  # answered at once
    match.refresh_from_db()
    later = timezone.now() + timedelta(seconds=121)
    due = notifications.turns_to_mail(later)
    assert match.seats.get(seat="moon").pk not in [seat for seat, _version in due]
    notifications.send_turn_mails(later)
    assert push_service.received == []
