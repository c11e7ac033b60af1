"""A tournament's or ladder's socket opens only for one its viewer may see.

As game sockets: an unknown id (huge ones too), or a draft tournament for
anyone but an admin (its page answers 403), is refused at the handshake with
4404 (an HTTP 403 from the server), without an error in the log.
"""

from __future__ import annotations

import logging

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from ladders.models import Ladder
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

HUGE = "9" * 120  # beyond any integer of the database, and a group name's length


@pytest.fixture
def application(settings):
    settings.EMBEDDED_WORKER = False
    from druidsite.asgi import application

    return application


async def opens(application, path: str, user) -> tuple[bool, int | None]:
    socket = WebsocketCommunicator(application, path)
    socket.scope["user"] = user or AnonymousUser()
    connected, code = await socket.connect(timeout=5)
    # Refused too: a consumer that closed before its accept still waits on its channel
    # layer until the client's disconnect (as daphne sends it); left waiting, its Redis
    # read was cancelled only by the loop's teardown, which once hung for minutes.
    await socket.disconnect()
    return connected, code


@pytest.fixture
def places(db):
    return {
        "draft": Tournament.objects.create(name="Secret cup", round_count=3).pk,
        "open": Tournament.objects.create(name="Cup", status="registration", round_count=3).pk,
        "ladder": Ladder.objects.create(name="Ladder").pk,
    }


@pytest.mark.parametrize("path", ["/ws/tournaments/{missing}/", "/ws/ladders/{missing}/",
                                  f"/ws/tournaments/{HUGE}/", f"/ws/ladders/{HUGE}/",
                                  "/ws/tournaments/{draft}/"])
@pytest.mark.parametrize("role", ["anonymous", "player"])
async def test_it_refuses_what_the_viewer_may_not_see(application, places, alice, path, role,
                                                      caplog):
    user = {"anonymous": None, "player": alice}[role]
    path = path.format(missing=places["ladder"] + places["open"] + 10, **places)
    with caplog.at_level(logging.WARNING):
        assert await opens(application, path, user) == (False, 4404)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_it_opens_what_the_viewer_may_see(application, places, alice, staff):
    for path, user in ((f"/ws/tournaments/{places['open']}/", None),
                       (f"/ws/ladders/{places['ladder']}/", alice),
                       (f"/ws/tournaments/{places['draft']}/", staff)):
        assert (await opens(application, path, user))[0], path


async def test_a_draft_opens_once_announced(application, places, alice):
    draft = places["draft"]
    await sync_to_async(Tournament.objects.filter(pk=draft).update)(status="registration")
    assert (await opens(application, f"/ws/tournaments/{draft}/", alice))[0]
