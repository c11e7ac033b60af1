"""Fixtures of the fault tests: a Redis and workers of the test's own, and a test
process that queues no task itself (only the servers under test do)."""

from __future__ import annotations

import pytest

from tests.faults.processes import RedisServer, Workers, need_redis_server


@pytest.fixture
def own_redis(tmp_path):
    """A redis-server on a free port, started; killed at the end whatever happens."""
    server = RedisServer(tmp_path, need_redis_server())
    try:
        server.start()
        yield server
    finally:
        server.kill()


@pytest.fixture
def workers(tmp_path):
    started = Workers(tmp_path)
    try:
        yield started
    finally:
        started.stop_all()


@pytest.fixture
def queues_nothing(monkeypatch):
    """The test process writes games directly; the follow-up tasks its writes would
    queue are dropped, so that nothing reaches a broker shared with others."""
    from games import tasks

    for task in (tasks.bot_move, tasks.bot_accept, tasks.notify_turn):
        monkeypatch.setattr(task, "apply_async", lambda *args, **kwargs: None)
