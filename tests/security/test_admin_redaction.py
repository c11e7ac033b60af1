"""Staff read running games in the admin as a spectator sees them, finished games whole.

For each game, a running game: the admin's lists and forms of matches, seats
and log entries stay byte for byte the same when everything a spectator may
not know changes (hands, face-down cards, piles, secret event parts, the
parts of moves the rules redact, the seed). The match form shows the
spectator's view of the position; once the game is over, the stored state,
the seed and every move and event whole. Nothing there can be changed.
"""

from __future__ import annotations

import html
import json
import random

import pytest

from games.core import services
from games.models import Match, MoveRecord
from games.rules import get_rules
from tests.security.randomgames import KINDS, play, start
from tests.security.samebytes import Viewer, hidden_differences

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]

GAMES = ["druidenwalzer", "caesar-cleopatra", "kasteel-teams"]


def _running(kind: str, users: list, moves: int = 14) -> Match:
    """A running game with hidden parts in its state and log (Kasteel: past its setup)."""
    rng = random.Random(kind)
    moves += 7 * len(KINDS[kind][1]) if kind.startswith("kasteel") else 0
    return play(start(kind, users, seed=rng.randrange(2**40)), moves, rng)


@pytest.fixture
def users(alice, bob, carol):
    from tests.conftest import make_user

    return [alice, bob, carol, make_user("dave")]


@pytest.mark.parametrize("kind", GAMES)
def test_it_shows_staff_nothing_of_a_running_game_that_a_spectator_may_not_know(
        kind, users, staff):
    match = _running(kind, users)
    problems = hidden_differences(match, [Viewer("staff", staff, reads=("admin",))],
                                  random.Random(1), sockets=False)
    assert not problems, "\n".join(problems[:10])


def _page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return html.unescape(response.content.decode())


def _json(value) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


@pytest.mark.parametrize("kind", GAMES)
def test_it_shows_the_spectators_view_of_a_running_game_and_all_of_a_finished_one(
        kind, users, staff, client):
    match = _running(kind, users)
    rules = get_rules(match.game)
    client.force_login(staff)
    form = _page(client, f"/admin/games/match/{match.pk}/change/")
    assert _json(rules.view(rules.from_json(match.state), None)) in form
    assert str(match.seed) not in form
    services.resign(match.pk, match.seats.get(seat=KINDS[kind][1][0]).user)
    match.refresh_from_db()
    if not match.is_over:  # a table plays on: end it the way a game ends
        Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    form = _page(client, f"/admin/games/match/{match.pk}/change/")
    assert _json(match.state) in form and str(match.seed) in form
    listed = _page(client, f"/admin/games/moverecord/?match__id__exact={match.pk}")
    for record in match.records.all():
        text = _page(client, f"/admin/games/moverecord/{record.pk}/change/")
        move = json.dumps(record.move, ensure_ascii=False)
        assert _json(record.events) in text and move in text and move in listed


def test_it_lets_no_one_change_a_match_or_a_log_entry_in_the_admin(users, staff, client):
    match = _running("caesar-cleopatra", users, moves=3)
    record = match.records.last()
    client.force_login(staff)
    before = (Match.objects.filter(pk=match.pk).values().get(),
              MoveRecord.objects.filter(pk=record.pk).values().get())
    for url, body in ((f"/admin/games/match/{match.pk}/change/", {"state": "{}", "seed": "1"}),
                      (f"/admin/games/moverecord/{record.pk}/change/", {"move": "{}"})):
        assert client.post(url, body).status_code == 403
    after = (Match.objects.filter(pk=match.pk).values().get(),
             MoveRecord.objects.filter(pk=record.pk).values().get())
    assert before == after
