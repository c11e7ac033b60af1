"""An AI level that learns habits is handed what its seats saw in the opponent's
earlier finished games (``games.ai_players.habits``): the AI seat's final view and
log only, two-player games against an AI account, newest first; each game read
once per version; a hidden card the game never showed changes nothing."""

from __future__ import annotations

import random

import pytest

from games.ai import get_bot
from games.ai.caesar_cleopatra import setup_habits
from games.ai_players import bots as ai_bots
from games.ai_players import habits
from games.core import services
from games.models import Match, Seat
from games.rules import get_rules

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]
GAME = "caesar-cleopatra"
RULES = get_rules(GAME)


@pytest.fixture(autouse=True)
def no_bot_tasks(monkeypatch):
    from games import tasks

    monkeypatch.setattr(tasks.bot_move, "apply_async", lambda *args, **kwargs: None)


@pytest.fixture(autouse=True)
def empty_cache():
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def archdruid(db):
    return next(user for user in ai_bots.ensure_bot_accounts() if user.bot_level == "strong")


def finished(player, other, seed: int, **terms) -> Match:
    """A game of ``player`` (Cleopatra) and ``other`` played to its end by the
    heuristic for both."""
    match = services.start_match(GAME, {"cleopatra": player, "caesar": other}, seed=seed,
                                 **terms)
    bot = get_bot(GAME, "heuristic")
    rng = random.Random(seed)
    users = {"cleopatra": player, "caesar": other}
    for _ in range(600):
        match.refresh_from_db()
        if match.is_over:
            return match
        state = RULES.from_json(match.state)
        seat = RULES.owed_by(state)[0]
        move = bot.choose(RULES.view(state, seat), RULES.legal_moves(state), rng, None)
        services.play(match.pk, users[seat], move, match.version, seat=seat)
    raise AssertionError("the game did not end")


def ai_seat(match: Match) -> Seat:
    return match.seats.get(user__is_bot=True)


def test_it_hands_the_level_what_its_seat_saw_of_each_earlier_game(alice, archdruid,
                                                                    monkeypatch):
    past = [finished(alice, archdruid, seed) for seed in (1, 2, 3)]
    now = services.start_match(GAME, {"cleopatra": alice, "caesar": archdruid}, seed=9)
    bot = get_bot(GAME, "strong")
    seen = habits.observations(bot, now, ai_seat(now))
    assert len(seen) == 3
    for match, observed in zip(reversed(past), seen):  # newest first
        state = RULES.from_json(match.state)
        assert observed[0] == state.bonus[0]  # alice's bonus card, shown at the end
        expected = setup_habits.observe(*habits.seat_sight(match, "caesar"))
        assert expected is not None and observed == [
            expected[0], [list(o) for o in expected[1]], "cleopatra"]  # alice's seat
    habits.teach(bot, now, ai_seat(now))
    assert bot.setup_counts == setup_habits.fit(
        [(b, tuple(map(tuple, orders)), 0) for b, orders, _seat in seen])
    monkeypatch.setattr(habits, "PAST_GAMES", 2)  # the newest only
    assert [m.pk for m, _seat in habits.past_games(now, ai_seat(now))] == [
        past[2].pk, past[1].pk]


def test_it_reads_only_games_against_an_ai_account_of_two_players(alice, bob, archdruid):
    finished(alice, bob, 4)
    finished(alice, archdruid, 5, tutorial=True)
    taken = finished(alice, archdruid, 6)
    Seat.objects.filter(match=taken, user=archdruid).update(takeover_level="strong")
    now = services.start_match(GAME, {"cleopatra": alice, "caesar": archdruid}, seed=9)
    assert habits.past_games(now, ai_seat(now)) == []
    against_bob = services.start_match(GAME, {"cleopatra": alice, "caesar": bob}, seed=8)
    assert habits.past_games(against_bob, against_bob.seats.get(user=bob)) == []


def test_a_card_the_game_never_showed_changes_nothing(alice, archdruid):
    match = finished(alice, archdruid, 7)
    now = services.start_match(GAME, {"cleopatra": alice, "caesar": archdruid}, seed=9)
    bot = get_bot(GAME, "strong")
    before = habits.observations(bot, now, ai_seat(now))
    data = dict(match.state)
    # alice's hand and piles as the AI seat never saw them: reversed
    hidden = RULES.view(RULES.from_json(data), "caesar")["players"]["cleopatra"]
    assert hidden["hand"] is None
    state = RULES.from_json(data)
    state.hand[0] = list(reversed(state.hand[0]))
    state.influence[0] = list(reversed(state.influence[0]))
    Match.objects.filter(pk=match.pk).update(state=RULES.to_json(state),
                                             version=match.version + 1)
    after = habits.observations(bot, now, ai_seat(now))  # a new version: read again
    assert after == before


def test_each_game_is_read_once_per_version(alice, archdruid, monkeypatch):
    finished(alice, archdruid, 8)
    now = services.start_match(GAME, {"cleopatra": alice, "caesar": archdruid}, seed=9)
    calls = []
    real = habits.seat_sight
    monkeypatch.setattr(habits, "seat_sight", lambda *a: calls.append(a) or real(*a))
    bot = get_bot(GAME, "strong")
    first = habits.observations(bot, now, ai_seat(now))
    assert habits.observations(bot, now, ai_seat(now)) == first and len(calls) == 1


def test_the_ai_player_learns_before_it_decides(alice, archdruid, monkeypatch, settings):
    finished(alice, archdruid, 10)
    settings.AI_CPU_SECONDS = 0.05
    taught = []
    monkeypatch.setattr(habits, "teach", lambda bot, match, seat: taught.append(match.pk))
    now = services.start_match(GAME, {"cleopatra": archdruid, "caesar": alice}, seed=11)
    assert ai_bots.play_bot_move(now.pk, now.version)
    assert taught == [now.pk]


def test_a_level_that_learns_nothing_is_left_as_it_is(alice, archdruid):
    finished(alice, archdruid, 12)
    now = services.start_match("druidenwalzer", {"moon": alice, "sun": archdruid}, seed=3)
    bot = get_bot("druidenwalzer", "strong")
    habits.teach(bot, now, ai_seat(now))  # learns_habits is False: nothing read
    assert not getattr(bot, "learns_habits", False)


def test_observations_of_another_shape_are_skipped():
    bot = get_bot(GAME, "strong")
    bot.learn([None, [7, [[1, 2, 3, 4, 5]]], [0, [[1, 1, 1, 1, 1]]], "x", [1, [[5, 4, 3, 2, 1]]],
               [1, [[5, 4, 3, 2, 1]], "moon"]])
    assert bot.setup_counts == setup_habits.fit([(1, ((5, 4, 3, 2, 1),), None)])
    bot.learn([])
    assert bot.setup_counts is None
