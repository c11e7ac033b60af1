"""A player whose seat at a table was handed to an AI player sees what a spectator sees.

At a table (more than two seats) a resignation or a timeout hands the seat
to an AI player (games.core.takeover); the seat keeps its player's name, but
that player may no longer read the seat's hand or its future deals: not in
the API, the page, the export, nor on a socket, whether opened afterwards
or already open when the seat was handed over.
"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone

from games.core import services
from games.realtime.routing import websocket_urlpatterns
from tests.conftest import make_user
from tests.security.apigames import token_client
from tests.security.samebytes import Viewer, hidden_differences
from tests.tables.helpers import full_table, match_of, step

API_PATHS = ("", "legal/", "events/", "export/")


def _table_game(alice, bob, carol):
    """A table of three, past the setup: every hand dealt. Two dealing cycles
    (78 cards), so the turns the tests play on cannot end the game, whatever
    its deal (one cycle's 39 cards sometimes ran out: three hands discarded)."""
    match = match_of(full_table(alice, [bob, carol], limit=2))
    while not match.state["seats"][0]["hand"]:
        step(match)
        match.refresh_from_db()
    return match


def _api(user, match) -> dict:
    client = token_client(user)
    return {path: client.get(f"/api/games/{match.pk}/{path}").json() for path in API_PATHS}


def _pages(user, match) -> dict:
    client = Client()
    client.force_login(user)
    found = {}
    for path in ("", "board/"):
        response = client.get(f"/games/{match.pk}/{path}")
        found[path] = (response.context["viewer"], response.context["view"])
    found["export.json"] = client.get(f"/games/{match.pk}/export.json").json()
    return found


@pytest.mark.django_db
@pytest.mark.parametrize("why", ["resign", "timeout"])
def test_it_shows_a_handed_over_seat_to_its_former_player_as_to_a_spectator(
        alice, bob, carol, no_turn_mails, why):
    match = _table_game(alice, bob, carol)
    outsider = make_user("dave")
    assert _api(bob, match)[""]["viewer"] is not None  # bob still plays his seat
    if why == "resign":
        services.resign(match.pk, bob)
    else:
        seat = match.seats.get(user=bob)
        while not seat.owes_move:  # play on until bob's clock runs
            step(match)
            seat.refresh_from_db()
        services.expire_deadlines(now=timezone.now() + timedelta(days=4))
    match.refresh_from_db()
    assert match.seats.get(user=bob).takeover_level and not match.is_over
    for _ in range(12):  # the AI plays bob's seat on: deals, moves
        step(match)
    match.refresh_from_db()
    assert _api(bob, match) == _api(outsider, match)
    mine, theirs = _pages(bob, match), _pages(outsider, match)
    assert mine == theirs
    assert mine[""][0] is None
    # Nothing bob gets changes when everything a spectator may not know changes.
    problems = hidden_differences(match, [Viewer("bob", bob)], random.Random(why),
                                  sockets=False)
    assert not problems, "\n".join(problems[:5])


APP = URLRouter(websocket_urlpatterns)


async def _connect(match, user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(APP, f"/ws/games/{match.pk}/")
    communicator.scope["user"] = user
    connected, _code = await communicator.connect()
    assert connected
    return communicator


@pytest.mark.django_db(transaction=True)
async def test_it_stops_sending_a_handed_over_seat_its_private_view_on_sockets(
        alice, bob, carol, no_turn_mails):
    match = await database_sync_to_async(_table_game)(alice, bob, carol)
    before = await _connect(match, bob)  # open before bob resigns
    assert (await before.receive_json_from())["match"]["viewer"] is not None
    await database_sync_to_async(services.resign)(match.pk, bob)
    seen = [await before.receive_json_from(timeout=3)]
    for _ in range(6):
        await database_sync_to_async(step)(match)
        seen.append(await before.receive_json_from(timeout=3))
    await before.send_json_to({"type": "sync", "since": 0})
    seen.append(await before.receive_json_from(timeout=3))
    after = await _connect(match, bob)  # opened after the resignation
    seen.append(await after.receive_json_from(timeout=3))
    for message in seen:
        assert message["match"]["viewer"] is None, message["type"]
        hands = [seat["hand"] for seat in message["match"]["view"]["seats"]]
        assert hands == [None] * len(hands), message["type"]
        for record in message["records"]:
            for event in record["events"]:
                assert "cards" not in event or event["type"] != "deal", event
    extra = None if await before.receive_nothing(timeout=0.3) else await before.receive_output()
    assert extra is None, extra
    await before.disconnect()
    await after.disconnect()
