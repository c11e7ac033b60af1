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

from games.ai import Budget, get_bot, levels_for
from games.ai.base import start_record
from games.ai.druidenwalzer.determinize import Observation
from games.ai.registry import get_arena_bot

from .helpers import RULES, repeatable_budget

# Every level of the game, each at a budget it repeats its move under: its own
# default where that counts its work, else 300 iterations.
BUDGETS = {level: repeatable_budget("druidenwalzer", level, 300)
           for level in levels_for("druidenwalzer")}


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


# -- with the public log (the strong level remembers what it showed) ---------
def _logged_midgame(seed: int, turns: int):
    """A random game to ``turns`` and its full event log (every seat's secrets in)."""
    rng = random.Random(seed)
    state = RULES.new_game(seed)
    events: list[dict] = []
    while RULES.turn_number(state) < turns or state.phase != 1:
        applied = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
        state = applied.state
        events.extend(applied.events)
        assert not RULES.is_over(state)
    return state, events


def _redeal_unlogged(state, viewer: str, rng: random.Random):
    """A copy with the cards the log never shows the viewer dealt anew: the
    opponent's hand, both draw piles and the face-down cards (each cult's
    face-down cards among themselves)."""
    data = copy.deepcopy(RULES.to_json(state))
    face_down = {name: [tree["down"] for tree in player["trees"]]
                 for name, player in data["players"].items()}
    loose = [player["draw_pile"] for player in data["players"].values()]
    loose += [player["hand"] for name, player in data["players"].items() if name != viewer]
    for lists in [*face_down.values(), loose]:
        cards = [card for lst in lists for card in lst]
        rng.shuffle(cards)
        for lst in lists:
            count = len(lst)
            lst[:] = cards[:count]
            del cards[:count]
    data["seed"] = rng.randrange(10**9)
    return RULES.from_json(data)


def _other_secrets(events: list[dict], viewer: str, rng: random.Random) -> list[dict]:
    """The log with every other seat's secret draws naming other cards."""
    changed = copy.deepcopy(events)
    for event in changed:
        for seat, secret in event.get("secret", {}).items():
            if seat != viewer and "cards" in secret:
                secret["cards"] = [rng.choice(["M1L", "S5R", "M3R"]) for _ in secret["cards"]]
    return changed


@pytest.mark.parametrize("start", [False, True])
@pytest.mark.parametrize("seed", [4, 17, 23])
def test_it_chooses_the_same_move_from_the_same_log_whatever_the_hidden_cards(seed, start):
    state, events = _logged_midgame(seed, turns=24)
    viewer = RULES.to_move(state)
    other = _redeal_unlogged(state, viewer, random.Random(seed + 1))
    other_events = _other_secrets(events, viewer, random.Random(seed + 2))
    assert RULES.to_json(other)["players"] != RULES.to_json(state)["players"]
    assert other_events != events
    # The bot's whole input is equal: the view, the legal moves, the log as its
    # seat saw it (opened, as on the site, by the seat's first view).
    view, legal = RULES.view(state, viewer), RULES.legal_moves(state)
    opening = [start_record(RULES.view(RULES.new_game(seed), viewer))] if start else []
    history = opening + RULES.redact_events(events, viewer)
    assert RULES.view(other, viewer) == view
    assert RULES.legal_moves(other) == legal
    assert opening + RULES.redact_events(other_events, viewer) == history
    assert (Observation(view, history).exact is not None) == start  # the exact memory
    for level, budget in BUDGETS.items():
        bot = get_bot("druidenwalzer", level)
        first = bot.choose(view, legal, random.Random(7), budget, history=history)
        second = bot.choose(RULES.view(other, viewer), RULES.legal_moves(other),
                            random.Random(7), budget,
                            history=opening + RULES.redact_events(other_events, viewer))
        assert first == second, level
    baseline = get_arena_bot("druidenwalzer", "baseline")
    assert baseline.choose(view, legal, random.Random(7), Budget(iterations=64)) == \
        baseline.choose(RULES.view(other, viewer), legal, random.Random(7), Budget(iterations=64))


def test_it_the_redacted_log_hides_the_opponents_draws():
    """The log a seat gets names its own drawn cards and nobody else's."""
    _state, events = _logged_midgame(31, turns=18)
    for viewer in ("moon", "sun"):
        for event in RULES.redact_events(events, viewer):
            assert "secret" not in event
            if event["type"] == "draw":
                assert ("cards" in event) == (event["player"] == viewer)
