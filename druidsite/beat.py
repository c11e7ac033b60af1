"""The beat's scheduler: Celery's persistent one that also marks, in the cache, when
it last ticked, so /healthz can tell a late or dead beat from a dead worker.

The worker's own mark is the heartbeat task (druidsite.tasks.heartbeat) that the
beat schedules: it is written only when a worker consumed it from the queue. The
first tick sends one at once, so a freshly started stack is healthy within
seconds rather than after the first heartbeat period.
"""

from __future__ import annotations

import logging
import time

from celery.beat import PersistentScheduler

log = logging.getLogger(__name__)

BEAT_KEY = "druidsite:beat-tick"
# The longest the beat sleeps between two ticks (it marks itself on each).
TICK_SECONDS = 5.0


class HeartbeatScheduler(PersistentScheduler):
    _first_tick_done = False

    def tick(self, *args, **kwargs) -> float:
        self._mark()
        if not self._first_tick_done:
            self._first_tick_done = True
            self.app.send_task("druidsite.heartbeat")
        return min(super().tick(*args, **kwargs), TICK_SECONDS)

    def _mark(self) -> None:
        from django.core.cache import cache

        try:
            cache.set(BEAT_KEY, time.time(), timeout=3600)
        except Exception:  # the cache down must not stop the schedule
            log.warning("the beat could not mark its tick in the cache", exc_info=True)
