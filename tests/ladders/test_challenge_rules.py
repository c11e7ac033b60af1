"""Who may challenge whom: range, cooldown, open-game limits, one game per pair, status."""

from datetime import timedelta

import pytest

from games.models import Match
from ladders import services
from ladders.models import Ladder, LadderGame
from tests.ladders.helpers import end_game_long_ago, fill, win

pytestmark = pytest.mark.django_db


def reason(call) -> str:
    with pytest.raises(services.ServiceError) as error:
        call()
    return error.value.extra.get("reason", error.value.code)


def test_it_starts_the_game_at_once_with_the_ladders_settings(ladder, alice, bob):
    ladder.days_per_move, ladder.rated = 5, False
    ladder.save()
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    match = game.match
    assert match.status == Match.Status.ACTIVE
    assert (match.days_per_move, match.rated) == (5, False)
    assert {seat.user for seat in match.seats.all()} == {alice, bob}
    assert {seat.seat for seat in match.seats.all()} == {"moon", "sun"}
    assert (game.challenger, game.defender, game.resolved) == (bob, alice, False)


def test_it_lets_a_player_challenge_up_to_the_range(ladder, alice, bob, carol, players):
    ladder.challenge_range = 2
    ladder.save()
    fill(ladder, [alice, bob, carol, players[0]])
    assert reason(lambda: services.challenge(ladder.pk, players[0], alice)) == "out_of_range"
    assert services.challenge(ladder.pk, players[0], bob).defender == bob


def test_it_refuses_a_challenge_downwards(ladder, alice, bob):
    fill(ladder, [alice, bob])
    assert reason(lambda: services.challenge(ladder.pk, alice, bob)) == "below"


def test_it_refuses_a_second_game_between_the_same_pair(ladder, alice, bob):
    fill(ladder, [alice, bob])
    services.challenge(ladder.pk, bob, alice)
    assert reason(lambda: services.challenge(ladder.pk, bob, alice)) == "playing"


def test_it_waits_out_the_cooldown_after_the_pairs_last_game(ladder, alice, bob, finished):
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    finished(win, game, alice)  # alice defends: nothing moves
    assert reason(lambda: services.challenge(ladder.pk, bob, alice)) == "cooldown"
    end_game_long_ago(game, days=ladder.cooldown_days + 1)
    assert services.challenge(ladder.pk, bob, alice).defender == alice


def test_it_has_no_cooldown_when_the_ladder_sets_none(ladder, alice, bob, finished):
    ladder.cooldown_days = 0
    ladder.save()
    fill(ladder, [alice, bob])
    finished(win, services.challenge(ladder.pk, bob, alice), alice)
    assert services.challenge(ladder.pk, bob, alice)


def test_it_limits_the_challengers_open_ladder_games(ladder, alice, bob, carol, players):
    ladder.max_open_challenges = 1
    ladder.save()
    fill(ladder, [alice, bob, carol])
    services.challenge(ladder.pk, carol, bob)
    assert reason(lambda: services.challenge(ladder.pk, carol, alice)) == "my_limit"


def test_it_limits_the_defenders_open_ladder_games(ladder, alice, bob, carol):
    ladder.max_open_challenges = 1
    ladder.save()
    fill(ladder, [alice, bob, carol])
    services.challenge(ladder.pk, bob, alice)
    assert reason(lambda: services.challenge(ladder.pk, carol, alice)) == "their_limit"


def test_it_frees_a_slot_when_a_game_ends(ladder, alice, bob, carol, finished):
    ladder.max_open_challenges = 1
    ladder.save()
    fill(ladder, [alice, bob, carol])
    finished(win, services.challenge(ladder.pk, bob, alice), alice)
    assert services.challenge(ladder.pk, carol, alice)


@pytest.mark.parametrize("status", [Ladder.Status.FROZEN, Ladder.Status.CLOSED])
def test_it_refuses_challenges_unless_the_ladder_is_open(ladder, alice, bob, status):
    fill(ladder, [alice, bob])
    Ladder.objects.filter(pk=ladder.pk).update(status=status)
    assert reason(lambda: services.challenge(ladder.pk, bob, alice)) == status
    assert not LadderGame.objects.exists()


def test_it_refuses_players_who_are_not_on_the_ladder(ladder, alice, bob, carol):
    fill(ladder, [alice, bob])
    assert reason(lambda: services.challenge(ladder.pk, carol, alice)) == "not_in_ladder"
    with pytest.raises(services.NotFound):
        services.challenge(ladder.pk, bob, carol)


def test_it_marks_both_players_active_when_a_game_starts(ladder, alice, bob):
    fill(ladder, [alice, bob])
    ladder.entries.update(last_active_at=ladder.created_at - timedelta(days=20))
    game = services.challenge(ladder.pk, bob, alice)
    for entry in ladder.entries.all():
        assert entry.last_active_at == game.created_at
