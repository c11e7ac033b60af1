"""The Strijd om het Kasteel puzzle finder: planted positions give each kind of puzzle
and two solving moves give none; the claims of whole random games hold against the
engine's own turn over every throw of the dice, on the deal that was real and on
other deals; the view and the explanation never tell another seat's hand."""

from __future__ import annotations

import random

import pytest

from games.ai.kasteel.puzzles import DEALS, find
from games.rules.kasteel.constants import OVER
from tests.ai.kasteel.puzzle_checks import (
    RULES,
    forced,
    home_but,
    other_deal,
    planted,
    scripted_dice,
)

ALL_HOME = {"home": list("KDCBPSX")}


def _find(state, seed: int = 1):
    seat = RULES.to_move(state)
    return find(RULES.view(state, seat), RULES.legal_moves(state), [], random.Random(seed))


def _castle(hand: list[str]):
    """Red's King on castle place 3, 4 short of its target 7."""
    return planted([{"home": home_but("K"), "castle": {"K": 3}}, ALL_HOME],
                   {0: hand, 1: ["D/1", "3/1"]})


def _capture(hand: list[str], foe_square: int):
    """Red's Bandit on square 5, blue's King ahead of it."""
    return planted([{"home": home_but("X"), "track": {"X": [5, 0]}},
                    {"home": home_but("K"), "track": {"K": [foe_square, 0]}}],
                   {0: hand, 1: ["D/1", "3/1"]})


def test_a_planted_castle_target_gives_the_one_number_card_that_reaches_it():
    found = _find(_castle(["K/0", "4/0", "2/1"]))
    assert found is not None and found.kind == "castle" and found.deals == DEALS
    assert found.solution == {"type": "move", "card": "K/0", "piece": "0:K", "number": "4/0"}
    assert [event["type"] for event in found.events] == ["play", "walk", "castle"]
    assert found.events[-1]["on_target"] is True


def test_two_moves_that_reach_the_target_make_no_puzzle():
    assert _find(_castle(["K/0", "4/0", "4/1"])) is None


def test_a_planted_capture_gives_the_one_move_sure_to_reach_the_foe():
    found = _find(_capture(["X/0", "4/0", "1/0"], foe_square=9))
    assert found is not None and found.kind == "capture"
    assert found.solution == {"type": "move", "card": "X/0", "piece": "0:X", "number": "4/0"}
    sent = [event for event in found.events if event["type"] == "sent_home"]
    assert sent == [{"type": "sent_home", "piece": "1:K", "by": "0:X", "square": 9}]


def test_a_foe_every_move_reaches_makes_no_puzzle():
    """One square ahead, the Bandit passes the King whatever it walks: the roll and both
    number cards are all certain."""
    assert _find(_capture(["X/0", "4/0", "1/0"], foe_square=6)) is None


def test_a_roll_that_cannot_miss_is_a_capture_whatever_the_dice():
    """Doubles included: the total, or one die and a new roll, pass the King too. The
    explanation tells the play and the King sent home, never the dice."""
    state = _capture(["X/0", "K/1"], foe_square=6)
    found = _find(state)
    assert found is not None and found.solution == {"type": "move", "card": "X/0",
                                                    "piece": "0:X"}
    assert [event["type"] for event in found.events] == ["play", "sent_home"]


def test_the_doubles_decision_is_a_puzzle_when_only_the_total_lands():
    state = planted([{"home": home_but("K"), "castle": {"K": 3}}, ALL_HOME],
                    {0: ["3/0"], 1: ["D/1", "3/1"]}, discarded=("K/0",),
                    pending={"piece": "0:K", "card": "K/0", "dice": [2, 2]})
    found = _find(state)
    assert found is not None and (found.kind, found.solution) == (
        "castle", {"type": "dice", "choice": "total"})
    assert found.events[0] == {"type": "dice", "seat": "0", "choice": "total", "dice": [2, 2]}


