"""The in-process worker and beat of the embedded shape (no Redis).

The web process runs a real Celery worker (thread pool) and Celery's embedded
beat in background threads, over the in-memory broker. Tasks are therefore
queued and run asynchronously, with the same retry and acknowledgement code as
on Redis; only the transport differs. Started once per process.
"""

from __future__ import annotations

import logging
import threading

from celery.beat import EmbeddedService
from celery.worker import WorkController
from django.conf import settings

log = logging.getLogger(__name__)

_started = False
_lock = threading.Lock()
_worker: WorkController | None = None


class _Worker(WorkController):
    """A worker whose readiness can be awaited from another thread."""

    def __init__(self, *args, **kwargs) -> None:
        self.ready = threading.Event()
        super().__init__(*args, **kwargs)

    def on_consumer_ready(self, consumer) -> None:
        self.ready.set()


def start(wait: float = 10.0, beat: bool = True) -> WorkController | None:
    """Start the worker (and beat) unless the settings say services run elsewhere."""
    global _started, _worker
    if not settings.EMBEDDED_WORKER:
        return None
    with _lock:
        if _started:
            return _worker
        _started = True
        from druidsite.celery import app

        worker = _Worker(
            app=app,
            hostname="embedded@localhost",
            pool="threads",
            concurrency=2,
            loglevel="WARNING",
            without_heartbeat=True,
            without_mingle=True,
            without_gossip=True,
        )
        # The worker must not install signal handlers: it is not the main thread.
        threading.Thread(target=worker.start, name="embedded-worker", daemon=True).start()
        if beat:
            EmbeddedService(app, thread=True).start()
        _worker = worker
    if not worker.ready.wait(wait):
        log.warning("the embedded worker did not start within %.0f s", wait)
    return worker


def is_running() -> bool:
    return _worker is not None and _worker.ready.is_set()
