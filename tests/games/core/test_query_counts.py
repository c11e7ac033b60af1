"""Database queries per move and per game page stay constant as a game grows (no N+1)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token

from games.core import services
from tests.games.helpers import first_legal, mover, new_game, play_first

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def queries_of_a_move(match) -> int:
    match.refresh_from_db()
    move, player = first_legal(match), mover(match)
    with CaptureQueriesContext(connection) as captured:
        services.play(match.pk, player, move, match.version)
    return len(captured)


def advance(match, moves: int) -> None:
    for _ in range(moves):
        match.refresh_from_db()
        play_first(match)


def test_it_spends_the_same_queries_on_a_move_late_in_a_game(alice, bob):
    match = new_game(alice, bob)
    advance(match, 7)  # past the setup, into play
    early = queries_of_a_move(match)
    advance(match, 12)
    late = queries_of_a_move(match)
    assert early == late, (early, late)
    assert late <= 12


@pytest.mark.parametrize("path", ["/games/{id}/", "/games/{id}/board/", "/api/games/{id}/",
                                  "/api/games/{id}/events/?since=0"])
def test_it_spends_the_same_queries_on_a_page_of_a_long_game(client, alice, bob, path):
    match = new_game(alice, bob)
    client.force_login(alice)
    url = path.format(id=match.pk)
    client.get(url)  # the session's first request does one-off work (language, login)
    advance(match, 8)
    with CaptureQueriesContext(connection) as short:
        assert client.get(url).status_code == 200
    advance(match, 14)
    with CaptureQueriesContext(connection) as long:
        assert client.get(url).status_code == 200
    assert len(short) == len(long), (len(short), len(long))


def test_it_spends_the_same_queries_on_the_api_move_of_a_long_game(client, alice, bob):
    match = new_game(alice, bob)
    tokens = {alice.pk: Token.objects.create(user=alice).key,
              bob.pk: Token.objects.create(user=bob).key}

    def api_move() -> int:
        match.refresh_from_db()
        player, move = mover(match), first_legal(match)
        with CaptureQueriesContext(connection) as captured:
            response = client.post(f"/api/games/{match.pk}/move/",
                                   {"move": move, "version": match.version},
                                   content_type="application/json",
                                   HTTP_AUTHORIZATION=f"Token {tokens[player.pk]}")
        assert response.status_code == 200, response.content
        return len(captured)

    advance(match, 8)
    early = api_move()
    advance(match, 12)
    assert api_move() == early


def test_it_broadcasts_and_answers_a_move_from_what_it_committed(
        client, alice, bob, django_capture_on_commit_callbacks):
    match = new_game(alice, bob)
    token = Token.objects.create(user=alice).key
    match.refresh_from_db()
    assert mover(match) == alice
    body = {"move": first_legal(match), "version": match.version}
    with CaptureQueriesContext(connection) as captured:
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            response = client.post(f"/api/games/{match.pk}/move/", body,
                                   content_type="application/json",
                                   HTTP_AUTHORIZATION=f"Token {token}")
    assert response.status_code == 200, response.content
    assert callbacks, "the broadcast ran after the commit"
    # token, lock the game and its seats, the log entry, the game, the seats (and the
    # test's savepoints): the broadcast, the mail and AI checks and the answer reuse them.
    statements = [q["sql"].split()[0] for q in captured.captured_queries
                  if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))]
    assert statements == ["SELECT", "SELECT", "SELECT", "INSERT", "UPDATE", "UPDATE"], statements


def test_it_writes_only_the_seats_a_move_changed(alice):
    from games.models import Seat
    from games.rules import get_rules
    from tests.site.kasteel_helpers import start, users

    match = start(users(alice, count=12))
    rules = get_rules("kasteel")
    match.refresh_from_db()
    owing = rules.owed_by(rules.from_json(match.state))[0]
    mover = match.seats.get(seat=owing).user
    with CaptureQueriesContext(connection) as captured:
        services.play(match.pk, mover, rules.legal_moves(rules.from_json(match.state))[0],
                      match.version)
    updates = [q["sql"] for q in captured.captured_queries
               if q["sql"].startswith('UPDATE "games_seat"')]
    assert len(updates) == 1
    # The clock passes from one seat to the next: two of the twelve rows are written.
    assert updates[0].count('"games_seat"."id" IN') == 1
    written = updates[0].split('"games_seat"."id" IN (')[1].split(")")[0].split(",")
    assert len(written) <= 2, written
    assert Seat.objects.filter(match=match).count() == 12
