"""The players' names on the game page link to their profile pages (where one follows,
blocks or reports them), in all three games, for players and spectators alike."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.site import caesar_cleopatra as cc
from tests.site import kasteel_helpers as kasteel
from tests.site.conftest import start as start_druidenwalzer

pytestmark = pytest.mark.django_db

STARTS = {
    "caesar-cleopatra": lambda alice, bob: cc.start(alice, bob),
    "kasteel": lambda alice, bob: kasteel.start([alice, bob]),
    "druidenwalzer": start_druidenwalzer,
}


@pytest.mark.parametrize("game", sorted(STARTS))
def test_it_links_each_players_name_to_their_profile(client, alice, bob, carol, game):
    match = STARTS[game](alice, bob)
    for viewer in (alice, bob, carol):
        client.force_login(viewer)
        html = client.get(reverse("game", args=[match.pk])).content.decode()
        board = html.split('class="game-live"', 1)[1].split('id="game-data"', 1)[0]
        for name in ("alice", "bob"):
            link = f'href="{reverse("profile", args=[name])}"'
            assert link in board, (game, viewer, name)
