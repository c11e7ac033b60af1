"""The site's public address for links made without a request (turn mails).

Production sets ``SITE_URL``. In development it is usually unset: the site is
wherever it was started (any port), so the address of the last page served is
remembered (in the cache, which the worker shares) and used instead.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

CACHE_KEY = "site-url:last-seen"
FALLBACK = "http://127.0.0.1:8000"
# The last address written by this process: the cache is written only on a change.
_remembered: str | None = None


def site_url() -> str:
    """``SITE_URL``, else the address the site was last visited at, without a final slash."""
    if settings.SITE_URL:
        return settings.SITE_URL.rstrip("/")
    return cache.get(CACHE_KEY) or FALLBACK


def remember(request: HttpRequest) -> dict:
    """Template context processor: note the address this page was asked for."""
    global _remembered
    if settings.SITE_URL:
        return {}
    try:
        origin = request.build_absolute_uri("/").rstrip("/")
    except Exception:  # a host Django refuses: nothing to remember
        return {}
    if origin != _remembered:
        cache.set(CACHE_KEY, origin, None)
        _remembered = origin
    return {}
