"""Project-wide tasks: a heartbeat that proves the worker and beat run."""

from __future__ import annotations

import os
import threading
import time

from celery import shared_task
from django.core.cache import cache

HEARTBEAT_KEY = "druidsite:worker-heartbeat"


@shared_task(name="druidsite.heartbeat")
def heartbeat() -> float:
    """Scheduled by beat; /healthz reads the time of the last beat."""
    now = time.time()
    cache.set(HEARTBEAT_KEY, now, timeout=3600)
    return now


@shared_task(name="druidsite.probe")
def probe(token: str) -> dict:
    """Answers where it ran and tells the health sockets, for end-to-end checks."""
    from druidsite.realtime import publish

    where = {"token": token, "pid": os.getpid(), "thread": threading.current_thread().name}
    publish("health", {"type": "health.probe", "probe": where})
    return where
