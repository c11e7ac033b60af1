"""Load benchmark against the running stack (bench/stack.sh start).

Simulated players: N concurrent games between scripted clients. Each player
holds a WebSocket on the game (token-authenticated, alternating between the
web processes) and submits its moves through the API with the version it
decided on; idle spectators hold sockets too. When a game ends, the pair
starts a new one through the API (challenge, accept), so N games stay in play.

A dropped socket (players' and spectators') is opened again like the page does:
after 1 s (plus up to 0.5 s), doubling, with ?since= the last version seen, on
the next web process (as a balancer would steer away from a dead one). A pair
whose accept failed cancels its challenge.

Reported: move throughput, the latency of a move request (median, p95, p99),
the time from a move request to the opponent's socket message (median, p95,
p99), every error counted by kind (spectators' failed handshakes too), socket
drops and how long their reconnects took; then a bare endpoint (/ping) on the
same processes at the same concurrency, and the ratio of move throughput to that
ceiling. CPU is attributed to the stack's own processes (their pid files and
children, and the PostgreSQL backends connected to the stack's database); the
Redis server is reported apart, as it may serve others on the machine.

    bench/stack.sh start
    .venv/bin/python bench/load.py --games 200 --spectators 200 --seconds 60
    .venv/bin/python bench/load.py --sockets 2000 --port 8101     # sockets held by one process
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import random
import resource
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from stack_env import (  # noqa: E402
    cpu_seconds,
    load_stack_environment,
    make_players,
    refresh_planner_statistics,
    rss_of_port,
)


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass
class Stats:
    move_latency: list[float] = field(default_factory=list)
    socket_latency: list[float] = field(default_factory=list)
    reconnect_time: list[float] = field(default_factory=list)
    moves: int = 0
    games_finished: int = 0
    conflicts: int = 0
    drops: int = 0
    refused: int = 0  # connections refused by a process that was down
    errors: collections.Counter = field(default_factory=collections.Counter)
    examples: dict[str, str] = field(default_factory=dict)

    def error(self, kind: str, detail: str = "") -> None:
        """Count an error of ``kind`` (every one: no cap), keeping its first detail."""
        self.errors[kind] += 1
        if detail:
            self.examples.setdefault(kind, detail[:160])

    def clear(self) -> None:
        """The measured window starts: what came before is not counted."""
        self.move_latency.clear()
        self.socket_latency.clear()
        self.reconnect_time.clear()
        self.errors.clear()
        self.examples.clear()
        self.conflicts = self.games_finished = self.drops = self.refused = 0


def error_kind(exc: BaseException) -> str:
    return type(exc).__name__


RECONNECT_FIRST_S, RECONNECT_MAX_S = 1.0, 8.0


async def hold_socket(url_for, headers: dict, on_message, stats: Stats, done: asyncio.Event,
                      who: str) -> None:
    """Hold a socket until ``done``, reopening it like the page does when it drops:
    after 1 s (+ up to 0.5 s), doubling up to 8 s; ``url_for(attempt)`` names the URL
    (its ?since= the last version seen; ``attempt`` counts the failures, so each
    retry goes to the next web process). A failed handshake or a drop is an error
    of its kind; the time from a drop to the next open is recorded."""
    attempt, backoff, dropped_at = 0, RECONNECT_FIRST_S, None
    while not done.is_set():
        opened = False
        try:
            async with websockets.connect(url_for(attempt), additional_headers=headers,
                                          open_timeout=30, max_size=2**22) as ws:
                opened = True
                if dropped_at is not None:
                    stats.reconnect_time.append(time.perf_counter() - dropped_at)
                    dropped_at = None
                backoff = RECONNECT_FIRST_S
                while not done.is_set():
                    on_message(json.loads(await ws.recv()))
        except ConnectionRefusedError:
            # Nobody listens there (a process down): a balancer sends the client to
            # the next process at once. Counted, not an error.
            if done.is_set():
                return
            stats.refused += 1
            dropped_at = dropped_at or time.perf_counter()
            attempt += 1
            await asyncio.sleep(0.05)
            continue
        except Exception as exc:  # every kind is counted
            if done.is_set():
                return
            if opened:
                stats.drops += 1
                code = getattr(getattr(exc, "rcvd", None), "code", None)
                stats.error(f"{who} socket dropped: {error_kind(exc)} (close code {code})")
            else:
                stats.error(f"{who} handshake failed: {error_kind(exc)}", str(exc))
            dropped_at = dropped_at or time.perf_counter()
        attempt += 1
        await asyncio.sleep(backoff + random.random() * 0.5)
        backoff = min(2 * backoff, RECONNECT_MAX_S)


class Player:
    """One side of a game: a socket that keeps the newest payload, and a token."""

    def __init__(self, name: str, token: str) -> None:
        self.name, self.token = name, token
        self.payload: dict | None = None
        self.changed = asyncio.Event()
        self.seen_at: dict[int, float] = {}

    def take(self, match: dict) -> None:
        """A newer payload than the one held (the socket's update of the next move may
        arrive before the answer to the move request: the answer must not undo it)."""
        if self.payload is None or match["version"] >= self.payload["version"]:
            self.payload = match

    async def follow(self, ports: list[int], game_id: int, stats: Stats,
                     done: asyncio.Event) -> None:
        """The game's socket on ``ports[0]``; reopened (on the next port) when it drops."""
        def url_for(attempt: int) -> str:
            since = self.payload["version"] if self.payload else 0
            port = ports[attempt % len(ports)]
            return f"ws://127.0.0.1:{port}/ws/games/{game_id}/?since={since}"

        def on_message(message: dict) -> None:
            if message.get("type") in ("sync", "update"):
                match = message["match"]
                self.take(match)
                self.seen_at.setdefault(match["version"], time.perf_counter())
                self.changed.set()

        await hold_socket(url_for, {"Authorization": f"Token {self.token}"}, on_message,
                          stats, done, "player")


