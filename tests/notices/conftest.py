"""Push tests bring their own push service: an HTTP endpoint on loopback that records
what the worker posts to it, and a browser's subscription keys made by the test."""

from __future__ import annotations

import base64
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from notices import push
from notices.management.commands.webpush_keys import new_pair
from notices.models import PushSubscription


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@dataclass
class PushService:
    """Answers every push with ``status`` (the next of ``statuses`` first)."""

    url: str
    status: int = 201
    statuses: list[int] = field(default_factory=list)
    received: list[tuple[dict[str, str], bytes]] = field(default_factory=list)


@pytest.fixture
def push_service():
    service = PushService(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (http.server's name)
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            service.received.append(({k.lower(): v for k, v in self.headers.items()}, body))
            status = service.statuses.pop(0) if service.statuses else service.status
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service.url = f"http://127.0.0.1:{server.server_address[1]}/push/device-1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield service
    server.shutdown()
    server.server_close()


@dataclass
class Browser:
    """A browser's side of a subscription: its ECDH key pair and auth secret."""

    private_key: ec.EllipticCurvePrivateKey
    auth: bytes

    @property
    def p256dh(self) -> str:
        return b64url(self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    def subscription_json(self, endpoint: str) -> dict:
        return {"endpoint": endpoint, "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)}}


@pytest.fixture
def browser() -> Browser:
    return Browser(ec.generate_private_key(ec.SECP256R1()), bytes(range(16)))


@pytest.fixture
def vapid(settings):
    """Push on: a fresh VAPID pair, and endpoints on loopback allowed."""
    public, private = new_pair()
    settings.WEBPUSH_VAPID_PUBLIC_KEY = public
    settings.WEBPUSH_VAPID_PRIVATE_KEY = private
    settings.WEBPUSH_CONTACT = "mailto:admin@example.org"
    settings.WEBPUSH_ENABLED = True
    settings.WEBPUSH_ALLOW_LOOPBACK = True
    return public


@pytest.fixture
def device(vapid, alice, browser, push_service) -> PushSubscription:
    return PushSubscription.objects.create(
        user=alice, endpoint=push_service.url, p256dh=browser.p256dh, auth=b64url(browser.auth),
        label="test browser")


@pytest.fixture
def worker(monkeypatch):
    """Queued pushes run at once, in this thread (retries included), as the worker would."""
    from notices import tasks

    results: list = []

    def run(name, args=(), **options):
        assert name in {"notices.send_push"}
        results.append(tasks.send_push.apply(tuple(args)).result)
        return True

    monkeypatch.setattr(push, "queue", run)
    return results
