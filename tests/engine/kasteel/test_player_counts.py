"""The smallest and the largest table: 2 and 12 players."""

from __future__ import annotations

from .helpers import RULES, apply, line, move, position, where


def setup_done(players: int, seed: int, **options):
    state = RULES.new_game(seed, {"players": players, **options})
    while RULES.to_json(state)["phase"] == "setup":
        state = RULES.apply(state, RULES.legal_moves(state)[0]).state
    return state


def test_two_players_ring_of_36_and_wrapping_past_square_35():
    data = RULES.to_json(setup_done(2, 3))
    assert len(data["deck"]) == 16 and [len(s["hand"]) for s in data["seats"]] == [5, 5]
    after, _ = apply(
        position(2, lines={34: ["1:K"]}, hands={0: ["K/0"], 1: ["K/1", "4/1"]}, to_move=1),
        move("K/1", "1:K", "4/1"),
    )
    assert where(after, "1:K") == [2, 0]  # 35, 0, 1, 2


def test_two_players_seat_1_blocked_by_seat_0_on_square_0():
    after, _ = apply(
        position(
            2, lines={34: ["1:B"], 0: ["0:K"]}, hands={0: ["K/0"], 1: ["B/1", "4/1"]}, to_move=1
        ),
        move("B/1", "1:B", "4/1"),
    )
    assert where(after, "1:B") == [35, 0]


def test_twelve_players_deck_deal_and_ring():
    state = setup_done(12, 8)
    data = RULES.to_json(state)
    assert len(data["deck"]) == 12 * 8
    assert all(len(seat["hand"]) == 5 for seat in data["seats"])
    assert RULES.seats(state) == tuple(str(i) for i in range(12))
    after, _ = apply(
        position(
            12,
            lines={214: ["11:D"], 0: ["0:C"]},
            hands={11: ["D/11", "3/4"], 0: ["K/0"]},
            to_move=11,
        ),
        move("D/11", "11:D", "3/4"),
    )
    assert where(after, "11:D") == [1, 0]  # 215, 0 (past the lower 0:C), 1


def test_twelve_players_the_bandit_on_square_0_blocks_seat_11():
    after, _ = apply(
        position(
            12,
            lines={214: ["11:C"], 0: ["0:X"]},
            hands={11: ["C/11", "3/4"], 0: ["K/0"]},
            to_move=11,
        ),
        move("C/11", "11:C", "3/4"),
    )
    assert where(after, "11:C") == [215, 0]
    assert line(after, 0) == ["0:X"]


def test_twelve_players_seat_0_enters_its_castle_from_square_215():
    after, _ = apply(
        position(12, lines={214: ["0:K"]}, hands={0: ["K/0", "3/0"], 1: ["K/1"]}),
        move("K/0", "0:K", "3/0"),
    )
    assert after["seats"][0]["castle"] == {"K": 2}


def test_twelve_players_teams_partner_is_six_seats_on():
    state = setup_done(12, 8, teams=True)
    assert RULES.teams(state)[0] == ("0", "6")
    assert RULES.teams(state)[5] == ("5", "11")
