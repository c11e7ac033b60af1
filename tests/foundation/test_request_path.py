"""A request's way through the web process: few thread hops, shared Redis connections."""

import pytest
from asgiref import sync
from django.conf import settings
from django.test import AsyncClient, override_settings

from druidsite.cache import SharedPoolRedisCache


async def hops_of_a_request(monkeypatch) -> list[str]:
    hops = []
    original = sync.SyncToAsync.__call__

    async def counting(self, *args, **kwargs):
        hops.append(getattr(self.func, "__qualname__", repr(self.func)))
        return await original(self, *args, **kwargs)

    monkeypatch.setattr(sync.SyncToAsync, "__call__", counting)
    response = await AsyncClient().get("/ping")
    monkeypatch.setattr(sync.SyncToAsync, "__call__", original)
    assert response.status_code == 200
    return hops


async def test_it_runs_the_middleware_chain_without_a_hop_per_hook(monkeypatch):
    hops = await hops_of_a_request(monkeypatch)
    with override_settings(MIDDLEWARE=settings.MIDDLEWARE[:-1]):
        hops_without_the_marker = await hops_of_a_request(monkeypatch)
    # Into the synchronous chain, the view and its hooks on that same thread, the
    # request's close; without the marker every hook of every middleware hops.
    assert len(hops) <= 5, hops
    assert len(hops_without_the_marker) >= 2 * len(hops), hops_without_the_marker


def test_it_keeps_the_synchronous_marker_innermost():
    assert settings.MIDDLEWARE[-1] == "druidsite.sync_chain.SynchronousChainMiddleware"


@pytest.mark.parametrize("write", [True, False])
def test_it_shares_one_redis_pool_between_cache_objects(write):
    one = SharedPoolRedisCache("redis://127.0.0.1:6399/0", {})
    two = SharedPoolRedisCache("redis://127.0.0.1:6399/0", {})
    assert one._cache is not two._cache
    assert one._cache._get_connection_pool(write) is two._cache._get_connection_pool(write)
    other = SharedPoolRedisCache("redis://127.0.0.1:6399/1", {})
    assert other._cache._get_connection_pool(write) is not one._cache._get_connection_pool(write)

