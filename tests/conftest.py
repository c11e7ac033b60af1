"""Shared test fixtures.

Service tests need the real PostgreSQL and Redis. Locally they are skipped when
DATABASE_URL or REDIS_URL is missing; with REQUIRE_SERVICES=1 (as in CI) a
missing service, or any skipped service test, is a failure instead.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"


def need_env(name: str) -> str:
    value = os.environ.get(name, "").strip()
    if not value:
        message = f"{name} is not set: this test needs the real service"
        if REQUIRE_SERVICES:
            pytest.fail(message + " (REQUIRE_SERVICES=1)")
        pytest.skip(message)
    return value


@pytest.fixture
def redis_url() -> str:
    return need_env("REDIS_URL")


@pytest.fixture
def postgres_url() -> str:
    url = need_env("DATABASE_URL")
    if not url.startswith(("postgres://", "postgresql://")):
        message = f"DATABASE_URL is not PostgreSQL: {url}"
        if REQUIRE_SERVICES:
            pytest.fail(message)
        pytest.skip(message)
    return url


def pytest_configure(config) -> None:
    # No task worker runs inside a test process. On the embedded defaults (no
    # REDIS_URL: a fresh machine) importing the web process's entry point,
    # druidsite.asgi, starts one, and a test module imports it at collection; its
    # threads then ran queued tasks (an AI's move) behind the back of later tests,
    # which raced them. Tests that want the worker run a server in a subprocess
    # (embedded_env), whose settings are its own.
    from django.conf import settings

    settings.EMBEDDED_WORKER = False


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if REQUIRE_SERVICES and report.skipped and item.get_closest_marker("services"):
        report.outcome = "failed"
        report.longrepr = f"service test skipped while REQUIRE_SERVICES=1: {report.longrepr}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def embedded_env(data_dir: Path, **extra: str) -> dict[str, str]:
    """The environment of a fresh machine: no DATABASE_URL, no REDIS_URL."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "DJANGO_ENV"}
    }
    env.update({"DATA_DIR": str(data_dir), "PYTHONUNBUFFERED": "1"}, **extra)
    return env


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory) -> Path:
    """An embedded site's SQLite database, migrated once per test run: servers in
    subprocesses start from a copy of it (``copy_migrated``) instead of migrating
    again (some 5 s of CPU each). tests/foundation/test_embedded.py still
    migrates from nothing, as a newcomer does."""
    data = tmp_path_factory.mktemp("migrated")
    migrated = manage("migrate", "--noinput", env=embedded_env(data))
    assert migrated.returncode == 0, migrated.stderr
    return data / "db.sqlite3"


def copy_migrated(database: Path, data_dir: Path) -> None:
    """Put a copy of the migrated database into ``data_dir`` (a site's DATA_DIR)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(database, data_dir / "db.sqlite3")


def manage(*args: str, env: dict[str, str] | None = None, timeout: float = 120):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited early with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listened on port {port} within {timeout} s")


@pytest.fixture
def serve(tmp_path):
    """Start `daphne druidsite.asgi:application` in a subprocess; yields (port, process)."""
    started: list[subprocess.Popen] = []

    def start(env: dict[str, str]) -> tuple[int, subprocess.Popen]:
        port = free_port()
        log = open(tmp_path / f"server-{port}.log", "w")  # noqa: SIM115 - closed with the process
        process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
             "druidsite.asgi:application"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
        started.append(process)
        wait_for_port(port, process)
        return port, process

    yield start
    for process in started:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()


# --- players: two opponents, an outsider and an admin (permission cases) -------------

PASSWORD = "a-long-test-password-7"


def make_user(username: str, **extra):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(
        username, email=f"{username}@example.org", password=PASSWORD, **extra
    )


@pytest.fixture
def alice(db):
    return make_user("alice")


@pytest.fixture
def bob(db):
    return make_user("bob")


@pytest.fixture
def carol(db):
    """An outsider: a registered player who is in none of the games."""
    return make_user("carol")


@pytest.fixture
def staff(db):
    return make_user("root", is_staff=True, is_superuser=True)


@pytest.fixture
def veto_game(monkeypatch):
    """A second game on the site for one test (tests/vetogame.py): its GameInfo."""
    from tests import vetogame

    return vetogame.install(monkeypatch)


@pytest.fixture
def only_druidenwalzer(monkeypatch):
    """The site with Druidenwalzer as its one game (whatever else is registered)."""
    from games import rules

    monkeypatch.setattr(rules, "GAMES", ("druidenwalzer",))


@pytest.fixture
def no_turn_mails(monkeypatch):
    """Turn mails are queued after commit; most tests do not want them."""
    from games import tasks

    monkeypatch.setattr(tasks.notify_turn, "apply_async", lambda *args, **kwargs: None)


@pytest.fixture(autouse=True)
def settle_results_inline(monkeypatch):
    """A new result queues games.settle_result after the commit; no worker runs in the
    ordinary tests, so the task runs right there (as a worker would, after the commit).
    The integration tests run it on a real worker."""
    from games import tasks

    def run(args=(), kwargs=None, **options):
        return tasks.settle_result.apply(args=args, kwargs=kwargs or {})

    monkeypatch.setattr(tasks.settle_result, "apply_async", run)


@pytest.fixture(autouse=True)
def default_language():
    """Every test starts in the site's default language: a request rendered in a
    player's language leaves it active in the thread afterwards (LocaleMiddleware
    activates a language per request and nothing deactivates it), and a later
    test's messages would come out in it."""
    from django.utils import translation

    translation.deactivate()
    yield


@pytest.fixture(autouse=True)
def outside_any_task():
    """Every test starts outside a Celery task: a worker started in this process (an
    embedded worker, a worker component) marks the whole process as one where joining
    a result would block, and a later test's ``.get()`` of an eager task would fail."""
    from celery._state import _set_task_join_will_block

    _set_task_join_will_block(False)


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    # The real hasher is slow by design; tests create many users.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database, dropped at the end with no pooled connection left open on it."""
    yield
    from django.db import connections

    with django_db_blocker.unblock():
        for connection in connections.all():
            if connection.vendor == "postgresql":
                _end_other_sessions(connection)
            connection.close()
            if hasattr(connection, "close_pool"):
                connection.close_pool()


def _end_other_sessions(connection) -> None:
    """End the other sessions still open on this worker's test database, so that it
    can be dropped. Connections are per thread: those that the thread pools of async
    tests (channels' database_sync_to_async) or an in-process Celery worker opened
    outlive their tests, and nothing in this thread can close them."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