async def new_game(client: httpx.AsyncClient, a: Player, b: Player) -> int:
    made = await client.post("/api/challenges/", json={"opponent": b.name, "rated": False},
                             headers={"Authorization": f"Token {a.token}"})
    made.raise_for_status()
    challenge = made.json()["id"]
    try:
        accepted = await client.post(f"/api/challenges/{challenge}/accept/",
                                     headers={"Authorization": f"Token {b.token}"})
        accepted.raise_for_status()
    except (httpx.HTTPError, KeyError):
        # Not left open for ever: cancelled (best effort: it may have been accepted).
        try:
            await client.post(f"/api/challenges/{challenge}/cancel/",
                              headers={"Authorization": f"Token {a.token}"})
        except httpx.HTTPError:
            pass
        raise
    return accepted.json()["id"]


def cancel_open_challenges(prefix: str) -> int:
    """Challenges a former run of the benchmark left open, cancelled through the service."""
    from games.core import services
    from games.models import Challenge

    left = list(Challenge.objects.filter(status="open", creator__username__startswith=prefix)
                .select_related("creator"))
    for challenge in left:
        try:
            services.cancel_challenge(challenge.pk, challenge.creator)
        except Exception as exc:  # reported, not fatal: the run goes on
            print(f"could not cancel challenge {challenge.pk}: {exc}")
    return len(left)


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
                stats.error(f"new game: {error_kind(exc)}", str(exc))
                await asyncio.sleep(1)
                continue
            for player in pair:
                player.payload, player.seen_at = None, {}
            done = asyncio.Event()  # the sockets listen until every move sent was heard
            followers = [
                asyncio.create_task(player.follow(
                    [p, *(q for q in ports if q != p)], game_id, stats, done))
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
            # Before the first sync the sockets may still be in their handshake, which
            # the server lets wait up to 30 s in a burst: that is not a stalled game.
            synced = any(p.payload for p in pair)
            try:
                await asyncio.wait_for(
                    asyncio.wait([asyncio.create_task(p.changed.wait()) for p in pair],
                                 return_when=asyncio.FIRST_COMPLETED), 10 if synced else 40)
            except TimeoutError:
                stats.error("game stalled: no update for 10 s" if synced else
                            "a new game's sockets not synced within 40 s", f"game {game_id}")
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
            stats.error(f"move request failed: {error_kind(exc)}", str(exc))
            continue
        done = time.perf_counter()
        if answer.status_code == 409:
            stats.conflicts += 1
            await refresh(client, game_id, mover)
        elif answer.status_code != 200:
            stats.error(f"move answered {answer.status_code}", answer.text)
            return
        else:
            stats.moves += 1
            stats.move_latency.append(done - sent)
            mover.take(answer.json())
            waiter = asyncio.create_task(wait_for_socket(opponent, version + 1, sent, stats))
            waiting.add(waiter)
            waiter.add_done_callback(waiting.discard)


async def refresh(client, game_id: int, player: Player) -> None:
    """After a 409 (the game moved on without this client hearing it, e.g. a move
    committed by a process killed before it told the sockets), the game as it is
    now, like the page that reloads its board."""
    try:
        answer = await client.get(f"/api/games/{game_id}/",
                                  headers={"Authorization": f"Token {player.token}"})
    except httpx.HTTPError:
        return
    if answer.status_code == 200:
        player.take(answer.json())


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
    stats.error("the opponent's socket never saw the move", f"version {version}")


async def spectate(ports: list[int], game_id: int, stats: Stats, stop: asyncio.Event) -> None:
    """An anonymous watcher of a game; its socket reopened with ?since= when it drops."""
    version = 0

    def url_for(attempt: int) -> str:
        return f"ws://127.0.0.1:{ports[attempt % len(ports)]}/ws/games/{game_id}/?since={version}"

    def on_message(message: dict) -> None:
        nonlocal version
        if message.get("type") in ("sync", "update"):
            version = max(version, message["match"]["version"])

    # Reads until cancelled at the end: no timed poll, whose wake-ups would count
    # as the client's CPU in the window.
    await hold_socket(url_for, {}, on_message, stats, stop, "spectator")


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


def print_errors(title: str, stats: Stats) -> None:
    print(f"{title:<25}{sum(stats.errors.values())}")
    for kind, count in stats.errors.most_common():
        example = stats.examples.get(kind)
        print(f"  {count:6d}  {kind}" + (f"  (first: {example})" if example else ""))


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
    print_errors("errors", stats)
    print(f"socket drops             {stats.drops} (and {stats.refused} connects refused by a "
          "process that was down), reconnected in (ms) "
          + (f"median {1000 * statistics.median(stats.reconnect_time):.0f}  "
             f"max {1000 * max(stats.reconnect_time):.0f}" if stats.reconnect_time else "-"))
    print(f"bare endpoint /ping      {ping_rate:.1f} requests/s")
    if ping_rate:
        print(f"moves / ceiling          {throughput / ping_rate:.3f}")


async def run_games(args) -> None:
    players = make_players(2 * args.games, "load")
    left = await asyncio.to_thread(cancel_open_challenges, "load")
    await asyncio.to_thread(refresh_planner_statistics)
    if left:
        print(f"cancelled {left} challenges a former run left open")
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
        ports[i % len(ports):] + ports[:i % len(ports)], watched[i % len(watched)],
        stats, stop)) for i in range(args.spectators)]
    await asyncio.sleep(max(0.0, args.warmup - ramp - 1))
    warmup = Stats(errors=collections.Counter(stats.errors), examples=dict(stats.examples))
    # The measured window starts now: what the warm-up did is not counted.
    stats.clear()
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
    print_errors("warm-up errors", warmup)
    shares = "  ".join(f"{name} {used:.1f}" for name, used in cpu.items())
    print(f"CPU in the window (s)    {shares}")
    if moves:
        site = sum(v for k, v in cpu.items() if k != "client" and not k.startswith("redis"))
        print(f"CPU per move (ms)        {1000 * sum(cpu.values()) / moves:.1f} in all, "
              f"{1000 * site / moves:.1f} in the site's processes (web, worker, beat and "
              f"the stack database's PostgreSQL backends), "
              f"web {1000 * sum(v for k, v in cpu.items() if k.startswith('web')) / moves:.1f}")


async def run_sockets(args) -> None:
    """Open N spectator sockets on one process, hold them, and check they all hear a move."""
    from games.core import services
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
