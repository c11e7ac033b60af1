"""Django's Redis cache with one connection pool per process.

Django keeps a cache object per request context, and under ASGI every
request runs in a context (and thread) of its own: with the stock backend
each request built a new connection pool and opened a new TCP connection to
Redis (the API's throttles touch the cache on every call). Here the pools
live at module level, shared by every cache object of the process; redis-py's
pools are thread-safe.
"""

from __future__ import annotations

import threading

from django.core.cache.backends.redis import RedisCache, RedisCacheClient

_pools: dict[tuple, object] = {}
_lock = threading.Lock()


class SharedPoolRedisCacheClient(RedisCacheClient):
    def _get_connection_pool(self, write: bool):
        url = self._servers[self._get_connection_pool_index(write)]
        # Caches with other pool options get pools of their own.
        key = (url, self._pool_class, tuple(sorted(self._pool_options.items(), key=str)))
        pool = _pools.get(key)
        if pool is None:
            with _lock:
                pool = _pools.get(key)
                if pool is None:
                    pool = _pools[key] = self._pool_class.from_url(url, **self._pool_options)
        return pool


class SharedPoolRedisCache(RedisCache):
    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = SharedPoolRedisCacheClient
