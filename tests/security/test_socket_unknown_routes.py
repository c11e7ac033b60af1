"""A socket to an unknown path, or to a game by a malformed id, is refused cleanly.

The handshake is answered 403 (the socket closes before it opens), nothing
is logged as an error, and the server goes on serving.
"""

from __future__ import annotations

import logging

import pytest
from channels.testing import WebsocketCommunicator

pytestmark = pytest.mark.django_db(transaction=True)

REFUSED = ["/ws/games/abc/", "/ws/games/-1/", "/ws/games/1", "/ws/nothing/",
           "/ws/games/99999999999999999999999/", "/", "/ws/lobby/extra/"]


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.EMBEDDED_WORKER = False  # importing the ASGI application starts no worker


def application():
    from druidsite.asgi import application

    return application


@pytest.mark.parametrize("path", REFUSED)
async def test_it_refuses_an_unknown_route_without_an_error(path, caplog):
    socket = WebsocketCommunicator(application(), path)
    with caplog.at_level(logging.WARNING):
        connected, code = await socket.connect()
    assert connected is False
    assert code == 4404
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    await socket.wait()


async def test_it_still_opens_the_known_routes():
    socket = WebsocketCommunicator(application(), "/ws/lobby/")
    connected, _ = await socket.connect()
    assert connected
    await socket.disconnect()


@pytest.mark.slow
def test_a_real_server_answers_403_and_logs_no_error(tmp_path, serve, migrated_database):
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    from tests.conftest import copy_migrated, embedded_env

    env = embedded_env(tmp_path, EMBEDDED_WORKER="0")
    copy_migrated(migrated_database, tmp_path)
    port, _process = serve(env)
    for path in ("/ws/games/abc/", "/ws/nothing/"):
        with pytest.raises(InvalidStatus) as refused:
            connect(f"ws://127.0.0.1:{port}{path}", open_timeout=10)
        assert refused.value.response.status_code == 403
    with connect(f"ws://127.0.0.1:{port}/ws/lobby/", open_timeout=10):
        pass
    log = (tmp_path / f"server-{port}.log").read_text()
    assert "Traceback" not in log and " ERROR " not in log, log
