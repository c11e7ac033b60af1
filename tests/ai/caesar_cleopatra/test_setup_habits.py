"""An opponent's setup habits learned from finished games (``setup_habits``): what a
seat reads at a game's end holds the opponent's real setup and bonus card, and the
fit's counts are the evidence redistributed, never more nor less of it."""

from __future__ import annotations

import json
import random
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.ai.arena_match import play_out
from games.ai.caesar_cleopatra import setup_habits
from games.ai.caesar_cleopatra.search import StrongBot
from games.ai.caesar_cleopatra.setup_prior import SetupPrior, chances
from games.ai.registry import get_arena_bot
from games.rules import get_rules
from games.rules.caesar_cleopatra.constants import CARD_VALUE, N_GROUPS, card_code
from tests.bench_scripts import load

RULES = get_rules("caesar-cleopatra")
ORDERS = list(permutations(range(1, 6)))


def finished_game(seed: int):
    """A heuristic game to its end: the state after setup, the final state, each
    seat's log."""
    bot = get_arena_bot("caesar-cleopatra", "heuristic")
    rng = random.Random(seed)
    after_setup = []

    def first_after_setup(state, seat, legal, history):
        if not after_setup and state.phase != 0:
            after_setup.append(state)

    played = play_out(RULES, RULES.new_game(seed),
                      lambda seat, view, legal, history: bot.choose(view, legal, rng, None,
                                                                    history=history),
                      observe=first_after_setup)
    return after_setup[0], played.state, played.histories


def test_it_reads_the_real_bonus_card_and_an_order_set_holding_the_real_setup():
    pinned = 0
    for seed in range(12):
        setup, end, histories = finished_game(seed)
        for watcher, them in (("cleopatra", 1), ("caesar", 0)):
            seen = setup_habits.observe(RULES.view(end, watcher), histories[watcher])
            assert seen is not None
            bonus, orders, seat = seen
            assert seat == them
            real = tuple(CARD_VALUE[setup.down[group * 2 + them][0]]
                         for group in range(N_GROUPS))
            assert bonus == end.bonus[them] and real in orders
            pinned += len(orders) == 1
    assert pinned >= 12  # most games' votes show every setup card


def test_it_reads_nothing_before_the_end_or_without_a_log():
    setup, end, histories = finished_game(1)
    assert setup_habits.observe(RULES.view(setup, "caesar"), histories["caesar"]) is None
    assert setup_habits.observe(RULES.view(end, "caesar"), None) is None
    assert setup_habits.observe(RULES.view(end, None), histories["caesar"]) is None


def test_setups_seen_whole_are_counted_as_they_are():
    seen = [(0, ((5, 1, 2, 3, 4),)), (0, ((5, 1, 2, 3, 4),)), (2, ((1, 2, 5, 3, 4),))]
    counts = setup_habits.fit(seen)
    assert counts[0][0] == (0, 0, 0, 0, 2) and counts[0][1] == (2, 0, 0, 0, 0)
    assert counts[2][2] == (0, 0, 0, 0, 1) and sum(map(sum, counts[1])) == 0


def test_a_setup_left_open_leans_on_what_the_other_games_showed():
    shown = (5, 1, 2, 3, 4)
    other = (4, 1, 2, 3, 5)  # a 4 where the others put a 5
    counts = setup_habits.fit([(0, (shown,))] * 10 + [(0, (shown, other))])
    assert counts[0][0][4] > 10.9 - 1e-3  # nearly all of the open game's count
    assert abs(counts[0][0][3] + counts[0][0][4] - 11) < 1e-2


observations = st.lists(
    st.tuples(st.integers(0, 2), st.lists(st.sampled_from(ORDERS), min_size=1, max_size=6,
                                          unique=True).map(tuple)),
    max_size=25)


