"""The table page follows the lobby's socket: its live part (status, players, actions)
carries a short state to compare, and for a seated player of a started table the
address of its game (the page's script takes them there when the table fills)."""

from __future__ import annotations

import re

import pytest

from games.lobby import tables

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def live_part(client, user, table) -> str:
    client.force_login(user)
    html = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'data-socket="/ws/lobby/"' in html and "/static/js/table.js" in html
    return re.search(r'<div id="table-live"[^>]*>', html).group(0)


def test_it_marks_the_state_and_gives_the_seated_players_the_game(client, alice, bob, carol):
    table = tables.open_table(alice, game="kasteel", size=2)
    tables.invite(table.pk, alice, "bob")
    before = live_part(client, bob, table)
    assert 'data-status="open"' in before and "data-game-url" not in before
    tables.join_table(table.pk, bob)
    match = table.series.get(number=1).match
    after = live_part(client, bob, table)
    assert 'data-status="playing"' in after and f'data-game-url="/games/{match.pk}/"' in after
    assert re.search(r'data-state="([^"]*)"', before).group(1) != \
        re.search(r'data-state="([^"]*)"', after).group(1)
    assert f'data-game-url="/games/{match.pk}/"' in live_part(client, alice, table)
    # An onlooker sees the table change, but is taken nowhere.
    assert "data-game-url" not in live_part(client, carol, table)


def test_the_state_changes_when_an_invitation_is_taken_up(client, alice, bob):
    table = tables.open_table(alice, game="kasteel", size=3)
    tables.invite(table.pk, alice, "bob")
    invited = re.search(r'data-state="([^"]*)"', live_part(client, alice, table)).group(1)
    tables.join_table(table.pk, bob)
    joined = re.search(r'data-state="([^"]*)"', live_part(client, alice, table)).group(1)
    assert invited != joined
