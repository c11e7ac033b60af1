"""Who may do what with a game, and that no one but a seat's player sees its hand.

Viewers: anonymous, the player on move (alice, moon), the opponent (bob, sun),
an outsider (carol) and an admin (staff), who in a game is a spectator too.
"""

from __future__ import annotations

import json

import pytest

from tests.api.helpers import first_legal, play_until_a_draw_of_cards, post, snapshot, url

pytestmark = pytest.mark.django_db

VIEWERS = ("anonymous", "player", "opponent", "outsider", "staff")
SEAT_OF = {"player": "moon", "opponent": "sun"}
OTHER = {"moon": "sun", "sun": "moon"}


@pytest.fixture
def users(alice, bob, carol, staff) -> dict:
    return {"anonymous": None, "player": alice, "opponent": bob, "outsider": carol,
            "staff": staff}


@pytest.fixture
def played(game):
    """A game in play in which cards have been drawn (events with secret parts)."""
    return play_until_a_draw_of_cards(game)


def _hands(view: dict) -> dict:
    return {seat: player["hand"] for seat, player in view["players"].items()}


def _assert_sees_own_hand_only(view: dict, seat: str | None) -> None:
    for name, hand in _hands(view).items():
        if name == seat:
            assert isinstance(hand, list), f"{seat} does not see its own hand"
        else:
            assert hand is None, f"{seat or 'a spectator'} sees the hand of {name}"


def _assert_no_secret_draws(records: list, seat: str | None) -> None:
    draws = [e for r in records for e in r["events"] if e["type"] == "draw"]
    assert draws, "the game has no draw events to check"
    for event in draws:
        assert "secret" not in event
        assert ("cards" in event) == (event["player"] == seat)


@pytest.mark.parametrize("viewer", VIEWERS)
def test_it_shows_each_viewer_its_own_hand_at_most(client_for, users, played, viewer):
    seat = SEAT_OF.get(viewer)
    client = client_for(users[viewer])

    detail = client.get(url(played))
    assert detail.status_code == 200
    assert detail.json()["viewer"] == seat
    _assert_sees_own_hand_only(detail.json()["view"], seat)
    owes = seat in detail.json()["to_move"]
    assert bool(detail.json()["legal_moves"]) == owes

    legal = client.get(url(played, "legal")).json()
    assert bool(legal["moves"]) == owes and legal["viewer"] == seat

    events = client.get(url(played, "events")).json()
    assert events["viewer"] == seat
    _assert_no_secret_draws(events["records"], seat)

    export = client.get(url(played, "export")).json()
    _assert_sees_own_hand_only(export["view"], seat)
    _assert_no_secret_draws(export["records"], seat)
    assert "seed" not in export

    for answer in (detail.json(), legal, events, export):
        assert '"secret"' not in json.dumps(answer)


def test_it_never_puts_a_board_in_a_list_of_games(client_for, users, played):
    for viewer in ("player", "opponent"):
        results = client_for(users[viewer]).get("/api/games/").json()["results"]
        assert [game["id"] for game in results] == [played.pk]
        assert "view" not in results[0] and "legal_moves" not in results[0]


# The answers of each write for each viewer on a fresh game (moon, alice, to move).
WRITES = {
    "move": {"anonymous": 401, "player": 200, "opponent": 409, "outsider": 403, "staff": 403},
    "resign": {"anonymous": 401, "player": 200, "opponent": 200, "outsider": 403, "staff": 403},
    "draw": {"anonymous": 401, "player": 200, "opponent": 200, "outsider": 403, "staff": 403},
    "rematch": {"anonymous": 401, "player": 409, "opponent": 409, "outsider": 403,
                "staff": 403},
}


def _body(action: str, game) -> dict:
    if action == "move":
        return {"move": first_legal(game), "version": game.version}
    if action == "draw":
        return {"action": "offer", "version": game.version}
    if action == "resign":
        return {"version": game.version}
    return {}


@pytest.mark.parametrize("viewer", VIEWERS)
@pytest.mark.parametrize("action", list(WRITES))
def test_it_lets_only_players_write(client_for, users, game, action, viewer):
    expected = WRITES[action][viewer]
    before = snapshot(game)
    response = post(client_for(users[viewer]), url(game, action), _body(action, game))
    assert response.status_code == expected, response.json()
    if expected == 200:
        seat = SEAT_OF[viewer]
        assert response.json()["viewer"] == seat
        assert response.json()["version"] == before["version"] + 1
        _assert_sees_own_hand_only(response.json()["view"], seat)
    else:
        assert set(response.json()) >= {"error", "code"}
        assert snapshot(game) == before
