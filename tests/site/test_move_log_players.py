"""The move log names who made each move: the sentences name seats (a cult, a side, a
colour), and a reader looks for people. On the game page, its live fragment and the
replay, for every game."""

import re

import pytest
from django.urls import reverse

from games.core import services
from tests.site import kasteel_helpers
from tests.site.conftest import play_moves

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]

SEATS = {"druidenwalzer": ("moon", "sun"), "caesar-cleopatra": ("cleopatra", "caesar")}


def _started(game: str, alice, bob):
    if game == "kasteel":
        return kasteel_helpers.start([alice, bob])
    first, second = SEATS[game]
    return services.start_match(game, {first: alice, second: bob}, seed=5)


def _entries(html: str) -> list[tuple[str, str]]:
    """``(seat, player)`` of each entry of the move log."""
    log = html.split('class="move-log"', 1)[1]
    found = []
    for item in re.findall(r'<li (class="log-entry[^"]*".*?)</li>', log, re.S):
        seat = re.search(r'log-seat-([\w-]+)', item)
        player = re.search(r'class="log-player">([^<]*)<', item)
        found.append((seat.group(1) if seat else "", player.group(1) if player else ""))
    return found


@pytest.mark.parametrize("game", ["druidenwalzer", "caesar-cleopatra", "kasteel"])
def test_it_names_the_player_of_each_move(client, alice, bob, carol, game):
    count = 16 if game == "kasteel" else 6  # Kasteel's setup: each seat's 7 pieces in turn
    match = play_moves(_started(game, alice, bob), count)
    names = {seat.seat: seat.user.username for seat in match.seats.select_related("user")}
    for viewer, url in ((alice, "game"), (carol, "game"), (bob, "game_board")):
        client.force_login(viewer)
        entries = _entries(client.get(reverse(url, args=[match.pk])).content.decode())
        moves = [(seat, player) for seat, player in entries if seat]
        assert len(moves) == count
        assert all(player == names[seat] for seat, player in moves)
        assert {player for _seat, player in moves} == {"alice", "bob"}


def test_the_replay_names_them_too(client, alice, bob):
    match = play_moves(_started("caesar-cleopatra", alice, bob), 4)
    services.resign(match.pk, bob)
    client.force_login(alice)
    replay = client.get(reverse("game_replay", args=[match.pk]) + "?step=2").content.decode()
    caption = replay.split('class="replay-caption"', 1)[1].split("</p>", 1)[0]
    assert re.search(r'class="log-player">(alice|bob)<', caption)
    assert {player for _seat, player in _entries(replay) if player} == {"alice", "bob"}
