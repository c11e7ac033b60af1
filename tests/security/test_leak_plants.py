"""The check of test_leak_hidden is not vacuous: it catches a planted leak of each kind.

For each game (Druidenwalzer, Caesar & Cleopatra, Kasteel with four seats in
teams) and each leak of tests.security.plants that needs no socket (a hidden
field in the view, every secret of the events, the admin showing the stored
game, an error echoing the state), the check reports the broken path.
Unbroken, such games report nothing (test_leak_hidden).
"""

from __future__ import annotations

import pytest
from django.db import transaction

from tests.security.plants import GAMES, LEAKS, catch, people, running_game

NO_SOCKET = [leak for leak, (_plant, _who, sockets, _where) in LEAKS.items() if not sockets]


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker):
    """The three games, played once for the module: each test runs in a savepoint of them."""
    with django_db_blocker.unblock(), transaction.atomic():
        found = people("built-")
        yield found, {kind: running_game(kind, found) for kind in GAMES}
        transaction.set_rollback(True)


@pytest.mark.django_db
@pytest.mark.usefixtures("no_turn_mails", "quiet")
@pytest.mark.parametrize("leak", NO_SOCKET)
@pytest.mark.parametrize("kind", list(GAMES))
def test_it_catches(monkeypatch, built, kind, leak):
    found, games = built
    catch(monkeypatch, games[kind], found, kind, leak)
