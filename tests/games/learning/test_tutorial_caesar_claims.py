"""What the Caesar & Cleopatra tutorial says about Wrath, the Spy, the Veto, the
philosophers and the bonus card, checked against the engine: each sentence is in a
lesson, and random games (seeded) show the engine doing exactly that."""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from games.rules import get_rules
from games.rules.caesar_cleopatra.constants import (
    BONUS_NEEDS,
    BONUS_POINTS,
    CARD_INDEX,
    GROUP_INDEX,
    N_GROUPS,
    SEAT_INDEX,
)
from games.rules.caesar_cleopatra.scoring import points
from tests.games.learning.helpers_tutorial import lesson_text, player_steps

RULES = get_rules("caesar-cleopatra")
SEEDS = range(12)


def _texts() -> str:
    return " ".join(lesson_text("caesar-cleopatra", i, s)
                    for i, _st, _h, s in player_steps("caesar-cleopatra"))


@lru_cache(maxsize=1)
def _moves() -> tuple:
    """(state before, move, applied) of every move of seeded random games."""
    found = []
    for seed in SEEDS:
        rng = random.Random(seed)
        state = RULES.new_game(seed, {})
        while not RULES.is_over(state):
            move = rng.choice(RULES.legal_moves(state))
            applied = RULES.apply(state, move)
            found.append((state, move, applied))
            state = applied.state
    return tuple(found)


def _with(kind: str) -> list:
    return [(state, move, applied, event) for state, move, applied in _moves()
            for event in applied.events if event["type"] == kind]


def _cards_at(state, group: int) -> list[list[int]]:
    return [sorted(state.down[group * 2 + side] + state.up[group * 2 + side])
            for side in (0, 1)]


def test_wrath_clears_a_whole_group():
    assert "Wrath of the Gods clears a whole group" in _texts()
    seen = _with("wrath")
    assert seen
    for state, _move, applied, event in seen:
        group = GROUP_INDEX[event["group"]]
        assert _cards_at(applied.state, group) == [[], []]
        for name, side in SEAT_INDEX.items():
            gone = sorted(CARD_INDEX[card] for card in event["removed"][name])
            assert gone == _cards_at(state, group)[side]


def test_a_spy_makes_the_opponent_discard_a_card_the_spy_chooses():
    assert "a Spy makes your opponent discard a card you choose from their hand" in _texts()
    looks = _with("spy_look")
    assert looks
    moves = list(_moves())
    for _state, _move, applied, event in looks:
        spy, opponent = SEAT_INDEX[event["player"]], SEAT_INDEX[event["opponent"]]
        assert RULES.owed_by(applied.state) == (event["player"],)
        choices = RULES.legal_moves(applied.state)
        hand = applied.state.hand[opponent]
        assert sorted(CARD_INDEX[choice["card"]] for choice in choices) == sorted(set(hand))
        choice, after = next((m, a) for s, m, a in moves if s is applied.state)
        chosen = list((Counter(hand) - Counter(after.state.hand[opponent])).elements())
        added = list((Counter(after.state.discard[opponent])
                      - Counter(applied.state.discard[opponent])).elements())
        assert chosen == added == [CARD_INDEX[choice["card"]]]  # the card the spy chose
        assert spy != opponent


def test_a_veto_comes_right_after_an_action_card_and_cancels_it():
    assert ("a Veto is played out of turn, right after your opponent plays an action card, "
            "and cancels it") in _texts()
    for _state, _move, applied, _event in _with("veto_question"):
        kinds = [event["type"] for event in applied.events]
        assert kinds.index("action") < kinds.index("veto_question")
    vetoes = _with("veto")
    assert vetoes
    for state, _move, applied, event in vetoes:
        assert state.current is not None and RULES.owed_by(state) == (event["player"],)
        assert SEAT_INDEX[event["player"]] != state.current  # out of turn
        for group in range(N_GROUPS):  # the vetoed card changed nothing at the groups
            assert _cards_at(applied.state, group) == _cards_at(state, group)


def test_one_philosopher_more_makes_the_lower_total_win():
    assert "one philosopher on one side makes the lower total win" in _texts()
    decided = [event for *_rest, event in _with("vote") if event["winner"]]
    assert any(event["reversed"] for event in decided)
    for event in decided:
        totals, wise = event["totals"], event["philosophers"]
        lower = min(totals, key=totals.get)
        higher = max(totals, key=totals.get)
        expected = lower if wise["cleopatra"] != wise["caesar"] else higher
        assert event["winner"] == expected


def test_the_bonus_card_is_worth_2_points_with_3_patricians_of_its_group():
    text = _texts()
    assert "worth 2 points at the end if you win at least 3 patricians there" in text
    assert (BONUS_POINTS, BONUS_NEEDS) == (2, 3)
    for bonus in range(3):
        won = [0] * N_GROUPS
        won[bonus] = 3
        other = (bonus + 1) % 3
        assert points(won, bonus) - points(won, other) == 2
        won[bonus] = 2
        assert points(won, bonus) == points(won, other)
