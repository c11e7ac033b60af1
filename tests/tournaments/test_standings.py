"""Standings and tie-breaks against published crosstables and hand-computed tables."""

from __future__ import annotations

import pytest

from tournaments.pairing import (
    ROUND_ROBIN_TIEBREAKS,
    ByeResult,
    GameResult,
    PairingError,
    standings,
)

# Source: IA Mario Held, "Exercises in Tie-Breaking" (FIDE Tie-Break Regulations C.07,
# 2023 edition), the 16-player, 5-round Swiss of exercises 1-13, with its published
# Buchholz (BH) and Sonneborn-Berger (SB) answers. One row per player: start number,
# then per round: opponent, colour, result. Opponent 0 is an unplayed round:
# U a pairing-allocated bye (1 point), H a half-point bye, Z a zero-point bye;
# + and - are wins and losses by forfeit.
HELD_SWISS = """
2   10 b 1   7 w 1   1 b =  16 w 1   3 b =
1    9 w 1  13 b =   2 w =  15 b 1   4 w =
3   11 w =   6 b 1   8 w 1   4 b =   2 w =
4   12 b 1   0 - H  13 w 1   3 w =   1 b =
16   8 w =  11 b 1   7 w 1   2 b 0  15 w 1
6   14 b 0   3 w 0   0 - U  10 w 1   8 b 1
5   13 w 0  15 b 0  11 w 1   7 b =  10 w 1
8   16 b =  14 w 1   3 b 0  13 w 1   6 w 0
11   3 b =  16 w 0   5 b 0   9 w +   7 w 1
12   4 w 0   0 - U  14 w +   0 - Z   0 - Z
14   6 w 1   8 b 0  12 b -   0 - Z  13 b 1
15   7 b 0   5 w 1  10 b 1   1 w 0  16 b 0
7   15 w 1   2 b 0  16 b 0   5 w =  11 b 0
9    1 b 0  10 w 0   0 - H  11 b -   0 - U
13   5 b 1   1 w =   4 b 0   8 b 0  14 w 0
10   2 w 0   9 b 1  15 w 0   6 b 0   5 b 0
"""
HELD_POINTS = {2: 4.0, 1: 3.5, 3: 3.5, 4: 3.5, 16: 3.5, 6: 3.0, 5: 2.5, 8: 2.5, 11: 2.5,
               12: 2.0, 14: 2.0, 15: 2.0, 7: 1.5, 9: 1.5, 13: 1.5, 10: 1.0}  # fmt: skip
HELD_BH = {1: 12.5, 2: 13.0, 3: 15.5, 4: 15.0, 5: 8.5, 6: 12.0, 7: 14.5, 8: 13.5, 9: 9.0,
           10: 13.0, 11: 13.5, 12: 11.5, 13: 14.0, 14: 11.0, 15: 12.0, 16: 12.5}  # fmt: skip
HELD_SB = {1: 8.0, 2: 9.5, 3: 10.5, 4: 9.75, 5: 4.25, 6: 6.5, 7: 3.25, 8: 5.25, 9: 2.25,
           10: 1.5, 11: 5.75, 12: 4.0, 13: 4.25, 14: 4.5, 15: 3.5, 16: 7.25}  # fmt: skip
RESULT = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}
BYE = {"U": 1.0, "H": 0.5, "Z": 0.0}


def held_crosstable():
    games, byes = [], []
    for line in HELD_SWISS.strip().splitlines():
        me, *cells = line.split()
        for index in range(0, len(cells), 3):
            opponent, colour, result = cells[index : index + 3]
            number = index // 3 + 1
            if opponent == "0":
                byes.append(ByeResult(number, int(me), BYE[result]))
            elif colour == "w":  # each game once, from the first seat's row
                games.append(
                    GameResult(number, int(me), int(opponent), RESULT[result], result in "+-")
                )
    return games, byes


def test_it_rescores_a_published_swiss_to_the_same_tie_breaks():
    games, byes = held_crosstable()
    rows = {row.player: row for row in standings(list(range(1, 17)), games, byes)}
    assert {p: r.points for p, r in rows.items()} == HELD_POINTS
    expected_bh, expected_sb = dict(HELD_BH), dict(HELD_SB)
    # Player 4's opponent 12 left after round 3 (zero-point byes in rounds 4 and 5).
    # The 2023 rule counts such voluntarily unplayed rounds of an opponent as draws
    # (12 then counts 3.0, not 2.0); the site never has them (no requested byes), so we
    # take opponents' scores as they stand: one point less in both for player 4.
    expected_bh[4] -= 1.0
    expected_sb[4] -= 1.0
    assert {p: r.buchholz for p, r in rows.items()} == expected_bh
    assert {p: r.sonneborn_berger for p, r in rows.items()} == expected_sb


def test_it_ranks_the_published_swiss_by_points_then_buchholz():
    games, byes = held_crosstable()
    order = [row.player for row in standings(list(range(1, 17)), games, byes)]
    assert order[:5] == [2, 3, 4, 1, 16]  # 3.5 points: BH 15.5, 14.0, 12.5 (SB 8.0), 12.5


