"""Load benchmark against the running stack (bench/stack.sh start).

Simulated players: N concurrent games between scripted clients. Each player
holds a WebSocket on the game (token-authenticated, alternating between the
web processes) and submits its moves through the API with the version it
decided on; idle spectators hold sockets too. When a game ends, the pair
starts a new one through the API (challenge, accept), so N games stay in play.

Reported: move throughput, the latency of a move request (median, p95, p99),
the time from a move request to the opponent's socket message (median, p95,
p99), errors; then a bare endpoint (/ping) on the same processes at the same
concurrency, and the ratio of move throughput to that ceiling.

    bench/stack.sh start
    .venv/bin/python bench/load.py --games 200 --spectators 200 --seconds 60
    .venv/bin/python bench/load.py --sockets 2000 --port 8101     # sockets held by one process
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import shlex
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent


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
        user, created = user_model.objects.get_or_create(username=f"{prefix}{index}")
        if created:
            user.set_unusable_password()
            user.save()
        token, _ = Token.objects.get_or_create(user=user)
        players.append((user.username, token.key))
    return players


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass
class Stats:
    move_latency: list[float] = field(default_factory=list)
    socket_latency: list[float] = field(default_factory=list)
    moves: int = 0
    games_finished: int = 0
    conflicts: int = 0
    errors: list[str] = field(default_factory=list)

    def error(self, text: str) -> None:
        if len(self.errors) < 20:
            self.errors.append(text)
        else:
            self.errors.append("…")
            del self.errors[20:-1]


class Player:
    """One side of a game: a socket that keeps the newest payload, and a token."""

    def __init__(self, name: str, token: str) -> None:
        self.name, self.token = name, token
        self.payload: dict | None = None
        self.changed = asyncio.Event()
        self.seen_at: dict[int, float] = {}

    async def follow(self, url: str, stats: Stats, done: asyncio.Event) -> None:
        headers = {"Authorization": f"Token {self.token}"}
        try:
            async with websockets.connect(url, additional_headers=headers,
                                          open_timeout=30, max_size=2**22) as ws:
                while not done.is_set():
                    message = json.loads(await ws.recv())
                    if message.get("type") in ("sync", "update"):
                        match = message["match"]
                        if self.payload is None or match["version"] >= self.payload["version"]:
                            self.payload = match
                        self.seen_at.setdefault(match["version"], time.perf_counter())
                        self.changed.set()
        except (TimeoutError, websockets.ConnectionClosed, OSError) as exc:
            if not done.is_set():
                stats.error(f"socket of {self.name}: {type(exc).__name__}: {exc}")


async def new_game(client: httpx.AsyncClient, a: Player, b: Player) -> int:
    made = await client.post("/api/challenges/", json={"opponent": b.name, "rated": False},
                             headers={"Authorization": f"Token {a.token}"})
    made.raise_for_status()
    accepted = await client.post(f"/api/challenges/{made.json()['id']}/accept/",
                                 headers={"Authorization": f"Token {b.token}"})
    accepted.raise_for_status()
    return accepted.json()["id"]


async def play_pair(index: int, pair: tuple[Player, Player], ports: list[int],
                    stats: Stats, stop: asyncio.Event, think: float, rng: random.Random,
                    delay: float = 0) -> None:
    a, b = pair
    port = ports[index % len(ports)]
    other_port = ports[(index + 1) % len(ports)]
    await asyncio.sleep(delay)  # players arrive over the warm-up, not all in one instant
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        while not stop.is_set():
            try:
                game_id = await new_game(client, a, b)
            except (httpx.HTTPError, KeyError) as exc:
                stats.error(f"new game: {exc}")
                await asyncio.sleep(1)
                continue
            for player in pair:
                player.payload, player.seen_at = None, {}
            done = asyncio.Event()  # the sockets listen until every move sent was heard
            followers = [
                asyncio.create_task(player.follow(
                    f"ws://127.0.0.1:{p}/ws/games/{game_id}/?since=0", stats, done))
                for player, p in ((a, port), (b, other_port))
            ]
            waiting: set[asyncio.Task] = set()
            await play_game(client, game_id, pair, stats, stop, think, rng, waiting)
            if waiting:
                await asyncio.wait(waiting, timeout=12)
            done.set()
            for task in followers:
                task.cancel()
            await asyncio.gather(*followers, return_exceptions=True)


async def play_game(client, game_id: int, pair, stats: Stats, stop: asyncio.Event,
                    think: float, rng: random.Random, waiting: set[asyncio.Task]) -> None:
    while not stop.is_set():
        mover = next((p for p in pair if p.payload and p.payload["legal_moves"]), None)
        if mover is None:
            if any(p.payload and p.payload["status"] == "finished" for p in pair):
                stats.games_finished += 1
                return
            for player in pair:
                player.changed.clear()
            try:
                await asyncio.wait_for(
                    asyncio.wait([asyncio.create_task(p.changed.wait()) for p in pair],
                                 return_when=asyncio.FIRST_COMPLETED), 10)
            except TimeoutError:
                stats.error(f"game {game_id}: no update for 10 s")
                return
            continue
        if think:
            await asyncio.sleep(rng.uniform(0, 2 * think))
        payload = mover.payload
        opponent = pair[1] if mover is pair[0] else pair[0]
        move = rng.choice(payload["legal_moves"])
        version = payload["version"]
        sent = time.perf_counter()
        try:
            answer = await client.post(f"/api/games/{game_id}/move/",
                                       json={"move": move, "version": version},
                                       headers={"Authorization": f"Token {mover.token}"})
        except httpx.HTTPError as exc:
            stats.error(f"move: {type(exc).__name__}")
            continue
        done = time.perf_counter()
        if answer.status_code == 409:
            stats.conflicts += 1
        elif answer.status_code != 200:
            stats.error(f"move {answer.status_code}: {answer.text[:120]}")
            return
        else:
            stats.moves += 1
            stats.move_latency.append(done - sent)
            mover.payload = answer.json()
            waiter = asyncio.create_task(wait_for_socket(opponent, version + 1, sent, stats))
            waiting.add(waiter)
            waiter.add_done_callback(waiting.discard)


async def wait_for_socket(player: Player, version: int, sent: float, stats: Stats) -> None:
    for _ in range(200):
        if version in player.seen_at:
            stats.socket_latency.append(player.seen_at[version] - sent)
            return
        player.changed.clear()
        try:
            await asyncio.wait_for(player.changed.wait(), 0.05)
        except TimeoutError:
            pass
    stats.error(f"the opponent's socket never saw version {version}")


async def spectate(url: str, stats: Stats, stop: asyncio.Event) -> None:
    try:
        async with websockets.connect(url, open_timeout=60) as ws:
            # Reads until cancelled at the end: no timed poll, whose wake-ups would
            # count as the client's CPU in the window.
            while not stop.is_set():
                await ws.recv()
    except (TimeoutError, websockets.ConnectionClosed, OSError) as exc:
        if not stop.is_set():
            stats.error(f"spectator: {type(exc).__name__}")


async def ceiling(ports: list[int], concurrency: int, seconds: float) -> float:
    """Requests per second of /ping at the same concurrency on the same processes."""
    count = 0
    stop_at = time.perf_counter() + seconds

    async def worker(port: int) -> None:
        nonlocal count
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            while time.perf_counter() < stop_at:
                response = await client.get("/ping")
                if response.status_code == 200:
                    count += 1

    started = time.perf_counter()
    await asyncio.gather(*(worker(ports[i % len(ports)]) for i in range(concurrency)))
    return count / (time.perf_counter() - started)


def report(stats: Stats, seconds: float, ping_rate: float, games: int) -> None:
    throughput = stats.moves / seconds
    ms = 1000
    print(f"games in play            {games}")
    print(f"moves                    {stats.moves} in {seconds:.0f} s: {throughput:.1f} moves/s")
    print(f"games finished           {stats.games_finished}")
    print("move request (ms)        median {:.1f}  p95 {:.1f}  p99 {:.1f}".format(
        statistics.median(stats.move_latency) * ms if stats.move_latency else float("nan"),
        percentile(stats.move_latency, 0.95) * ms, percentile(stats.move_latency, 0.99) * ms))
    print("move -> opponent socket  median {:.1f}  p95 {:.1f}  p99 {:.1f}".format(
        statistics.median(stats.socket_latency) * ms if stats.socket_latency else float("nan"),
        percentile(stats.socket_latency, 0.95) * ms, percentile(stats.socket_latency, 0.99) * ms))
    print(f"409 conflicts            {stats.conflicts}")
    print(f"errors                   {len(stats.errors)}")
    for line in stats.errors[:10]:
        print(f"  {line}")
    print(f"bare endpoint /ping      {ping_rate:.1f} requests/s")
    if ping_rate:
        print(f"moves / ceiling          {throughput / ping_rate:.3f}")


async def run_games(args) -> None:
    players = make_players(2 * args.games, "load")
    pairs = [(Player(*players[2 * i]), Player(*players[2 * i + 1])) for i in range(args.games)]
    ports = [int(p) for p in args.ports.split(",")]
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    ramp = args.warmup / 2
    tasks = [asyncio.create_task(play_pair(i, pair, ports, stats, stop, args.think, rng,
                                           delay=ramp * i / len(pairs)))
             for i, pair in enumerate(pairs)]
    await asyncio.sleep(ramp + 1)  # every pair has started a game
    from games.models import Match

    watched = list(Match.objects.filter(status="active").order_by("-pk")
                   .values_list("pk", flat=True)[: max(1, args.games)])
    spectators = [asyncio.create_task(spectate(
        f"ws://127.0.0.1:{ports[i % len(ports)]}/ws/games/{watched[i % len(watched)]}/",
        stats, stop)) for i in range(args.spectators)]
    await asyncio.sleep(max(0.0, args.warmup - ramp - 1))
    warmup_errors = list(stats.errors)
    # The measured window starts now: what the warm-up did is not counted.
    stats.move_latency.clear()
    stats.socket_latency.clear()
    stats.errors.clear()
    stats.conflicts = stats.games_finished = 0
    moves_before = stats.moves
    cpu_before = cpu_seconds(ports)
    started = time.perf_counter()
    await asyncio.sleep(args.seconds)
    elapsed = time.perf_counter() - started
    cpu = {name: used - cpu_before.get(name, 0.0) for name, used in cpu_seconds(ports).items()}
    moves = stats.moves - moves_before
    stop.set()
    for task in spectators:
        task.cancel()
    await asyncio.wait(tasks, timeout=20)  # the moves in flight are heard first
    for task in tasks:
        task.cancel()
    stats.moves = moves
    ping_rate = await ceiling(ports, args.games, min(10.0, args.seconds))
    report(stats, elapsed, ping_rate, args.games)
    print(f"warm-up errors           {len(warmup_errors)}")
    for line in warmup_errors[:5]:
        print(f"  {line}")
    shares = "  ".join(f"{name} {used:.1f}" for name, used in cpu.items())
    print(f"CPU in the window (s)    {shares}")
    if moves:
        site = sum(v for k, v in cpu.items() if k != "client")
        print(f"CPU per move (ms)        {1000 * sum(cpu.values()) / moves:.1f} in all, "
              f"{1000 * site / moves:.1f} in the site's processes (all but this client), "
              f"web {1000 * sum(v for k, v in cpu.items() if k.startswith('web')) / moves:.1f}")


def cpu_seconds(ports: list[int]) -> dict[str, float]:
    """CPU time used so far by the stack's processes, PostgreSQL, Redis and this client."""
    tick = os.sysconf("SC_CLK_TCK")

    def of(pid: int) -> float:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / tick
        except (OSError, IndexError, ValueError):
            return 0.0

    used: dict[str, float] = {}
    for port in ports:
        pidfile = ROOT / f"bench/.stack/web-{port}.pid"
        if pidfile.exists():
            used[f"web-{port}"] = of(int(pidfile.read_text()))
    for name, command in (("postgres", "postgres"), ("redis", "redis-server"),
                          ("worker", "celery")):
        pids = subprocess.run(["pgrep", "-f", command], capture_output=True, text=True).stdout
        used[name] = sum(of(int(pid)) for pid in pids.split())
    used["client"] = of(os.getpid())
    return used


