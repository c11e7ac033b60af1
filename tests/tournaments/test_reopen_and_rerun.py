"""Reopening a finished or closed tournament for a correction (a reason in the log; the
standings and winner follow the replay rule), and running a tournament again (its terms
and directors in a new draft with a new registration window). Through the page."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match
from tests.conftest import make_user
from tests.tournaments.play import higher_wins, started
from tournaments import arbiter, reading, services
from tournaments.models import Tournament, TournamentDirector
from tournaments.pairing import GameResult, standings
from tournaments.rerun import TERMS

pytestmark = pytest.mark.django_db


def act(client, cup, **form):
    return client.post(f"/tournaments/{cup.pk}/admin/", form, follow=True)


def finished_swiss(run, make_tournament, field, staff):
    cup = started(run, make_tournament, field[:4], staff, round_count=2)
    higher_wins(run, cup)
    higher_wins(run, cup)
    cup.refresh_from_db()
    assert cup.status == "finished"
    return cup


def reference_winner(cup) -> int:
    """The standings folded in the test from the games' seats alone."""
    games = []
    for game in reading.games(cup):
        match = Match.objects.get(pk=game.match_id)
        if match.end_reason == "annulled":
            continue
        first = match.seats.get(user=game.first).result
        games.append(GameResult(game.round.number, game.first_id, game.second_id,
                                {"win": 1.0, "draw": 0.5, "loss": 0.0}[first]))
    order = [e.id for e in reading.entrants(cup)]
    return standings(order, games, [])[0].player


def test_a_director_reopens_corrects_and_the_winner_follows(client, make_tournament, field,
                                                            staff, run):
    cup = finished_swiss(run, make_tournament, field, staff)
    before = cup.winner_id
    dora = make_user("dora")
    TournamentDirector.objects.create(tournament=cup, user=dora)
    client.force_login(dora)
    page = act(client, cup, action="reopen", reason="board 1 of round 2 was misreported")
    cup.refresh_from_db()
    assert cup.status == "paused" and cup.winner is None
    assert "board 1 of round 2 was misreported" in page.content.decode()
    row = cup.audit.get(action="reopen")
    assert row.actor == dora and row.detail["was"] == "finished"
    # the winner's round-2 game goes to the other player
    game = cup.rounds.get(number=2).games.filter(first_id=before).first() or \
        cup.rounds.get(number=2).games.get(second_id=before)
    other = game.second if game.first_id == before else game.first
    run(arbiter.decide_result, cup.pk, dora, game.match_id, other.username, "misreported")
    run(services.resume, cup.pk, dora, "corrected")
    cup.refresh_from_db()
    assert cup.status == "finished"
    assert cup.winner_id == reference_winner(cup)


def test_reopening_needs_a_reason_and_a_tournament_over(client, make_tournament, field, staff,
                                                        run):
    cup = finished_swiss(run, make_tournament, field, staff)
    client.force_login(staff)
    page = act(client, cup, action="reopen", reason=" ")
    assert "Give a reason" in page.content.decode()
    cup.refresh_from_db()
    assert cup.status == "finished" and not cup.audit.filter(action="reopen").exists()
    running = make_tournament()
    page = act(client, running, action="reopen", reason="why not")
    assert "only a finished or closed tournament is reopened" in page.content.decode()


def test_a_closed_tournament_reopens_and_runs_on(make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:4], staff, round_count=2)
    run(services.close, cup.pk, staff, "by mistake")
    run(services.reopen, cup.pk, staff, "closed by mistake")
    run(services.resume, cup.pk, staff, "go on")
    higher_wins(run, cup)
    assert cup.rounds.filter(number=2).exists()


def test_another_players_director_cannot_reopen(client, make_tournament, field, staff, run):
    cup = finished_swiss(run, make_tournament, field, staff)
    dora = make_user("dora")
    TournamentDirector.objects.create(tournament=make_tournament(), user=dora)
    client.force_login(dora)
    assert client.post(f"/tournaments/{cup.pk}/admin/",
                       {"action": "reopen", "reason": "mine"}).status_code == 403
    cup.refresh_from_db()
    assert cup.status == "finished"


def test_run_again_copies_the_terms_to_a_new_draft(client, make_tournament, field, staff, run):
    cup = finished_swiss(run, make_tournament, field, staff)
    dora = make_user("dora")
    TournamentDirector.objects.create(tournament=cup, user=dora)
    client.force_login(dora)
    opens, closes = timezone.now() + timedelta(days=1), timezone.now() + timedelta(days=8)
    page = act(client, cup, action="rerun", name="Test cup", opens_at=opens.strftime(
        "%Y-%m-%dT%H:%M"), closes_at=closes.strftime("%Y-%m-%dT%H:%M"))
    copy = Tournament.objects.exclude(pk=cup.pk).get()
    assert page.redirect_chain[-1][0] == f"/tournaments/{copy.pk}/"
    assert copy.status == "draft" and copy.name == "Test cup"
    assert all(getattr(copy, term) == getattr(cup, term) for term in TERMS)
    assert not copy.players.exists() and not copy.rounds.exists()
    assert list(copy.directors.values_list("user__username", flat=True)) == ["dora"]
    assert copy.registration_closes_at.replace(second=0, microsecond=0) == closes.replace(
        second=0, microsecond=0)
    assert cup.audit.get(action="rerun").detail["new_edition"] == copy.pk
    assert copy.audit.get(action="create").detail["copied_from"] == cup.pk


@pytest.mark.parametrize(("form", "message"), [
    ({"name": "Next cup", "closes_at": "2020-01-01T10:00"}, "cannot close in the past"),
    ({"name": " ", "closes_at": "2099-01-01T10:00"}, "Give the new tournament a name."),
    ({"name": "Next cup", "opens_at": "2099-02-01T10:00", "closes_at": "2099-01-01T10:00"},
     "must close after it opens"),
    ({"name": "Next cup"}, "Give the time registration closes."),
])
def test_run_again_refuses_a_bad_window(client, make_tournament, staff, form, message):
    cup = make_tournament()
    client.force_login(staff)
    page = act(client, cup, action="rerun", **form)
    assert message in page.content.decode()
    assert Tournament.objects.count() == 1
