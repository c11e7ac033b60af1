"""Resignation, draw offers and rematches (with the rematch handicap)."""

import pytest

from games.core import services
from games.models import Challenge, Match, MoveRecord
from tests.games.helpers import new_game, play_first

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_records_a_resignation_as_a_loss(alice, bob):
    match = new_game(alice, bob)
    services.resign(match.pk, bob)
    match.refresh_from_db()
    assert match.end_reason == Match.Reason.RESIGN and match.winner_seat == "moon"
    assert {s.user.username: s.result for s in match.seats.all()} == {
        "alice": "win", "bob": "loss"}
    assert MoveRecord.objects.get(match=match).kind == MoveRecord.Kind.RESIGN


def test_it_lets_only_players_resign(alice, bob, carol):
    match = new_game(alice, bob)
    with pytest.raises(services.Forbidden):
        services.resign(match.pk, carol)


def test_it_agrees_a_draw_when_the_offer_is_accepted(alice, bob):
    match = new_game(alice, bob)
    services.offer_draw(match.pk, alice)
    with pytest.raises(services.Conflict):
        services.answer_draw(match.pk, alice, True)
    services.answer_draw(match.pk, bob, True)
    match.refresh_from_db()
    assert match.end_reason == Match.Reason.DRAW and match.winner_seat == ""
    assert {s.result for s in match.seats.all()} == {"draw"}


def test_it_clears_the_offer_when_declined(alice, bob):
    match = new_game(alice, bob)
    services.offer_draw(match.pk, alice)
    services.answer_draw(match.pk, bob, False)
    match.refresh_from_db()
    assert match.draw_offer_seat == "" and not match.is_over
    assert match.version == 2


def test_it_treats_a_move_as_declining_the_opponents_offer(alice, bob):
    match = new_game(alice, bob)
    play_first(match)  # alice (moon) places
    services.offer_draw(match.pk, alice)
    play_first(Match.objects.get(pk=match.pk))  # bob moves instead of answering
    assert Match.objects.get(pk=match.pk).draw_offer_seat == ""


def test_it_makes_a_mutual_offer_a_draw(alice, bob):
    match = new_game(alice, bob)
    services.offer_draw(match.pk, alice)
    services.offer_draw(match.pk, bob)
    assert Match.objects.get(pk=match.pk).end_reason == Match.Reason.DRAW


def test_it_offers_and_accepts_a_rematch_with_the_rematch_handicap(alice, bob):
    match = new_game(alice, bob)
    services.resign(match.pk, bob)  # alice wins
    offer = services.rematch(match.pk, alice)
    assert isinstance(offer, Challenge) and offer.opponent == bob
    second = services.rematch(match.pk, bob)  # bob accepts alice's offer
    assert isinstance(second, Match) and second.rematch_of_id == match.pk
    removed = {s.user.username: s.removed for s in second.seats.all()}
    assert removed == {"alice": [2], "bob": []}
    seat_of_alice = second.seats.get(user=alice).seat
    assert "Rematch rule" in second.options["handicap_reasons"][seat_of_alice]
    # The seats swap cults for the rematch.
    assert seat_of_alice != match.seats.get(user=alice).seat


def test_it_raises_the_handicap_to_a_three_after_two_wins_and_ends_it_on_a_loss(alice, bob):
    first = new_game(alice, bob)
    services.resign(first.pk, bob)
    second = new_game(alice, bob)
    assert second.seats.get(user=alice).removed == [2]
    services.resign(second.pk, bob)
    third = new_game(alice, bob)
    assert third.seats.get(user=alice).removed == [3]
    services.resign(third.pk, bob)
    fourth = new_game(alice, bob)
    assert fourth.seats.get(user=alice).removed == [3]
    services.resign(fourth.pk, alice)  # the streak ends
    fifth = new_game(alice, bob)
    assert fifth.seats.get(user=alice).removed == []
    assert fifth.seats.get(user=bob).removed == [2]


def test_it_refuses_a_rematch_before_the_end(alice, bob):
    match = new_game(alice, bob)
    with pytest.raises(services.Conflict):
        services.rematch(match.pk, alice)