def test_the_last_piece_home_is_a_win():
    seats = [{"castle": {"K": 7, "D": 6, "C": 5, "B": 4, "P": 3, "S": 2},
              "track": {"X": [34, 0]}}, ALL_HOME]
    state = planted(seats, {0: ["X/0", "2/0", "1/1"], 1: ["D/1", "3/1"]})
    found = _find(state)
    assert found is not None and found.kind == "win"
    assert found.solution["number"] == "2/0"
    assert [event["type"] for event in found.events][-2:] == ["finished", "end"]


def test_the_last_card_at_the_length_limit_is_a_win_when_it_scores_enough():
    """Nobody else holds a card in the last deal of the last cycle: the mover's last
    card ends the game, and the Duke entering the castle makes red's score the highest
    (the engine's own end of the game agrees)."""
    seats = [{"home": home_but("K", "D"), "castle": {"K": 7}, "track": {"D": [34, 0]}},
             {"home": home_but("K"), "castle": {"K": 3}}]
    state = planted(seats, {0: ["D/0", "2/0"]}, deal=3, cycle=1, limit=1)
    found = _find(state)
    assert found is not None and found.kind == "win"
    assert found.solution == {"type": "move", "card": "D/0", "piece": "0:D", "number": "2/0"}
    after = RULES.apply(state, found.solution).state
    assert after.phase == OVER and after.winners == [0]
    assert found.events[-1]["type"] == "end" and found.events[-1]["reason"] == "limit"


def _decisions(seed: int, options: dict):
    """Each decision of a game of random moves: the state and its mover."""
    chooser = random.Random(seed)
    state = RULES.new_game(seed, options)
    while not RULES.is_over(state):
        seat = RULES.to_move(state)
        yield state, seat
        state = RULES.apply(state, chooser.choice(RULES.legal_moves(state)), seat=seat).state


GAMES = [(8, {"players": 3, "limit": 2}), (17, {"players": 3, "limit": 2}),
         (5, {"players": 4, "teams": True, "limit": 2}), (1, {"players": 2, "limit": 6})]


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_every_claim_holds_against_the_engine_over_every_throw(seed, options):
    """The solution is certain on the real state (the hidden cards as they were) and on
    another deal of them; every other legal move fails there on some throw whatever
    the mover decides; the view shows no other hand, and every deal that fits it
    shows the mover this very view."""
    claims = 0
    for state, seat in _decisions(seed, options):
        view, legal = RULES.view(state, seat), RULES.legal_moves(state)
        found = find(view, legal, [], random.Random(seed))
        if found is None:
            continue
        claims += 1
        assert all(info["hand"] is None for index, info in enumerate(view["seats"])
                   if index != int(seat))
        other = other_deal(state, int(seat), random.Random(seed))
        assert RULES.view(other, seat) == view
        with scripted_dice() as script:
            for move in legal:
                action = RULES.move_to_action(state, move)
                if move == found.solution:
                    assert forced(state, action, int(seat), found.kind, script)
                    assert forced(other, action, int(seat), found.kind, script)
                else:
                    assert not forced(other, action, int(seat), found.kind, script), move
    assert claims


def test_the_explanation_names_only_cards_the_mover_could_see():
    """Adversarial: the told events are the same whatever deals the check drew (other
    seeds give other hidden hands), and every card they name was in the mover's hand
    or face up on the discard pile."""
    for state, seat in _decisions(17, {"players": 3, "limit": 2}):
        view, legal = RULES.view(state, seat), RULES.legal_moves(state)
        found = find(view, legal, [], random.Random(1))
        if found is None:
            continue
        again = find(view, legal, [], random.Random(2))
        assert again is not None and again.events == found.events
        seen = set(view["seats"][int(seat)]["hand"]) | set(view["discard"])
        for event in found.events:
            assert event["type"] not in ("roll", "deal", "discard")
            assert "secret" not in event
            for key in ("card", "number"):
                assert event.get(key) is None or event[key] in seen
