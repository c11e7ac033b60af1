"""The short chaos drill on the production shape: bench/stack.sh starts two web
processes, a worker and a beat (over PostgreSQL and a Redis of the test's own);
bench/chaos.py plays games against each other and the AI for 30 s while one web
process and then the worker are killed (SIGKILL) and started again. The drill
checks itself: every acknowledged move stored as sent, no version gap,
verify_games clean, every socket back within 3.5 s and caught up, every AI move
owed while the worker was down made within 15 s of its return, no game stalled."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid

import pytest

from tests.conftest import ROOT, free_port

pytestmark = [pytest.mark.services, pytest.mark.slow, pytest.mark.timeout(420)]


@pytest.fixture
def stack(postgres_url, own_redis, tmp_path):
    """bench/stack.sh on free ports, a database and a state folder of the test's own."""
    name = f"druidsite_chaos_{uuid.uuid4().hex[:8]}"
    ports = [free_port(), free_port()]
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    env.update(PY=sys.executable, STACK_DB=name, REDIS_URL=own_redis.url,
               WEB_PORTS=" ".join(map(str, ports)), STACK_STATE=str(tmp_path / "stack"),
               STACK_START_SECONDS="120", PYTHONUNBUFFERED="1")

    def stack_sh(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run(["bash", str(ROOT / "bench/stack.sh"), *args], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=timeout)

    try:
        started = stack_sh("start")
        assert started.returncode == 0, started.stdout + started.stderr
        yield env, ports
    finally:
        stack_sh("stop", timeout=60)
        subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc",
                        f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"],
                       capture_output=True, timeout=60)


def test_the_short_chaos_drill_loses_nothing_and_recovers_in_time(stack):
    env, ports = stack
    drill = subprocess.run(
        [sys.executable, str(ROOT / "bench/chaos.py"), "--seconds", "30", "--plan",
         "web:5,worker:15", "--games", "8", "--ai-games", "4",
         "--ports", ",".join(map(str, ports))],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    report = drill.stdout + drill.stderr
    print(report)
    assert "targets                  held" in drill.stdout, report
    assert drill.returncode == 0, report
