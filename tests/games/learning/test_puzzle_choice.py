"""A game's puzzles: a chance left untaken turn after turn is one puzzle, and a game
gives at most a handful, its strongest goals first."""

from __future__ import annotations

from games.ai.puzzles import MAX_PER_GAME, Candidate, Found, chosen_claims


def candidate(version: int, kind: str, solution: dict, seat: str = "red") -> Candidate:
    return Candidate(version, version, seat, {}, [], Found(kind, solution, 200, []))


def test_it_keeps_the_same_answer_of_the_same_seat_once():
    claims = [candidate(3, "capture", {"card": "K"}), candidate(7, "capture", {"card": "K"}),
              candidate(9, "capture", {"card": "K"}, seat="blue"),
              candidate(11, "castle", {"card": "K"})]
    assert [c.version for c in chosen_claims(claims)] == [3, 9, 11]


def test_it_keeps_the_strongest_goals_of_a_rich_game_in_the_games_order():
    claims = [candidate(v, "capture", {"n": v}) for v in range(1, 20)]
    claims += [candidate(40, "win", {"n": 40}), candidate(30, "castle", {"n": 30})]
    chosen = chosen_claims(claims)
    assert len(chosen) == MAX_PER_GAME
    assert [c.version for c in chosen] == [1, 2, 3, 4, 30, 40]
