"""Random games played through the REST API, every answer checked by a leakcheck.Reader.

Both players use token clients; a challenge is made and accepted through the
API, then the engine's random legal moves are sent until the rules end the
game or the move cap is reached (then a random player resigns). Now and then
a draw is offered and declined, and the opponent, an outsider (token) and an
anonymous visitor read the game (detail, log, legal moves, export, list).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Match, MoveRecord
from tests.security.leakcheck import Reader, Truth

MOVE_CAP = 60
READ_RATE = 0.15
ENDPOINTS = ("", "events", "legal", "export")


def token_client(user) -> APIClient:
    client = APIClient()
    if user is not None:
        token, _created = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


class Clients:
    """API clients of two players, an outsider and a visitor, made once (each new
    client loads the middleware again, which takes longer than a request)."""

    def __init__(self, players: tuple, outsider) -> None:
        self.players, self.outsider = players, outsider
        self.by_name = {user.username: token_client(user) for user in (*players, outsider)}
        self.anonymous = APIClient()


@dataclass
class Outcome:
    games: int = 0
    moves: int = 0
    finished_by_rules: int = 0
    messages: int = 0
    cards_checked: int = 0
    problems: list[str] = field(default_factory=list)

    def add(self, other: Outcome) -> None:
        for name in ("games", "moves", "finished_by_rules", "messages", "cards_checked"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.problems += other.problems


class ApiGame:
    """One game between two players; ``after_write`` runs after each write (sockets)."""

    def __init__(self, index: int, clients: Clients, after_write=None) -> None:
        self.rng = random.Random(index)
        self.users = list(clients.players)
        self.rng.shuffle(self.users)
        self.clients = clients.by_name
        self.outsider = clients.outsider
        self.anonymous = clients.anonymous
        self.after_write = after_write or (lambda: None)
        self.truth: Truth | None = None
        self.readers: dict[str, Reader] = {}
        self.seat_client: dict[str, APIClient] = {}
        self.moves = 0

    # --- the two players' writes ------------------------------------------------------

    def start(self) -> Truth:
        creator, opponent = self.users
        made = self.clients[creator.username].post("/api/challenges/", {
            "opponent": opponent.username, "days_per_move": self.rng.choice([1, 3, 7]),
            "rated": self.rng.random() < 0.5}, format="json")
        assert made.status_code == 201, made.content
        accepted = self.clients[opponent.username].post(
            f"/api/challenges/{made.json()['id']}/accept/", {}, format="json")
        assert accepted.status_code == 201, accepted.content
        body = accepted.json()
        match = Match.objects.get(pk=body["id"])
        self.truth = Truth(match.pk, match.seed, match.state)
        names = {seat["seat"]: seat["player"] for seat in body["seats"]}
        for seat, name in names.items():
            self.readers[seat] = Reader(self.truth, seat, name)
            self.seat_client[seat] = self.clients[name]
        self.readers["anonymous"] = Reader(self.truth, None, "anonymous")
        self.readers["outsider"] = Reader(self.truth, None, self.outsider.username)
        self.readers[body["viewer"]].check(body, "accept")
        self.after_write()
        return self.truth

    def url(self, action: str = "") -> str:
        return f"/api/games/{self.truth.match_id}/" + (f"{action}/" if action else "")

    def post(self, seat: str, action: str, body: dict) -> dict:
        response = self.seat_client[seat].post(self.url(action), body, format="json")
        assert response.status_code == 200, (action, response.content)
        return response.json()

    def move(self) -> None:
        truth = self.truth
        seat = truth.owed()[0]
        move = self.rng.choice(truth.legal_moves())
        body = self.post(seat, "move", {"move": move, "version": truth.version})
        truth.play(seat, move)
        self.moves += 1
        self.readers[seat].check(body, f"move {truth.version}")
        self.after_write()

    def _stored_events(self) -> list[dict]:
        return MoveRecord.objects.get(match_id=self.truth.match_id,
                                      version=self.truth.version + 1).events

    def other_write(self, seat: str, action: str, body: dict, ends: bool = False) -> None:
        answer = self.post(seat, action, {**body, "version": self.truth.version})
        self.truth.other_record(self._stored_events(), ends=ends)
        self.readers[seat].check(answer, f"{action} {self.truth.version}")
        self.after_write()

    def draw_offer_declined(self) -> None:
        offering = self.rng.choice(sorted(self.seat_client))
        other = next(seat for seat in self.seat_client if seat != offering)
        self.other_write(offering, "draw", {"action": "offer"})
        self.other_write(other, "draw", {"action": "decline"})

    # --- reads by anyone ------------------------------------------------------------------

    def client_of(self, who: str) -> APIClient:
        if who == "anonymous":
            return self.anonymous
        if who == "outsider":
            return self.clients[self.outsider.username]
        return self.seat_client[who]

    def get(self, who: str, endpoint: str, query: str = "") -> Any:
        """A read of the game (``endpoint`` "" is its detail) by ``who``: the body."""
        response = self.client_of(who).get(self.url(endpoint) + query)
        assert response.status_code == 200, (endpoint, response.content)
        return response.json()

    def read(self, who: str) -> None:
        endpoint = self.rng.choice(ENDPOINTS + (("list",) if who in self.seat_client else ()))
        if endpoint == "list":
            response = self.client_of(who).get("/api/games/?limit=5")
            assert response.status_code == 200, response.content
            body = [game for game in response.json()["results"]
                    if game["id"] == self.truth.match_id]
        else:
            query = f"?since={self.rng.randint(0, self.truth.version)}" if (
                endpoint == "events") else ""
            body = self.get(who, endpoint, query)
        self.readers[who].check(body, f"GET {endpoint or 'detail'} at {self.truth.version}")

    def play(self) -> Outcome:
        self.start()
        offer_at = self.rng.randrange(8, 40) if self.rng.random() < 0.1 else -1
        while self.truth.over_at is None and self.moves < MOVE_CAP:
            if self.moves == offer_at:
                self.draw_offer_declined()
            self.move()
            if self.rng.random() < READ_RATE:
                self.read(self.rng.choice(sorted(self.readers)))
        by_rules = self.truth.over_at is not None
        if not by_rules:
            self.other_write(self.rng.choice(sorted(self.seat_client)), "resign", {}, ends=True)
        for who in ("moon", "sun", "anonymous"):
            self.readers[who].check(self.get(who, "export"), "export at the end")
        return self.outcome(by_rules)

    def outcome(self, by_rules: bool) -> Outcome:
        result = Outcome(games=1, moves=self.moves, finished_by_rules=int(by_rules))
        for reader in self.readers.values():
            result.messages += reader.messages
            result.cards_checked += reader.cards_checked
            result.problems += reader.problems
        return result


def play_games(indices: Any, players: tuple, outsider) -> Outcome:
    clients = Clients(players, outsider)
    total = Outcome()
    for index in indices:
        total.add(ApiGame(index, clients).play())
    return total
