"""A game ended by the site (resignation, time, agreed draw, an admin's annulment) keeps
its last position, which may still owe a decision: the page then says the game is
over and how, and never that it waits for anyone (all three games)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.core import services
from games.models import Match
from tests.site import caesar_cleopatra as cc
from tests.site import kasteel_helpers as kasteel
from tests.site.conftest import start as start_druidenwalzer

pytestmark = pytest.mark.django_db

WAITING_WORDS = ("waits for", "Waiting for", "to move", "walk the total or one die",
                 "Draw a card")


def cc_owing_a_draw(alice, bob) -> Match:
    """Caesar & Cleopatra with Caesar owing the draw of a card (after Wrath of the Gods
    against him): the decision a resignation leaves behind."""
    match = cc.set_up(cc.start(alice, bob))

    def change(state: dict) -> None:
        state.update(step="placed", action_played=True, to_move="caesar",
                     pending={"kind": "draw", "player": "caesar", "count": 1})
    return cc.edit_state(match, change)


def kasteel_running(alice, bob) -> Match:
    return kasteel.setup_done(kasteel.start([alice, bob]))


def druidenwalzer_running(alice, bob) -> Match:
    return start_druidenwalzer(alice, bob)


GAMES = {"caesar-cleopatra": cc_owing_a_draw, "kasteel": kasteel_running,
         "druidenwalzer": druidenwalzer_running}


def end(match: Match, how: str, alice, bob, staff) -> None:
    loser = bob if match.seats.get(user=bob) else alice
    if how == "resign":
        services.resign(match.pk, loser)
    elif how == "draw":
        services.offer_draw(match.pk, alice)
        services.answer_draw(match.pk, bob, True)
    elif how == "timeout":
        match.seats.exclude(deadline=None).update(deadline=timezone.now() - timedelta(hours=1))
        assert services.expire_deadlines() == [match.pk]
    elif how == "annulled":
        services.resign(match.pk, loser)
        services.annul_result(match.pk, staff, "a bug in the clock")


EXPECTED = {"resign": "by resignation", "draw": "Game over: draw (agreed)",
            "timeout": "on time", "annulled": "annulled by an admin"}


def page(client, user, match) -> str:
    if user is None:
        client.logout()
    else:
        client.force_login(user)
    return client.get(reverse("game", args=[match.pk])).content.decode()


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("how", sorted(EXPECTED))
def test_it_says_the_game_is_over_and_how_and_waits_for_nobody(
        client, alice, bob, carol, staff, game, how):
    match = GAMES[game](alice, bob)
    end(match, how, alice, bob, staff)
    match.refresh_from_db()
    assert match.is_over
    for viewer in (alice, bob, carol, None):
        html = page(client, viewer, match)
        live = html.split('class="game-live"', 1)[1].split('id="game-data"', 1)[0]
        panel = live.split('id="end-title"', 1)[1].split("</h2>", 1)[0]
        assert "Game over" in panel and EXPECTED[how] in panel, panel
        found = [words for words in WAITING_WORDS if words in live]
        assert not found, (viewer, found)


def test_it_still_says_who_owes_the_decision_while_the_game_runs(client, alice, bob):
    match = cc_owing_a_draw(alice, bob)
    assert "The game waits for Caesar to draw a card." in page(client, alice, match)


def test_a_win_of_every_seat_is_said_to_be_a_tie():
    """Kasteel's length limit with equal castle scores: every seat wins, and the page
    says it is a tie rather than "red, blue won"; two winners of three simply won."""
    from games.core import catalog
    from games.pages.game import _over

    game = catalog.get("kasteel")
    result = {"winner": "0+1", "reason": "rules", "detail": "limit"}
    two = {"0": {"player": "alice"}, "1": {"player": "bob"}}
    assert _over(game, result, two, [])["text"] == (
        "Game over: a tie, red, blue (alice, bob) share the win at the length limit, "
        "with the highest castle score")
    three = {**two, "2": {"player": "carol"}}
    assert _over(game, result, three, [])["text"].startswith(
        "Game over: red, blue (alice, bob) won at the length limit")
