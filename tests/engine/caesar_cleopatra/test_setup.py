"""Setup (section 2): the new game, the bonus deal and the setup placements."""

from __future__ import annotations

from collections import Counter

import pytest

from games.rules import IllegalMove, InvalidOptions, MalformedMove

from .helpers import RULES, apply, events_of, legal

SETUP_MOVE = {
    "type": "setup",
    "cards": {
        "senators": "C3",
        "praetors": "C1",
        "quaestors": "C5",
        "aediles": "C2",
        "censors": "C4",
    },
}


def new(seed: int = 5) -> dict:
    return RULES.to_json(RULES.new_game(seed))


def test_it_prints_the_state_after_the_shuffles_and_the_bonus_deal():
    data = new()
    assert data["game"] == "caesar-cleopatra"
    assert (data["phase"], data["turn"], data["current"], data["step"]) == (
        "setup",
        0,
        "cleopatra",
        "setup",
    )
    assert (data["to_move"], data["pending"], data["winner"], data["score"]) == (
        "cleopatra",
        None,
        None,
        None,
    )
    assert data["action_played"] is False
    for seat, letter in (("cleopatra", "C"), ("caesar", "R")):
        player = data["players"][seat]
        assert Counter(player["hand"]) == Counter({f"{letter}{v}": 2 for v in range(1, 6)})
        assert len(player["influence_pile"]) == 27
        assert Counter(player["influence_pile"])[f"{letter}P"] == 2
        assert Counter(player["influence_pile"])[f"{letter}3"] == 5
        assert len(player["action_pile"]) == 13
        assert Counter(player["action_pile"])[f"{letter}-assassination"] == 4
        assert player["discard"] == []
        assert player["bonus"] in ("B-senators", "B-praetors", "B-quaestors")
        assert set(player["patricians"].values()) == {0}
    assert [g["patricians"] for g in data["groups"].values()] == [5, 5, 5, 3, 3]
    assert Counter(data["vote_deck"]) == Counter(
        ["V-senators", "V-praetors", "V-quaestors", "V-aediles", "V-censors"]
        + ["V-orgy", "V-orgy", "V-orgy-reshuffle"]
    )
    assert data["vote_discard"] == [] and data["vote_aside"] == []
    assert data["seed"] == 5


def test_the_seed_decides_every_shuffle_and_the_bonus_cards():
    assert new(11) == new(11)
    piles = {tuple(new(seed)["players"]["caesar"]["influence_pile"]) for seed in range(6)}
    assert len(piles) == 6
    decks = {tuple(new(seed)["vote_deck"]) for seed in range(6)}
    assert len(decks) > 1
    bonuses = Counter(
        (new(seed)["players"]["cleopatra"]["bonus"], new(seed)["players"]["caesar"]["bonus"])
        for seed in range(40)
    )
    assert len(bonuses) > 3
    # the two bonus cards come from six: two of each group at most
    for (first, second), _count in bonuses.items():
        assert first in ("B-senators", "B-praetors", "B-quaestors")
        assert second in ("B-senators", "B-praetors", "B-quaestors")


def test_new_game_refuses_options_and_bad_seeds():
    with pytest.raises(InvalidOptions, match="takes no options"):
        RULES.new_game(1, {"handicap": 2})
    with pytest.raises(InvalidOptions, match="seed must be an integer"):
        RULES.new_game("1")  # type: ignore[arg-type]
    RULES.new_game(1, {})
    RULES.new_game(1, None)


def test_the_setup_placement_is_one_of_120_moves():
    moves = legal(new())
    assert len(moves) == 120
    assert SETUP_MOVE in moves
    assert all(sorted(m["cards"].values()) == ["C1", "C2", "C3", "C4", "C5"] for m in moves)


def test_cleopatra_places_first_then_caesar_and_play_begins():
    data, events = apply(new(), SETUP_MOVE, seat="cleopatra")
    assert data["current"] == "caesar" and data["to_move"] == "caesar"
    assert data["phase"] == "setup" and data["step"] == "setup"
    assert Counter(data["players"]["cleopatra"]["hand"]) == Counter(["C1", "C2", "C3", "C4", "C5"])
    assert data["groups"]["senators"]["cleopatra"] == {"down": ["C3"], "up": []}
    assert data["groups"]["praetors"]["cleopatra"] == {"down": ["C1"], "up": []}
    (event,) = events_of(events, "setup")
    assert event["secret"] == {"cleopatra": {"cards": SETUP_MOVE["cards"]}}
    assert "cards" not in {k: v for k, v in event.items() if k != "secret"}

    caesar_move = {
        "type": "setup",
        "cards": dict(zip(data["groups"], ["R1", "R2", "R3", "R4", "R5"])),
    }
    after, events = apply(data, caesar_move, seat="caesar")
    assert (after["phase"], after["turn"], after["current"], after["step"]) == (
        "play",
        0,
        "cleopatra",
        "start",
    )
    assert after["to_move"] == "cleopatra"
    assert len(after["players"]["caesar"]["hand"]) == 5
    assert events_of(events, "turn") == [{"type": "turn", "player": "cleopatra", "turn": 0}]


@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        (
            {
                "senators": "C3",
                "praetors": "C3",
                "quaestors": "C5",
                "aediles": "C2",
                "censors": "C4",
            },
            IllegalMove,
            "one card of each value 1..5",
        ),
        (
            {
                "senators": "CP",
                "praetors": "C1",
                "quaestors": "C5",
                "aediles": "C2",
                "censors": "C4",
            },
            IllegalMove,
            "not a philosopher",
        ),
        (
            {
                "senators": "R3",
                "praetors": "C1",
                "quaestors": "C5",
                "aediles": "C2",
                "censors": "C4",
            },
            IllegalMove,
            "R3 is not cleopatra's card",
        ),
        (
            {"senators": "C3", "praetors": "C1", "quaestors": "C5", "aediles": "C2"},
            MalformedMove,
            "missing group 'censors'",
        ),
        (
            {
                "senators": "C-spy",
                "praetors": "C1",
                "quaestors": "C5",
                "aediles": "C2",
                "censors": "C4",
            },
            MalformedMove,
            "must be an influence card",
        ),
    ],
)
def test_wrong_setup_placements_are_refused(cards, error, message):
    with pytest.raises(error, match=message):
        apply(new(), {"type": "setup", "cards": cards})


def test_only_the_setup_is_legal_during_setup_and_only_by_the_placing_player():
    with pytest.raises(IllegalMove, match="only move is cleopatra's setup placement"):
        apply(new(), {"type": "place", "card": "C1", "group": "senators", "face": "down"})
    with pytest.raises(IllegalMove, match="it is cleopatra's decision, not caesar's"):
        apply(new(), SETUP_MOVE, seat="caesar")