def test_it_rescores_a_published_double_round_robin_to_the_same_sonneborn_berger():
    # Source: Sensei's Library, "Sonneborn-Berger" (2003-2005 snapshot): A, B, C, D play
    # each other twice; SB 11, 9, 6, 4.
    results = [
        ("A", "B", 1), ("A", "C", 1), ("A", "D", 1), ("B", "C", 1), ("B", "D", 1),
        ("C", "D", 1), ("B", "A", 1), ("C", "A", 0), ("D", "A", 1), ("C", "B", 1),
        ("D", "B", 0), ("D", "C", 0),
    ]  # fmt: skip
    games = [GameResult(1 + i // 6, a, b, float(s)) for i, (a, b, s) in enumerate(results)]
    rows = standings(["A", "B", "C", "D"], games, tiebreaks=ROUND_ROBIN_TIEBREAKS)
    assert [(r.player, r.points, r.sonneborn_berger) for r in rows] == [
        ("A", 4, 11), ("B", 4, 9), ("C", 3, 6), ("D", 1, 4),
    ]  # fmt: skip
    assert [r.rank for r in rows] == [1, 2, 3, 4]


def test_it_computes_a_round_robin_by_hand():
    games = [
        GameResult(1, "A", "B", 1.0), GameResult(1, "C", "D", 0.0),
        GameResult(2, "A", "C", 0.5), GameResult(2, "D", "B", 0.5),
        GameResult(3, "D", "A", 0.0), GameResult(3, "B", "C", 1.0),
    ]  # fmt: skip
    rows = standings(["A", "B", "C", "D"], games, tiebreaks=ROUND_ROBIN_TIEBREAKS)
    table = [
        (r.rank, r.player, r.points, r.played, r.wins, r.draws, r.losses,
         r.sonneborn_berger, r.buchholz)
        for r in rows
    ]  # fmt: skip
    # A: beat B (1.5) and D (1.5), drew C (0.5/2)  -> SB 3.25, BH 1.5+0.5+1.5
    # B: beat C (0.5), drew D (1.5/2)              -> SB 1.25, BH 2.5+0.5+1.5
    # D: beat C (0.5), drew B (1.5/2)              -> SB 1.25, BH 2.5+1.5+0.5: B and D tie
    # C: drew A (2.5/2)                            -> SB 1.25
    assert table == [
        (1, "A", 2.5, 3, 2, 1, 0, 3.25, 3.5),
        (2, "B", 1.5, 3, 1, 1, 1, 1.25, 4.5),
        (2, "D", 1.5, 3, 1, 1, 1, 1.25, 4.5),
        (4, "C", 0.5, 3, 0, 1, 2, 1.25, 5.5),
    ]


def test_it_counts_a_bye_as_a_win_against_a_dummy_of_ones_own_score():
    games = [GameResult(1, "A", "B", 1.0), GameResult(2, "C", "A", 0.5)]
    byes = [ByeResult(1, "C"), ByeResult(2, "B")]
    rows = {r.player: r for r in standings(["A", "B", "C"], games, byes)}
    assert (rows["A"].points, rows["B"].points, rows["C"].points) == (1.5, 1.0, 1.5)
    # A: B (1) + C (1.5); B: A (1.5) + dummy (1); C: dummy (1.5) + A (1.5)
    assert (rows["A"].buchholz, rows["B"].buchholz, rows["C"].buchholz) == (2.5, 2.5, 3.0)
    # SB: A 1x1 + 0.5x1.5; B 0x1.5 + 1x1; C 1x1.5 + 0.5x1.5
    assert (rows["A"].sonneborn_berger, rows["B"].sonneborn_berger) == (1.75, 1.0)
    assert rows["C"].sonneborn_berger == 2.25
    assert [r.player for r in standings(["A", "B", "C"], games, byes)] == ["C", "A", "B"]
    assert rows["C"].byes == 1 and rows["C"].played == 1


def test_it_scores_a_forfeit_but_leaves_it_out_of_games_played():
    rows = {r.player: r for r in standings(["A", "B"], [GameResult(1, "A", "B", 1.0, True)])}
    assert (rows["A"].points, rows["A"].played, rows["A"].wins) == (1.0, 0, 0)
    assert (rows["A"].buchholz, rows["A"].sonneborn_berger) == (1.0, 1.0)
    assert (rows["B"].points, rows["B"].buchholz) == (0.0, 0.0)


def test_it_leaves_running_games_out_and_refuses_bad_input():
    rows = standings(["A", "B"], [GameResult(1, "A", "B", None)])
    assert [(r.points, r.played, r.rank) for r in rows] == [(0, 0, 1), (0, 0, 1)]
    with pytest.raises(PairingError, match="not listed"):
        standings(["A"], [GameResult(1, "A", "B", 1.0)])
    with pytest.raises(PairingError, match="1, 0.5 or 0"):
        standings(["A", "B"], [GameResult(1, "A", "B", 2.0)])
    with pytest.raises(PairingError, match="unknown tie-break"):
        standings(["A"], [], tiebreaks=("median",))
