"""An ended log-in closes its sockets on every web process (the production shape).

Two web processes, each started as the Procfile's web command, share
PostgreSQL and Redis (the channel layer). The player's game socket and
/ws/me/ are open on process A; an admin suspends the account on /moderation/,
the player deletes it, or logs out, through process B. The sockets on A are
closed (4401) within seconds, and a chat line sent on the game socket
meanwhile is not stored.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
import urllib.parse
import urllib.request

import pytest
import websockets
from django.conf import settings
from django.test import Client

from druidsite.socket_accounts import SIGNED_OUT
from games.models import ChatMessage
from social.models import Report
from tests.conftest import PASSWORD, ROOT, free_port, wait_for_port
from tests.games.helpers import new_game
from tests.integration.test_two_web_processes import services_env
from tests.security.procfile import procfile_web_command

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("no_turn_mails")]

PROMPTLY = 5.0


@pytest.fixture
def two_web_processes(postgres_url, redis_url, tmp_path):
    """Ports of two Procfile web processes on the test's database and Redis."""
    env = services_env(redis_url)
    started, hosts = [], []
    for name in ("a", "b"):
        port = free_port()
        log = open(tmp_path / f"web-{name}.log", "w")  # noqa: SIM115 - closed below
        process = subprocess.Popen(procfile_web_command(port), cwd=ROOT, env=env, stdout=log,
                                   stderr=subprocess.STDOUT, start_new_session=True)
        started.append((process, log))
        hosts.append(f"127.0.0.1:{port}")
        wait_for_port(port, process)
    yield hosts
    for process, log in started:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
    for name in ("a", "b"):
        text = (tmp_path / f"web-{name}.log").read_text()
        assert "Traceback" not in text, text


def session_of(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def post_form(host: str, path: str, session: str, fields: dict) -> int:
    """A form posted as a browser does: the CSRF cookie from a GET, then the POST."""
    jar = f"{settings.SESSION_COOKIE_NAME}={session}"
    with urllib.request.urlopen(urllib.request.Request(
            f"http://{host}{path}", headers={"Cookie": jar}), timeout=10) as page:
        cookies = page.headers.get_all("Set-Cookie") or []
    csrf = next(c.split(";")[0].split("=", 1)[1] for c in cookies
                if c.startswith(f"{settings.CSRF_COOKIE_NAME}="))
    body = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": csrf}).encode()
    request = urllib.request.Request(
        f"http://{host}{path}", data=body, method="POST",
        headers={"Cookie": f"{jar}; {settings.CSRF_COOKIE_NAME}={csrf}",
                 "Content-Type": "application/x-www-form-urlencoded"})

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as error:  # the redirect after a form
        return error.code


async def closed_within(socket, seconds: float) -> int:
    """Reads until the server closes the socket; its close code."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            frame = await asyncio.wait_for(socket.recv(), max(0.01, deadline - time.monotonic()))
        except websockets.ConnectionClosed:
            return socket.close_code
        message = json.loads(frame)
        if message["type"] == "error":
            assert message["status"] == 401, message


def run(hosts: list[str], match_id: int, session: str, end) -> list[int]:
    """Opens the player's sockets on A, ends the log-in through B (``end``), chats at
    once on A; the close codes of both sockets."""
    host_a = hosts[0]
    headers = {"Cookie": f"{settings.SESSION_COOKIE_NAME}={session}"}

    async def scenario() -> list[int]:
        async with websockets.connect(f"ws://{host_a}/ws/games/{match_id}/",
                                      origin=f"http://{host_a}",
                                      additional_headers=headers) as game, \
                websockets.connect(f"ws://{host_a}/ws/me/", origin=f"http://{host_a}",
                                   additional_headers=headers) as me:
            synced = json.loads(await asyncio.wait_for(game.recv(), 10))
            assert synced["match"]["viewer"] == "moon"
            assert await asyncio.to_thread(end) == 302
            try:
                await game.send(json.dumps({"type": "chat", "channel": "players",
                                            "text": "after the end"}))
            except websockets.ConnectionClosed:
                pass  # closed already
            return [await closed_within(game, PROMPTLY), await closed_within(me, PROMPTLY)]

    return asyncio.run(scenario())


def test_a_suspension_on_one_process_closes_the_sockets_on_the_other(
        two_web_processes, alice, bob, staff):
    match = new_game(alice, bob)
    report = Report.objects.create(reporter=bob, user=alice, reason="spam")
    player, admin = session_of(alice), session_of(staff)

    def suspend() -> int:
        return post_form(two_web_processes[1], "/moderation/", admin, {
            "report": report.pk, "kind": "suspend", "reason": "spam in every game"})

    assert run(two_web_processes, match.pk, player, suspend) == [SIGNED_OUT, SIGNED_OUT]
    alice.refresh_from_db()
    assert not alice.is_active
    assert not ChatMessage.objects.filter(match=match).exists()


def test_a_deletion_on_one_process_closes_the_sockets_on_the_other(two_web_processes, alice,
                                                                   bob):
    from django.contrib.auth.hashers import PBKDF2PasswordHasher

    # The web processes know the site's hashers, not the tests' quick one.
    alice.password = PBKDF2PasswordHasher().encode(PASSWORD, "socketsalt")
    alice.save(update_fields=["password"])
    match = new_game(alice, bob)
    player = session_of(alice)

    def delete() -> int:
        return post_form(two_web_processes[1], "/settings/account/", player,
                         {"password": PASSWORD})

    assert run(two_web_processes, match.pk, player, delete) == [SIGNED_OUT, SIGNED_OUT]
    alice.refresh_from_db()
    assert not alice.is_active and alice.username.startswith("former-player-")
    assert not ChatMessage.objects.filter(match=match).exists()


def test_a_logout_on_one_process_closes_that_sessions_sockets_on_the_other(
        two_web_processes, alice, bob):
    match = new_game(alice, bob)
    player = session_of(alice)

    def logout() -> int:
        return post_form(two_web_processes[1], "/accounts/logout/", player, {})

    assert run(two_web_processes, match.pk, player, logout) == [SIGNED_OUT, SIGNED_OUT]
    assert not ChatMessage.objects.filter(match=match).exists()
