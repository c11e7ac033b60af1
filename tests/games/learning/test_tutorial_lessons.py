"""Tutorials worth finishing: what each lesson says is true of the engine's state,
no lesson repeats another, every step says why, and "Start" resumes a running
tutorial instead of starting a second one."""

from __future__ import annotations

import random

import pytest

from games.ai import Budget
from games.ai.advice import advise
from games.ai.caesar_cleopatra.determinize import Observation
from games.ai.caesar_cleopatra.heuristic import score_actions
from games.learning import tutorial
from games.models import Match
from games.rules import get_rules
from games.rules.caesar_cleopatra.constants import GROUP_INDEX, GROUP_SIZE
from games.rules.caesar_cleopatra.moves import move_to_action
from games.rules.druidenwalzer.constants import CARD_NAMES, TREE_POSITIONS
from tests.games.learning.helpers_tutorial import lesson_text, player_steps

GAMES = ("druidenwalzer", "caesar-cleopatra", "kasteel")


def test_it_calls_weak_only_the_lowest_card_of_its_place():
    withdrawals = [(state, scripted) for _i, state, _h, scripted in player_steps("druidenwalzer")
                   if scripted.move["type"] == "withdraw"]
    assert withdrawals
    for state, scripted in withdrawals:
        if "card" in scripted.move:  # out of the hand: the lowest card there
            values = [int(CARD_NAMES[card][1]) for card in state.hand[0]]
            assert int(scripted.move["card"][1]) == min(values)
        else:  # off a tree: its top is the lowest face-up card of that tree
            pile = state.up[TREE_POSITIONS[0][scripted.move["tree"] - 1]]
            assert int(CARD_NAMES[pile[-1]][1]) == min(int(CARD_NAMES[c][1]) for c in pile)


def test_its_withdraw_lesson_names_the_card_it_withdraws():
    from games.boards.druidenwalzer_log import card_words
    for index, _state, _h, scripted in player_steps("druidenwalzer"):
        if scripted.move["type"] == "withdraw":
            text = lesson_text("druidenwalzer", index, scripted)
            assert card_words(scripted.move["card"]) in text and "lowest" in text


@pytest.mark.parametrize("game", GAMES)
def test_no_lesson_repeats_another(game):
    texts = [lesson_text(game, index, scripted) for index, _s, _h, scripted in player_steps(game)]
    assert len(set(texts)) == len(texts), texts


def test_kasteel_says_why_at_every_step():
    steps = player_steps("kasteel")
    for index, _state, _h, scripted in steps:
        text = lesson_text("kasteel", index, scripted)
        assert len(text.split()) >= 15, text  # more than "Next: Duke (red)."
    texts = " ".join(lesson_text("kasteel", i, s) for i, _st, _h, s in steps)
    for reason in ("home order", "Sheriff", "Bandit", "dice", "start square"):
        assert reason in texts


def test_caesar_cleopatra_teaches_influence_a_vote_and_action_cards():
    texts = " ".join(lesson_text("caesar-cleopatra", i, s)
                     for i, _st, _h, s in player_steps("caesar-cleopatra"))
    assert "face down" in texts and "action card" in texts
    for taught in ("Wrath", "Spy", "Veto", "philosopher", "Castling", "bonus card",
                   "The game ends"):
        assert taught in texts, taught
    assert "Vote at the" in texts  # a vote, from the engine's events
    draws = [s.move for _i, _st, _h, s in player_steps("caesar-cleopatra")
             if s.move["type"] == "draw"]
    assert any(move["action"] for move in draws)


def _shape(cards: dict[str, str]) -> tuple[frozenset[str], frozenset[str]]:
    """The values at the groups of five patricians and at the groups of three."""
    big = {group for group in cards if GROUP_SIZE[GROUP_INDEX[group]] == max(GROUP_SIZE)}
    return (frozenset(cards[g][-1] for g in big),
            frozenset(cards[g][-1] for g in cards if g not in big))


def test_caesar_cleopatra_setup_agrees_with_the_hint():
    """The tutorial's setup scores as high as the AI's best averaged over many deals, and
    the hint's first setup has the shape the lesson teaches (4 and 5 where there are
    five patricians, 2 and 3 where there are three)."""
    index, state, history, scripted = player_steps("caesar-cleopatra")[0]
    rules = get_rules("caesar-cleopatra")
    legal = rules.legal_moves(state)
    view = rules.view(state, scripted.seat)
    observation = Observation(view)
    actions = [move_to_action(move) for move in legal]
    deals = [observation.sample(random.Random(seed)) for seed in range(40)]
    scores = score_actions(deals, actions, observation.seat)
    assert scores[legal.index(scripted.move)] >= max(scores) - 1e-6
    for seed in range(3):
        hint = advise("caesar-cleopatra", view, legal, random.Random(seed),
                      Budget(cpu_seconds=5), history, 1)[0]
        assert _shape(hint.move["cards"]) == _shape(scripted.move["cards"])
    assert _shape(scripted.move["cards"])[0] >= {"4", "5"}
    text = lesson_text("caesar-cleopatra", index, scripted)
    assert "groups of 5 patricians" in text and "only 3" in text


@pytest.mark.django_db
@pytest.mark.usefixtures("no_turn_mails")
@pytest.mark.parametrize("game", GAMES)
def test_start_resumes_the_running_tutorial(alice, game):
    from games.ai_players.bots import ensure_bot_accounts
    ensure_bot_accounts()
    first = tutorial.start(alice, game)
    again = tutorial.start(alice, game)
    assert again.pk == first.pk
    assert Match.objects.filter(tutorial=True, game=game).count() == 1


def test_druidenwalzer_meets_each_kind_of_turn_once():
    kinds = [scripted.move["type"] for _i, _st, _h, scripted in player_steps("druidenwalzer")]
    assert {"place", "waltz", "withdraw", "leap"} <= set(kinds)
