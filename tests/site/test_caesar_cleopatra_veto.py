"""Out-of-turn decisions in Caesar & Cleopatra: the opponent of the player on turn
owes the Veto question (and the Spy's victim the draw after it); the page, the API,
the clocks and the turn mail follow the seat that owes the decision."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse
from rest_framework.test import APIClient

from games.realtime import notifications
from tests.site.caesar_cleopatra import edit_state, set_up, start, swap_into_hand
from tests.site.conftest import game_data

pytestmark = pytest.mark.django_db


def page(client, match, user=None):
    client.logout()
    if user is not None:
        client.force_login(user)
    response = client.get(reverse("game", args=[match.pk]))
    assert response.status_code == 200
    return response.content.decode()


def move(match, user, body):
    client = APIClient()
    client.force_authenticate(user=user)
    match.refresh_from_db()
    return client.post(f"/api/games/{match.pk}/move/", {"move": body, "version": match.version},
                       format="json")


def arm(state: dict, *, veto: bool = True) -> None:
    """Cleopatra holds a Scout and a Spy; Caesar a Veto (unless ``veto`` is False)."""
    swap_into_hand(state, "cleopatra", "C-scout", "C5")
    swap_into_hand(state, "cleopatra", "C-spy", "C4")
    if veto:
        swap_into_hand(state, "caesar", "R-veto", "R5")


@pytest.fixture
def armed(alice, bob):
    match = set_up(start(alice, bob))
    return edit_state(match, arm)


def test_it_asks_the_opponent_and_waits_for_that_answer(client, armed, alice, bob, carol,
                                                         settings,
                                                         django_capture_on_commit_callbacks):
    settings.NOTIFY_DELAY_SECONDS = 0
    with django_capture_on_commit_callbacks(execute=True):
        response = move(armed, alice, {"type": "action", "card": "C-scout", "group": "senators"})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["to_move"] == ["caesar"] and body["legal_moves"] == []
    assert body["view"]["pending"]["kind"] == "veto"

    # The clock runs for the seat that owes the Veto; the turn mail goes there.
    seats = {seat.seat: seat for seat in armed.seats.all()}
    assert seats["caesar"].deadline is not None and seats["cleopatra"].deadline is None
    armed.refresh_from_db()
    assert notifications.turns_to_mail() == [(seats["caesar"].pk, armed.version)]
    assert notifications.notify_turn(seats["caesar"].pk, armed.version)
    assert mail.outbox[-1].to == ["bob@example.org"]
    assert not notifications.notify_turn(seats["cleopatra"].pk, armed.version)

    mine = page(client, armed, bob)
    assert "Your decision: Veto?" in mine
    assert "Cleopatra played Scout. The game waits for Caesar: Veto or not?" in mine
    assert game_data(mine)["legal"] == [{"type": "veto"}, {"type": "no_veto"}]
    for user in (alice, carol, None):
        html = page(client, armed, user)
        assert "Waiting for Caesar&#x27;s decision (Veto?) — bob" in html
        assert game_data(html)["legal"] == []
    assert "Cleopatra played Scout at the Senators" in page(client, armed, carol)

    # Only Caesar may answer.
    refused = move(armed, alice, {"type": "veto"})
    assert refused.status_code == 409 and "not your turn" in refused.content.decode()

    assert move(armed, bob, {"type": "veto"}).status_code == 200
    armed.refresh_from_db()
    html = page(client, armed, alice)
    assert "Caesar vetoed Scout: both cards are discarded" in html
    assert "Waiting for Caesar&#x27;s decision (Draw a card) — bob" in html
    assert "Your decision: Draw a card" in page(client, armed, bob)
    draws = game_data(page(client, armed, bob))["legal"]
    assert {m["type"] for m in draws} == {"draw"} and all(
        m["influence"] + m["action"] == 1 for m in draws)
    assert move(armed, bob, draws[0]).status_code == 200
    assert "Your move: place influence" in page(client, armed, alice)
    seats = {seat.seat: seat for seat in armed.seats.all()}
    assert seats["cleopatra"].deadline is not None and seats["caesar"].deadline is None


def test_it_carries_out_an_action_card_not_vetoed(client, armed, alice, bob):
    move(armed, alice, {"type": "action", "card": "C-scout", "group": "senators"})
    assert move(armed, bob, {"type": "no_veto"}).status_code == 200
    html = page(client, armed, alice)
    assert "Caesar did not veto Scout" in html
    assert "Scout: Caesar&#x27;s face-down cards at the Senators are turned up: 2" in html
    assert 'data-name="R2" title="2"' in html  # now face up, for everyone


def test_it_shows_the_spied_hand_to_the_spy_only(client, alice, bob, carol):
    match = set_up(start(alice, bob))
    edit_state(match, lambda state: arm(state, veto=False))
    move(match, alice, {"type": "action", "card": "C-spy"})
    # Without a Veto in hand Caesar is asked all the same: "no" is his one answer.
    assert game_data(page(client, match, bob))["legal"] == [{"type": "no_veto"}]
    move(match, bob, {"type": "no_veto"})
    spy = page(client, match, alice)
    assert "Your decision: Spy: choose a card" in spy
    assert "Caesar's hand (your Spy looks)" in spy
    hand = match.seats.model.objects.get(match=match, seat="caesar").match.state[
        "players"]["caesar"]["hand"]
    for card in hand:
        assert f'data-spy="{card}"' in spy
    for user in (bob, carol):
        assert "your Spy looks" not in page(client, match, user)
    assert "Waiting for Cleopatra&#x27;s decision (Spy: choose a card)" in page(client, match, bob)
    assert move(match, alice, {"type": "spy", "card": hand[0]}).status_code == 200
    assert "your Spy looks" not in page(client, match, alice)
