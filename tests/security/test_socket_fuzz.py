"""Every socket fuzzed, as the API is (test_api_fuzz): every route of the routing, as a
player, an outsider and an anonymous visitor, with the frames of
tests/security/socketfuzz.py (Hypothesis, derandomized).

Each frame must get at most one answer of its own; a refusal is an error frame
saying what was wrong, and changes nothing in the database (chat lines,
match versions, accounts); the socket stays open (never closed, never with
1011: an exception in a consumer fails the example here); nothing is logged
as an error. A listening socket (health, lobby, ladder, tournament) may
ignore a frame; the match socket answers or acts on every one (a well-formed
"here" is acted on in the cache, not the database, and needs no answer). Ids in paths
are fuzzed too: only a real id its viewer may see opens a socket, anything
else is refused at the handshake with 4404.

SOCKET_FUZZ_EXAMPLES (20 by default) sets the examples per route and visitor;
the ``slow`` variant runs SOCKET_FUZZ_SLOW_EXAMPLES (50) of them, and
`make test-long` 300.
"""

from __future__ import annotations

import json
import logging
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import unquote

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import catalog, services
from games.rules import GAMES
from tests.security.samebytes import memory_channel_layer
from tests.security.socketfuzz import (
    BROADCASTS,
    PROBE,
    frame_is_too_large,
    frames,
    ids,
    is_here,
    is_too_large_answer,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_turn_mails")]

EXAMPLES = int(os.environ.get("SOCKET_FUZZ_EXAMPLES", "20"))
SLOW_EXAMPLES = int(os.environ.get("SOCKET_FUZZ_SLOW_EXAMPLES", "50"))
LONG_EXAMPLES = 300
FRAMES = 6
TIMEOUT = 10
ROLES = ("player", "outsider", "anonymous")


def fuzz(examples: int):
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


@dataclass
class World:
    matches: list[int]
    ladder: int
    tournament: int
    draft: int
    cookies: dict

    def real_ids(self, route: str, role: str) -> tuple[list[int], set[int]]:
        """The ids of ``route`` that exist, and those the visitor may open."""
        if "games" in route:
            return self.matches, set(self.matches)
        if "ladders" in route:
            return [self.ladder], {self.ladder}
        return [self.tournament, self.draft], {self.tournament}


@pytest.fixture(autouse=True)
def memory_layer(settings):
    """The consumers' answers, not Redis, are fuzzed here: the in-memory layer (a Redis
    layer is bound to one event loop, and Hypothesis runs each example in its own)."""
    with memory_channel_layer(settings):
        yield


@pytest.fixture
def application(settings):
    settings.EMBEDDED_WORKER = False
    from druidsite.asgi import application

    return application


@pytest.fixture
def world(alice, bob, carol) -> World:
    from ladders.models import Ladder
    from tournaments.models import Tournament

    matches = []
    for game in GAMES:
        seats = catalog.get(game).challenge_seat_names
        matches.append(services.start_match(game, dict(zip(seats, (alice, bob), strict=True)),
                                            seed=3).pk)
    cookies = {"anonymous": None}
    for role, user in (("player", alice), ("outsider", carol)):
        client = Client()
        client.force_login(user)
        cookies[role] = client.cookies[django_settings.SESSION_COOKIE_NAME].value
    return World(matches=matches, ladder=Ladder.objects.create(name="Fuzz ladder").pk,
                 tournament=Tournament.objects.create(name="Cup", status="registration",
                                                      round_count=3).pk,
                 draft=Tournament.objects.create(name="Draft", round_count=3).pk,
                 cookies=cookies)


#: Every route of druidsite.routing, by its pattern: the paths the fuzz opens.
ROUTES = {
    "ws/health/": lambda w: st.just("/ws/health/"),
    "ws/ladders/<int:ladder_id>/": lambda w: st.just(f"/ws/ladders/{w.ladder}/"),
    "ws/tournaments/<int:tournament_id>/": lambda w: st.just(f"/ws/tournaments/{w.tournament}/"),
    "ws/games/<int:match_id>/": lambda w: st.tuples(
        st.sampled_from(w.matches), st.sampled_from(["", "?since=0", "?since=3", "?since=-1",
                                                     "?since=99999999999999999999", "?since=x"])
    ).map(lambda found: f"/ws/games/{found[0]}/{found[1]}"),
    "ws/lobby/": lambda w: st.just("/ws/lobby/"),
    "ws/me/": lambda w: st.just("/ws/me/"),
    "": lambda w: st.sampled_from(["/ws/nothing/", "/ws/games/x/", "/ws/me/extra/", "/"]),
}
ID_ROUTES = {"/ws/games/": "ws/games/<int:match_id>/",
             "/ws/ladders/": "ws/ladders/<int:ladder_id>/",
             "/ws/tournaments/": "ws/tournaments/<int:tournament_id>/"}
#: Sockets that act on frames: every frame is answered or acted on.
ACTING = {"ws/games/<int:match_id>/"}


def test_it_fuzzes_every_route_of_the_routing():
    from druidsite.routing import websocket_urlpatterns

    assert {str(route.pattern) for route in websocket_urlpatterns} == set(ROUTES)


@contextmanager
def errors_logged():
    """Records at ERROR and above (or with a traceback) from any logger."""
    found: list[logging.LogRecord] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.levelno >= logging.ERROR or record.exc_info:
                found.append(record)

    handler = Collect(level=logging.DEBUG)
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield found
    finally:
        root.removeHandler(handler)


def snapshot() -> tuple:
    """What a refused frame must not change."""
    from accounts.models import User
    from games.models import ChatMessage, Match

    return (ChatMessage.objects.count(),
            tuple(Match.objects.order_by("pk").values_list("pk", "version", "status")),
            tuple(User.objects.order_by("pk").values_list("pk", "is_active", "password")))


def headers(cookie: str | None) -> list[tuple[bytes, bytes]]:
    found = [(b"origin", b"http://testserver")]
    if cookie:
        found.append((b"cookie", f"{django_settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    return found


async def send(socket: WebsocketCommunicator, frame: str | bytes) -> None:
    # As the server hands it over (send_to refuses an empty frame, which is valid).
    kind = "bytes" if isinstance(frame, bytes) else "text"
    await socket.send_input({"type": "websocket.receive", kind: frame})


async def answers_until_probe(socket: WebsocketCommunicator, too_large: int) -> list[dict]:
    """The answers before the probe's (broadcasts set aside); the socket must stay open."""
    await socket.send_to(text_data=PROBE)
    answers: list[dict] = []
    while too_large:
        output = await socket.receive_output(timeout=TIMEOUT)
        assert output["type"] == "websocket.send", f"the socket closed: {output}"
        message = json.loads(output["text"])
        if message.get("type") in BROADCASTS:
            continue
        answers.append(message)
        too_large -= is_too_large_answer(message)
    return answers[:-1]


def judge(route: str, frame: str | bytes, answers: list[dict], before: tuple,
          after: tuple) -> None:
    shown = repr(frame[:80])
    assert len(answers) <= 1, (shown, answers)
    answer = answers[0] if answers else None
    if answer is not None and answer.get("type") == "error":
        assert isinstance(answer.get("error"), str) and answer["error"].strip(), (shown, answer)
        assert after == before, (shown, "a refused frame changed the database")
    elif answer is not None:
        assert route in ACTING and answer["type"] == "sync", (shown, answer)
        assert after == before, (shown, "a catch-up changed the database")
    elif route in ACTING and is_here(frame) and not frame_is_too_large(frame):
        assert after == before, (shown, "a here changed the database")
    elif route in ACTING:
        assert after != before, (shown, "refused without an error frame")
    else:
        assert after == before, (shown, "a listening socket changed the database")


async def exchange(application, route: str, path: str, cookie: str | None,
                   sent: list[str | bytes]) -> None:
    socket = WebsocketCommunicator(application, path, headers=headers(cookie))
    connected, code = await socket.connect(timeout=TIMEOUT)
    if not connected:
        # Only the catch-all, and /ws/me/ for an anonymous visitor, refuse.
        assert (route, code) in {("", 4404), ("ws/me/", 4401)}, (path, code)
        return
    await answers_until_probe(socket, 1)  # the catch-up a match socket starts with
    for frame in sent:
        before = await sync_to_async(snapshot)()
        await send(socket, frame)
        answers = await answers_until_probe(socket, 1 + frame_is_too_large(frame))
        judge(route, frame, answers, before, await sync_to_async(snapshot)())
    await socket.disconnect()


def run_frames(application, world: World, route: str, role: str, examples: int) -> None:
    @fuzz(examples)
    @given(path=ROUTES[route](world), sent=st.lists(frames(), min_size=1, max_size=FRAMES))
    def check(path, sent):
        async_to_sync(exchange)(application, route, path, world.cookies[role], sent)

    with errors_logged() as logged:
        check()
    assert not logged, [record.getMessage() for record in logged]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", ROUTES)
def test_it_answers_every_frame_and_changes_nothing_it_refuses(application, world, route,
                                                               role):
    run_frames(application, world, route, role, EXAMPLES)


@pytest.mark.slow
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", ROUTES)
def test_it_answers_many_more_frames(application, world, route, role):
    run_frames(application, world, route, role, SLOW_EXAMPLES)


@pytest.mark.long
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", ROUTES)
def test_it_answers_hundreds_of_frames(application, world, route, role):
    run_frames(application, world, route, role, LONG_EXAMPLES)


async def handshake(application, path: str, cookie: str | None) -> tuple[bool, int | None]:
    socket = WebsocketCommunicator(application, path, headers=headers(cookie))
    connected, code = await socket.connect(timeout=TIMEOUT)
    # Refused too: a consumer that closed before its accept still waits on its channel
    # layer until the client's disconnect (as daphne sends it); left waiting, its Redis
    # read was cancelled only by the loop's teardown, which once hung for minutes.
    await socket.disconnect()
    return connected, code


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("prefix", ID_ROUTES)
def test_it_opens_a_socket_only_for_an_id_its_viewer_may_see(application, world, prefix,
                                                             role):
    real, visible = world.real_ids(ID_ROUTES[prefix], role)

    @fuzz(EXAMPLES * 2)
    @given(raw=ids(real))
    def check(raw):
        named = unquote(raw)  # as the server reads the path
        expected = re.fullmatch("[0-9]+", named) is not None and int(named) in visible
        connected, code = async_to_sync(handshake)(application, f"{prefix}{raw}/",
                                                   world.cookies[role])
        assert connected == expected, (raw, code)
        assert connected or code == 4404, (raw, code)

    with errors_logged() as logged:
        check()
    assert not logged, [record.getMessage() for record in logged]
