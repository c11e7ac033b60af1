"""The end of the game and the scores (section 10), teams and the length limit."""

from __future__ import annotations

from games.rules import Outcome

from .helpers import RULES, apply, events_of, load, move, position, with_dice

ON_TARGET = {rank: 7 - i for i, rank in enumerate("KDCBPSX")}
SIX_DONE = {rank: 7 - i for i, rank in enumerate("KDCBPS")}  # 0:X's target is 1


def test_the_first_seat_with_all_pieces_in_its_castle_wins_at_once():
    """Winner +5; Ruling (castle values): every piece on a castle place counts."""
    data = position(
        3,
        castle={0: SIX_DONE, 1: {"K": 7, "D": 6, "C": 3}},
        lines={53: ["0:X"]},  # seat 0's entrance in a 3-player game
        hands={0: ["X/0", "1/0", "K/0"], 1: ["K/1"], 2: ["K/2"]},
    )
    after, events = apply(data, move("X/0", "0:X", "1/0"))
    assert after["phase"] == "over" and after["to_move"] is None
    assert after["finished"] == [0] and after["winners"] == [0]
    # Ruling (castle values): every piece on a castle place counts (1:C too).
    assert after["scores"] == [28 + 5, 7 + 6 + 5, 0]
    assert after["turn"] == data["turn"] + 1
    assert events[-2:] == [
        {"type": "finished", "seat": "0", "rank": 1},
        {"type": "end", "reason": "castle", "winners": ["0"], "scores": {"0": 33, "1": 18, "2": 0}},
    ]
    state = load(after)
    assert RULES.is_over(state) and RULES.legal_moves(state) == []
    assert RULES.outcome(state) == Outcome("0", "castle", {"0": 33, "1": 18, "2": 0})
    assert RULES.owed_by(state) == () and RULES.to_move(state) is None


def test_ruling_the_game_ends_mid_turn_without_the_roll_again():
    """Ruling: the game ends the moment the deciding piece reaches its target,
    in the middle of a turn if need be (no roll again follows)."""
    data = position(castle={0: SIX_DONE}, lines={33: ["0:X"]}, hands={0: ["X/0"], 1: ["K/1"]})
    pending, _ = apply(with_dice(data, (3, 3)), move("X/0", "0:X"))
    after, events = apply(pending, {"type": "dice", "choice": "one"})
    assert after["phase"] == "over" and after["winners"] == [0]
    assert events_of(events, "roll") == [] and after["roll"] is None
    assert after["pending"] is None


def test_ruling_the_game_ends_even_when_another_players_jack_moved_the_piece():
    data = position(
        castle={0: SIX_DONE},
        lines={33: ["0:X"]},
        hands={1: ["F/1"], 0: ["K/0"]},
        to_move=1,
    )
    after, _ = apply(with_dice(data, (1, 2)), move("F/1", "0:X"))
    assert after["phase"] == "over" and after["winners"] == [0]
    assert after["scores"] == [33, 0]


def test_team_game_first_finisher_5_partner_completing_3():
    data = position(
        4,
        teams=True,
        castle={0: ON_TARGET, 2: SIX_DONE, 1: {"K": 7}},
        lines={35: ["2:X"]},  # seat 2's entrance
        finished=[0],
        hands={2: ["X/2", "1/2"], 1: ["K/1"]},
        to_move=2,
    )
    after, events = apply(data, move("X/2", "2:X", "1/2"))
    assert after["phase"] == "over"
    assert after["finished"] == [0, 2] and after["winners"] == [0, 2]
    assert after["scores"] == [28 + 5, 7, 28 + 3, 0]
    assert RULES.outcome(load(after)).winner == "0+2"


def test_team_game_another_team_completing_first_gets_3_and_2():
    data = position(
        4,
        teams=True,
        castle={0: ON_TARGET, 1: ON_TARGET, 3: SIX_DONE, 2: {"K": 7, "D": 6}},
        lines={53: ["3:X"]},  # seat 3's entrance
        finished=[0, 1],
        hands={3: ["X/3", "1/3"], 0: ["K/0"]},
        to_move=3,
    )
    after, _ = apply(data, move("X/3", "3:X", "1/3"))
    assert after["finished"] == [0, 1, 3] and after["winners"] == [1, 3]
    assert after["scores"] == [28 + 5, 28 + 3, 13, 28 + 2]
    assert RULES.outcome(load(after)).winner == "1+3"


def test_ruling_a_finished_team_player_keeps_playing_with_the_partners_pieces():
    """Ruling: their piece cards and Joker then move their partner's pieces,
    the Jack moves foes'."""
    data = position(
        4,
        teams=True,
        castle={0: ON_TARGET},
        lines={10: ["2:D"], 30: ["1:C"]},
        finished=[0],
        hands={0: ["D/1", "J/0", "F/0"], 1: ["K/1"]},
    )
    moves = RULES.legal_moves(load(data))
    assert moves == [
        move("D/1", "2:D"),
        move("J/0", "2:K"),
        move("J/0", "2:D"),
        move("F/0", "1:C"),
    ]


def limit_position(castles, **options):
    """The last card of the last allowed cycle is about to be played."""
    return position(
        options.pop("players", 2),
        castle=castles,
        lines={5: ["0:S"]},
        hands={0: ["S/0", "1/0"]},
        deal=3,
        limit=2,
        cycle=2,
        **options,
    )


def test_ruling_length_limit_ends_after_the_last_card_of_the_last_cycle():
    """Ruling (length limit): castle values alone, no bonus; the highest wins."""
    data = limit_position({0: {"K": 3}, 1: {"K": 7, "D": 6}})
    after, events = apply(data, move("S/0", "0:S", "1/0"))
    assert after["phase"] == "over" and after["to_move"] is None
    # 0:K counts though it is short of its target (Ruling: castle values).
    assert after["winners"] == [1] and after["scores"] == [7, 13]
    assert events[-1] == {
        "type": "end",
        "reason": "limit",
        "winners": ["1"],
        "scores": {"0": 7, "1": 13},
    }
    assert RULES.outcome(load(after)) == Outcome("1", "limit", {"0": 7, "1": 13})


def test_ruling_length_limit_equal_highest_scores_share_the_win():
    data = limit_position({0: {"K": 7}, 1: {"K": 7}, 2: {"D": 7}}, players=3, order={2: "DKCBPSX"})
    after, _ = apply(data, move("S/0", "0:S", "1/0"))
    assert after["winners"] == [0, 1] and after["scores"] == [7, 7, 6]
    assert RULES.outcome(load(after)).winner == "0+1"


def test_ruling_length_limit_in_a_team_game_the_higher_team_sum_wins():
    data = limit_position(
        {1: {"K": 7}, 3: {"D": 7, "K": 6}, 0: {"D": 7}, 2: {"D": 7, "X": 6}},
        players=4,
        teams=True,
        order={0: "DKCBPSX", 2: "DXKCBPS", 3: "DKCBPSX"},
    )
    after, _ = apply(data, move("S/0", "0:S", "1/0"))
    assert after["scores"] == [6, 7, 7, 13]
    assert after["winners"] == [1, 3]


def test_without_a_limit_the_game_goes_on_into_the_next_cycle():
    data = limit_position({})
    data["limit"] = None
    after, _ = apply(data, move("S/0", "0:S", "1/0"))
    assert after["phase"] == "play" and after["cycle"] == 3
