"""Validation of a full state given to the engine (section 8's list)."""

from __future__ import annotations

import copy
import json

import pytest

from games.rules import InvalidState

from .helpers import RULES, apply, at, draw, load, position


def valid() -> dict:
    return position(
        hands={"cleopatra": ["C1", "C4", "C-spy"], "caesar": ["R2", "R5", "R-veto", "R-wrath"]},
        influence={"cleopatra": ["C5", "CP", "C2"], "caesar": ["R1"]},
        actions={"cleopatra": ["C-veto", "C-wrath"], "caesar": ["R-spy"]},
        groups={
            "senators": {"cleopatra": at(["C2"], ["C5", "CP"]), "caesar": at([], ["R4"])},
            "aediles": {"cleopatra": at(["C3"]), "caesar": at(["R3", "R3"])},
        },
        won={"cleopatra": {"senators": 1}, "caesar": {"censors": 2}},
        vote_deck=["V-orgy", "V-senators", "V-orgy-reshuffle"],
        vote_discard=["V-praetors"],
        turn=6,
    )


def broken(change) -> dict:
    data = valid()
    change(data)
    return data


def test_a_valid_state_round_trips_and_is_not_changed():
    data = valid()
    before = copy.deepcopy(data)
    state = load(data)
    assert data == before
    again = RULES.to_json(state)
    assert load(again) == state
    assert json.loads(json.dumps(again)) == again


def test_a_state_without_a_seed_is_accepted():
    data = valid()
    del data["seed"]
    assert RULES.to_json(load(data))["seed"] == 0  # the documented default


def test_unknown_extra_keys_are_ignored():
    data = valid()
    data["note"] = "engine keys are allowed"
    data["players"]["caesar"]["comment"] = 1
    load(data)


def set_group(group, seat, down=None, up=None):
    def change(d):
        d["groups"][group][seat] = {"down": down or [], "up": up or []}

    return change


def move_card(card, source, target):
    """Move one card between two lists given as key paths."""

    def change(d):
        src = d
        for key in source:
            src = src[key]
        dst = d
        for key in target:
            dst = dst[key]
        src.remove(card)
        dst.append(card)

    return change


CAESAR_DISCARD = ("players", "caesar", "discard")
CLEO_DISCARD = ("players", "cleopatra", "discard")

