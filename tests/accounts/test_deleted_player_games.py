"""A deleted account's running games end without rating anybody.

Two-player games (Druidenwalzer, Caesar & Cleopatra, Kasteel for two) end at once,
won by the opponent by forfeit and unrated, with the reason on the game page and in
its log; at a Kasteel table of three an AI player plays the seat on and the game is
no longer rated. Ladder and tournament games follow the same rule.
"""

from __future__ import annotations

import pytest
from django.test import Client

from games.core import services
from games.models import Match, TableSeat
from games.rules import get_rules
from ladders import ratings
from ladders.models import Ladder, Rating, RatingChange
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]

TWO_PLAYER = {
    "druidenwalzer": (("moon", "sun"), None),
    "caesar-cleopatra": (("cleopatra", "caesar"), None),
    "kasteel": (("0", "1"), {"players": 2}),
}


def delete(user, capture) -> None:
    """``user`` deletes their account on the account page, with their password; the
    follow-ups (ratings, ladders, tournaments) run as a worker would after the commit."""
    client = Client()
    client.force_login(user)
    with capture(execute=True):
        response = client.post("/settings/account/", {"password": PASSWORD})
    assert response.status_code == 302


def first_move(match: Match) -> None:
    match.refresh_from_db()
    rules = get_rules(match.game)
    state = rules.from_json(match.state)
    seat = match.seats.get(seat=rules.owed_by(state)[0])
    services.play(match.pk, seat.user, rules.legal_moves(state)[0], match.version)


@pytest.mark.parametrize("moves", [0, 1])
@pytest.mark.parametrize("game", TWO_PLAYER)
def test_it_ends_a_two_player_game_unrated(game, moves, alice, bob,
                                           django_capture_on_commit_callbacks):
    seats, options = TWO_PLAYER[game]
    match = services.start_match(game, {seats[0]: alice, seats[1]: bob}, seed=3,
                                 new_game=options)
    for _ in range(moves):
        first_move(match)
    delete(bob, django_capture_on_commit_callbacks)

    match.refresh_from_db()
    assert match.is_over and not match.rated
    assert dict(match.seats.values_list("user__username", "result")) == {
        "alice": "win", f"former-player-{bob.pk}": "loss"}
    assert not RatingChange.objects.exists()
    assert not Rating.objects.filter(user=alice, games__gt=0).exists()
    page = Client().get(f"/games/{match.pk}/").content.decode()
    assert f"(former-player-{bob.pk}) deleted their account" in page
    assert "wins by forfeit. Not rated." in page
    assert "deleted their account: the game ends, not rated" in page  # the log
    alices = Client()
    alices.force_login(alice)
    assert 'id="rematch-offer"' not in alices.get(f"/games/{match.pk}/").content.decode()


def test_it_hands_a_kasteel_table_seat_to_an_ai_and_rates_nobody(
        alice, bob, carol, django_capture_on_commit_callbacks):
    from tests.tables.helpers import full_table, match_of, play_out

    table = full_table(alice, [bob, carol], limit=1, games=2)
    match = match_of(table)
    delete(bob, django_capture_on_commit_callbacks)

    match.refresh_from_db()
    seat = match.seats.get(user=bob)
    assert not match.is_over and not match.rated and seat.takeover_level
    page = Client().get(f"/games/{match.pk}/").content.decode()
    assert "deleted their account: an AI player plays the seat on" in page
    # The series' next game seats an AI player in bob's place.
    assert TableSeat.objects.get(table=table, user__is_bot=True).ai_level == seat.takeover_level
    assert not TableSeat.objects.filter(table=table, user=bob).exists()

    play_out(match)
    assert ratings.rate_match(match.pk) == []
    assert not RatingChange.objects.filter(match=match).exists()


def test_it_hands_out_no_rating_in_a_ladder_game(alice, bob,
                                                 django_capture_on_commit_callbacks):
    from ladders import services as ladder_services

    ladder = Ladder.objects.create(name="Club ladder", rated=True)
    ladder_services.join(ladder.pk, alice)
    ladder_services.join(ladder.pk, bob)
    game = ladder_services.challenge(ladder.pk, bob, alice)
    delete(bob, django_capture_on_commit_callbacks)

    game.match.refresh_from_db()
    assert game.match.is_over and not game.match.rated
    assert not RatingChange.objects.exists()
    assert list(ladder.entries.values_list("user__username", "position")) == [("alice", 1)]


def test_it_withdraws_a_tournament_player_whose_games_end_unrated(
        alice, bob, carol, staff, django_capture_on_commit_callbacks, monkeypatch):
    from tournaments import services as cup_services
    from tournaments import tasks
    from tournaments.models import Tournament, TournamentGame, TournamentPlayer

    monkeypatch.setattr(tasks.start_round, "apply_async", lambda args=(), **kwargs:
                        tasks.start_round.apply(args=args))
    cup = Tournament.objects.create(name="Cup", game="druidenwalzer", format="round_robin",
                                    status=Tournament.Status.REGISTRATION, seed=7)
    for player in (alice, bob, carol):
        cup_services.join(cup.pk, player)
    with django_capture_on_commit_callbacks(execute=True):
        cup_services.start(cup.pk, staff)
    games = list(TournamentGame.objects.filter(match__seats__user=bob,
                                               match__status=Match.Status.ACTIVE))
    assert games
    delete(bob, django_capture_on_commit_callbacks)

    assert TournamentPlayer.objects.get(tournament=cup, user=bob).withdrawn_at is not None
    for game in games:
        game.refresh_from_db()
        assert game.forfeit and not game.match.rated and game.match.is_over
    assert not RatingChange.objects.exists()
