"""The Caesar & Cleopatra bots always return a legal move, for every kind of
decision, instantly when there is only one, and the heuristic beats random."""

from __future__ import annotations

import copy
import random

from games.ai import Budget, get_bot, levels_for
from games.ai.arena_match import ArenaConfig, run_arena
from games.ai.registry import get_arena_bot
from tests.cpu import bot_cpu

from .helpers import RULES, kind_of, positions

GAME = "caesar-cleopatra"
SMALL = {"random": None, "novice": Budget(iterations=2), "apprentice": Budget(iterations=2),
         "adept": Budget(iterations=2), "heuristic": Budget(iterations=2),
         "strong": Budget(iterations=10)}


def test_it_offers_sprite_and_five_levels():
    assert levels_for(GAME) == ("random", "novice", "apprentice", "heuristic", "adept", "strong")


def test_it_returns_a_legal_move_for_every_kind_of_decision():
    seen: dict[str, int] = {}
    rng = random.Random(5)
    for state, seat in positions(range(12)):
        legal = RULES.legal_moves(state)
        kind = kind_of(state)
        if len(legal) == 1 or seen.get(kind, 0) >= 3:
            continue
        seen[kind] = seen.get(kind, 0) + 1
        view = RULES.view(state, seat)
        before = (copy.deepcopy(view), copy.deepcopy(legal))
        for level, budget in SMALL.items():
            move = get_bot(GAME, level).choose(view, legal, rng, budget)
            assert move in legal, (level, kind, move)
        assert (view, legal) == before, "a bot changed its input"
    for kind in ("setup", "start", "second", "placed", "passive", "veto", "spy", "castle"):
        assert seen.get(kind), kind


def test_whole_games_between_the_levels_stay_legal():
    for levels, seed in ((("heuristic", "strong"), 1), (("strong", "random"), 2)):
        bots = [get_bot(GAME, level) for level in levels]
        rngs = [random.Random(seed), random.Random(seed + 100)]
        state = RULES.new_game(seed)
        while not RULES.is_over(state):
            seat = RULES.to_move(state)
            side = 0 if seat == "cleopatra" else 1
            legal = RULES.legal_moves(state)
            move = bots[side].choose(
                RULES.view(state, seat), legal, rngs[side], Budget(iterations=5)
            )
            assert move in legal
            state = RULES.apply(state, move, seat=seat).state


def test_whole_games_with_the_move_log_stay_legal():
    # The strong level reading the log all game long (its memory replayed
    # at every decision), against the level it replaced.
    bots = {"cleopatra": get_bot(GAME, "strong"), "caesar": get_arena_bot(GAME, "strong-old")}
    logs = {"cleopatra": [], "caesar": []}
    rng = random.Random(3)
    state = RULES.new_game(3)
    while not RULES.is_over(state):
        seat = RULES.to_move(state)
        legal = RULES.legal_moves(state)
        move = bots[seat].choose(RULES.view(state, seat), legal, rng, Budget(iterations=5),
                                 history=logs[seat])
        assert move in legal
        applied = RULES.apply(state, move, seat=seat)
        state = applied.state
        for viewer, log in logs.items():
            log.extend(RULES.redact_events(applied.events, viewer))


def test_the_strong_level_is_reproducible_with_an_iteration_budget():
    state = next(s for s, _seat in positions([4]) if RULES.turn_number(s) == 8
                 and len(RULES.legal_moves(s)) > 5)
    seat = RULES.to_move(state)
    view, legal = RULES.view(state, seat), RULES.legal_moves(state)
    moves = {
        str(get_bot(GAME, "strong").choose(view, legal, random.Random(7), Budget(iterations=60)))
        for _ in range(3)
    }
    assert len(moves) == 1


def test_the_strong_level_spends_its_cpu_budget_and_no_more():
    bot = get_bot(GAME, "strong")
    spent = []
    for state, seat in positions([6], every=5):
        legal = RULES.legal_moves(state)
        if len(legal) < 3:
            continue
        started = bot_cpu()
        bot.choose(RULES.view(state, seat), legal, random.Random(1), Budget(cpu_seconds=0.02))
        spent.append(bot_cpu() - started)
        if len(spent) == 8:
            break
    assert min(spent) > 0.015  # it thinks for the time it is granted...
    # ...and stops within a few milliseconds; one move in eight may overrun by a
    # garbage collection or a scheduler hiccup of a loaded machine, not by a search.
    assert sorted(spent)[-2] < 0.02 + 0.005
    assert max(spent) < 0.02 + 0.04


def test_it_plays_a_forced_move_at_once():
    forced = 0
    for state, seat in positions([7]):
        legal = RULES.legal_moves(state)
        if len(legal) != 1:
            continue
        view = RULES.view(state, seat)
        for level in levels_for(GAME):
            started = bot_cpu()
            assert get_bot(GAME, level).choose(view, legal, random.Random(1)) == legal[0]
            assert bot_cpu() - started < 0.005
        forced += 1
    assert forced > 20


def test_the_heuristic_beats_random():
    config = ArenaConfig(
        a="heuristic", b="random", games=20, seed=11, game=GAME, budget_a=Budget(iterations=2)
    )
    results = run_arena(config)
    wins = sum(1 for r in results if r.winner == "A")
    assert wins >= 14, wins


