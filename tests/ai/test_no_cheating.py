"""No cheating: a bot's input is the view and the legal moves, nothing else.

Two full states that differ only in cards hidden from the bot's seat (the
opponent's hand, face-down and covered cards, the cult-board piles below
their tops, the order and content of both draw piles, the secret seed) give
the bot exactly the same input, and so, with the same rng seed, the same
move.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from games.ai import Budget, get_bot

from .helpers import RULES

BUDGETS = {"random": None, "heuristic": None, "strong": Budget(iterations=300)}


def _midgame(seed: int, turns: int):
    rng = random.Random(seed)
    state = RULES.new_game(seed)
    while RULES.turn_number(state) < turns or state.phase != 1:
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state))).state
        assert not RULES.is_over(state)
    return state


def _reshuffle_hidden(state, viewer: str, rng: random.Random, keep_cults: bool):
    """A copy of ``state`` with the cards hidden from ``viewer`` dealt anew.

    ``keep_cults``: face-down cards stay with their owner's cult (a state
    the real game can reach); otherwise every hidden card may go anywhere.
    """
    data = copy.deepcopy(RULES.to_json(state))
    # Work on separate lists for the covered cards and the cult-board pile
    # below its top, and put the visible tops back at the end.
    for player in data["players"].values():
        for tree in player["trees"]:
            tree["covered"] = tree["up"][:-1]
        player["below"] = player["cult_board"][:-1]

    def places(seat_name: str, player: dict, face_down: bool) -> list[list]:
        if face_down:
            return [tree["down"] for tree in player["trees"]]
        lists = [tree["covered"] for tree in player["trees"]]
        lists += [player["below"], player["draw_pile"]]
        if seat_name != viewer:
            lists.append(player["hand"])
        return lists

    groups: list[list[list]] = []
    if keep_cults:
        for seat_name, player in data["players"].items():
            groups.append(places(seat_name, player, True))
        groups.append(
            [lst for name, p in data["players"].items() for lst in places(name, p, False)]
        )
    else:
        groups.append(
            [
                lst
                for name, p in data["players"].items()
                for face_down in (True, False)
                for lst in places(name, p, face_down)
            ]
        )
    for lists in groups:
        cards = [card for lst in lists for card in lst]
        rng.shuffle(cards)
        for lst in lists:
            count = len(lst)
            lst[:] = cards[:count]
            del cards[:count]
    for player in data["players"].values():
        for tree in player["trees"]:
            tree["up"] = tree.pop("covered") + tree["up"][-1:]
        player["cult_board"] = player.pop("below") + player["cult_board"][-1:]
    data["seed"] = rng.randrange(10**9)
    return RULES.from_json(data)


@pytest.mark.parametrize("keep_cults", [True, False])
@pytest.mark.parametrize("seed", [3, 11, 29])
def test_it_chooses_the_same_move_whatever_the_hidden_cards(seed, keep_cults):
    state = _midgame(seed, turns=12)
    viewer = RULES.to_move(state)
    other = _reshuffle_hidden(state, viewer, random.Random(seed + 1), keep_cults)
    # The two states really differ in what the bot cannot see...
    assert RULES.to_json(other) != RULES.to_json(state)
    assert RULES.to_json(other)["players"] != RULES.to_json(state)["players"]
    # ...and not at all in what it can.
    view, legal = RULES.view(state, viewer), RULES.legal_moves(state)
    assert RULES.view(other, viewer) == view
    assert RULES.legal_moves(other) == legal
    for level, budget in BUDGETS.items():
        bot = get_bot("druidenwalzer", level)
        first = bot.choose(view, legal, random.Random(99), budget)
        second = bot.choose(
            RULES.view(other, viewer), RULES.legal_moves(other), random.Random(99), budget
        )
        assert first == second, level


def test_it_hidden_card_swap_changes_the_hidden_cards():
    """The helper above really moves hidden cards (else the test proves nothing)."""
    state = _midgame(5, turns=12)
    viewer = RULES.to_move(state)
    opponent = "sun" if viewer == "moon" else "moon"
    before = RULES.to_json(state)["players"]
    after = RULES.to_json(_reshuffle_hidden(state, viewer, random.Random(6), True))["players"]
    assert before[opponent]["hand"] != after[opponent]["hand"] or (
        before[opponent]["draw_pile"] != after[opponent]["draw_pile"]
    )
    assert before[viewer]["hand"] == after[viewer]["hand"]


def test_it_works_on_plain_json_input():
    """The bots need nothing but JSON data: a view that went through a
    JSON round trip (as from the site's database or a socket) is enough."""
    state = _midgame(8, turns=4)
    viewer = RULES.to_move(state)
    view = json.loads(json.dumps(RULES.view(state, viewer)))
    legal = json.loads(json.dumps(RULES.legal_moves(state)))
    for level, budget in BUDGETS.items():
        bot = get_bot("druidenwalzer", level)
        assert bot.choose(view, legal, random.Random(1), budget) in legal
