"""Connect storm against the running stack (bench/stack.sh start): many sockets
opened at once, as when a web process restarts and its clients reconnect to the
others, or a page is shared widely.

Opens --sockets sockets spread evenly over --within seconds, alternating between
the web processes: half are players (token-authenticated, each on a game of
theirs, reconnecting with ?since=), half anonymous spectators. Each must be
accepted and receive the game's sync. Reports how many were accepted, the
handshake time (connect to open) and the time to the sync (median, p95, max),
every failure by kind, the lines 'took too long to shut down' and the other
error lines that the web processes logged from the storm's start until --settle
seconds after its sockets closed, the CPU time the stack's processes used while
the sockets opened (the web processes' also per socket), and which web server
ran. With --busy SHARE, bench/busy.py holds one core at that share for the run.

    bench/stack.sh start
    .venv/bin/python bench/storm.py --sockets 1000 --within 2
    .venv/bin/python bench/storm.py --sockets 1000 --within 2 --busy 1.0

The counts of one handshake (database hops, queries, group joins) are
bench/handshake_cost.py's.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import percentile  # noqa: E402
from stack_env import (  # noqa: E402
    ROOT,
    cpu_seconds,
    load_stack_environment,
    make_players,
    refresh_planner_statistics,
    stack_state,
)

KILLED = "took too long to shut down"
#: Lines of a web log that say something went wrong (daphne's and uvicorn's words).
ERROR_MARKS = ("Traceback", "ERROR", "Exception in ASGI application")


def games_for(players: list[tuple[str, str]]) -> list[int]:
    """One unrated game for each pair of players, made once and reused by later runs."""
    from django.contrib.auth import get_user_model

    from games.core import services
    from games.models import Match

    users = {u.username: u for u in get_user_model().objects.filter(
        username__in=[name for name, _ in players])}
    games = []
    for index in range(0, len(players), 2):
        moon, sun = users[players[index][0]], users[players[index + 1][0]]
        match = (Match.objects.filter(status="active", seats__user=moon)
                 .filter(seats__user=sun).order_by("-pk").first())
        if match is None:
            match = services.start_match("druidenwalzer", {"moon": moon, "sun": sun},
                                         rated=False)
        games.append(match.pk)
    return games


def log_sizes(ports: list[int]) -> dict[int, int]:
    """Where each web log ends now: what the storm adds is read from there."""
    sizes = {}
    for port in ports:
        log = stack_state() / f"web-{port}.log"
        sizes[port] = log.stat().st_size if log.exists() else 0
    return sizes


def logged_since(sizes: dict[int, int]) -> collections.Counter[str]:
    """The web logs' lines written since ``sizes``: how many were daphne's
    'took too long to shut down' (an application killed) and how many errors."""
    found: collections.Counter[str] = collections.Counter()
    for port, start in sizes.items():
        log = stack_state() / f"web-{port}.log"
        if not log.exists():
            continue
        with log.open("rb") as file:
            file.seek(start)
            for line in file.read().decode(errors="replace").splitlines():
                if KILLED in line:
                    found["killed"] += 1
                elif any(mark in line for mark in ERROR_MARKS):
                    found["errors"] += 1
    return found


async def storm(args) -> None:
    ports = [int(p) for p in args.ports.split(",")]
    pairs = max(1, args.sockets // 4)
    # In a thread: the ORM's signals publish to the channel layer, which they must
    # not do from inside this event loop.
    players = await asyncio.to_thread(make_players, 2 * pairs, "storm")
    games = await asyncio.to_thread(games_for, players)
    await asyncio.to_thread(refresh_planner_statistics)
    handshake: list[float] = []
    to_sync: list[float] = []
    failures: collections.Counter[str] = collections.Counter()
    opened: list[websockets.ClientConnection] = []
    logs_before = log_sizes(ports)

    async def one(index: int) -> None:
        await asyncio.sleep(args.within * index / args.sockets)
        port = ports[index % len(ports)]
        game = games[(index // 2) % len(games)]
        headers = {}
        if index % 2 == 0:  # a player of the game, reconnecting from a version
            name, token = players[(index // 2) % len(players)]
            headers = {"Authorization": f"Token {token}"}
        url = f"ws://127.0.0.1:{port}/ws/games/{game}/?since=0"
        who = "player" if headers else "spectator"
        started = time.perf_counter()
        try:
            ws = await websockets.connect(url, additional_headers=headers,
                                          open_timeout=args.timeout, max_size=2**22)
        except Exception as exc:  # every kind is counted, none stops the storm
            failures[f"{who} handshake: {type(exc).__name__}: {str(exc)[:60]}"] += 1
            return
        handshake.append(time.perf_counter() - started)
        opened.append(ws)
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), args.timeout))
            if message.get("type") != "sync":
                failures[f"{who}: first message {message.get('type')!r}, not sync"] += 1
                return
            to_sync.append(time.perf_counter() - started)
        except Exception as exc:
            failures[f"{who} sync: {type(exc).__name__}: {str(exc)[:60]}"] += 1

    busy = None
    if args.busy:
        busy = subprocess.Popen([sys.executable, str(ROOT / "bench/busy.py"), "--share",
                                 str(args.busy), "--seconds", str(args.within + args.timeout + 30)])
        await asyncio.sleep(1)
    load_before = os.getloadavg()
    cpu_before = await asyncio.to_thread(cpu_seconds, ports)
    started = time.perf_counter()
    try:
        await asyncio.gather(*(one(i) for i in range(args.sockets)))
    finally:
        if busy is not None:
            busy.terminate()
            busy.wait()
    elapsed = time.perf_counter() - started
    cpu_after = await asyncio.to_thread(cpu_seconds, ports)
    cpu = {name: used - cpu_before.get(name, 0.0) for name, used in cpu_after.items()}
    await asyncio.sleep(args.hold)
    await asyncio.gather(*(ws.close() for ws in opened), return_exceptions=True)
    # daphne logs an application that did not end within 10 s of its socket's close:
    # wait past that, so that the closes of this storm are counted, not the next's.
    await asyncio.sleep(args.settle)
    ms = 1000

    def spread(values: list[float]) -> str:
        if not values:
            return "none"
        return (f"median {ms * percentile(values, 0.5):.0f}  "
                f"p95 {ms * percentile(values, 0.95):.0f}  max {ms * max(values):.0f}")

    busy_note = f", one core held at {args.busy:.0%} by bench/busy.py" if args.busy else ""
    print(f"sockets                  {args.sockets} opened over {args.within:.1f} s on ports "
          f"{args.ports} (half players, half spectators{busy_note}); all done in {elapsed:.1f} s")
    print(f"accepted                 {len(handshake)} of {args.sockets}")
    print(f"synced                   {len(to_sync)} of {args.sockets}")
    print(f"handshake (ms)           {spread(handshake)}")
    print(f"connect to sync (ms)     {spread(to_sync)}")
    print(f"failures                 {sum(failures.values())}")
    for kind, count in failures.most_common():
        print(f"  {count:5d}  {kind}")
    logged = logged_since(logs_before)
    print(f"'{KILLED}' in the web logs: {logged['killed']}")
    print(f"other error lines in the web logs: {logged['errors']}")
    web = sum(v for k, v in cpu.items() if k.startswith("web"))
    print(f"CPU during the storm (s) web {web:.2f} ({ms * web / args.sockets:.1f} ms a socket), "
          + ", ".join(f"{k} {v:.2f}" for k, v in cpu.items() if not k.startswith("web")))
    server = "uvicorn" if any("uvicorn" in _command_of(port) for port in ports) else "daphne"
    print(f"web server               {server}")
    print(f"machine                  {os.cpu_count()} cores, load average "
          f"{load_before[0]:.2f} before the storm, {os.getloadavg()[0]:.2f} after it")


def _command_of(port: int) -> str:
    try:
        pid = (stack_state() / f"web-{port}.pid").read_text().strip()
        return Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")
    except OSError:
        return ""


def main() -> None:
    parser = argparse.ArgumentParser(description="Connect storm against the running stack.")
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--within", type=float, default=2.0, help="seconds to open them in")
    parser.add_argument("--ports", default="8101,8102")
    parser.add_argument("--timeout", type=float, default=30,
                        help="seconds a client waits for its handshake and its sync")
    parser.add_argument("--hold", type=float, default=2, help="seconds to hold them open")
    parser.add_argument("--settle", type=float, default=12,
                        help="seconds to wait after closing them before reading the logs")
    parser.add_argument("--busy", type=float, default=0,
                        help="hold one core at this share (bench/busy.py) during the storm")
    args = parser.parse_args()
    if not 0 < args.sockets <= 20000:
        parser.error("--sockets must be between 1 and 20000")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    load_stack_environment()
    asyncio.run(storm(args))


if __name__ == "__main__":
    main()
