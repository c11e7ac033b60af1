"""Where the time of one move request goes, in process, on the stack's settings.

Plays random games through the API move endpoint with Django's test client
(the same middleware, DRF, service, database and broadcast as a web process)
and prints the time per move request, the queries per move, and the top of a
cProfile of the whole loop. Run it with the stack's database and Redis:

    bench/stack.sh start
    .venv/bin/python bench/move_path.py --moves 400
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--profile", action=argparse.BooleanOptionalAction, default=True,
                        help="profile the requests (--no-profile: time them only)")
    args = parser.parse_args()

    from load import load_stack_environment, make_players

    load_stack_environment()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games.core import services
    from games.models import Match

    (name_a, token_a), (name_b, token_b) = make_players(2, "path")
    from django.contrib.auth import get_user_model

    users = {u.username: u for u in get_user_model().objects.filter(username__in=[name_a, name_b])}
    tokens = {"moon": token_a, "sun": token_b}
    client = Client(HTTP_HOST="127.0.0.1")
    rng = random.Random(1)

    def new_match() -> Match:
        return services.start_match("druidenwalzer", {"moon": users[name_a], "sun": users[name_b]},
                                    rated=False)

    def payload_for(match_id: int, seat: str) -> dict:
        return client.get(f"/api/games/{match_id}/",
                          HTTP_AUTHORIZATION=f"Token {tokens[seat]}").json()

    timings: list[float] = []
    cpu: list[float] = []
    queries: list[int] = []
    profile = cProfile.Profile()
    match = new_match()
    payloads = {seat: payload_for(match.pk, seat) for seat in tokens}
    while len(timings) < args.moves:
        seat = next((s for s, p in payloads.items() if p["legal_moves"]), None)
        if seat is None:
            match = new_match()
            payloads = {s: payload_for(match.pk, s) for s in tokens}
            continue
        body = {"move": rng.choice(payloads[seat]["legal_moves"]),
                "version": payloads[seat]["version"]}
        with CaptureQueriesContext(connection) as captured:
            started, cpu_started = time.perf_counter(), time.process_time()
            if args.profile:
                profile.enable()
            answer = client.post(f"/api/games/{match.pk}/move/", body,
                                 content_type="application/json",
                                 HTTP_AUTHORIZATION=f"Token {tokens[seat]}")
            if args.profile:
                profile.disable()
            timings.append(time.perf_counter() - started)
            cpu.append(time.process_time() - cpu_started)
        queries.append(len(captured))
        assert answer.status_code == 200, answer.content
        payloads[seat] = answer.json()
        other = "sun" if seat == "moon" else "moon"
        payloads[other] = payload_for(match.pk, other)

    ms = 1000
    print(f"move requests   {len(timings)}")
    print(f"time (ms)       median {statistics.median(timings) * ms:.1f}  "
          f"p95 {sorted(timings)[int(0.95 * len(timings))] * ms:.1f}")
    print(f"CPU (ms)        median {statistics.median(cpu) * ms:.1f}  "
          f"mean {statistics.mean(cpu) * ms:.1f}")
    print(f"queries/move    min {min(queries)}  max {max(queries)}")
    if not args.profile:
        return
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats(args.sort).print_stats(args.top)
    print(out.getvalue())


if __name__ == "__main__":
    main()
