"""The API's request throttles, failing open when their cache (Redis) is down.

DRF's throttles keep their counters in the cache. Without this, every API
request, moves included, would fail with a 500 while Redis is unreachable; a
lapse of the rate limits for the length of an outage is the lesser harm.
"""

from __future__ import annotations

import logging

from redis.exceptions import RedisError
from rest_framework import throttling

log = logging.getLogger(__name__)


class _FailOpen:
    def allow_request(self, request, view) -> bool:
        try:
            return super().allow_request(request, view)
        except (RedisError, OSError):
            log.warning("throttle %s skipped: its cache is unavailable",
                        type(self).__name__, exc_info=True)
            return True


class AnonRateThrottle(_FailOpen, throttling.AnonRateThrottle):
    pass


class UserRateThrottle(_FailOpen, throttling.UserRateThrottle):
    pass
