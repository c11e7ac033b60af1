"""The end-of-game panel: the reason, the ratings before and after, the rematch offer's
state on both sides and the replay link, all in the live fragment (no reload needed)."""

import pytest
from django.urls import reverse

from games.core import services
from tests.games.helpers import finish_by_resign, new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def fragment(client, user, match) -> str:
    client.force_login(user)
    return client.get(reverse("game_board", args=[match.pk])).content.decode()


def panel(html: str) -> str:
    return html.split('id="end-panel"', 1)[1].split("</section>", 1)[0]


@pytest.fixture
def finished(alice, bob):
    match = new_game(alice, bob)
    return finish_by_resign(match, bob)


def test_it_shows_no_panel_while_the_game_runs(client, alice, bob):
    assert 'id="end-panel"' not in fragment(client, alice, new_game(alice, bob))


def test_it_shows_the_reason_and_the_replay_link_in_the_fragment(client, alice, finished):
    html = panel(fragment(client, alice, finished))
    assert "Game over" in html and "won" in html and "resign" in html.lower()
    assert f'href="{reverse("game_replay", args=[finished.pk])}"' in html
    assert 'id="rematch-offer"' in html and 'id="next-game"' in html


def test_it_shows_the_ratings_before_and_after(client, alice, bob,
                                                django_capture_on_commit_callbacks):
    match = new_game(alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        finish_by_resign(match, bob)
    html = panel(fragment(client, alice, match))
    assert "being updated" not in html
    assert "Before" in html and "After" in html
    assert "1500" in html and "(+" in html and "(-" in html


def test_it_shows_the_rematch_offer_on_both_sides(client, alice, bob, finished):
    services.rematch(finished.pk, alice)
    mine = panel(fragment(client, alice, finished))
    assert "Rematch offered: waiting for the answer." in mine
    assert 'id="rematch-offer"' not in mine and "Withdraw the offer" in mine
    theirs = panel(fragment(client, bob, finished))
    assert "alice offers a rematch." in theirs and 'id="rematch-accept"' in theirs


def test_it_shows_the_accepted_rematch_with_a_link_to_the_new_game(client, alice, bob, finished):
    services.rematch(finished.pk, alice)
    new = services.rematch(finished.pk, bob)
    for user in (alice, bob):
        html = panel(fragment(client, user, finished))
        assert "Rematch accepted." in html
        assert f'href="{reverse("game", args=[new.pk])}"' in html


def test_it_shows_a_declined_rematch_and_brings_the_player_back(client, alice, bob, finished):
    offer = services.rematch(finished.pk, alice)
    client.force_login(bob)
    response = client.post(reverse("challenge_action", args=[offer.pk, "decline"]))
    assert response.url == reverse("game", args=[finished.pk])
    html = panel(fragment(client, alice, finished))
    assert "The rematch was declined." in html and 'id="rematch-offer"' in html


def test_it_shows_spectators_the_offer_without_buttons(client, alice, carol, finished):
    services.rematch(finished.pk, alice)
    html = panel(fragment(client, carol, finished))
    assert "alice offers a rematch." in html
    assert "<form" not in html and 'id="next-game"' not in html
