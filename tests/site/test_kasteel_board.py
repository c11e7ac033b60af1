"""Strijd om het Kasteel's board: the ring for 2 to 12 seats, each seat's own hand and
nobody else's, the doubles decision, and the move log in words."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.urls import reverse

from games.boards.kasteel_log import piece_label, seat_label
from games.core import catalog
from tests.site.conftest import game_data
from tests.site.kasteel_helpers import (
    hidden_cards,
    leaks,
    play,
    setup_done,
    start,
    users,
)

pytestmark = pytest.mark.django_db

TABLES = {"2": (2, False), "3": (3, False), "4 teams": (4, True), "12": (12, False)}


def in_first_cycle(state: dict) -> bool:
    """Stop before the first cycle's last deal is played out (then cards come back)."""
    return state.get("cycle", 1) > 1 or state["deal"] >= 3 or state["phase"] == "over"


def played(alice, bob, carol, players: int, teams: bool, moves: int = 12):
    """A match in play, still in its first dealing cycle (no card has come back)."""
    match = start(users(alice, bob, carol, count=players), teams=teams)
    match = setup_done(match)
    return play(match, moves, rng=random.Random(players), until=in_first_cycle)


def get(client, user, name, match, query=""):
    client.logout()
    if user is not None:
        client.force_login(user)
    response = client.get(reverse(name, args=[match.pk]) + query)
    assert response.status_code == 200, (name, response.status_code)
    return response.content.decode()


def api(client, user, path):
    client.logout()
    if user is not None:
        client.force_login(user)
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()


@pytest.mark.parametrize("table", TABLES)
def test_it_draws_the_ring_for_every_seat_and_never_shows_a_hidden_card(client, alice, bob,
                                                                         carol, table):
    players, teams = TABLES[table]
    match = played(alice, bob, carol, players, teams)
    state = match.state
    assert state["phase"] == "play" and state.get("cycle", 1) == 1
    seats = {seat.seat: seat.user for seat in match.seats.select_related("user")}
    outsider = users(alice, bob, carol, count=13)[-1] if players == 12 else carol
    viewers = [*seats.items(), (None, None)]
    if outsider not in seats.values():
        viewers.append((None, outsider))
    for seat, user in viewers:
        hidden = hidden_cards(state, seat)
        assert leaks(json.dumps(state), hidden)  # the control: the detector finds them
        page = get(client, user, "game", match)
        assert page.count('class="k-piece ') == 7 * players
        assert page.count('class="k-square ') == 18 * players
        assert page.count('class="k-castle-place') == 7 * players
        assert 'viewBox="0 0 ' in page and "k-turn-order" in page
        fragment = get(client, user, "game_board", match)
        texts = {
            "page": page, "fragment": fragment,
            "api": api(client, user, f"/api/games/{match.pk}/"),
            "events": api(client, user, f"/api/games/{match.pk}/events/?since=0"),
            "export": get(client, user, "game_export", match),
            "legal": api(client, user, f"/api/games/{match.pk}/legal/")
            if seat is not None else "",
        }
        for where, text in texts.items():
            assert not leaks(text, hidden), (table, seat, where, leaks(text, hidden)[:3])
            assert str(match.seed) not in text, (table, seat, where)
        if seat is not None:
            own = state["seats"][int(seat)]["hand"]
            for card in own:  # the control: a player sees their own hand
                assert f'data-card="{card}"' in page
        else:
            assert "hand-card" not in page and "Your hand" not in page


def test_it_sends_each_socket_only_its_own_seats_hand(alice, bob, carol, monkeypatch,
                                                      django_capture_on_commit_callbacks):
    from games.realtime import broadcast

    match = played(alice, bob, carol, 4, True, moves=4)
    sent = []
    monkeypatch.setattr(broadcast, "publish_many", lambda messages: sent.extend(messages))
    with django_capture_on_commit_callbacks(execute=True):
        match = play(match, 3, until=in_first_cycle)
    assert sent
    state = match.state
    for group, message in sent:
        if not group.startswith("match-"):
            continue
        viewer = group.rsplit("-", 1)[1]
        seat = None if viewer == "public" else viewer
        text = json.dumps(message)
        # A message reflects its own version; the hands then held are no more than
        # the ones now held plus the cards played since (public in the discard).
        assert not leaks(text, [c for c in hidden_cards(state, seat)
                                if c not in state["discard"]]), group


