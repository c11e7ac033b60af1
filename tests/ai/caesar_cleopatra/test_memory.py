"""The move log's memory: every card it remembers is really there, and every
deal keeps it while showing the bot its view and passing the engine's checks."""

from __future__ import annotations

import random
from collections import Counter

from games.ai import get_bot
from games.ai.caesar_cleopatra.determinize import Observation
from games.ai.caesar_cleopatra.memory import remember, sure_part
from games.rules.caesar_cleopatra.constants import CARD_INDEX, GROUPS, SEAT_INDEX

from .helpers import RULES, careful_move

SEATS = ("cleopatra", "caesar")


def logged_positions(seeds, bots=None):
    """``(state, seat, the seat's redacted log)`` at every decision of games
    between careful random players (or ``bots``: seat -> bot)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = RULES.new_game(seed)
        logs = {seat: [] for seat in SEATS}
        while not RULES.is_over(state):
            seat = RULES.to_move(state)
            yield state, seat, logs[seat]
            if bots:
                move = bots[seat].choose(RULES.view(state, seat), RULES.legal_moves(state), rng)
            else:
                move = RULES.action_to_move(careful_move(state, rng))
            applied = RULES.apply(state, move, seat=seat)
            state = applied.state
            for viewer in SEATS:
                logs[viewer].extend(RULES.redact_events(applied.events, viewer))


def _codes(names):
    return Counter(CARD_INDEX[name] for name in names)


def _check_memory(state, seat, log) -> int:
    """Assert the memory's sure cards are where it says; how many it knew."""
    view = RULES.view(state, seat)
    memory = remember(view, log)
    data = RULES.to_json(state)
    other = SEATS[1 - SEAT_INDEX[seat]]
    hand = _codes(data["players"][other]["hand"])
    sure = memory.sure_hand()
    assert not sure - hand
    downs = [_codes(data["groups"][name][other]["down"]) for name in GROUPS]
    at_setup_groups = Counter()
    for group in memory.setup_groups:
        at_setup_groups += downs[group]
    assert not sure_part(memory.setup_pool, len(memory.setup_groups)) - at_setup_groups
    for groups, cards in memory.castled:
        there = Counter()
        for group in groups:
            there += downs[group]
        assert not cards - there
    return sum(sure.values())


def test_every_remembered_card_is_the_real_one():
    known = checked = 0
    for state, seat, log in logged_positions(range(12)):
        known += _check_memory(state, seat, log)
        checked += 1
    assert checked > 1000 and known > 500


def test_remembered_cards_against_heuristic_players():
    bot = get_bot("caesar-cleopatra", "heuristic")
    known = 0
    for state, seat, log in logged_positions(range(3), {s: bot for s in SEATS}):
        known += _check_memory(state, seat, log)
    assert known > 100


def test_every_deal_keeps_the_memory_and_shows_the_view():
    rng = random.Random(5)
    checked = 0
    for index, (state, seat, log) in enumerate(logged_positions(range(6))):
        if index % 3:
            continue
        view = RULES.view(state, seat)
        observation = Observation(view, log)
        memory = remember(view, log)
        other = 1 - SEAT_INDEX[seat]
        for _ in range(2):
            deal = observation.sample(rng)
            RULES.from_json(RULES.to_json(deal))  # the engine's validation
            assert RULES.view(deal, seat) == view
            assert sorted(RULES.legal_actions(deal)) == sorted(RULES.legal_actions(state))
            if view["pending"] and view["pending"]["kind"] == "spy":
                continue
            assert not memory.sure_hand() - Counter(deal.hand[other])
            setup_cards = Counter()
            for group in memory.setup_groups:
                setup_cards.update(deal.down[group * 2 + other])
            assert not sure_part(memory.setup_pool, len(memory.setup_groups)) - setup_cards
            checked += 1
    assert checked > 200


def test_a_log_that_does_not_fit_is_not_trusted():
    for state, seat, log in logged_positions([2]):
        view = RULES.view(state, seat)
        if view["turn"] >= 3 and not remember(view, log).empty():
            break
    other = SEATS[1 - SEAT_INDEX[seat]]
    foreign = {"type": "place", "player": other, "group": "senators", "face": "up",
               "card": ("C" if other == "cleopatra" else "R") + "5"}
    assert remember(view, [*log, foreign]).empty()
    assert remember(view, [*log, {"type": "draw", "player": other, "influence": 1,
                                  "action": 0}]).empty()
    assert Observation(view, [*log, foreign]).memory.empty()


def test_a_hand_seen_with_a_spy_is_kept_at_the_next_decisions():
    kept = 0
    for state, seat, log in logged_positions(range(40)):
        view = RULES.view(state, seat)
        looks = [i for i, event in enumerate(log)
                 if event["type"] == "spy_look" and event["player"] == seat]
        if not looks or (view["pending"] and view["pending"]["kind"] == "spy"):
            continue
        since = log[looks[-1] + 1:]
        other = SEATS[1 - SEAT_INDEX[seat]]
        if any(event.get("player") == other and event["type"] in ("place", "pass", "action")
               for event in since):
            continue
        spied = [event["card"] for event in since if event["type"] == "spy"]
        if not spied:
            continue
        expected = _codes(log[looks[-1]]["hand"]) - _codes(spied)
        assert remember(view, log).sure_hand() == expected
        kept += 1
    assert kept >= 3


def test_the_first_view_opening_the_log_changes_nothing():
    # The setup here is a move with its own event (the seat's secrets in),
    # so the first view adds nothing the log lacks; the start record is read
    # past, as the site and the arena send it.
    from games.ai.base import start_record

    compared = 0
    for seed in range(3):
        firsts = {seat: start_record(RULES.view(RULES.new_game(seed), seat)) for seat in SEATS}
        for state, seat, log in logged_positions([seed]):
            view = RULES.view(state, seat)
            plain, opened = remember(view, log), remember(view, [firsts[seat], *log])
            assert vars(plain) == vars(opened)
            compared += not plain.empty()
    assert compared
