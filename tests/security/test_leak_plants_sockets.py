"""The check of test_leak_hidden catches a planted leak on the match socket, for each game:
a sync that carries the stored state, a live update that carries every secret."""

from __future__ import annotations

import pytest

from tests.security.plants import GAMES, LEAKS, catch, people, running_game

ON_SOCKETS = [leak for leak, (_plant, _who, sockets, _where) in LEAKS.items() if sockets]


@pytest.mark.django_db(transaction=True)  # the sockets read the database from their thread
@pytest.mark.usefixtures("no_turn_mails", "quiet")
@pytest.mark.parametrize("leak", ON_SOCKETS)
@pytest.mark.parametrize("kind", list(GAMES))
def test_it_catches_on_sockets(monkeypatch, kind, leak):
    found = people()
    catch(monkeypatch, running_game(kind, found), found, kind, leak)