CASES = [
    # structure and types
    ("not an object", lambda d: d.clear(), "missing key 'game'"),
    ("wrong game", lambda d: d.update(game="chess"), "game must be 'caesar-cleopatra'"),
    ("bad phase", lambda d: d.update(phase="middle"), 'phase must be one of "setup"'),
    ("bad turn", lambda d: d.update(turn=-1), "turn must be an integer >= 0"),
    ("bool turn", lambda d: d.update(turn=True), "turn must be an integer"),
    ("bad current", lambda d: d.update(current="antony"), "current must be one of"),
    ("bad step", lambda d: d.update(step="middle"), "step must be one of"),
    ("bad action_played", lambda d: d.update(action_played=0), "action_played must be true"),
    ("bad seed", lambda d: d.update(seed="x"), "seed must be an integer"),
    ("missing players", lambda d: d.pop("players"), "missing key 'players'"),
    ("third player", lambda d: d["players"].update(antony={}), "unknown player 'antony'"),
    ("missing group", lambda d: d["groups"].pop("censors"), "missing group 'censors'"),
    (
        "unknown card",
        lambda d: d["players"]["cleopatra"]["hand"].append("C6"),
        "players.cleopatra.hand[3]: unknown card 'C6'",
    ),
    ("bad vote card", lambda d: d["vote_deck"].append("V-feast"), "unknown vote card 'V-feast'"),
    (
        "patricians not a dict",
        lambda d: d["players"]["caesar"].update(patricians=3),
        "must be an object",
    ),
    # each player's 50 cards exactly once, in their places
    (
        "the other player's card",
        move_card("R2", ("players", "caesar", "hand"), ("players", "cleopatra", "hand")),
        "players.cleopatra.hand: R2 is caesar's card, not cleopatra's",
    ),
    (
        "action card in the influence pile",
        move_card(
            "C-veto",
            ("players", "cleopatra", "action_pile"),
            ("players", "cleopatra", "influence_pile"),
        ),
        "influence_pile: C-veto is an action card; only influence cards go there",
    ),
    (
        "influence card in the action pile",
        move_card(
            "R1", ("players", "caesar", "influence_pile"), ("players", "caesar", "action_pile")
        ),
        "action_pile: R1 is an influence card; only action cards go there",
    ),
    (
        "action card at a group",
        move_card(
            "C-spy", ("players", "cleopatra", "hand"), ("groups", "praetors", "cleopatra", "up")
        ),
        "groups.praetors.cleopatra.up: C-spy is an action card",
    ),
    (
        "a card twice",
        lambda d: d["players"]["cleopatra"]["hand"].append("C3"),
        "cleopatra's cards: expected 7 C3 in all, found 8",
    ),
    (
        "a card missing",
        lambda d: d["players"]["caesar"]["discard"].remove("R-assassination"),
        "caesar's cards: expected 4 R-assassination in all, found 3",
    ),
    # limits
    (
        "six cards in hand",
        lambda d: d["players"]["caesar"]["hand"].extend(
            [d["players"]["caesar"]["discard"].pop(0), d["players"]["caesar"]["discard"].pop(0)]
        ),
        "players.caesar.hand holds 6 cards; at most 5",
    ),
    (
        "six cards at a group",
        lambda d: (
            [d["players"]["caesar"]["discard"].remove("R1") for _ in range(3)],
            d["groups"]["aediles"]["caesar"]["up"].extend(["R1", "R1", "R1", "R2"]),
            d["players"]["caesar"]["hand"].remove("R2"),
        ),
        "groups.aediles.caesar holds 6 cards; at most 5",
    ),
    (
        "cards at a finished group",
        lambda d: (
            d["players"]["caesar"]["patricians"].update(aediles=3),
            d["groups"]["aediles"].update(patricians=0),
        ),
        "groups.aediles: every patrician is won, so the group holds no cards",
    ),
    (
        "patricians not adding up",
        lambda d: d["groups"]["senators"].update(patricians=5),
        "groups.senators: 5 patrician(s) still to win plus 1 won by cleopatra and 0 by caesar "
        "must make 5",
    ),
    # vote cards
    (
        "a vote card twice",
        lambda d: d["vote_discard"].append("V-praetors"),
        "vote cards: expected 1 V-praetors in all",
    ),
    (
        "an orgy missing",
        lambda d: d["vote_deck"].remove("V-orgy"),
        "vote cards: expected 2 V-orgy in all",
    ),
    (
        "reshuffle card not in the deck",
        move_card("V-orgy-reshuffle", ("vote_deck",), ("vote_discard",)),
        "V-orgy-reshuffle must be in vote_deck",
    ),
    (
        "a group card aside too early",
        move_card("V-senators", ("vote_deck",), ("vote_aside",)),
        "vote_aside: V-senators is put aside only once every patrician",
    ),
    (
        "an orgy aside",
        move_card("V-orgy", ("vote_deck",), ("vote_aside",)),
        "vote_aside: V-orgy is never put aside",
    ),
    # bonus
    (
        "unknown bonus",
        lambda d: d["players"]["caesar"].update(bonus="B-aediles"),
        "players.caesar.bonus must be one of B-senators, B-praetors, B-quaestors",
    ),
    # phase, step, pending, current, to_move, turn
    (
        "turn parity",
        lambda d: d.update(turn=7),
        "turn 7 is caesar's (Cleopatra's turns are the even ones), but current is cleopatra",
    ),
    (
        "to_move not current",
        lambda d: d.update(to_move="caesar"),
        "to_move must be 'cleopatra' (current), got 'caesar'",
    ),
    (
        "start with action played",
        lambda d: d.update(action_played=True),
        "at step start action_played is false and nothing is pending",
    ),
    (
        "place without an action",
        lambda d: d.update(step="place"),
        "step place follows an action card opening the turn",
    ),
    (
        "winner in play",
        lambda d: d.update(winner="caesar"),
        "in play winner and score must be null",
    ),
    (
        "pending without an action",
        lambda d: d.update(
            step="placed", pending={"kind": "spy", "player": "cleopatra"}, to_move="cleopatra"
        ),
        "a pending spy follows an action card: action_played is true",
    ),
    (
        "pending draw of the wrong player",
        lambda d: d.update(
            step="placed",
            action_played=True,
            pending={"kind": "draw", "player": "cleopatra", "count": 1},
            to_move="cleopatra",
        ),
        "a pending draw is caesar's decision, not cleopatra's",
    ),
    (
        "pending draw of two",
        lambda d: d.update(
            step="placed",
            action_played=True,
            pending={"kind": "draw", "player": "caesar", "count": 2},
            to_move="caesar",
        ),
        "pending.count must be 1",
    ),
    (
        "pending castle out of order",
        lambda d: d.update(
            step="placed",
            action_played=True,
            pending={"kind": "castle", "player": "cleopatra", "groups": ["praetors", "senators"]},
        ),
        "pending.groups must be two different groups in group order",
    ),
    (
        "pending kind unknown",
        lambda d: d.update(pending={"kind": "bribe", "player": "caesar"}),
        'pending.kind must be one of "veto", "spy", "castle", "draw"',
    ),
    (
        "over but running",
        lambda d: d.update(phase="over", current=None, step=None, to_move=None),
        "when the game is over winner and score are set",
    ),
]


@pytest.mark.parametrize(("name", "change", "message"), CASES, ids=[c[0] for c in CASES])
def test_invalid_states_are_refused_with_a_precise_message(name, change, message):
    with pytest.raises(InvalidState) as problem:
        load(broken(change))
    assert message in str(problem.value)


