"""Every answer one viewer gets about a game, before and after changing what it may not know.

``hidden_differences(match, viewers, rng)`` groups the viewers by what they
may know (each seat's player; every spectator: an outsider, an anonymous
visitor, staff), and for each group fetches every path that shows the game:

- the API: the game, its legal moves, its log (whole and from a version),
  its export, the caller's list of games;
- the pages: the game page, its live fragment, the replay page (a running
  game's log), the review page (a decision and its hidden cards asked for, and
  the steps of a review planted on the running game: tests.security.reviewplant),
  the export download;
- error answers: a malformed move, an illegal one (a seat that owes a move;
  the engine confirms it is illegal), a stale version, a move out of turn;
- sockets (the site's consumer through channels' WebsocketCommunicator): the
  sync on connect, a catch-up from version 0, and the live update that a
  broadcast of the changes since version 0 sends to sockets already open;
- the admin, as staff: the lists and change forms of matches, seats and log
  entries (entries with secret parts, and the last ones).

Then tests.security.hidden rewrites the game's hidden parts for that group's
seat, every path is fetched again, and each answer must be byte for byte the
one before (only CSRF tokens, CSP nonces and the minutes of a clock are
normalised). The real game is restored afterwards.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import channel_layers
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from rest_framework.test import APIClient

from games.models import Match, MoveRecord
from games.realtime import broadcast
from games.realtime.routing import websocket_urlpatterns
from games.rules import IllegalMove, RulesError, get_rules
from tests.security.apigames import token_client
from tests.security.hidden import Perturbation, card_names
from tests.security.reviewplant import plant_review, review_steps

SOCKETS = URLRouter(websocket_urlpatterns)
NORMALISE = [
    (re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*"'), r'\1"'),
    (re.compile(r'(name="csrf-token" content=")[^"]*"'), r'\1"'),
    (re.compile(r'nonce="[^"]*"'), 'nonce=""'),
    (re.compile(r"\b\d+ (min|h)\b"), r"N \1"),
]
MALFORMED = {"type": "no-such-move"}


def normalise(text: str) -> str:
    for pattern, replacement in NORMALISE:
        text = pattern.sub(replacement, text)
    return text


@dataclass
class Viewer:
    """One client: a seat's player (``seat``), or a spectator (outsider, anonymous, staff)."""

    name: str
    user: Any = None
    seat: str | None = None
    #: which paths it reads: the API's, the pages', the admin's (staff only)
    reads: tuple[str, ...] = ("api", "pages")
    clients: dict = field(default_factory=dict, repr=False)

    def page_client(self) -> Client:
        if "page" not in self.clients:
            client = Client()
            if self.user is not None:
                client.force_login(self.user)
            self.clients["page"] = client
        return self.clients["page"]

    def api_client(self) -> APIClient:
        if "api" not in self.clients:
            self.clients["api"] = token_client(self.user)
        return self.clients["api"]


def viewers_of(match: Match, outsider, staff, seats: int | None = None) -> list[Viewer]:
    """Every seat's player (or the first ``seats``), and three spectators: an anonymous
    visitor reads everything, an outsider the API, staff the admin and the game page."""
    found = match.seats.select_related("user").order_by("seat")
    return [Viewer(f"seat {seat.seat}", seat.user, seat.seat) for seat in found][:seats] + [
        Viewer("anonymous"), Viewer("outsider", outsider, reads=("api",)),
        Viewer("staff", staff, reads=("admin",))]


# --- what a probe sends: decided once, before anything changes ----------------------------


def illegal_move(match: Match, seat: str) -> dict | None:
    """A move that the rules refuse now (a legal one with one part changed into another
    name of the game, as illegal rather than malformed if one is), or None. Chosen once,
    before the hidden parts change; it only depends on what the seat knows."""
    rules = get_rules(match.game)
    state = rules.from_json(match.state)
    if seat not in rules.owed_by(state):
        return None
    names = card_names(match.state)
    refused = None
    for move in rules.legal_moves(state)[:8]:
        for key, value in move.items():
            if key == "type" or not isinstance(value, str):
                continue
            for other in names:
                trial = {**move, key: other}
                try:
                    rules.apply(state, trial, seat=seat)
                except IllegalMove:
                    return trial
                except RulesError:
                    refused = refused or trial
    return refused


def probes(match: Match, viewers: list[Viewer]) -> dict[str, dict]:
    """The move bodies each seat's viewer sends to get an error answer."""
    found = {}
    for viewer in viewers:
        if viewer.seat is None:
            continue
        bodies = {"malformed": {"move": MALFORMED, "version": match.version},
                  "out of date": {"move": MALFORMED, "version": max(match.version - 1, 0)}}
        illegal = illegal_move(match, viewer.seat)
        if illegal is not None:
            bodies["illegal"] = {"move": illegal, "version": match.version}
        found[viewer.name] = bodies
    return found


# --- the answers -------------------------------------------------------------------------


def _text(response) -> str:
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return f"{response.status_code} {response.get('Content-Type', '')}\n" + normalise(
        body.decode("utf-8", "replace"))


