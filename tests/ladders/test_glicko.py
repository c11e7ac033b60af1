"""Glicko-2 against Glickman's worked example and an independent implementation."""

import math

import pytest

from ladders.glicko import DEFAULT_DEVIATION, SCALE, Glicko, idle, rate


def test_it_reproduces_the_papers_example():
    # Glickman, "Example of the Glicko-2 system" (2012): 1500/200/0.06 beats a
    # 1400/30, loses to a 1550/100 and to a 1700/300 in one period.
    player = Glicko(1500, 200, 0.06)
    after = rate(player, [(Glicko(1400, 30), 1), (Glicko(1550, 100), 0), (Glicko(1700, 300), 0)])
    # The paper's values on its internal scale: the volatility iteration ends at
    # A = -5.62696, so sigma' = exp(A/2) = 0.059996 (printed truncated as 0.05999);
    # mu' = -0.2069 and phi' = 0.8722, that is r' = 1464.06 and RD' = 151.52.
    assert round(2 * math.log(after.volatility), 5) == -5.62696
    assert math.floor(after.volatility * 100_000) / 100_000 == 0.05999
    assert round((after.rating - 1500) / SCALE, 4) == -0.2069
    assert round(after.deviation / SCALE, 4) == 0.8722
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert round(after.deviation, 2) == 151.52


def test_it_rates_two_new_players_symmetrically():
    winner = rate(Glicko(), [(Glicko(), 1)])
    loser = rate(Glicko(), [(Glicko(), 0)])
    assert winner.rating == pytest.approx(1662.3109, abs=1e-3)
    assert loser.rating == pytest.approx(1337.6891, abs=1e-3)
    assert winner.deviation == loser.deviation == pytest.approx(290.3190, abs=1e-3)


def test_it_counts_a_draw_as_half():
    after = rate(Glicko(), [(Glicko(), 0.5)])
    assert after.rating == pytest.approx(1500.0)
    assert after.deviation < DEFAULT_DEVIATION


def test_it_uses_the_deviation_in_the_volatility_step_far_from_1500():
    # A 2400 player losing to a 1500 player: values of an independent
    # implementation of the paper. The PyPI package glicko2 2.1.0 gives
    # a different volatility here (0.0600087), as it uses the rating in step 5.
    after = rate(Glicko(2400, 50, 0.06), [(Glicko(1500, 50), 0)])
    assert after.rating == pytest.approx(2385.26451, abs=1e-4)
    assert after.deviation == pytest.approx(51.06256, abs=1e-4)
    assert after.volatility == pytest.approx(0.0600129279, abs=1e-9)


def test_it_grows_the_deviation_of_an_idle_player_up_to_the_default():
    player = Glicko(1700, 60, 0.06)
    assert idle(player, 0) == player
    once, three = idle(player, 1), idle(player, 3)
    assert 60 < once.deviation < three.deviation
    assert once.rating == three.rating == 1700
    assert idle(player, 10_000).deviation == DEFAULT_DEVIATION
