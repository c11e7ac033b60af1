"""Refilling the hand, reshuffling the cult board, passing (section 4.4)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.rules import IllegalMove
from games.rules.druidenwalzer.constants import CARD_INDEX, CARD_NAMES
from games.rules.rng import derive_rng

from .helpers import RULES, apply, events_of, load, position, tree

MOON_TREES = [
    tree(up="M3L", druid="purple"),
    tree(up="M3R", druid="orange"),
    tree(up="M4L", druid="black"),
    tree(up="M4R"),
]


def test_no_draw_while_cards_remain_in_hand():
    after, events = apply(
        position(moon=MOON_TREES, hands={"moon": ["M1L", "M2L"]}),
        {"type": "withdraw", "card": "M1L"},
    )
    assert events_of(events, "draw") == []
    assert after["players"]["moon"]["hand"] == ["M2L"]


def test_an_empty_hand_draws_three_from_the_top_appended():
    after, events = apply(
        position(
            moon=MOON_TREES,
            hands={"moon": ["M1L"]},
            draw_piles={"moon": ["M5L", "M5R", "M2R", "M2L"]},
        ),
        {"type": "withdraw", "card": "M1L"},
    )
    moon = after["players"]["moon"]
    assert moon["hand"] == ["M5L", "M5R", "M2R"]
    assert moon["draw_pile"][0] == "M2L"
    assert events_of(events, "draw") == [
        {
            "type": "draw",
            "player": "moon",
            "count": 3,
            "secret": {"moon": {"cards": ["M5L", "M5R", "M2R"]}},
        }
    ]


def test_draw_cards_are_secret_to_everyone_but_the_drawer():
    _, events = apply(
        position(
            moon=MOON_TREES, hands={"moon": ["M1L"]}, draw_piles={"moon": ["M5L", "M5R", "M2R"]}
        ),
        {"type": "withdraw", "card": "M1L"},
    )
    draw = events_of(events, "draw")[0]
    mine = RULES.redact_events([draw], "moon")[0]
    theirs = RULES.redact_events([draw], "sun")[0]
    spectator = RULES.redact_events([draw], None)[0]
    assert mine == {"type": "draw", "player": "moon", "count": 3, "cards": ["M5L", "M5R", "M2R"]}
    assert theirs == spectator == {"type": "draw", "player": "moon", "count": 3}


def test_empty_draw_pile_reshuffles_the_cult_board_seeded_by_seed_turn_and_player():
    data = position(
        moon=MOON_TREES,
        hands={"moon": ["M1L"]},
        draw_piles={"moon": ["M5L"]},
        leftovers="cult_board",
        turn=8,
        seed=99,
    )
    board_before = data["players"]["moon"]["cult_board"] + ["M1L"]
    after, events = apply(data, {"type": "withdraw", "card": "M1L"})
    kinds = [e["type"] for e in events]
    assert kinds == ["withdraw", "draw", "reshuffle", "draw"]
    assert events[1]["count"] == 1 and events[3]["count"] == 2
    assert events[2] == {"type": "reshuffle", "player": "moon", "count": len(board_before)}
    moon = after["players"]["moon"]
    assert moon["cult_board"] == []
    # The order is exactly the seeded shuffle of the cult board (top at the end
    # internally, so the engine draws from the end of the shuffled list).
    pile = [CARD_INDEX[name] for name in board_before]
    derive_rng(99, 8, "moon").shuffle(pile)
    drawn = [CARD_NAMES[pile.pop()] for _ in range(2)]
    assert moon["hand"] == ["M5L", *drawn]
    assert moon["draw_pile"] == [CARD_NAMES[code] for code in reversed(pile)]
    assert Counter(moon["hand"][1:] + moon["draw_pile"]) == Counter(board_before)


def test_the_reshuffle_is_replayed_exactly_and_depends_on_the_seed():
    def run(seed):
        data = position(
            moon=MOON_TREES,
            hands={"moon": ["M1L"]},
            draw_piles={"moon": []},
            leftovers="cult_board",
            seed=seed,
        )
        return apply(data, {"type": "withdraw", "card": "M1L"})[0]

    assert run(1) == run(1)
    assert any(
        run(1)["players"]["moon"]["hand"] != run(s)["players"]["moon"]["hand"] for s in range(2, 6)
    )


def test_ruling_both_exhausted_the_hand_stays_short():
    """Ruling: with draw pile and cult board both exhausted the hand stays short."""
    data = position(
        moon=[
            tree(up="M3L", druid="purple"),
            tree(up="M3R", druid="orange"),
            tree(up="M4L", druid="black"),
            tree(up="M3R"),
        ],
        sun=[
            tree(up="S3L", druid="purple"),
            tree(up="S3R", druid="orange"),
            tree(up="S4L", druid="black"),
            tree(up="S4R"),
        ],
        hands={"moon": ["M1L"]},
        leftovers=1,
    )
    assert data["players"]["moon"]["draw_pile"] == []
    assert data["players"]["moon"]["cult_board"] == []
    after, events = apply(data, {"type": "waltz", "card": "M1L", "tree": 4})
    # the waltz emptied the hand; nothing to draw at all
    assert events_of(events, "draw") == [] and events_of(events, "reshuffle") == []
    assert after["players"]["moon"]["hand"] == []


def test_pass_only_when_nothing_else_is_legal():
    data = position(moon=MOON_TREES, hands={"moon": ["M1L"]})
    with pytest.raises(IllegalMove, match="pass is legal only when"):
        apply(data, {"type": "pass"})
    # empty hand, no leap (a flipped tree), no card on the remaining trees
    stuck = position(
        moon=[tree(druid="purple"), tree(druid="orange"), tree(druid="black"), tree(flipped=True)],
        sun=[
            tree(up="S3L", druid="purple"),
            tree(up="S3R", druid="orange"),
            tree(up="S4L", druid="black"),
            tree(flipped=True),
        ],
        hands={"moon": []},
        draw_piles={"moon": []},
        leftovers="cult_board",
    )
    state = load(stuck)
    assert RULES.legal_moves(state) == [{"type": "pass"}]
    after, events = apply(state, {"type": "pass"})
    assert events[0] == {"type": "pass", "player": "moon"}
    # the trees were empty at the start and still are: moon loses
    assert after["winner"] == "sun"
