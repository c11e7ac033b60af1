"""/ws/tournaments/<id>/: the page hears every change of its tournament (a join, a
result, a new round) as a nudge, after the change's commit."""

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from druidsite.routing import websocket_urlpatterns
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_turn_mails")]

APP = URLRouter(websocket_urlpatterns)


async def test_it_nudges_the_page_when_a_player_joins(alice):
    cup = await database_sync_to_async(Tournament.objects.create)(
        name="Cup", status="registration", round_count=3)
    socket = WebsocketCommunicator(APP, f"/ws/tournaments/{cup.pk}/")
    socket.scope["user"] = AnonymousUser()
    assert (await socket.connect(timeout=10))[0]  # a loaded machine may take a while
    await database_sync_to_async(services.join)(cup.pk, alice)
    assert await socket.receive_json_from(timeout=2) == {"type": "tournament", "action": "join"}
    await socket.disconnect()


async def test_other_tournaments_stay_quiet(alice):
    cup = await database_sync_to_async(Tournament.objects.create)(
        name="Cup", status="registration", round_count=3)
    other = await database_sync_to_async(Tournament.objects.create)(
        name="Other", status="registration", round_count=3)
    socket = WebsocketCommunicator(APP, f"/ws/tournaments/{other.pk}/")
    socket.scope["user"] = AnonymousUser()
    assert (await socket.connect(timeout=10))[0]
    await database_sync_to_async(services.join)(cup.pk, alice)
    assert await socket.receive_nothing(timeout=0.5)
    await socket.disconnect()