def http_answers(match: Match, viewer: Viewer, bodies: dict, records: list[int]) -> dict:
    answers: dict[str, str] = {}
    game = f"/api/games/{match.pk}/"
    if "api" in viewer.reads:
        api = viewer.api_client()
        for path in ("", "legal/", "events/", f"events/?since={max(match.version - 3, 0)}",
                     "export/"):
            answers[f"GET {game}{path}"] = _text(api.get(game + path))
        if viewer.user is not None:
            answers["GET /api/games/"] = _text(api.get("/api/games/?limit=100"))
        for name, body in bodies.get(viewer.name, {}).items():
            answers[f"POST move ({name})"] = _text(api.post(game + "move/", body, format="json"))
    page = viewer.page_client()
    if "pages" in viewer.reads:
        # The review's steps ask for the board of a decision and what was hidden: a
        # running game shows neither, whatever the query, even with a review at hand
        # (planted: its steps would replay the game from the seed and apply the AI's
        # move, e.g. Kasteel's walk of the dice to come).
        steps = [f"review/?step={n}{extra}" for n in review_steps(match, viewer.seat)
                 for extra in ("", "&reveal=1&partial=1")]
        for path in ("board/", "replay/", "export.json", "review/", "review/?step=1&reveal=1",
                     "review/?step=2&reveal=1&partial=1", *steps):
            url = f"/games/{match.pk}/{path}"
            answers[f"GET {url}"] = _text(page.get(url))
    answers[f"GET /games/{match.pk}/"] = _text(page.get(f"/games/{match.pk}/"))
    if "admin" in viewer.reads:
        for url in ("/admin/games/match/", f"/admin/games/match/{match.pk}/change/",
                    "/admin/games/seat/", f"/admin/games/moverecord/?match__id__exact={match.pk}",
                    *(f"/admin/games/moverecord/{pk}/change/" for pk in records)):
            answers[f"GET {url}"] = _text(page.get(url))
    return answers


async def _socket(match: Match, viewer: Viewer) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(SOCKETS, f"/ws/games/{match.pk}/")
    communicator.scope["user"] = viewer.user or AnonymousUser()
    connected, _code = await communicator.connect(timeout=5)
    assert connected, viewer.name
    return communicator


def _message(message: dict) -> str:
    return normalise(json.dumps(message, sort_keys=True))


async def _socket_answers(match: Match, viewers: list[Viewer]) -> dict[str, str]:
    answers: dict[str, str] = {}
    sockets = {viewer.name: await _socket(match, viewer) for viewer in viewers}
    try:
        for name, socket in sockets.items():
            answers[f"socket {name}: sync on connect"] = _message(
                await socket.receive_json_from(timeout=5))
            await socket.send_json_to({"type": "sync", "since": 0})
            answers[f"socket {name}: sync from 0"] = _message(
                await socket.receive_json_from(timeout=5))
        # The live update of every change so far, to every socket already open.
        await sync_to_async(broadcast.broadcast_match)(match.pk, 0)
        for name, socket in sockets.items():
            answers[f"socket {name}: live update"] = _message(
                await socket.receive_json_from(timeout=5))
    finally:
        for socket in sockets.values():
            await socket.disconnect()
    return answers


def answers(match: Match, viewers: list[Viewer], bodies: dict, records: list[int],
            sockets: bool = True) -> dict[str, str]:
    found: dict[str, str] = {}
    for viewer in viewers:
        found.update({f"{viewer.name}: {path}": text for path, text in
                      http_answers(match, viewer, bodies, records).items()})
    if sockets:
        found.update(async_to_sync(_socket_answers)(match, viewers))
    return found


def admin_records(match: Match, count: int = 4) -> list[int]:
    """The log entries whose forms staff open: some with secret parts, and the last."""
    rows = list(MoveRecord.objects.filter(match=match).order_by("version").values_list(
        "pk", "events"))
    secret = [pk for pk, events in rows if any("secret" in event for event in events)]
    return sorted(set(secret[-count:] + [pk for pk, _events in rows[-2:]]))


def first_difference(before: str, after: str) -> str:
    at = next((i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b),
              min(len(before), len(after)))
    return f"at {at}: {before[max(at - 60, 0):at + 60]!r} / {after[max(at - 60, 0):at + 60]!r}"


@contextmanager
def memory_channel_layer(settings) -> Iterator[None]:
    """The in-memory channel layer (much quicker than Redis for the sockets here)."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    channel_layers.backends = {}
    try:
        yield
    finally:
        channel_layers.backends = {}


def hidden_differences(match: Match, viewers: list[Viewer], rng: random.Random,
                       sockets: bool = True) -> list[str]:
    """What any viewer's answers give away of the hidden parts of ``match`` (a list of
    the answers that changed when only those parts changed; empty if none)."""
    match.refresh_from_db()
    groups: dict[str | None, list[Viewer]] = {}
    for viewer in viewers:
        groups.setdefault(viewer.seat, []).append(viewer)
    records = admin_records(match)
    problems: list[str] = []
    planted = plant_review(match)
    try:
        for seat, group in groups.items():
            bodies = probes(match, group)
            before = answers(match, group, bodies, records, sockets)
            perturbation = Perturbation(match, seat, rng)
            perturbation.apply()
            try:
                after = answers(match, group, bodies, records, sockets)
            finally:
                perturbation.restore()
            assert before.keys() == after.keys()
            problems += [f"game {match.pk} ({match.game}) v{match.version}, {path}: "
                         f"{first_difference(before[path], after[path])}"
                         for path in before if before[path] != after[path]]
    finally:
        if planted is not None:
            planted.delete()
    return problems
