"""Fixtures of the security tests: the five kinds of visitor, quiet mails, fresh counters.

The players (alice and bob play, carol is an outsider, staff an admin) come
from tests/conftest.py.
"""

from __future__ import annotations

import uuid

import pytest
from django.core.cache.backends.locmem import LocMemCache
from django.db import transaction
from rest_framework.throttling import SimpleRateThrottle

# Chromium against a real server, for test_csp_browser.
from tests.browser.conftest import browser, new_page, site  # noqa: F401

ROLES = ("anonymous", "player", "opponent", "outsider", "staff")


@pytest.fixture(autouse=True)
def fresh_counters(monkeypatch, settings) -> None:
    """Empty rate-limit histories (DRF's and allauth's, kept in the cache) per test: a
    cache of its own (never clearing a shared Redis that other processes use)."""
    monkeypatch.setattr(SimpleRateThrottle, "cache", LocMemCache(f"sec-{uuid.uuid4()}", {}))
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                   "LOCATION": f"sec-{uuid.uuid4()}"}}


@pytest.fixture
def users(alice, bob, carol, staff) -> dict:
    return {"anonymous": None, "player": alice, "opponent": bob, "outsider": carol,
            "staff": staff}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """The world of the URL matrix (tests.security.urlmap), built once per module: each
    test runs in a savepoint of it, each request in one more, all rolled back."""
    from tests.security.urlmap import World, client_for

    with django_db_blocker.unblock(), transaction.atomic():
        built = World.build()
        for role in ROLES:  # logged in here: the sessions outlive each test's savepoint
            client_for(role, built)
        yield built
        transaction.set_rollback(True)


@pytest.fixture
def quiet(monkeypatch, settings):
    """Hundreds of requests a minute from a few players (no rate limits), and sockets on
    the in-memory channel layer (quicker than Redis)."""
    from tests.security.samebytes import memory_channel_layer

    monkeypatch.setattr(SimpleRateThrottle, "allow_request", lambda self, request, view: True)
    with memory_channel_layer(settings):
        yield
