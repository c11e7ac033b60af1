"""The small Caesar & Cleopatra board of the home page tells the influence the way
the game page does: a card face down to the player hides the whole group's
figures, so neither player is told that they lead by their own hidden cards."""

from __future__ import annotations

import random

import pytest

from games.boards.caesar_cleopatra_page import table_context
from games.boards.minis import mini_board
from games.core.visibility import board_view
from games.rules import get_rules
from tests.site import caesar_cleopatra as cc

RULES = get_rules("caesar-cleopatra")
SEATS = ("cleopatra", "caesar")


def mini_totals(view: dict, viewer: str) -> list[dict[str, int]]:
    board = mini_board("caesar-cleopatra", view, viewer)
    return [{bar["seat"]: bar["total"] for bar in column["bars"]} for column in board["columns"]]


def page_totals(view: dict, viewer: str) -> list[dict[str, int]]:
    groups = table_context(view, viewer, viewer, [])["cc_groups"]
    return [{side["seat"]: side["total"] for side in (group["top"], group["bottom"])}
            for group in groups]


@pytest.mark.django_db
def test_it_tells_neither_player_that_they_lead_after_the_setup(alice, bob):
    # Each side has one face-down card at every group, its own values known to it.
    match = cc.set_up(cc.start(alice, bob))
    for viewer in SEATS:
        view = board_view(match, viewer)
        board = mini_board("caesar-cleopatra", view, viewer)
        assert "leads in 0 of 5 groups" in board["label"]
        assert mini_totals(view, viewer) == [{"cleopatra": 0, "caesar": 0}] * 5


@pytest.mark.parametrize("seed", range(6))
def test_it_shows_the_game_pages_figures_at_every_position_of_a_random_game(seed):
    rng = random.Random(seed)
    state = RULES.new_game(seed)
    steps = 0
    while not RULES.is_over(state) and steps < 400:
        for viewer in SEATS:
            view = RULES.view(state, viewer)
            assert mini_totals(view, viewer) == page_totals(view, viewer), (seed, steps)
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state))).state
        steps += 1
