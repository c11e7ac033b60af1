"""Registration and the admins' actions: each allowed once, in the audit log with who and
why; bad input is refused with a message naming it and changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.core.errors import Conflict, Forbidden, ServiceError
from games.models import Match
from tournaments import services
from tournaments.models import Tournament, TournamentAudit, TournamentGame, TournamentPlayer

pytestmark = pytest.mark.django_db


def actions(tournament) -> list[str]:
    return list(TournamentAudit.objects.filter(tournament=tournament)
                .order_by("at", "id").values_list("action", flat=True))


def test_it_lets_players_join_and_leave_during_registration(make_tournament, field):
    cup = make_tournament()
    entry = services.join(cup.pk, field[0])
    assert entry.rating == 2000
    services.join(cup.pk, field[1])
    services.leave(cup.pk, field[1])
    assert list(cup.players.values_list("user__username", flat=True)) == ["p1"]
    assert actions(cup) == ["join", "join", "leave"]


def test_it_refuses_joining_twice(make_tournament, field):
    cup = make_tournament()
    services.join(cup.pk, field[0])
    with pytest.raises(Conflict, match="already"):
        services.join(cup.pk, field[0])
    assert cup.players.count() == 1


def test_it_refuses_a_rating_out_of_range(make_tournament, field):
    cup = make_tournament(min_rating=1900, max_rating=1990)
    with pytest.raises(Forbidden, match="rated 1900 to 1990; yours is 2000"):
        services.join(cup.pk, field[0])
    services.join(cup.pk, field[1])
    assert list(cup.players.values_list("user__username", flat=True)) == ["p2"]


def test_it_refuses_a_full_tournament_and_a_closed_window(make_tournament, field):
    cup = make_tournament(max_players=2)
    services.join(cup.pk, field[0])
    services.join(cup.pk, field[1])
    with pytest.raises(Forbidden, match="full"):
        services.join(cup.pk, field[2])
    late = make_tournament(registration_closes_at=timezone.now() - timedelta(hours=1))
    with pytest.raises(Forbidden, match="Registration has closed"):
        services.join(late.pk, field[0])
    early = make_tournament(registration_opens_at=timezone.now() + timedelta(hours=1))
    with pytest.raises(Forbidden, match="not opened yet"):
        services.join(early.pk, field[0])
    assert late.players.count() == early.players.count() == 0


def test_it_refuses_joining_or_leaving_after_the_start(make_tournament, field, staff, run):
    cup = make_tournament()
    for player in field[:4]:
        services.join(cup.pk, player)
    run(services.start, cup.pk, staff)
    with pytest.raises(Conflict, match="does not take players"):
        services.join(cup.pk, field[5])
    with pytest.raises(Conflict, match="ask an admin"):
        services.leave(cup.pk, field[0])
    assert cup.players.count() == 4


def test_only_admins_act(make_tournament, field):
    cup = make_tournament(status=Tournament.Status.DRAFT)
    with pytest.raises(Forbidden):
        services.open_registration(cup.pk, field[0])
    with pytest.raises(Forbidden):
        services.start(cup.pk, field[0])
    cup.refresh_from_db()
    assert cup.status == "draft" and actions(cup) == []


def test_it_runs_the_admin_actions_in_order_with_who_and_why(make_tournament, field, staff, run):
    cup = make_tournament(status=Tournament.Status.DRAFT)
    services.open_registration(cup.pk, staff, "spring")
    for player in field[:4]:
        services.join(cup.pk, player)
    run(services.start, cup.pk, staff)
    with pytest.raises(ServiceError, match="reason"):
        services.pause(cup.pk, staff, "  ")
    services.pause(cup.pk, staff, "server move")
    with pytest.raises(Conflict, match="cannot be done now"):
        services.pause(cup.pk, staff, "again")
    run(services.resume, cup.pk, staff)
    services.close(cup.pk, staff, "cancelled")
    cup.refresh_from_db()
    assert cup.status == "closed"
    rows = TournamentAudit.objects.filter(tournament=cup).order_by("at", "id")
    assert [r.action for r in rows if r.actor == staff] == [
        "open", "start", "pause", "resume", "close"]
    paused = rows.get(action="pause").detail
    assert paused["reason"] == "server move"
    assert len(paused["clocks_stopped"]) == 2  # round 1's two games stand still
    assert rows.get(action="round").actor is None


def test_it_refuses_a_start_below_the_fewest_players(make_tournament, field, staff):
    cup = make_tournament(min_players=3)
    services.join(cup.pk, field[0])
    services.join(cup.pk, field[1])
    with pytest.raises(Conflict, match="at least 3 players; 2 joined"):
        services.start(cup.pk, staff)
    cup.refresh_from_db()
    assert cup.status == "registration" and not cup.rounds.exists()


def test_it_refuses_a_swiss_longer_than_the_field_allows(make_tournament, field, staff):
    cup = make_tournament(round_count=5)
    for player in field[:4]:
        services.join(cup.pk, player)
    with pytest.raises(ServiceError):
        services.start(cup.pk, staff)
    cup.refresh_from_db()
    assert cup.status == "registration"


def test_a_withdrawn_player_loses_their_running_games_by_forfeit(
        make_tournament, field, staff, run):
    cup = make_tournament()
    for player in field[:4]:
        services.join(cup.pk, player)
    run(services.start, cup.pk, staff)
    game = TournamentGame.objects.get(first=field[0]) if TournamentGame.objects.filter(
        first=field[0]).exists() else TournamentGame.objects.get(second=field[0])
    forfeited = run(services.withdraw, cup.pk, staff, field[0], "no longer playing")
    assert forfeited == [game.match_id]
    game.refresh_from_db()
    match = Match.objects.get(pk=game.match_id)
    assert match.status == Match.Status.FINISHED and game.forfeit and game.ended
    assert game.score_first == (0.0 if game.first_id == field[0].pk else 1.0)
    # The forfeit rule: a game an admin takes a player out of is unrated, as a ladder's
    # removal is by default.
    assert match.rated is False
    entry = TournamentPlayer.objects.get(tournament=cup, user=field[0])
    assert entry.withdrawn_at is not None
    row = TournamentAudit.objects.get(tournament=cup, action="withdraw")
    assert row.detail == {"player": "p1", "reason": "no longer playing",
                          "forfeited": [game.match_id]}


def test_withdrawing_a_non_player_is_refused_and_changes_nothing(
        make_tournament, field, staff, run):
    cup = make_tournament()
    for player in field[:4]:
        services.join(cup.pk, player)
    run(services.start, cup.pk, staff)
    before = actions(cup)
    with pytest.raises(Conflict, match="p6 is not in this tournament"):
        services.withdraw(cup.pk, staff, field[5], "why not")
    with pytest.raises(ServiceError, match="reason"):
        services.withdraw(cup.pk, staff, field[0], "")
    assert actions(cup) == before
    assert not TournamentPlayer.objects.filter(withdrawn_at__isnull=False).exists()
