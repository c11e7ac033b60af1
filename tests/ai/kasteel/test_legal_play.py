"""The heuristic always answers with a legal move, at every player count."""

from __future__ import annotations

from collections import Counter

import pytest

from games.ai import get_bot, levels_for

from .helpers import RULES, play_checked


def test_kasteel_offers_sprite_the_wanderer_and_the_archdruid():
    assert levels_for("kasteel") == ("random", "heuristic", "strong")
    assert type(get_bot("kasteel", "strong")).__name__ == "StrongBot"


@pytest.mark.parametrize(
    ("levels", "options", "seeds"),
    [
        (["heuristic", "heuristic"], {"players": 2, "limit": 4}, (1, 2)),
        (
            ["heuristic", "random", "heuristic", "random"],
            {"players": 4, "teams": True, "limit": 3},
            (3, 4),
        ),
        (["heuristic"] * 4 + ["random"] * 8, {"players": 12, "limit": 1}, (5,)),
    ],
    ids=["2 players", "4 players, teams", "12 players"],
)
def test_the_heuristic_plays_only_legal_moves(levels, options, seeds):
    kinds: Counter = Counter()

    def count(state, view, legal, move):
        if levels[view["viewer"]] == "heuristic":
            kinds[move["type"]] += 1
            kinds["jack" if move.get("card", "").startswith("F") else "other"] += 1

    for seed in seeds:
        state = play_checked(levels, seed, options, count)
        assert RULES.is_over(state)
    # The games met every kind of decision: placing, card plays, doubles.
    assert kinds["place"] and kinds["move"] and kinds["dice"], kinds


def test_it_places_its_home_order_highest_rank_first():
    state = RULES.new_game(9, {"players": 3})
    bot = get_bot("kasteel", "heuristic")
    import random

    while state.phase == 0:
        seat = RULES.to_move(state)
        move = bot.choose(RULES.view(state, seat), RULES.legal_moves(state), random.Random(1))
        state = RULES.apply(state, move, seat=seat).state
    view = RULES.view(state, None)
    assert all(seat["order"] == list("KDCBPSX") for seat in view["seats"])
