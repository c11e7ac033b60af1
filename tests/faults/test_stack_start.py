"""bench/stack.sh start tells the truth: it runs every process with PY, and fails
(stopping what it started) when one of them does not start."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
import warnings

import pytest

from tests.conftest import ROOT, free_port

pytestmark = [pytest.mark.services, pytest.mark.slow, pytest.mark.timeout(300)]


def test_it_fails_naming_the_worker_that_did_not_start(postgres_url, own_redis, tmp_path):
    # A Python that runs everything but Celery (as a broken install would).
    python = tmp_path / "python"
    python.write_text('#!/bin/sh\n[ "$1 $2" = "-m celery" ] && exit 1\n'
                      f'exec {sys.executable} "$@"\n')
    python.chmod(0o755)
    name = f"druidsite_stack_{uuid.uuid4().hex[:8]}"
    ports = [free_port(), free_port()]
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    env.update(PY=str(python), STACK_DB=name, REDIS_URL=own_redis.url,
               WEB_PORTS=" ".join(map(str, ports)), STACK_STATE=str(tmp_path / "stack"),
               STACK_START_SECONDS="60")
    try:
        started = subprocess.run(["bash", str(ROOT / "bench/stack.sh"), "start"], cwd=ROOT,
                                 env=env, capture_output=True, text=True, timeout=240)
        assert started.returncode == 1, started.stdout + started.stderr
        assert "did not start" in started.stderr, started.stderr
        assert not list((tmp_path / "stack").glob("*.pid")), "what started is stopped"
    finally:
        subprocess.run(["bash", str(ROOT / "bench/stack.sh"), "stop"], cwd=ROOT, env=env,
                       capture_output=True, timeout=60)
        try:
            subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc",
                            f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"],
                           capture_output=True, timeout=60)
        except subprocess.TimeoutExpired:  # a loaded machine's checkpoint: not the test's failure
            warnings.warn(f"database {name} left behind: DROP DATABASE took over 60 s",
                          stacklevel=1)


def test_it_refuses_a_python_that_is_not_there(tmp_path):
    env = dict(os.environ, PY=str(tmp_path / "no-such-python"),
               STACK_STATE=str(tmp_path / "stack"))
    started = subprocess.run(["bash", str(ROOT / "bench/stack.sh"), "start"], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=60)
    assert started.returncode == 1
    assert "not an executable Python" in started.stderr
