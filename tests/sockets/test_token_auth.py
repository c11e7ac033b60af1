"""Programs open sockets with their API token in the Authorization header."""

import pytest
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from rest_framework.authtoken.models import Token

from druidsite.ws_auth import TokenAuthMiddleware
from games.realtime.routing import websocket_urlpatterns
from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_turn_mails")]

APP = AuthMiddlewareStack(TokenAuthMiddleware(URLRouter(websocket_urlpatterns)))


async def open_socket(match, headers):
    socket = WebsocketCommunicator(APP, f"/ws/games/{match.pk}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    return socket, await socket.receive_json_from()


async def test_it_gives_a_token_holder_their_own_view(alice, bob):
    match = await database_sync_to_async(new_game)(alice, bob)
    token = await database_sync_to_async(Token.objects.create)(user=bob)
    socket, message = await open_socket(match, [(b"authorization", f"Token {token.key}".encode())])
    assert message["match"]["viewer"] == "sun"
    assert message["match"]["view"]["players"]["sun"]["hand"]
    await socket.disconnect()


@pytest.mark.parametrize("header", [b"Token nope", b"Bearer abc", b"Token " + b"x" * 500, b""])
async def test_it_treats_a_bad_token_as_a_spectator(alice, bob, header):
    match = await database_sync_to_async(new_game)(alice, bob)
    socket, message = await open_socket(match, [(b"authorization", header)])
    assert message["match"]["viewer"] is None
    assert message["match"]["view"]["players"]["moon"]["hand"] is None
    await socket.disconnect()


async def test_it_treats_the_token_of_a_closed_account_as_a_spectator(alice, bob):
    match = await database_sync_to_async(new_game)(alice, bob)
    token = await database_sync_to_async(Token.objects.create)(user=bob)
    bob.is_active = False
    await database_sync_to_async(bob.save)(update_fields=["is_active"])
    socket, message = await open_socket(match, [(b"authorization", f"Token {token.key}".encode())])
    assert message["match"]["viewer"] is None
    await socket.disconnect()


async def test_it_loads_the_tokens_user_as_the_orm_does(alice):
    from druidsite.ws_auth import _user_for_token

    token = await database_sync_to_async(Token.objects.create)(user=alice)
    loaded = await _user_for_token(token.key)
    fresh = await database_sync_to_async(type(alice).objects.get)(pk=alice.pk)
    names = [field.attname for field in type(alice)._meta.concrete_fields]
    assert [getattr(loaded, n) for n in names] == [getattr(fresh, n) for n in names]
    assert not loaded._state.adding and loaded._state.db == fresh._state.db
    assert await _user_for_token("no-such-key") is None


def origin_app():
    from druidsite.ws_auth import browser_origin_validator

    return browser_origin_validator(APP)


@pytest.mark.parametrize("origin, allowed", [
    (None, True),                              # a program: no Origin header
    (b"http://127.0.0.1:8000", True),          # a page of this site
    (b"https://evil.example", False),          # a page of another site
])
async def test_it_refuses_sockets_from_pages_of_other_sites(alice, bob, origin, allowed):
    match = await database_sync_to_async(new_game)(alice, bob)
    headers = [] if origin is None else [(b"origin", origin)]
    socket = WebsocketCommunicator(origin_app(), f"/ws/games/{match.pk}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected is allowed
    # Refused too: a consumer that closed before its accept still waits on its channel
    # layer until the client's disconnect (as daphne sends it); left waiting, its Redis
    # read was cancelled only by the loop's teardown, which once hung for minutes.
    await socket.disconnect()


def test_a_tokens_log_in_holds_only_while_its_token_and_account_do(alice, bob):
    from druidsite.socket_accounts import still_signed_in

    token = Token.objects.create(user=bob)
    scope = {"user": bob, "auth_token": token.key}
    assert still_signed_in(scope)
    assert not still_signed_in({"user": alice, "auth_token": token.key})  # not hers
    type(bob).objects.filter(pk=bob.pk).update(is_active=False)
    assert not still_signed_in(scope)
    type(bob).objects.filter(pk=bob.pk).update(is_active=True)
    token.delete()
    assert not still_signed_in(scope)
