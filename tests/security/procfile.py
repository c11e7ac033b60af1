"""The Procfile's web process, started as the Procfile says, in production mode.

Its `web:` line is read (not copied), its port set to a free one and its bind
address to the loopback; the environment is a fresh production one on the
embedded defaults, with the player alice.
"""

from __future__ import annotations

import shlex
import subprocess
import sys

from tests.conftest import (
    PASSWORD,
    ROOT,
    copy_migrated,
    embedded_env,
    free_port,
    manage,
    wait_for_port,
)

HOST = "druids.example.org"
PRODUCTION = {"DJANGO_ENV": "production", "ALLOWED_HOSTS": HOST, "EMBEDDED_WORKER": "0",
              "SITE_URL": f"https://{HOST}",
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


def production_web_starter(tmp_path, request):
    """A function starting the Procfile's web process over a fresh production database
    (extra environment as keywords), answering its URL; stopped when the test ends.
    The database is a copy of the run's migrated one (the release step's migrate
    costs some 8 s of CPU a start; tests/foundation/test_embedded.py migrates from
    nothing); collectstatic runs as the release step does."""
    migrated = request.getfixturevalue("migrated_database")

    def start(**extra: str) -> str:
        env = embedded_env(tmp_path, STATIC_ROOT=str(tmp_path / "static"), **PRODUCTION,
                           **extra)
        copy_migrated(migrated, tmp_path)
        for step in (("collectstatic", "--noinput"), (
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
