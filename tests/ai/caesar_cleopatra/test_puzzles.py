"""The Caesar & Cleopatra puzzle finder: each kind of claim, found in a seeded game,
holds again against the engine on fresh deals of the mover's unseen cards (the
solution by a plan that decides only on what the mover sees, every other move
failing in some deal) and on the real position; the explanation tells only what
every deal shows, never a hidden card."""

from __future__ import annotations

import random

import pytest

from games.ai.base import start_record
from games.ai.caesar_cleopatra import stories
from games.ai.caesar_cleopatra.knowledge import NoStory
from games.ai.caesar_cleopatra.puzzles import (
    DEALS,
    _find,
    certain,
    deals_of,
    find,
    judge,
    line,
    reachable,
    sample,
)
from games.ai.caesar_cleopatra.tactics import LOSS, WIN
from games.rules import get_rules
from games.rules.caesar_cleopatra.moves import move_to_action

RULES = get_rules("caesar-cleopatra")
#: (seed, decision index) of careful random games, and the claim found there.
CLAIMS = {
    "vote at the second card": (1, 106, "vote"),
    "vote, face down": (8, 23, "vote"),
    "win by passing": (9, 145, "win"),
    "save by an Assassination": (6, 84, "save"),
    "save by a castling": (4, 14, "save"),
    "save by letting a Wrath happen": (12, 25, "save"),
}
EXPLAINED = ("pass", "place", "action", "assassination", "spy", "castling", "castle",
             "placement_skipped", "veto", "no_veto", "extraordinary_vote", "patrician")


def careful(legal: list[dict], rng: random.Random) -> dict:
    active = [move for move in legal if move["type"] != "pass"]
    return rng.choice(active if active and rng.random() < 0.95 else legal)


def decision(seed: int, index: int):
    """The real state at a decision of a careful random game, its mover, and the
    mover's view, legal moves and log (opened by the first view)."""
    rng = random.Random(seed)
    state = RULES.new_game(seed)
    logs = {seat: [start_record(RULES.view(state, seat))] for seat in RULES.seats(state)}
    for _ in range(index):
        seat = RULES.to_move(state)
        applied = RULES.apply(state, careful(RULES.legal_moves(state), rng), seat=seat)
        for name, log in logs.items():
            log.extend(RULES.redact_events(applied.events, name))
        state = applied.state
    seat = RULES.to_move(state)
    return state, seat, RULES.view(state, seat), RULES.legal_moves(state), logs[seat]


@pytest.mark.parametrize("name", list(CLAIMS))
def test_a_claim_holds_again_on_fresh_deals_and_on_the_real_position(name):
    seed, index, kind = CLAIMS[name]
    state, _seat, view, legal, history = decision(seed, index)
    claim = find(view, legal, history, random.Random(index))
    assert claim is not None and claim.kind == kind and claim.deals == DEALS
    assert claim.solution in legal
    observation = deals_of(view, history)
    deals = sample(observation, random.Random(index + 1), DEALS)
    seat = observation.seat
    goal = judge(kind, seat, deals[0])
    solution = move_to_action(claim.solution)
    assert certain(deals, solution, seat, goal) is not None
    for move in legal:
        action = move_to_action(move)
        if action != solution:
            assert (any(reachable(deal, action, seat, goal) == LOSS for deal in deals)
                    or certain(deals, action, seat, goal) is None), move
    # The deal that was real: the solution reaches the goal there too.
    assert reachable(state, solution, seat, judge(kind, seat, state)) == WIN


def test_a_plan_may_not_peek_at_the_hidden_cards():
    """Where a castling's one distribution keeps every patrician in each deal known
    whole, but the card placed after it would have to depend on the opponent's
    hidden cards, no plan of the mover's own reaches the goal: no puzzle."""
    _state, _seat, view, legal, history = decision(0, 54)
    observation = deals_of(view, history)
    seat = observation.seat
    deals = sample(observation, random.Random(1), DEALS)
    goal = judge("save", seat, deals[0])
    castle = move_to_action({"type": "castle", "cards": {"praetors": ["C2"],
                                                         "quaestors": ["C2", "C5"]}})
    assert all(reachable(deal, castle, seat, goal) == WIN for deal in deals)
    assert certain(deals, castle, seat, goal) is None
    assert find(view, legal, history, random.Random(54)) is None


