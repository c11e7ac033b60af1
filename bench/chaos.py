"""Chaos drill against the running stack (bench/stack.sh start): processes killed
with SIGKILL under load, and what the clients and the database show afterwards.

Scripted pairs play games (as bench/load.py's, sockets on both web processes),
and players play the random AI player (its moves made by the worker). During the
run one web process is killed, then the worker, then the other web process
(--plan), each started again --down seconds later with the stack's own command
(`bench/stack.sh restart NAME`). Clients behave like the page: a dropped socket
is reopened after about 1 s on the next web process with ?since= its version;
a move request that cannot reach a process goes to the next one.

Printed, and the exit status is 1 unless every target holds:
- every acknowledged move (a 200) is stored exactly as sent, and no game's
  versions have a gap; manage.py verify_games is clean for the games played;
- every dropped socket back within --reconnect-limit seconds (3.5), and every
  client's socket caught up with its game's version at the end;
- every AI move owed while the worker was down made within --ai-limit seconds
  (15) of the worker's return; no game stalled, no move unheard, no server error.
  Every other error is printed by kind too.

    bench/stack.sh start
    .venv/bin/python bench/chaos.py --seconds 120
    .venv/bin/python bench/chaos.py --seconds 30 --plan web:5,worker:15   # the short drill
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import (  # noqa: E402
    Player,
    Stats,
    cancel_open_challenges,
    new_game,
    play_game,
    print_errors,
    refresh,
)
from stack_env import (  # noqa: E402
    ROOT,
    load_stack_environment,
    make_players,
    refresh_planner_statistics,
    stack_state,
    with_descendants,
)

STALL_S = 10


class Failover:
    """POSTs to the web processes: one that cannot be reached is skipped for the next.
    Moves acknowledged (200) are written down with what was sent."""

    def __init__(self, ports: list[int], first: int, acks: list) -> None:
        self.ports = ports[first % len(ports):] + ports[:first % len(ports)]
        self.clients = [httpx.AsyncClient(base_url=f"http://127.0.0.1:{p}", timeout=15)
                        for p in self.ports]
        self.acks = acks
        self.failovers = 0

    async def get(self, path: str, headers: dict | None = None) -> httpx.Response:
        return await self.post(path, headers=headers, method="GET")

    async def post(self, path: str, json: dict | None = None,
                   headers: dict | None = None, method: str = "POST") -> httpx.Response:
        error: Exception | None = None
        for attempt in range(3 * len(self.clients)):
            client = self.clients[attempt % len(self.clients)]
            try:
                answer = await client.request(method, path, json=json, headers=headers)
            except httpx.TransportError as exc:  # the process is down: the next one
                error = exc
                self.failovers += 1
                await asyncio.sleep(0.2)
                continue
            if answer.status_code == 200 and method == "POST" and path.endswith("/move/"):
                game = int(path.strip("/").split("/")[-2])
                self.acks.append((game, json["version"] + 1, json["move"]))
            return answer
        raise error  # type: ignore[misc]

    async def aclose(self) -> None:
        for client in self.clients:
            await client.aclose()


@dataclass
class Drill:
    ports: list[int]
    stats: Stats = field(default_factory=Stats)
    acks: list = field(default_factory=list)
    games: set = field(default_factory=set)
    followed: dict = field(default_factory=dict)  # game -> its players now following it
    ai_waits: list = field(default_factory=list)  # (move acknowledged at, AI move seen at)
    ai_missing: int = 0
    events: list = field(default_factory=list)  # (time, what)
    worker_down: list = field(default_factory=list)  # (killed, started again, answering)
    failovers: list = field(default_factory=list)  # per client: requests sent to the next
    behind: dict = field(default_factory=dict)  # sockets not caught up at the end


async def pair_loop(drill: Drill, index: int, pair: tuple[Player, Player], stop: asyncio.Event,
                    think: float, rng: random.Random) -> None:
    http = Failover(drill.ports, index, drill.acks)
    a, b = pair
    try:
        while not stop.is_set():
            try:
                game_id = await new_game(http, a, b)
            except (httpx.HTTPError, KeyError) as exc:
                drill.stats.error(f"new game: {type(exc).__name__}", str(exc))
                await asyncio.sleep(1)
                continue
            drill.games.add(game_id)
            for player in pair:
                player.payload, player.seen_at = None, {}
            done = asyncio.Event()
            rotated = drill.ports[index % 2:] + drill.ports[:index % 2]
            followers = [asyncio.create_task(a.follow(rotated, game_id, drill.stats, done)),
                         asyncio.create_task(b.follow(rotated[::-1], game_id, drill.stats,
                                                      done))]
            drill.followed[game_id] = pair
            waiting: set[asyncio.Task] = set()
            await play_game(http, game_id, pair, drill.stats, stop, think, rng, waiting)
            if waiting:
                await asyncio.wait(waiting, timeout=12)
            if not stop.is_set():
                drill.followed.pop(game_id, None)
                done.set()
                for task in followers:
                    task.cancel()
            else:
                await stop_wait(done)
                for task in followers:
                    task.cancel()
    finally:
        drill.failovers.append(http.failovers)
        await http.aclose()



async def stop_wait(done: asyncio.Event) -> None:
    await done.wait()


def start_ai_game(username: str) -> int:
    from django.contrib.auth import get_user_model

    from games.ai_players import bots

    user = get_user_model().objects.get(username=username)
    return bots.play_the_ai(user, "random", rated=False).pk


async def ai_loop(drill: Drill, index: int, player: Player, stop: asyncio.Event,
                  think: float, rng: random.Random) -> None:
    """A player against the random AI player: its every move must be answered."""
    http = Failover(drill.ports, index, drill.acks)
    rotated = drill.ports[index % 2:] + drill.ports[:index % 2]
    try:
        while not stop.is_set():
            game_id = await asyncio.to_thread(start_ai_game, player.name)
            drill.games.add(game_id)
            player.payload, player.seen_at = None, {}
            done = asyncio.Event()
            follower = asyncio.create_task(player.follow(rotated, game_id, drill.stats, done))
            drill.followed[game_id] = (player,)
            await ai_game(drill, http, game_id, player, stop, think, rng)
            if not stop.is_set():
                drill.followed.pop(game_id, None)
                done.set()
                follower.cancel()
            else:
                await stop_wait(done)
                follower.cancel()
    finally:
        drill.failovers.append(http.failovers)
        await http.aclose()


async def ai_game(drill: Drill, http: Failover, game_id: int, player: Player,
                  stop: asyncio.Event, think: float, rng: random.Random) -> None:
    owed_since = time.perf_counter()  # the AI may move first
    while not stop.is_set():
        payload = player.payload
        if payload and payload["status"] == "finished":
            drill.stats.games_finished += 1
            return
        if not payload or not payload["legal_moves"]:
            player.changed.clear()
            try:
                await asyncio.wait_for(player.changed.wait(), 60)
            except TimeoutError:
                drill.ai_missing += 1
                drill.stats.error("AI game stalled: no AI move for 60 s", f"game {game_id}")
                return
            if player.payload and player.payload["legal_moves"] and owed_since is not None:
                drill.ai_waits.append((owed_since, time.perf_counter()))
                owed_since = None
            continue
        await asyncio.sleep(rng.uniform(0, 2 * think))
        move, version = rng.choice(payload["legal_moves"]), payload["version"]
        try:
            answer = await http.post(f"/api/games/{game_id}/move/",
                                     json={"move": move, "version": version},
                                     headers={"Authorization": f"Token {player.token}"})
        except httpx.HTTPError as exc:
            drill.stats.error(f"move request failed: {type(exc).__name__}", str(exc))
            continue
        if answer.status_code == 409:
            drill.stats.conflicts += 1
            await refresh(http, game_id, player)
            continue
        if answer.status_code != 200:
            drill.stats.error(f"move answered {answer.status_code}", answer.text)
            return
        drill.stats.moves += 1
        player.take(answer.json())
        owed_since = time.perf_counter()


def kill(name: str) -> list[int]:
    """SIGKILL the stack's process ``name`` and everything below it (a worker's pool)."""
    pid = int((stack_state() / f"{name}.pid").read_text())
    pids = with_descendants(pid)
    for each in pids:
        try:
            os.kill(each, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return pids


def restart(name: str) -> None:
    subprocess.run(["bash", str(ROOT / "bench/stack.sh"), "restart", name], check=True,
                   capture_output=True, text=True)


def wait_worker_ready(timeout: float = 90) -> float | None:
    """When a worker answers a ping again (it consumes), as perf_counter time."""
    from druidsite.celery import app

    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if app.control.ping(timeout=0.5):
            return time.perf_counter()
    return None


async def chaos(drill: Drill, plan: list[tuple[str, float]], down: float,
                started: float) -> None:
    webs = iter(f"web-{port}" for port in drill.ports)
    for what, at in plan:
        await asyncio.sleep(max(0.0, started + at - time.perf_counter()))
        name = next(webs) if what == "web" else "worker"
        await asyncio.to_thread(kill, name)
        killed = time.perf_counter()
        drill.events.append((killed - started, f"killed {name}"))
        await asyncio.sleep(down)
        await asyncio.to_thread(restart, name)
        again = time.perf_counter()
        drill.events.append((again - started, f"started {name} again"))
        if name == "worker":
            ready = await asyncio.to_thread(wait_worker_ready)
            if ready is None:
                drill.stats.error("the restarted worker never answered a ping")
            else:
                drill.worker_down.append((killed, again, ready))
                drill.events.append((ready - started, "the worker answers a ping"))


def check_database(drill: Drill) -> dict[str, int]:
    """Acknowledged moves stored as sent, no version gaps, verify_games clean."""
    from games.models import Match, MoveRecord

    found: dict[str, int] = {"acknowledged moves": len(drill.acks), "missing or different": 0,
                             "games with a version gap": 0}
    stored = {(r.match_id, r.version): r for r in MoveRecord.objects.filter(
        match_id__in=drill.games)}
    for game, version, move in drill.acks:
        record = stored.get((game, version))
        if record is None or record.kind != "move" or record.move != move:
            found["missing or different"] += 1
    for match in Match.objects.filter(pk__in=drill.games):
        versions = sorted(v for (g, v) in stored if g == match.pk)
        if versions != list(range(1, match.version + 1)):
            found["games with a version gap"] += 1
    command = [sys.executable, "manage.py", "verify_games"]
    for game in sorted(drill.games):
        command += ["--game", str(game)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    found["verify_games exit status"] = done.returncode
    if done.returncode:
        print(done.stdout[-2000:], done.stderr[-2000:])
    return found


def caught_up(drill: Drill) -> tuple[int, int]:
    """(sockets behind their game's stored version, sockets checked) at the end."""
    from games.models import Match

    versions = dict(Match.objects.filter(pk__in=list(drill.followed))
                    .values_list("pk", "version"))
    behind = checked = 0
    for game, players in drill.followed.items():
        for player in players:
            checked += 1
            if player.payload is None or player.payload["version"] < versions.get(game, 0):
                behind += 1
                drill.behind[f"{player.name} on game {game}"] = (
                    f"at version {player.payload['version'] if player.payload else None}, "
                    f"stored {versions.get(game)}")
    return behind, checked


async def run(args) -> int:
    ports = [int(p) for p in args.ports.split(",")]
    drill = Drill(ports)
    from games.ai_players.bots import ensure_bot_accounts

    await asyncio.to_thread(ensure_bot_accounts)
    humans = make_players(2 * args.games, "chaos")
    solo = make_players(args.ai_games, "chaosai")
    await asyncio.to_thread(cancel_open_challenges, "chaos")
    await asyncio.to_thread(refresh_planner_statistics)
    rng = random.Random(args.seed)
    stop = asyncio.Event()
    pairs = [(Player(*humans[2 * i]), Player(*humans[2 * i + 1])) for i in range(args.games)]
    tasks = [asyncio.create_task(pair_loop(drill, i, pair, stop, args.think, rng))
             for i, pair in enumerate(pairs)]
    tasks += [asyncio.create_task(ai_loop(drill, i, Player(*solo[i]), stop, args.think, rng))
              for i in range(args.ai_games)]
    started = time.perf_counter()
    plan = [(what, float(at)) for what, _, at in
            (step.partition(":") for step in args.plan.split(","))]
    chaos_task = asyncio.create_task(chaos(drill, plan, args.down, started))
    await asyncio.sleep(args.seconds)
    await chaos_task
    stop.set()
    # The last moves reach their sockets; a socket still reconnecting gets its time.
    settle_until = time.perf_counter() + args.settle
    await asyncio.sleep(2)
    while True:
        drill.behind.clear()
        behind, checked = await asyncio.to_thread(caught_up, drill)
        if not behind or time.perf_counter() > settle_until:
            break
        await asyncio.sleep(0.5)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    found = await asyncio.to_thread(check_database, drill)

    stats = drill.stats
    # The AI moves owed while the worker was down (owed before it answered again and
    # made after it was killed): how long after its return the last was made.
    owed_then, after_start, after_return = [], 0.0, 0.0
    for killed, again, ready in drill.worker_down:
        those = [seen for owed, seen in drill.ai_waits if owed < ready and seen > killed]
        owed_then += those
        after_start = max([after_start, *(seen - again for seen in those)])
        after_return = max([after_return, *(seen - ready for seen in those)])
    longest_ai = max((seen - owed for owed, seen in drill.ai_waits), default=0.0)
    print(f"drill                    {args.seconds:.0f} s, {args.games} pairs, "
          f"{args.ai_games} games against the AI, think {args.think} s")
    for at, what in drill.events:
        print(f"  {at:6.1f} s  {what}")
    print(f"moves acknowledged       {found['acknowledged moves']}; missing or not as sent: "
          f"{found['missing or different']}")
    print(f"409 conflicts            {stats.conflicts} (a client behind the game: it reloads it)")
    print(f"games                    {len(drill.games)}; with a version gap: "
          f"{found['games with a version gap']}; verify_games exit status "
          f"{found['verify_games exit status']}")
    recon = stats.reconnect_time
    print(f"socket drops             {stats.drops}; reconnected in (s) "
          + (f"median {sorted(recon)[len(recon) // 2]:.2f}  max {max(recon):.2f}"
             if recon else "-"))
    print(f"sent to the next process {stats.refused} socket connects refused, "
          f"{sum(drill.failovers)} requests that could not reach a process")
    print(f"sockets caught up        {checked - behind} of {checked} at the end")
    for who, where in drill.behind.items():
        print(f"  behind: {who} {where}")
    print(f"AI moves                 {len(drill.ai_waits)} made, longest wait {longest_ai:.1f} s; "
          f"owed while the worker was down: {len(owed_then)}, the last made "
          f"{after_start:.1f} s after the worker was started again, "
          f"{after_return:.1f} s after it answered a ping")
    print_errors("errors", stats)
    # What fails the drill: a stalled game, a move its opponent's socket never saw, a
    # server error. Dropped sockets and requests cut off are what the kills cause
    # (their reconnects and failovers are measured above).
    errors = sum(n for kind, n in stats.errors.items()
                 if "stalled" in kind or "never saw" in kind or "answered 5" in kind)
    failed = [
        found["missing or different"], found["games with a version gap"],
        found["verify_games exit status"], behind, errors,
        drill.ai_missing,
        recon and max(recon) > args.reconnect_limit,
        after_return > args.ai_limit,
    ]
    verdict = "held" if not any(failed) else "FAILED"
    print(f"targets                  {verdict} (reconnect within {args.reconnect_limit} s, "
          f"AI moves within {args.ai_limit} s of the worker's return, nothing lost, "
          "no error but the kills' dropped sockets)")
    return 0 if verdict == "held" else 1


def main() -> None:
    parser = argparse.ArgumentParser(description="Chaos drill against the running stack.")
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--games", type=int, default=20, help="pairs of scripted players")
    parser.add_argument("--ai-games", type=int, default=10, help="players against the AI")
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--plan", default="web:20,worker:50,web:80",
                        help="what to kill when (s): web (one, then the other) or worker")
    parser.add_argument("--down", type=float, default=3.0,
                        help="seconds a killed process stays down")
    parser.add_argument("--ports", default="8101,8102")
    parser.add_argument("--reconnect-limit", type=float, default=3.5)
    parser.add_argument("--ai-limit", type=float, default=15.0)
    parser.add_argument("--settle", type=float, default=10,
                        help="seconds after the run for every socket to catch up")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 5 <= args.seconds <= 900:
        parser.error("--seconds must be between 5 and 900")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    load_stack_environment()
    sys.exit(asyncio.run(run(args)))


if __name__ == "__main__":
    main()
