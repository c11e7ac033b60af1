"""``bench/cc_bonus_tells.py``: how much a player's placements tell of its bonus card."""

from __future__ import annotations

from tests.bench_scripts import load

TELLS = load("cc_bonus_tells")


def test_it_names_a_bonus_card_that_draws_every_placement():
    # Each player places only at its bonus card's group: the guess is sure.
    players = [(bonus, [(bonus, up) for up in (True, False, True)]) for bonus in (0, 1, 2) * 4]
    real, right = TELLS.guesses(players, first=3)
    assert right == 1.0 and real > 0.9
    assert TELLS.rates(players)[1] == (1.0, 0.0)


def test_it_guesses_at_even_chances_from_placements_that_tell_nothing():
    players = [(bonus, [(3, True), (4, False)]) for bonus in (0, 1, 2) * 4]
    real, _right = TELLS.guesses(players, first=2)
    assert abs(real - 1 / 3) < 1e-9


def test_it_plays_whole_games_and_notes_each_seat():
    players = TELLS.play("heuristic", games=1, seed=5)
    assert len(players) == 2
    for bonus, placed in players:
        assert bonus in (0, 1, 2) and placed
        assert all(group in range(5) for group, _up in placed)