def pending_veto(**changes) -> dict:
    data = valid()
    move = {"type": "action", "card": "C-assassination", "group": "senators", "target": "R4"}
    data.update(step="place", action_played=True, to_move="caesar")
    data["pending"] = {"kind": "veto", "player": "caesar", "action": move}
    for key, value in changes.items():
        data[key] = value
    return data


def test_a_pending_veto_is_checked_against_the_board():
    load(pending_veto())
    data = pending_veto()
    data["pending"]["action"]["target"] = "R3"  # face down at the aediles, not at the senators
    with pytest.raises(
        InvalidState, match="pending.action: there is no face-up R3 at the senators"
    ):
        load(data)
    data = pending_veto()
    data["pending"]["action"] = {"type": "veto"}
    with pytest.raises(InvalidState, match="pending.action must be an action move"):
        load(data)
    data = pending_veto()
    data["pending"]["action"]["card"] = "C-castle"
    with pytest.raises(InvalidState, match="pending.action: card must be a card name"):
        load(data)
    data = pending_veto()
    cleopatra = data["players"]["cleopatra"]
    while "C-assassination" in cleopatra["discard"]:
        cleopatra["discard"].remove("C-assassination")
        cleopatra["action_pile"].append("C-assassination")
    with pytest.raises(InvalidState, match="the played C-assassination must be in cleopatra's"):
        load(data)
    data = pending_veto()
    data["players"]["caesar"]["hand"].remove("R-veto")
    data["players"]["caesar"]["discard"].append("R-veto")
    data["players"]["caesar"]["hand"].append(data["players"]["caesar"]["discard"].pop(0))
    with pytest.raises(InvalidState, match="both of caesar's Vetos are discarded"):
        load(data)


def test_the_game_over_is_checked_against_section_5():
    data = position(
        hands={"cleopatra": [], "caesar": []},
        won={"cleopatra": {"senators": 3}},
        phase="over",
        current=None,
        step=None,
        turn=40,
        winner="cleopatra",
        score={"cleopatra": 6, "caesar": 0},  # 3 + majority 1 + bonus (B-senators) 2
    )
    load(data)
    with pytest.raises(InvalidState, match="winner must be cleopatra"):
        load({**data, "winner": "caesar"})
    with pytest.raises(InvalidState, match="score must be cleopatra 6, caesar 0"):
        load({**data, "score": {"cleopatra": 4, "caesar": 0}})
    running = copy.deepcopy(data)
    running["players"]["caesar"]["influence_pile"] = ["R1"]
    running["players"]["caesar"]["discard"].remove("R1")
    with pytest.raises(InvalidState, match="over only when every patrician is won or neither"):
        load(running)


def test_setup_states_must_agree_with_the_placements():
    data = RULES.to_json(RULES.new_game(2))
    load(data)
    wrong = copy.deepcopy(data)
    cleopatra = wrong["players"]["cleopatra"]
    cleopatra["hand"].remove("C3")
    cleopatra["influence_pile"].remove("CP")
    cleopatra["influence_pile"].append("C3")
    cleopatra["hand"].append("CP")
    with pytest.raises(InvalidState, match="holds 10 cards, two of each value 1..5"):
        load(wrong)
    after, _ = apply(data, RULES.legal_moves(load(data))[0])
    with pytest.raises(InvalidState, match="turn counts turns in play, so it is 0 during setup"):
        load({**after, "turn": 1})
    moved = copy.deepcopy(after)
    moved["groups"]["senators"]["cleopatra"]["up"] = moved["groups"]["senators"]["cleopatra"].pop(
        "down"
    )
    moved["groups"]["senators"]["cleopatra"]["down"] = []
    with pytest.raises(InvalidState, match="one face-down card at each group"):
        load(moved)


def test_a_running_game_always_has_a_legal_move():
    # at step second a second card must be placeable
    data = position(hands={"cleopatra": ["C-spy"], "caesar": ["R1"]}, step="second")
    with pytest.raises(InvalidState, match="at step second cleopatra must be able to place a card"):
        load(data)
    # a pending spy needs a hand to look at
    data = position(
        hands={"cleopatra": ["C1"], "caesar": []},
        step="place",
        action_played=True,
        pending={"kind": "spy", "player": "cleopatra"},
    )
    with pytest.raises(InvalidState, match="a pending spy needs cards in caesar's hand"):
        load(data)
    # every patrician won: the game is over
    won = {"cleopatra": {"senators": 5, "praetors": 5, "quaestors": 5, "aediles": 3, "censors": 3}}
    with pytest.raises(InvalidState, match="every patrician is won, so the game is over"):
        load(position(won=won, vote_aside=["V-senators"]))


def test_the_validated_state_plays_on():
    state = load(valid())
    assert RULES.legal_moves(state)
    apply(valid(), {"type": "place", "card": "C4", "group": "praetors", "face": "down"})
    apply(
        apply(valid(), {"type": "place", "card": "C4", "group": "praetors", "face": "down"})[0],
        draw(2, 1),
    )