def test_it_offers_only_the_legal_choices_and_the_labels_the_script_needs(client, alice, bob,
                                                                          carol):
    match = start(users(alice, bob, carol, count=3))
    state = match.state
    mover = match.seats.get(seat=str(state["to_move"])).user
    data = game_data(get(client, mover, "game", match))
    assert data["phase"] == "setup" and {m["type"] for m in data["legal"]} == {"place"}
    assert set(data["pieces"]) == {m["piece"] for m in data["legal"]}
    assert "Your move: put your next piece into your home row" in get(client, mover, "game",
                                                                      match)
    others = [s.user for s in match.seats.all() if s.user != mover]
    assert game_data(get(client, others[0], "game", match))["legal"] == []
    match = setup_done(match)
    mover = match.seats.get(seat=str(match.state["to_move"])).user
    data = game_data(get(client, mover, "game", match))
    cards = {m["card"] for m in data["legal"] if m["type"] == "move"}
    assert cards and cards <= set(match.state["seats"][match.state["to_move"]]["hand"])
    assert all(card in data["cards"] for card in cards)
    # A discard names Joker and Jack as a reason only while they wait (the first round).
    assert data["first_round"] is True
    later = play(match, 30, rng=random.Random(2), until=lambda s: not s["first_round"])
    assert later.state["first_round"] is False
    mover = later.seats.get(seat=str(later.state["to_move"])).user
    assert game_data(get(client, mover, "game", later))["first_round"] is False


def test_it_asks_the_doubles_decision_of_the_mover_and_tells_the_others(client, alice, bob,
                                                                        carol):
    match = setup_done(start(users(alice, bob, carol, count=3), seed=11))
    match = play(match, 400, rng=random.Random(5), until=lambda s: s["pending"] is not None)
    pending = match.state["pending"]
    assert pending is not None, "the seeded game should roll doubles"
    seat = str(match.state["to_move"])
    mover = match.seats.get(seat=seat).user
    mine = get(client, mover, "game", match)
    die = pending["dice"][0]
    assert f"Doubles ({die} and {die}): walk the total or one die?" in mine
    assert {m["choice"] for m in game_data(mine)["legal"]} == {"total", "one"}
    assert game_data(mine)["pending"]["piece"] == pending["piece"]
    # the script names the piece in words ("Count (green)"), not its code
    assert game_data(mine)["pieces"][pending["piece"]] == piece_label(pending["piece"])
    label = catalog.get("kasteel").seat_label(seat)
    for other in match.seats.exclude(seat=seat):
        html = get(client, other.user, "game", match)
        assert f"Waiting for {label}&#x27;s decision (walk the total or one die?)" in html
        assert game_data(html)["legal"] == []


def test_it_offers_two_seats_in_a_challenge_and_more_at_a_table():
    game = catalog.get("kasteel")
    assert [name for name, _label in game.seat_choices()] == ["random", "0", "1"]
    assert game.max_seats == 12 and len(game.seats) == 12
    assert len({str(seat.label) for seat in game.seats}) == 12
    assert "random" in game.ai_levels


def test_it_offers_no_draw_at_a_table_of_three(client, alice, bob, carol):
    match = played(alice, bob, carol, 3, False, moves=1)
    html = get(client, alice, "game", match)
    assert "Resign…" in html and "Offer a draw" not in html


def test_it_keeps_the_tables_options_for_replays(alice, bob, carol):
    match = start(users(alice, bob, carol, count=4), teams=True, limit=3)
    assert match.options["new_game"] == {"players": 4, "teams": True, "limit": 3}
    assert match.state["teams"] is True and match.state["limit"] == 3
    assert sorted(match.seats.values_list("seat", flat=True)) == ["0", "1", "2", "3"]


def test_it_draws_coordinates_the_same_in_dutch(client, alice, bob, carol):
    match = played(alice, bob, carol, 3, False, moves=2)
    client.force_login(alice)
    html = client.get(reverse("game", args=[match.pk]), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    box = re.search(r'viewBox="0 0 ([^"]+)"', html).group(1)
    assert "," not in box and "Strijd om het Kasteel" in html


@pytest.mark.parametrize("players", [2, 4, 12])
def test_it_turns_the_ring_so_that_the_viewers_seat_is_at_the_bottom(players):
    from games.boards.kasteel_ring import board

    view = {"players": players, "seats": [{} for _ in range(players)]}
    for bottom in range(players):
        drawn = board(view, bottom=bottom)
        centre = drawn["centre"]
        castles = {seat["seat"]: seat["castles"][-1] for seat in drawn["seats"]}
        # The bottom seat's castle reaches down from the ring, below every other seat's.
        assert castles[bottom]["y"] > centre + drawn["radius"]
        assert castles[bottom]["y"] == max(c["y"] for c in castles.values())
        assert abs(castles[bottom]["x"] - centre) < drawn["radius"] * 0.8
    assert board(view)["bottom"] == 0  # a spectator: the first seat at the bottom


def test_it_says_that_a_cards_colour_is_not_the_players(client, alice, bob, carol):
    # A newcomer read "Your hand (blue)" above red and orange cards: the caption now
    # names the seat played and says any colour moves one's own piece; the key tells
    # what a card's colour decides.
    match = played(alice, bob, carol, 2, False, moves=2)
    seat = seat_label(match.seats.get(user=alice).seat)
    page = get(client, alice, "game", match)
    assert re.search(rf"\(you play {seat}; a card of any colour moves your own piece\)",
                     page, re.I), page[:200]
    assert "it only decides who stands in front" in page
