"""Password guessing with a forged X-Forwarded-For, against the Procfile's own web command.

The client writes X-Forwarded-For as it likes: a new leftmost address on each
try must not make each try count for a new address. The web process is
started exactly as the Procfile says (its `web:` line, on a free port of the
loopback), in production mode with nothing in front of it.
"""

from __future__ import annotations

import pytest
import requests

from tests.conftest import PASSWORD
from tests.security.procfile import HOST, production_web_starter

pytestmark = pytest.mark.slow


@pytest.fixture
def production_web(tmp_path, request):
    return production_web_starter(tmp_path, request)


def guess(url: str, password: str, forwarded_for: str) -> requests.Response:
    return requests.post(f"{url}/api/token/", timeout=10,
                         json={"username": "alice", "password": password},
                         headers={"Host": HOST, "X-Forwarded-Proto": "https",
                                  "X-Forwarded-For": forwarded_for})


def test_it_locks_out_a_guesser_whatever_x_forwarded_for_says(production_web):
    url = production_web()
    answers = [guess(url, "wrong-guess", f"198.51.100.{i}").status_code for i in range(30)]
    # The fifth failure locks alice out for this address (axes); the token endpoint's
    # throttle would refuse the 21st try anyway.
    assert answers[:4] == [400] * 4, answers
    assert set(answers[4:]) == {429}, answers
    right = guess(url, PASSWORD, "198.51.100.250")
    assert right.status_code == 429 and "token" not in right.json()


def test_it_takes_the_address_one_trusted_proxy_appended(production_web):
    url = production_web(TRUSTED_PROXY_COUNT="1")
    answers = [guess(url, "wrong-guess", f"198.51.100.{i}, 203.0.113.7").status_code
               for i in range(5)]
    assert answers == [400, 400, 400, 400, 429], answers
    assert guess(url, PASSWORD, "198.51.100.99, 203.0.113.7").status_code == 429
    # Another client behind the same proxy is not locked out with the guesser.
    fine = guess(url, PASSWORD, "203.0.113.8")
    assert fine.status_code == 200 and fine.json()["token"]

