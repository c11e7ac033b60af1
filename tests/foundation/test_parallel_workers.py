"""Parallel runs give every worker a Redis database of its own (tests/workers.py)."""

from tests.workers import database_for, worker_index


def test_it_moves_each_worker_to_the_database_after_the_base():
    assert database_for("redis://127.0.0.1:6379/0", 1) == "redis://127.0.0.1:6379/1"
    assert database_for("redis://127.0.0.1:6379/3", 2) == "redis://127.0.0.1:6379/5"
    assert database_for("redis://127.0.0.1:6379", 1) == "redis://127.0.0.1:6379/1"


def test_it_wraps_around_the_servers_16_databases():
    assert database_for("redis://:secret@cache:6380/15", 1) == "redis://:secret@cache:6380/0"


def test_it_reads_the_worker_number_from_xdist(monkeypatch):
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw3")
    assert worker_index() == 3
    monkeypatch.delenv("PYTEST_XDIST_WORKER")
    assert worker_index() is None
