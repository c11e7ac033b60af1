"""Parallel test runs (pytest-xdist, ``make test``'s ``-n 2``): every worker
process gets a Redis database of its own.

The workers share one Redis server, and the site keeps more than messages
there: the cache (throttles, login lockouts), the channel layer's groups
(``game-<id>``, where both workers' test databases number their games from
1) and the Celery broker. So worker *k* uses database *base + k* of the
server named by ``REDIS_URL`` (and ``CELERY_BROKER_URL``), modulo 16.
PostgreSQL needs nothing: pytest-django gives every worker its own test
database.

Loaded with ``-p tests.workers`` (pyproject's ``addopts``), before
pytest-django reads the settings, which read the environment once. Outside
a worker (a plain ``pytest`` run) it changes nothing.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

REDIS_DATABASES = 16  # a Redis server's default number of databases


def database_for(url: str, worker: int) -> str:
    """``url`` pointing at the database ``worker`` places after its own."""
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(base + worker) % REDIS_DATABASES}"))


def worker_index() -> int | None:
    """This process's xdist worker number (``gw3`` -> 3), or None outside one."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(name[2:]) if name.startswith("gw") and name[2:].isdigit() else None


_worker = worker_index()
if _worker:
    for _name in ("REDIS_URL", "CELERY_BROKER_URL"):
        if os.environ.get(_name, "").strip():
            os.environ[_name] = database_for(os.environ[_name], _worker)
