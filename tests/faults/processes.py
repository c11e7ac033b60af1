"""The processes of the fault tests: a Redis of the test's own, Celery workers.

Each test starts what it breaks, so that killing it harms nobody else (the
machine's Redis on 6379 is shared): a redis-server on a free port, workers
that consume only from it. Every process is started in a session of its own,
killed with its children at the end of the test even when it fails, and every
wait is bounded.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import redis

from tests.conftest import REQUIRE_SERVICES, ROOT, free_port


def wait_until(condition: Callable[[], object], timeout: float, what: str,
               interval: float = 0.1):
    """Poll ``condition`` until it returns something true; TimeoutError naming ``what``."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not within {timeout} s")
        time.sleep(interval)


def redis_server_binary() -> str | None:
    return shutil.which("redis-server")


def kill_group(process: subprocess.Popen, sig: int = signal.SIGKILL, timeout: float = 10) -> None:
    """Send ``sig`` to the process and its children (its own session), then reap it."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            pass
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout)


class RedisServer:
    """A redis-server on a free port, without persistence: kill it, start it again."""

    def __init__(self, directory: Path, binary: str) -> None:
        self.directory, self.binary = directory, binary
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def start(self, timeout: float = 15) -> None:
        assert self.process is None or self.process.poll() is not None, "already running"
        self.starts += 1
        log = open(self.directory / f"redis-{self.port}-{self.starts}.log", "w")  # noqa: SIM115
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--daemonize", "no", "--dir", str(self.directory)],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        log.close()
        wait_until(self.ping, timeout, f"redis-server on port {self.port}")

    def ping(self) -> bool:
        if self.process is None or self.process.poll() is not None:
            return False
        try:
            return redis.Redis.from_url(self.url, socket_timeout=1,
                                        socket_connect_timeout=1).ping()
        except redis.RedisError:
            return False

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url, socket_timeout=5, socket_connect_timeout=5)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no save; everything it held is gone."""
        if self.process is not None:
            kill_group(self.process)


class Workers:
    """Celery worker processes (solo pool) on the test's own Redis."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.started: list[subprocess.Popen] = []

    def start(self, env: dict[str, str], module: str | None = None,
              timeout: float = 30) -> subprocess.Popen:
        """A worker on the default queue; ``module`` runs a wrapper instead of celery."""
        name = f"fault-{uuid.uuid4().hex[:8]}"
        log_path = self.directory / f"{name}.log"
        program = ["-m", module] if module else ["-m", "celery", "-A", "druidsite"]
        with open(log_path, "w") as log:
            process = subprocess.Popen(
                [sys.executable, *program, "worker", "--pool", "solo", "--without-mingle",
                 "--without-gossip", "--without-heartbeat", "--loglevel", "INFO",
                 "--hostname", f"{name}@localhost"],
                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.started.append(process)

        def ready() -> bool:
            if process.poll() is not None:
                raise RuntimeError(f"worker exited with {process.returncode}: "
                                   f"{log_path.read_text()[-2000:]}")
            return " ready." in log_path.read_text()

        wait_until(ready, timeout, f"worker {name}")
        return process

    def stop_all(self) -> None:
        for process in self.started:
            kill_group(process, signal.SIGTERM if process.poll() is None else signal.SIGKILL)


def need_redis_server() -> str:
    import pytest

    binary = redis_server_binary()
    if binary is None:
        message = "redis-server is not installed: this test starts a Redis of its own"
        if REQUIRE_SERVICES:
            pytest.fail(message + " (REQUIRE_SERVICES=1)")
        pytest.skip(message)
    return binary
