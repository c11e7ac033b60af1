"""The benchmark stack's surroundings, shared by the load, chaos and storm benchmarks:
its folder of pid files (bench/stack.sh's STACK_STATE), its settings for setup done
through the ORM, the players it reuses, and the CPU and memory of its processes."""

from __future__ import annotations

import collections
import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def stack_state() -> Path:
    """The stack's folder of pid files and logs (bench/stack.sh's STACK_STATE)."""
    return ROOT / os.environ.get("STACK_STATE", "bench/.stack")


def load_stack_environment() -> None:
    """Use the stack's settings (database, Redis) for the setup done through the ORM."""
    if "DATABASE_URL" not in os.environ:
        printed = subprocess.run(["bash", str(ROOT / "bench/stack.sh"), "env"], check=True,
                                 capture_output=True, text=True).stdout
        for line in printed.splitlines():
            name, _, value = line.removeprefix("export ").partition("=")
            os.environ[name] = shlex.split(value)[0] if value else ""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "druidsite.settings")
    # The benchmark's own bookkeeping queries run between awaits of its event
    # loop; they are not what is measured.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    import django

    django.setup()


def make_players(count: int, prefix: str) -> list[tuple[str, str]]:
    """(username, token) pairs, created once and reused by later runs."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    user_model = get_user_model()
    players = []
    for index in range(count):
        user = user_model.objects.filter(username=f"{prefix}{index}").first()
        if user is None:  # born without a password: no password change to announce
            user = user_model.objects.create_user(username=f"{prefix}{index}", password=None)
        token, _ = Token.objects.get_or_create(user=user)
        players.append((user.username, token.key))
    return players


def refresh_planner_statistics() -> None:
    """ANALYZE, as PostgreSQL's autovacuum does after a bulk insert on a production
    server. Without it a server with autovacuum off (this machine's) plans the
    sockets' joins on empty-table estimates: a sequential scan of every user for
    every snapshot."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def cpu_of(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def with_descendants(root: int) -> list[int]:
    """``root`` and every process below it (a worker's pool processes)."""
    parents: dict[int, list[int]] = collections.defaultdict(list)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents[ppid].append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(parents.get(pid, ()))
    return found


def stack_pids(name: str) -> list[int]:
    pidfile = stack_state() / f"{name}.pid"
    try:
        return with_descendants(int(pidfile.read_text()))
    except (OSError, ValueError):
        return []


def database_backends() -> list[int]:
    """The PostgreSQL backends serving the stack's own database (not other databases')."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                       "AND pid <> pg_backend_pid()")
        return [row[0] for row in cursor.fetchall()]


def redis_server_pid() -> int | None:
    import redis
    from django.conf import settings

    try:
        return int(redis.Redis.from_url(settings.REDIS_URL).info("server")["process_id"])
    except (redis.RedisError, KeyError, ValueError, TypeError):
        return None


def cpu_seconds(ports: list[int]) -> dict[str, float]:
    """CPU time used so far by the stack's own processes (by their pid files and
    children, and PostgreSQL's backends of the stack's database), the Redis server
    (shared: it may serve others too) and this client."""
    used: dict[str, float] = {}
    for name in [f"web-{port}" for port in ports] + ["worker", "beat"]:
        used[name] = sum(cpu_of(pid) for pid in stack_pids(name))
    used["postgres"] = sum(cpu_of(pid) for pid in database_backends())
    redis_pid = redis_server_pid()
    used["redis (whole server)"] = cpu_of(redis_pid) if redis_pid else 0.0
    used["client"] = cpu_of(os.getpid())
    return used


def rss_of_port(port: int) -> str:
    pidfile = stack_state() / f"web-{port}.pid"
    try:
        pid = pidfile.read_text().strip()
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"