def rss_of_port(port: int) -> str:
    pidfile = ROOT / f"bench/.stack/web-{port}.pid"
    try:
        pid = pidfile.read_text().strip()
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


async def run_sockets(args) -> None:
    """Open N spectator sockets on one process, hold them, and check they all hear a move."""
    from games import services
    from games.models import Match

    a, b = make_players(2, "sockets")
    from django.contrib.auth import get_user_model

    users = get_user_model().objects.filter(username__in=[a[0], b[0]])
    by_name = {u.username: u for u in users}
    match = await asyncio.to_thread(services.start_match, "druidenwalzer",
                                    {"moon": by_name[a[0]], "sun": by_name[b[0]]}, rated=False)
    url = f"ws://127.0.0.1:{args.port}/ws/games/{match.pk}/"
    heard: list[int] = []
    before = rss_of_port(args.port)

    opening = asyncio.Semaphore(args.connecting)
    opened_at: list[float] = []

    async def hold(index: int) -> None:
        # Visitors arrive a few dozen at a time, not 2,000 in one instant: a
        # handshake the application does not accept within daphne's connect
        # timeout (5 s) is refused.
        async with opening:
            ws = await websockets.connect(url, open_timeout=120)
            await ws.recv()  # the sync
            opened_at.append(time.perf_counter())
        async with ws:
            message = json.loads(await asyncio.wait_for(ws.recv(), args.seconds + 60))
            if message.get("type") == "update":
                heard.append(index)

    started = time.perf_counter()
    holders = [asyncio.create_task(hold(i)) for i in range(args.sockets)]
    await asyncio.sleep(args.seconds)
    opened = time.perf_counter() - started
    during = rss_of_port(args.port)
    fresh = await asyncio.to_thread(Match.objects.get, pk=match.pk)

    def first_move() -> None:
        from games.rules import get_rules

        rules = get_rules("druidenwalzer")
        move = rules.legal_moves(rules.from_json(fresh.state))[0]
        services.play(match.pk, by_name[a[0]], move, fresh.version)

    sent = time.perf_counter()
    await asyncio.to_thread(first_move)
    results = await asyncio.gather(*holders, return_exceptions=True)
    spread = time.perf_counter() - sent
    failures = [r for r in results if isinstance(r, BaseException)]
    if opened_at:
        print(f"sockets opened on :{args.port}  {len(opened_at)} of {args.sockets}, all within "
              f"{max(opened_at) - started:.1f} s, {args.connecting} handshakes at a time "
              f"(held until {opened:.0f} s)")
    print(f"sockets that heard the move   {len(heard)} within {spread:.1f} s")
    print(f"failures                      {len(failures)}"
          + (f" (first: {failures[0]!r})" if failures else ""))
    print(f"web process memory            before {before}, holding {during}")


def main() -> None:
    parser = argparse.ArgumentParser(description="Load benchmark of the running stack.")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--spectators", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=20,
                        help="seconds for the players to arrive before the measured window")
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds a player waits before moving (0: as fast as possible)")
    parser.add_argument("--ports", default="8101,8102")
    parser.add_argument("--sockets", type=int, default=0,
                        help="instead of games: hold this many sockets on --port")
    parser.add_argument("--port", type=int, default=8101)
    parser.add_argument("--connecting", type=int, default=50,
                        help="with --sockets: handshakes in progress at a time")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    load_stack_environment()
    asyncio.run(run_sockets(args) if args.sockets else run_games(args))


if __name__ == "__main__":
    main()
