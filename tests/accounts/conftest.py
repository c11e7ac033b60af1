"""Account tests: a clean cache, so allauth's rate limits never carry over between tests."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def clear_rate_limits():
    cache.clear()
    yield
    cache.clear()
