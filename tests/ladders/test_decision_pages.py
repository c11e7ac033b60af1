"""One decision closes every open dispute of its game, whichever page it came from; an
annulled game's page does not wait for ratings that will never come."""

from __future__ import annotations

import pytest

from games.core import disputes
from games.models import Dispute
from ladders import services
from tests.conftest import make_user
from tests.ladders.helpers import fill, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(ladder, finished):
    alice, bob = make_user("alice"), make_user("bob")
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    finished(win, game, bob)
    return game


def test_a_ladder_correction_closes_the_games_disputes(game, staff, finished, client):
    disputes.open_dispute(game.match_id, game.defender, "I resigned by mistake")
    finished(services.correct_result, game.pk, staff, "defender", "a misclick")

    dispute = Dispute.objects.get(match_id=game.match_id)
    assert dispute.status == Dispute.Status.CORRECTED
    assert (dispute.decided_by, dispute.decision) == (staff, "a misclick")
    client.force_login(game.defender)
    page = client.get(f"/games/{game.match_id}/").content.decode()
    assert "An admin will look at it" not in page
    assert "result corrected (a misclick)" in page


def test_an_annulment_closes_both_players_disputes(game, staff, finished):
    disputes.open_dispute(game.match_id, game.defender, "a misclick")
    disputes.open_dispute(game.match_id, game.challenger, "I want the win counted twice")
    finished(services.correct_result, game.pk, staff, "annul", "played by someone else")
    assert set(Dispute.objects.values_list("status", flat=True)) == {Dispute.Status.ANNULLED}


def test_an_annulled_games_page_waits_for_no_ratings(game, staff, finished, client):
    finished(services.correct_result, game.pk, staff, "annul", "played by someone else")
    client.force_login(game.challenger)
    page = client.get(f"/games/{game.match_id}/").content.decode()
    assert "The ratings are being updated" not in page