def test_the_arena_takes_the_game(capsys):
    from games.ai.arena import main

    assert main(["--game", GAME, "--a", "random", "--b", "random", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "caesar-cleopatra: A = random vs B = random, 2 games" in out
    assert "A as cleopatra" in out and "A as caesar" in out


def test_the_strong_search_may_play_its_leaves_on():
    from games.ai.caesar_cleopatra.search import StrongBot

    bot = StrongBot(rollout_turns=1)
    rng = random.Random(2)
    for state, seat in positions([9], every=7):
        legal = RULES.legal_moves(state)
        move = bot.choose(RULES.view(state, seat), legal, rng, Budget(iterations=8))
        assert move in legal


def test_the_root_priors_may_be_averaged_over_deals():
    from games.ai.base import Deadline
    from games.ai.caesar_cleopatra.determinize import Observation
    from games.ai.caesar_cleopatra.search import Node, StrongBot, _root_priors, win_chance
    from games.rules.caesar_cleopatra.turn import play

    state, seat = next((s, seat) for s, seat in positions([4]) if RULES.turn_number(s) == 8
                       and len(RULES.legal_moves(s)) > 5)
    observation = Observation(RULES.view(state, seat), None)
    root = Node(1, 0.5)
    _root_priors(root, observation, random.Random(3), 4, None, Deadline(None))
    # Each child's prior is the mean of its win chance in the same four deals.
    rng = random.Random(3)
    deals = [observation.sample(rng) for _ in range(4)]
    assert root.children and len(root.children) == len(RULES.legal_moves(state))
    for action, node in root.children.items():
        chances = []
        for deal in deals:
            after = deal.copy()
            play(after, action)
            chances.append(win_chance(after, deal.to_move))
        assert node.prior == sum(chances) / 4 and node.visits == 0
        assert node.player == observation.seat
    legal = RULES.legal_moves(state)
    move = StrongBot(root_deals=6).choose(RULES.view(state, seat), legal, random.Random(1),
                                          Budget(iterations=20))
    assert move in legal


def test_the_exact_deals_and_the_turn_check_can_be_switched_off(monkeypatch):
    from games.ai.caesar_cleopatra import search
    from games.ai.caesar_cleopatra.determinize import Observation

    from .deal_audit import play_audited
    from .test_exact_deals import _chooser

    position = next(p for index, p in enumerate(play_audited(_chooser(3), 3)) if index == 60)
    seat = RULES.to_move(position.state)
    view, history = RULES.view(position.state, seat), position.histories[seat]
    assert Observation(view, history).exact is not None
    loose = Observation(view, history, exact=False)
    assert loose.exact is None
    for seed in range(10):  # deals from the view and the log's memory, still fitting the view
        assert RULES.view(loose.sample(random.Random(seed)), seat) == view

    def no_check(*_args, **_kwargs):
        raise AssertionError("the turn check was switched off")

    monkeypatch.setattr(search, "check_turn", no_check)
    legal = RULES.legal_moves(position.state)
    bot = search.StrongBot(exact=False, turn_check=False)
    move = bot.choose(view, legal, random.Random(1), Budget(iterations=20), history=history)
    assert move in legal


def test_a_leaf_may_take_part_of_its_value_from_a_random_playout():
    from games.ai.baseline import random_playout
    from games.ai.caesar_cleopatra.playout import GAME
    from games.ai.caesar_cleopatra.search import StrongBot
    from games.rules.caesar_cleopatra.constants import OVER

    rng = random.Random(2)
    tried = 0
    for state, seat in positions([5]):
        if RULES.turn_number(state) not in (6, 20) or len(RULES.legal_moves(state)) < 3:
            continue
        tried += 1
        played = state.copy()
        value = random_playout(GAME, played, rng)
        assert played.phase == OVER and value == (1.0 if played.winner == 0 else
                                                  0.5 if played.winner == 2 else 0.0)
        legal = RULES.legal_moves(state)
        move = StrongBot(playout_weight=0.5).choose(RULES.view(state, seat), legal, rng,
                                                    Budget(iterations=30))
        assert move in legal
    assert tried


def test_a_leaf_ending_with_a_vote_card_is_scored_over_every_top_card():
    from games.ai.caesar_cleopatra.search import (
        StrongBot,
        ends_with_vote_card,
        expected_after_vote,
        win_chance,
    )
    from games.rules.caesar_cleopatra.legality import legal_actions
    from games.rules.caesar_cleopatra.moves import A_DRAW
    from games.rules.caesar_cleopatra.turn import play

    checked = 0
    for state, seat in positions([6, 7]):
        refills = [action for action in legal_actions(state) if action[0] == A_DRAW]
        if not refills or not ends_with_vote_card(state, refills[0]):
            continue
        action = refills[0]
        before = state.copy()
        deck = state.vote_deck
        # Each card of the deck in turn on top, the rest in the deal's order.
        chances = []
        for index in range(len(deck)):
            after = state.copy()
            after.vote_deck = deck[:index] + deck[index + 1:] + [deck[index]]
            play(after, action)
            chances.append(win_chance(after, 0))
        expected = expected_after_vote(state, action, 0)
        assert abs(expected - sum(chances) / len(chances)) < 1e-9
        assert abs(expected_after_vote(state, action, 1) - (1 - expected)) < 1e-9
        assert state.vote_deck == before.vote_deck and state.hand == before.hand
        checked += 1
        if checked % 5 == 1:
            legal = RULES.legal_moves(state)
            move = StrongBot(expected_votes=True).choose(
                RULES.view(state, seat), legal, random.Random(checked), Budget(iterations=30))
            assert move in legal
    assert checked >= 10
