"""A match keeps the options its rules started it with: replays and verify_games start
from them, for any game; matches stored before keep only the cards removed."""

from __future__ import annotations

import pytest

from games.core import services
from games.core.verify import StoredGame, new_game_options, verify_game
from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def stored(match) -> StoredGame:
    from games.management.commands.verify_games import stored_game

    match.refresh_from_db()
    return stored_game(match)


def test_it_keeps_druidenwalzers_removed_cards_as_its_options(alice, bob):
    match = new_game(alice, bob, strength={alice.pk: [3]})
    assert match.options["new_game"] == {"removed": {"moon": [3], "sun": []}}
    assert verify_game(stored(match)) is None


def test_it_replays_another_game_from_its_own_options(alice, bob, veto_game):
    match = services.start_match("veto-duel", {"red": alice, "blue": bob})
    services.play(match.pk, alice, {"type": "claim", "points": 2}, 0)
    services.play(match.pk, bob, {"type": "veto"}, 1)
    assert match.options["new_game"] == {}
    assert verify_game(stored(match)) is None


def test_it_reads_the_options_of_matches_stored_before_they_were_kept():
    assert new_game_options({"removed": {"moon": [2]}, "handicap_reasons": {}}) == {
        "removed": {"moon": [2]}}
    assert new_game_options({"removed": {}, "new_game": {}}) == {}
