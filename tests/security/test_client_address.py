"""The client's address: the socket peer, or what the trusted proxies in front appended.

TRUSTED_PROXY_COUNT (default 0) is the number of proxies in front of the web
process. Each appends the address it was connected from to X-Forwarded-For,
so of the header the rightmost N entries are theirs and the Nth from the right
is the client's; anything left of it came from the client and is ignored. The
login lockout (axes), allauth's rate limits and the API's throttles all count
by this one address.
"""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from druidsite.client_address import client_address, client_ip

PEER = "192.0.2.10"


@pytest.mark.parametrize(("forwarded_for", "expected"), [
    (None, PEER),
    ("198.51.100.1", PEER),
    ("198.51.100.1, 203.0.113.5", PEER),
])
def test_it_ignores_the_header_without_trusted_proxies(forwarded_for, expected):
    assert client_address(PEER, forwarded_for, 0) == expected


@pytest.mark.parametrize(("forwarded_for", "expected"), [
    ("203.0.113.5", "203.0.113.5"),
    ("198.51.100.1, 203.0.113.5", "203.0.113.5"),
    ("evil, 198.51.100.1,203.0.113.5", "203.0.113.5"),
    (" 2001:DB8::1 ", "2001:db8::1"),
    ("203.0.113.5:4711", "203.0.113.5"),
    ("[2001:db8::1]:4711", "2001:db8::1"),
])
def test_it_takes_the_entry_one_proxy_appended(forwarded_for, expected):
    assert client_address(PEER, forwarded_for, 1) == expected


@pytest.mark.parametrize(("forwarded_for", "expected"), [
    ("203.0.113.5, 10.0.0.2", "203.0.113.5"),
    ("198.51.100.1, 203.0.113.5, 10.0.0.2", "203.0.113.5"),
    ("1.1.1.1, 2.2.2.2, 203.0.113.5,10.0.0.2", "203.0.113.5"),
])
def test_it_takes_the_entry_the_outer_of_two_proxies_appended(forwarded_for, expected):
    assert client_address(PEER, forwarded_for, 2) == expected


@pytest.mark.parametrize(("forwarded_for", "count"), [
    (None, 1),               # the proxy sent no header
    ("", 1),
    ("203.0.113.5", 2),      # fewer entries than proxies: never trust the client's
    ("not-an-address", 1),
    ("198.51.100.1, ", 1),   # an empty entry where the proxy's should be
    ("198.51.100.1,unknown", 1),
    ("999.1.1.1", 1),
    ("203.0.113.5\x00", 1),
])
def test_it_falls_back_to_the_peer_on_a_missing_or_malformed_header(forwarded_for, count):
    assert client_address(PEER, forwarded_for, count) == PEER


def test_it_has_no_address_without_a_peer():
    assert client_address(None, None, 0) is None
    assert client_address("", "203.0.113.5", 0) is None


def test_it_reads_the_setting_and_the_request(settings):
    request = RequestFactory().get("/", REMOTE_ADDR=PEER,
                                   HTTP_X_FORWARDED_FOR="198.51.100.1, 203.0.113.5")
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_ip(request) == PEER
    settings.TRUSTED_PROXY_COUNT = 1
    assert client_ip(request) == "203.0.113.5"
    settings.TRUSTED_PROXY_COUNT = 2
    assert client_ip(request) == "198.51.100.1"


def test_axes_allauth_and_the_api_throttles_all_use_it(settings):
    from allauth.account.adapter import get_adapter
    from axes.helpers import get_client_ip_address

    from druidsite import throttling

    settings.TRUSTED_PROXY_COUNT = 1
    request = RequestFactory().post("/", REMOTE_ADDR=PEER,
                                    HTTP_X_FORWARDED_FOR="198.51.100.1, 203.0.113.5")
    assert get_client_ip_address(request) == "203.0.113.5"
    assert get_adapter(request).get_client_ip(request) == "203.0.113.5"
    for throttle in (throttling.AnonRateThrottle, throttling.UserRateThrottle,
                     throttling.ScopedRateThrottle):
        assert throttle().get_ident(request) == "203.0.113.5", throttle


def test_drf_own_throttles_trust_the_same_number_of_proxies():
    from django.conf import settings

    assert settings.REST_FRAMEWORK["NUM_PROXIES"] == settings.TRUSTED_PROXY_COUNT == 0

