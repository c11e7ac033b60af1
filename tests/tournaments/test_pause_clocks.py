"""Pausing a tournament stops the clocks of its running games (one commit per game,
the time left kept per seat, as a vacation does); a move made meanwhile starts no
clock; resuming or closing restarts them; a player on vacation stays paused."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.core import clocks
from games.core import services as game_services
from games.models import Match, MoveRecord, Seat
from games.rules import get_rules
from tests.conftest import make_user
from tests.tournaments.play import running, started
from tournaments import services
from tournaments.models import TournamentDirector

pytestmark = pytest.mark.django_db


def seats(game) -> list[Seat]:
    return list(Seat.objects.filter(match_id=game.match_id).select_related("user")
                .order_by("seat"))


def one_move(run, match_id: int) -> None:
    match = Match.objects.get(pk=match_id)
    rules = get_rules(match.game)
    state = rules.from_json(match.state)
    seat = Seat.objects.select_related("user").get(match=match, seat=rules.owed_by(state)[0])
    run(game_services.play, match_id, seat.user, rules.legal_moves(state)[0], match.version,
        seat=seat.seat)


@pytest.fixture
def cup(make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:2], staff, format="swiss", round_count=1)
    TournamentDirector.objects.create(tournament=cup, user=make_user("dora"))
    return cup


def test_pausing_stops_every_clock_and_resuming_restarts_it(cup, run):
    game = running(cup)[0]
    owed = next(s for s in seats(game) if s.deadline is not None)
    left = owed.deadline
    director = cup.directors.get().user
    run(services.pause, cup.pk, director, "server move")
    match = Match.objects.get(pk=game.match_id)
    assert match.clocks_paused and match.status == Match.Status.ACTIVE
    assert all(s.deadline is None for s in seats(game))
    kept = Seat.objects.get(pk=owed.pk).paused_remaining
    assert kept is not None and kept > timedelta(0)
    assert MoveRecord.objects.filter(match_id=game.match_id, kind="pause").exists()
    assert cup.audit.get(action="pause").detail["clocks_stopped"] == [game.match_id]
    one_move(run, game.match_id)  # the game may go on; the next seat's clock stands still
    assert all(s.deadline is None for s in seats(game))
    assert any(s.paused_remaining == timedelta(days=match.days_per_move) for s in seats(game))
    assert game_services.expire_deadlines(now=left + timedelta(days=30)) == []
    run(services.resume, cup.pk, director, "back")
    match.refresh_from_db()
    assert not match.clocks_paused
    assert any(s.deadline is not None for s in seats(game))
    assert all(s.paused_remaining is None for s in seats(game))
    assert cup.audit.get(action="resume").detail["clocks_restarted"] == [game.match_id]


def test_a_player_on_vacation_stays_paused_after_the_resume(cup, run, staff):
    game = running(cup)[0]
    owed = next(s for s in seats(game) if s.deadline is not None)
    run(services.pause, cup.pk, staff, "break")
    clocks.start_vacation(owed.user)
    clocks.end_vacation(owed.user)  # the vacation ends while the tournament is paused
    assert Seat.objects.get(pk=owed.pk).deadline is None  # still stopped by the pause
    clocks.start_vacation(owed.user)
    run(services.resume, cup.pk, staff, "back")
    again = Seat.objects.get(pk=owed.pk)
    assert again.deadline is None and again.paused_remaining is not None
    clocks.end_vacation(again.user)
    assert Seat.objects.get(pk=owed.pk).deadline is not None


def test_closing_a_paused_tournament_restarts_its_clocks(cup, run, staff):
    game = running(cup)[0]
    run(services.pause, cup.pk, staff, "break")
    run(services.close, cup.pk, staff, "cancelled")
    assert not Match.objects.get(pk=game.match_id).clocks_paused
    assert any(s.deadline is not None for s in seats(game))


def test_only_directors_pause(cup, run, field):
    from games.core.errors import Forbidden

    with pytest.raises(Forbidden):
        services.pause(cup.pk, field[0], "mine")
    game = running(cup)[0]
    assert not Match.objects.get(pk=game.match_id).clocks_paused
