"""The helpers that play a game forward hold for every deal."""

import pytest

from games.core import services
from tests.api.helpers import play_until_a_draw_of_cards


@pytest.mark.django_db
def test_it_reaches_a_draw_of_cards_where_waltzing_on_would_end_the_game_first(
        alice, bob, no_turn_mails):
    # In this deal, waltzing whenever possible brings the game to its end before
    # anyone draws (about one deal in three thousand).
    match = services.start_match("druidenwalzer", {"moon": alice, "sun": bob}, seed=2845)
    match = play_until_a_draw_of_cards(match)
    assert match.status == "active"
    assert any(e.get("type") == "draw" for r in match.records.all() for e in r.events)
