"""Password guessing with a forged X-Forwarded-For, against the Procfile's own web command.

The client writes X-Forwarded-For as it likes: a new leftmost address on each
try must not make each try count for a new address. The web process is
started exactly as the Procfile says (its `web:` line, on a free port of the
loopback), in production mode with nothing in front of it.
"""

from __future__ import annotations

import shlex
import subprocess
import sys

import pytest
import requests

from tests.conftest import PASSWORD, ROOT, embedded_env, free_port, manage, wait_for_port

pytestmark = pytest.mark.slow

HOST = "druids.example.org"
PRODUCTION = {"DJANGO_ENV": "production", "ALLOWED_HOSTS": HOST, "EMBEDDED_WORKER": "0",
              "SECRET_KEY": "prod-" + "Vq8Lr2Ns5Tw9Xz3Bc6Df1Gh4Jk7Mp0" * 2}


def procfile_web_command(port: int) -> list[str]:
    """The Procfile's web command with its port set, bound to the loopback only."""
    line = next(line for line in (ROOT / "Procfile").read_text().splitlines()
                if line.startswith("web:"))
    words = shlex.split(line.removeprefix("web:").replace("${PORT:-8000}", str(port)))
    assert words[0] == "daphne", words
    for flag in ("--bind", "-b"):
        if flag in words:
            words[words.index(flag) + 1] = "127.0.0.1"
    return [sys.executable, "-m", "daphne", *words[1:]]


@pytest.fixture
def production_web(tmp_path, request):
    """The Procfile's web process over a fresh production database; yields its URL."""
    def start(**extra: str) -> str:
        env = embedded_env(tmp_path, STATIC_ROOT=str(tmp_path / "static"), **PRODUCTION,
                           **extra)
        for step in (("migrate", "--noinput"), ("collectstatic", "--noinput"), (
                "shell", "-c", "from accounts.models import User; User.objects.create_user("
                f"'alice', 'alice@example.org', '{PASSWORD}')")):
            done = manage(*step, env=env)
            assert done.returncode == 0, done.stdout + done.stderr
        port = free_port()
        log = open(tmp_path / "web.log", "w")  # noqa: SIM115 - closed at the end
        process = subprocess.Popen(procfile_web_command(port), cwd=ROOT, env=env,
                                   stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        request.addfinalizer(log.close)
        request.addfinalizer(lambda: (process.terminate(), process.wait(10)))
        wait_for_port(port, process)
        return f"http://127.0.0.1:{port}"

    return start


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

