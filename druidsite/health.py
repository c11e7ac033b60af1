"""/healthz: the database, the channel layer, the task broker and, with services,
the worker and the beat, each ok or failing (then 503, the failing part named).

The worker counts as alive while it keeps running the heartbeat task the beat
queues (it consumed from the queue); the beat while it keeps ticking
(druidsite.beat). A dead worker with a live broker is not healthy.

Anyone may ask. ``?probe=1`` also queues a task, so it is for staff or a monitor
holding HEALTH_PROBE_TOKEN (header X-Health-Probe-Token) only: anyone else could
fill the task queue with it.
"""

from __future__ import annotations

import hmac
import time
import uuid

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from druidsite import embedded
from druidsite.beat import BEAT_KEY
from druidsite.tasks import HEARTBEAT_KEY


def _check(fn) -> dict:
    started = time.perf_counter()
    try:
        detail = fn()
    except Exception as exc:  # a health check reports failures, it does not raise
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    result = {"ok": True, "ms": round((time.perf_counter() - started) * 1000, 1)}
    if detail:
        result.update(detail)
    return result


def check_database() -> dict:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return {"vendor": connection.vendor}


def check_channel_layer() -> dict:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer configured")
    if isinstance(layer, InMemoryChannelLayer):
        return {"backend": "in-memory"}

    async def round_trip() -> None:
        channel = await layer.new_channel()
        await layer.send(channel, {"type": "health.ping"})
        message = await layer.receive(channel)
        if message.get("type") != "health.ping":
            raise RuntimeError("the channel layer returned another message")

    async_to_sync(round_trip)()
    return {"backend": "redis"}


def check_broker() -> dict:
    last_beat = cache.get(HEARTBEAT_KEY)
    age = None if last_beat is None else round(time.time() - last_beat)
    detail: dict = {"last_heartbeat_age_s": age}
    if settings.EMBEDDED_SERVICES:
        if settings.EMBEDDED_WORKER and not embedded.is_running():
            raise RuntimeError("the in-process worker is not running")
        detail["backend"] = "in-process"
        return detail
    from druidsite.celery import app

    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=2)
    detail["backend"] = "redis"
    return detail


def _age(key: str) -> float | None:
    marked = cache.get(key)
    return None if marked is None else max(0.0, time.time() - marked)


def check_worker() -> dict:
    age = _age(HEARTBEAT_KEY)
    limit = settings.WORKER_STALE_SECONDS
    if age is None:
        raise RuntimeError("no worker has run the heartbeat task: is a worker running?")
    if age > limit:
        raise RuntimeError(f"no worker has run the heartbeat task for {age:.0f} s "
                           f"(more than {limit} s): is a worker running?")
    return {"last_heartbeat_age_s": round(age)}


def check_beat() -> dict:
    age = _age(BEAT_KEY)
    limit = settings.BEAT_STALE_SECONDS
    if age is None:
        raise RuntimeError("the beat has never ticked: is the beat running?")
    if age > limit:
        raise RuntimeError(f"the beat is late: its last tick was {age:.0f} s ago "
                           f"(more than {limit} s)")
    return {"last_tick_age_s": round(age)}


def may_probe(request: HttpRequest) -> bool:
    """Staff, or the configured probe token in the X-Health-Probe-Token header."""
    user = getattr(request, "user", None)
    if user is not None and user.is_active and user.is_staff:
        return True
    expected = settings.HEALTH_PROBE_TOKEN
    given = request.headers.get("X-Health-Probe-Token", "")
    return bool(expected) and hmac.compare_digest(given.encode(), expected.encode())


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    probing = request.GET.get("probe") == "1"
    if probing and not may_probe(request):
        return JsonResponse({"error": _(
            "The probe queues a task: it is for staff, or for a monitor that sends the "
            "X-Health-Probe-Token header with HEALTH_PROBE_TOKEN."), "code": "forbidden"},
            status=403)
    report = {
        "database": _check(check_database),
        "channel_layer": _check(check_channel_layer),
        "broker": _check(check_broker),
    }
    if not settings.EMBEDDED_SERVICES:  # embedded: the broker check covers both
        report["worker"] = _check(check_worker)
        report["beat"] = _check(check_beat)
    healthy = all(part["ok"] for part in report.values())
    report["status"] = "ok" if healthy else "failing"
    if healthy and probing:
        # Queue a task that answers on the health sockets: an end-to-end check.
        from druidsite.tasks import probe

        token = uuid.uuid4().hex
        probe.delay(token)
        report["probe"] = token
    return JsonResponse(report, status=200 if healthy else 503)


@never_cache
def ping(request: HttpRequest) -> HttpResponse:
    """The cheapest answer the site gives: a ceiling for load measurements."""
    return HttpResponse("pong", content_type="text/plain")
