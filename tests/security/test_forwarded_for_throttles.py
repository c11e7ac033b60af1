"""Rate limits count by the client's address, not by what X-Forwarded-For claims.

On the embedded defaults (no trusted proxy) the header is ignored; with one
trusted proxy only the entry it appended counts.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient


@pytest.mark.django_db
def test_the_token_throttle_ignores_a_forged_header_on_the_embedded_defaults():
    """Twenty tries a minute per address, wherever X-Forwarded-For says they come from
    (new names each time, so that the lockout of one account does not answer first)."""
    api = APIClient()
    answers = [api.post("/api/token/", {"username": f"name{i}", "password": "wrong"},
                        format="json", HTTP_X_FORWARDED_FOR=f"198.51.100.{i}").status_code
               for i in range(25)]
    assert answers[:20] == [400] * 20, answers
    assert set(answers[20:]) == {429}, answers


TOO_MANY = "Too many failed login attempts"


@pytest.mark.django_db
def test_allauth_counts_failed_logins_by_the_same_address(client, settings):
    """allauth's cap of ten failed logins a minute per address, for many names."""
    settings.TRUSTED_PROXY_COUNT = 1
    pages = [client.post("/accounts/login/", {"login": f"name{i}", "password": "wrong"},
                         HTTP_X_FORWARDED_FOR=f"198.51.100.{i}, 203.0.113.5").content.decode()
             for i in range(12)]
    refused = [TOO_MANY in page for page in pages]
    assert refused == [False] * 10 + [True] * 2, refused
    # Another client behind the same proxy is not refused with the guesser.
    other = client.post("/accounts/login/", {"login": "name0", "password": "wrong"},
                        HTTP_X_FORWARDED_FOR="203.0.113.6")
    assert TOO_MANY not in other.content.decode()
