#!/usr/bin/env python3
"""A bot that plays druidsite games through the REST API with a token.

Standard library only. It accepts challenges addressed to its account, then
loops: for every game waiting for its move it reads the legal moves and plays
one (here: a random one; put your own engine in choose()). It names the game
version its move was made on, so a move on a game that changed meanwhile is
refused with 409 and simply retried on the next round.

    python examples/api_bot.py --site http://127.0.0.1:8000 --username mybot --password ...
    python examples/api_bot.py --site http://127.0.0.1:8000 --token <key>

Get a token once with POST /api/token/ (username, password), or let this
script do it. The whole API is described at /api/docs/ (schema: /api/schema/).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import urllib.error
import urllib.request
from typing import Any


class Api:
    def __init__(self, site: str, token: str | None = None) -> None:
        self.site = site.rstrip("/")
        self.token = token

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Accept": "application/json", "Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        request = urllib.request.Request(self.site + path, data=data, headers=headers,
                                         method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                raw = response.read()
                return response.status, json.loads(raw) if raw else {}
        except urllib.error.HTTPError as error:
            raw = error.read()
            return error.code, json.loads(raw) if raw else {}

    def login(self, username: str, password: str) -> None:
        status, answer = self.call("POST", "/api/token/",
                                   {"username": username, "password": password})
        if status != 200:
            sys.exit(f"login failed: {answer.get('error', status)}")
        self.token = answer["token"]


def choose(game: dict, moves: list[dict]) -> dict:
    """Pick a move. game["view"] is exactly what this player may see."""
    return random.choice(moves)


def accept_challenges(api: Api, me: str) -> None:
    status, challenges = api.call("GET", "/api/challenges/")
    for challenge in challenges if status == 200 else []:
        if challenge.get("opponent") == me and challenge.get("can_accept"):
            status, game = api.call("POST", f"/api/challenges/{challenge['id']}/accept/")
            print(f"accepted challenge {challenge['id']}: game {game.get('id')} ({status})")


def play_round(api: Api) -> int:
    played = 0
    status, listing = api.call("GET", "/api/games/?turn=mine")
    for summary in listing.get("results", []):
        status, game = api.call("GET", f"/api/games/{summary['id']}/")
        if not game.get("legal_moves"):
            continue
        move = choose(game, game["legal_moves"])
        status, answer = api.call("POST", f"/api/games/{game['id']}/move/",
                                  {"move": move, "version": game["version"]})
        if status == 200:
            played += 1
            print(f"game {game['id']}: played {json.dumps(move)}")
        else:
            print(f"game {game['id']}: {status} {answer.get('error')}")
    return played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default="http://127.0.0.1:8000")
    parser.add_argument("--token")
    parser.add_argument("--username")
    parser.add_argument("--password")
    parser.add_argument("--rounds", type=int, default=0, help="stop after N rounds (0: never)")
    parser.add_argument("--interval", type=float, default=5.0, help="seconds between rounds")
    args = parser.parse_args()
    api = Api(args.site, args.token)
    if not api.token:
        if not (args.username and args.password):
            parser.error("give --token, or --username and --password")
        api.login(args.username, args.password)
    status, me = api.call("GET", "/api/me/")
    if status != 200:
        sys.exit(f"the token is not accepted: {me}")
    rounds = 0
    while True:
        accept_challenges(api, me["username"])
        play_round(api)
        rounds += 1
        if args.rounds and rounds >= args.rounds:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
