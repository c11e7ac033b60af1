"""The client's address, the one every rate limit and lockout of the site counts by.

X-Forwarded-For is written by whoever sends the request: its leftmost entry
is whatever the client put there. Only the proxies in front of the web process
are trusted, and each appends the address it was connected from. With
TRUSTED_PROXY_COUNT = N the rightmost N entries are theirs, and the Nth from
the right is the client's; everything left of it is ignored. With N = 0 (the
default: nothing in front, or a proxy that is not trusted) the header is
ignored and the client is the socket peer.

A header with fewer than N entries, or a non-address where the client's entry
should be, did not come through the configured proxies as expected: the peer
is used then, never an entry the client could have chosen.

The web process must not rewrite the peer address itself (daphne's
--proxy-headers would put the leftmost entry there): the Procfile runs it
without. django-axes (AXES_CLIENT_IP_CALLABLE), allauth (the account adapter's
get_client_ip) and the API's throttles (druidsite.throttling) all call
``client_ip``.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def _address(text: str | None) -> str | None:
    """``text`` as a normalised IP address (an optional port dropped), or None."""
    if not text:
        return None
    text = text.strip()
    if text.startswith("["):  # [IPv6]:port
        text = text[1:].partition("]")[0]
    elif text.count(":") == 1:  # IPv4:port
        text = text.partition(":")[0]
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def client_address(remote_addr: str | None, forwarded_for: str | None,
                   trusted_proxies: int) -> str | None:
    """The client's address from the socket peer and X-Forwarded-For, trusting the
    rightmost ``trusted_proxies`` entries of the header only."""
    peer = _address(remote_addr)
    if trusted_proxies <= 0 or not forwarded_for:
        return peer
    entries = forwarded_for.split(",")
    if len(entries) < trusted_proxies:
        return peer
    return _address(entries[-trusted_proxies]) or peer


def client_ip(request: HttpRequest) -> str | None:
    """The address of the client of ``request`` (see the module)."""
    return client_address(request.META.get("REMOTE_ADDR"),
                          request.META.get("HTTP_X_FORWARDED_FOR"),
                          settings.TRUSTED_PROXY_COUNT)