@settings(max_examples=60, deadline=None)
@given(observations)
def test_the_counts_hold_each_game_once_at_every_group(seen):
    counts = setup_habits.fit(seen)
    for bonus in range(3):
        games = sum(1 for b, _orders in seen if b == bonus)
        for group in range(N_GROUPS):
            assert abs(sum(counts[bonus][group]) - games) < 0.02
        for value in range(5):  # each game puts every value at some group once
            assert abs(sum(row[value] for row in counts[bonus]) - games) < 0.02
    for bonus in range(3):  # only values some allowed order puts there
        allowed = [order for b, orders in seen if b == bonus for order in orders]
        for group in range(N_GROUPS):
            for value in range(1, 6):
                if all(order[group] != value for order in allowed):
                    assert counts[bonus][group][value - 1] == 0


def test_no_games_seen_means_even_chances():
    for table in chances(counts=setup_habits.empty_counts()):
        assert all(abs(chance - 1 / 120) < 1e-12 for chance in table.values())
    prior = SetupPrior([0, 1, 1, 2, 2], counts=setup_habits.empty_counts())
    orders = permutations(card_code(1, value) for value in range(1, 6))
    assert len({round(prior.weight(order), 12) for order in orders}) == 1


def test_the_level_takes_learned_habits():
    learned = setup_habits.fit([(1, ((1, 5, 2, 4, 3),))] * 5)
    assert StrongBot(setup_counts=learned).setup_counts == learned


def test_each_seat_has_habits_of_its_own():
    as_cleopatra, as_caesar = (5, 1, 2, 3, 4), (1, 5, 4, 2, 3)
    unknown = (2, 3, 5, 4, 1)  # an observation that does not name the seat: both
    cleopatra, caesar = setup_habits.fit_by_seat(
        [(0, (as_cleopatra,), 0)] * 3 + [(0, (as_caesar,), 1)] * 2 + [(0, (unknown,), None)])
    assert cleopatra[0][0] == (0, 1, 0, 0, 3) and caesar[0][0] == (2, 1, 0, 0, 0)
    assert cleopatra == setup_habits.fit([(0, (as_cleopatra,))] * 3 + [(0, (unknown,))])


def test_the_level_weighs_the_opponents_setup_by_its_seat_now():
    cleopatra = setup_habits.fit([(0, ((5, 1, 2, 3, 4),))])
    caesar = setup_habits.fit([(0, ((1, 5, 4, 2, 3),))])
    bot = StrongBot(seat_counts=(cleopatra, caesar))
    assert bot._habits({"viewer": "caesar"}) == cleopatra  # its opponent is Cleopatra
    assert bot._habits({"viewer": "cleopatra"}) == caesar


def test_it_reads_back_stored_observations_with_or_without_the_seat():
    checked = setup_habits.checked
    assert checked([2, [[1, 2, 3, 4, 5]], "caesar"]) == (2, ((1, 2, 3, 4, 5),), 1)
    assert checked([2, [[1, 2, 3, 4, 5]]]) == (2, ((1, 2, 3, 4, 5),), None)
    for bad in ([2, [[1, 2, 3, 4, 5]], "moon"], [2, [[1, 2, 3, 4, 5]], 1],
                [2, [[1, 2, 3, 4, 5]], "caesar", "x"], [2, [[1, 1, 3, 4, 5]], "caesar"]):
        assert checked(bad) is None, bad


def test_the_bench_learns_the_heuristics_habits(tmp_path):
    out = tmp_path / "habits.json"
    load("cc_learn_setup").main(["--level", "heuristic", "--games", "30", "--seed", "3",
                                 "--out", str(out)])
    data = json.loads(out.read_text())
    assert data["observed"] == 30 and data["pinned"] >= 15
    high = sum(row[3] + row[4] for bonus, rows in enumerate(data["counts"])
               for group, row in enumerate(rows) if group == bonus)
    # the heuristic puts a 4 or a 5 at its bonus card's group 77 % of the time
    assert high / 30 > 0.6
