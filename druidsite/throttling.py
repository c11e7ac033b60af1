"""The API's request throttles: counting by the client's address, and failing open
when their cache (Redis) is down.

The address is druidsite.client_address's, never what X-Forwarded-For claims
beyond the trusted proxies.

DRF's throttles keep their counters in the cache. Without this, every API
request, moves included, would fail with a 500 while Redis is unreachable; a
lapse of the rate limits for the length of an outage is the lesser harm.
"""

from __future__ import annotations

import logging

from redis.exceptions import RedisError
from rest_framework import throttling

from druidsite.client_address import client_ip

log = logging.getLogger(__name__)


class _ByClientAddress:
    def get_ident(self, request) -> str:
        return client_ip(request) or ""


class _FailOpen:
    def allow_request(self, request, view) -> bool:
        try:
            return super().allow_request(request, view)
        except (RedisError, OSError):
            log.warning("throttle %s skipped: its cache is unavailable",
                        type(self).__name__, exc_info=True)
            return True


class AnonRateThrottle(_ByClientAddress, _FailOpen, throttling.AnonRateThrottle):
    pass


class UserRateThrottle(_ByClientAddress, _FailOpen, throttling.UserRateThrottle):
    pass


class ScopedRateThrottle(_ByClientAddress, throttling.ScopedRateThrottle):
    """The token endpoint's limit on password guessing: it does not fail open."""
