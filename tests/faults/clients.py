"""Clients of the fault tests: the HTTP API with a token, and a player's game socket
that remembers the last version it saw and catches up by it (as the page does)."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any

from django.test import Client
from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import ClientConnection, connect

from games.models import Match
from tests.games.helpers import RULES
from tests.integration.test_two_web_processes import session_cookie


def api(port: int, path: str, token: str, body: dict | None = None,
        timeout: float = 20) -> tuple[int, dict]:
    """GET (or POST ``body``) an API path; returns the status and the JSON answer."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
        method="GET" if body is None else "POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        text = error.read().decode("utf-8", "replace")
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, {"error": text[:500]}


def cookie_for(user) -> str:
    """A session cookie of ``user`` (a client of its own: logging another user in on
    the same client would end this user's session)."""
    return session_cookie(Client(), user)


def next_move(match_id: int) -> tuple[Any, dict, int]:
    """The user to move, their first legal move and the version, read from the database."""
    match = Match.objects.get(pk=match_id)
    state = RULES.from_json(match.state)
    mover = match.seats.get(seat=RULES.owed_by(state)[0]).user
    return mover, RULES.legal_moves(state)[0], match.version


def play_over_http(port: int, match_id: int, tokens: dict) -> int:
    """The player to move plays their first legal move through the API of ``port``;
    returns the new version (asserting a 200)."""
    mover, move, version = next_move(match_id)
    status, body = api(port, f"/api/games/{match_id}/move/", tokens[mover.pk],
                       {"move": move, "version": version})
    assert status == 200, (status, body)
    assert body["version"] == version + 1
    return body["version"]


class GameSocket:
    """One player's socket on one game. It keeps every record it was sent, in order;
    after a gap it asks for a sync, and it reconnects with ``?since=`` its version."""

    def __init__(self, match_id: int, cookie: str) -> None:
        self.match_id, self.cookie = match_id, cookie
        self.version = 0
        self.records: list[dict] = []
        self.ws: ClientConnection | None = None
        self.viewer: str | None = None

    def connect(self, port: int, timeout: float = 10) -> dict:
        """Open the socket on the web process at ``port``; returns its first (sync) message."""
        self.ws = connect(
            f"ws://127.0.0.1:{port}/ws/games/{self.match_id}/?since={self.version}",
            origin=f"http://127.0.0.1:{port}", additional_headers={"Cookie": self.cookie},
            open_timeout=timeout, close_timeout=2,
        ).__enter__()  # the connection itself, closed by close()
        message = self.receive(timeout)
        assert message["type"] == "sync", message
        self.viewer = message["match"]["viewer"]
        return message

    def try_connect(self, port: int, timeout: float) -> None:
        """Connect, retrying while the server refuses (e.g. its Redis is still down)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.connect(port, timeout=5)
                return
            except (OSError, WebSocketException, TimeoutError) as error:
                # Refused, dropped, or answered with an error (HTTP 500 while the
                # server's channel layer is still down): try again, as the page does.
                self.close()
                if time.monotonic() > deadline:
                    raise TimeoutError(f"no socket on port {port} within {timeout} s") from error
                time.sleep(0.3)

    def receive(self, timeout: float = 10) -> dict:
        assert self.ws is not None
        message = json.loads(self.ws.recv(timeout=timeout))
        records = message.get("records") or []
        if records and records[0]["version"] > self.version + 1:
            # A broadcast was lost: ask for what came after our version.
            self.ws.send(json.dumps({"type": "sync", "since": self.version}))
            return message
        for record in records:
            if record["version"] == self.version + 1:
                self.records.append(record)
                self.version += 1
        return message

    def wait_for(self, version: int, timeout: float = 15) -> None:
        deadline = time.monotonic() + timeout
        while self.version < version:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"socket at v{self.version}, waiting for v{version}")
            self.receive(left)

    def is_closed(self, timeout: float = 10) -> bool:
        """True once the server side has gone (reading until the connection drops)."""
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                self.receive(max(0.1, deadline - time.monotonic()))
        except (ConnectionClosed, OSError):
            return True
        except TimeoutError:
            return False
        return False

    def close(self) -> None:
        if self.ws is not None:
            try:
                self.ws.close()
            except Exception:  # the server may be gone already
                pass
            self.ws = None
