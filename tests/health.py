"""/healthz with services reads when a worker and the beat last showed life."""

from __future__ import annotations

import time


def mark_worker_and_beat_alive() -> None:
    """What a running worker and beat leave in the cache (druidsite.health)."""
    from django.core.cache import cache

    from druidsite.beat import BEAT_KEY
    from druidsite.tasks import HEARTBEAT_KEY

    cache.set_many({HEARTBEAT_KEY: time.time(), BEAT_KEY: time.time()}, timeout=3600)