def test_every_deal_shows_the_mover_the_very_view_of_the_puzzle():
    _state, seat, view, _legal, history = decision(*CLAIMS["save by a castling"][:2])
    observation = deals_of(view, history)
    for deal in sample(observation, random.Random(5), 60):
        assert RULES.view(deal, seat) == view


@pytest.mark.parametrize("name", list(CLAIMS))
def test_its_explanation_tells_only_what_every_deal_shows(name):
    """Adversarial: the events told after a try are the mover's own moves and the
    votes' winners, never a card the mover could not see, and the same in every
    deal the claim rests on, the solution's line followed in each."""
    seed, index, _kind = CLAIMS[name]
    _state, seat, view, legal, history = decision(seed, index)
    claim = find(view, legal, history, random.Random(index))
    assert claim is not None
    for event in claim.events:
        assert event["type"] in EXPLAINED and "secret" not in event
        assert "totals" not in event and "hand" not in event and "removed" not in event
    # The claim's own deals, again (the same seeded draws): the solution's line
    # shows each told event in every one of them.
    observation = deals_of(view, history)
    rng = random.Random(index)
    quick = sample(observation, rng, 4)
    deals = quick + sample(observation, rng, 20) + sample(observation, rng, DEALS - 24)
    goal = judge(claim.kind, observation.seat, deals[0])
    plan = certain(deals, move_to_action(claim.solution), observation.seat, goal)
    assert plan is not None
    for deal in deals:
        events = line(deal, move_to_action(claim.solution), plan, observation.seat)
        for event in claim.events:
            assert event in events


def test_a_refill_is_never_a_puzzle():
    """Every way to draw is the same by the end of the turn while the pile holds cards."""
    rng = random.Random(3)
    state = RULES.new_game(3)
    logs = {seat: [start_record(RULES.view(state, seat))] for seat in RULES.seats(state)}
    refills = 0
    while refills < 3 and not RULES.is_over(state):
        seat = RULES.to_move(state)
        legal = RULES.legal_moves(state)
        view = RULES.view(state, seat)
        if len(legal) > 1 and all(move["type"] == "draw" for move in legal):
            assert find(view, legal, logs[seat], random.Random(0)) is None
            refills += 1
        applied = RULES.apply(state, careful(legal, rng), seat=seat)
        for name, log in logs.items():
            log.extend(RULES.redact_events(applied.events, name))
        state = applied.state
    assert refills == 3


def test_without_the_log_there_is_no_puzzle():
    """No log, no exact deals: a deal might show what the mover could rule out."""
    _state, _seat, view, legal, _history = decision(*CLAIMS["vote at the second card"][:2])
    assert find(view, legal, [], random.Random(0)) is None


def test_a_deal_that_cannot_be_told_makes_no_claim(no_story):
    """When the sampler gives up on a story (knowledge.NoStory): no claim, and no
    error either."""
    _state, _seat, view, legal, history = decision(35, 64)
    observation = deals_of(view, history)
    with pytest.raises(NoStory):
        _find(observation, [move_to_action(move) for move in legal],
              random.Random(35 * 10_000 + 64), DEALS)
    assert find(view, legal, history, random.Random(35 * 10_000 + 64)) is None


def test_a_log_where_one_setup_order_fits_is_told_every_time():
    """In this log only one order of the setup cards fits the later reveals. A wrong
    order tried first used up a story's steps: 31 of 100 stories with backtracking
    were told, and a deal failed twenty stories in a row now and then (NoStory,
    which failed the AI's move). Each order now has steps of its own."""
    _state, _seat, view, legal, history = decision(35, 64)
    deals = deals_of(view, history).exact
    for seed in range(50):
        stories.Story(deals.opponent, random.Random(seed)).tell(deals.ops, True)
