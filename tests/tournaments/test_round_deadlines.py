"""Rounds on a schedule: a round waits for its start time (or starts when the round
before ends), and at its deadline its unfinished games are adjudicated through the
games' one commit path: the player on move with less time left loses. Warned a day
before; each step done once however often the task runs."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from games.core import adjudication
from games.models import Match, MoveRecord, Seat
from notices.models import Notice
from tests.tournaments.play import higher_wins, running, started, win
from tournaments import schedule
from tournaments.models import ScheduledRound, Tournament

pytestmark = pytest.mark.django_db


def later(**delta):
    return timezone.now() + timedelta(**delta)


def test_a_round_with_a_start_time_waits_for_it(make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:4], staff)
    schedule.set_round(cup.pk, staff, 2, later(hours=2), None, "Sunday evening")
    higher_wins(run, cup)  # round 1 ends well before its time
    assert list(cup.rounds.values_list("number", flat=True)) == [1]
    assert run(schedule.sweep)["rounds_queued"] == 0  # not yet
    ScheduledRound.objects.filter(tournament=cup, number=2).update(
        starts_at=timezone.now() - timedelta(seconds=1))  # the two hours went by
    assert run(schedule.sweep)["rounds_queued"] == 1
    assert cup.rounds.filter(number=2).exists()
    assert run(schedule.sweep)["rounds_queued"] == 0  # made once


def test_a_round_without_a_time_starts_when_the_one_before_ends(make_tournament, field,
                                                                staff, run):
    cup = started(run, make_tournament, field[:4], staff)
    schedule.set_round(cup.pk, staff, 2, None, later(days=9), "a deadline only")
    higher_wins(run, cup)
    assert cup.rounds.filter(number=2).exists()


def clocks_of(match_id):
    return {s.seat: s for s in Seat.objects.filter(match_id=match_id).select_related("user")}


def test_at_the_deadline_the_player_on_move_loses(make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:4], staff)
    deadline = later(days=2)
    schedule.set_round(cup.pk, staff, 1, None, deadline, "two days")
    games = running(cup)
    win(run, games[0], games[0].first)  # board 1 is played out in time
    open_game = games[1]
    seats = clocks_of(open_game.match_id)
    on_move = next(s for s in seats.values() if s.deadline is not None)
    after = deadline + timedelta(minutes=1)
    assert run(schedule.sweep, after)["adjudicated"] == 1
    match = Match.objects.get(pk=open_game.match_id)
    assert match.status == "finished" and match.end_reason == "adjudicated"
    assert match.winner_seat and match.winner_seat != on_move.seat
    assert MoveRecord.objects.filter(match=match, kind="adjudicate").count() == 1
    open_game.refresh_from_db()
    loser = on_move.user
    assert open_game.ended and open_game.score_first == (0.0 if loser == open_game.first
                                                         else 1.0)
    row = cup.audit.get(action="adjudicate")
    assert row.detail["games"] == [{"game": match.pk, "outcome": (
        open_game.second if loser == open_game.first else open_game.first).username}]
    told = Notice.objects.filter(kind="tournament_decision", params__what="adjudicated")
    assert told.count() == 2
    assert cup.rounds.filter(number=2).exists()  # the round ended: the next follows
    version = match.version
    assert run(schedule.sweep, after)["adjudicated"] == 0  # a rerun decides nothing again
    assert Match.objects.get(pk=match.pk).version == version and told.count() == 2


def test_the_deadline_waits_while_the_tournament_is_paused(make_tournament, field, staff, run):
    from tournaments import services

    cup = started(run, make_tournament, field[:4], staff)
    schedule.set_round(cup.pk, staff, 1, None, later(days=1), "one day")
    run(services.pause, cup.pk, staff, "a dispute")
    assert run(schedule.sweep, later(days=2))["adjudicated"] == 0
    assert len(running(cup)) == 2


def test_players_of_unfinished_games_are_warned_a_day_before_once(make_tournament, field,
                                                                  staff, run):
    cup = started(run, make_tournament, field[:4], staff)
    deadline = later(days=3)
    schedule.set_round(cup.pk, staff, 1, None, deadline, "three days")
    games = running(cup)
    win(run, games[0], games[0].first)
    assert run(schedule.sweep, deadline - timedelta(days=2))["warned"] == 0  # too early
    assert run(schedule.sweep, deadline - timedelta(hours=20))["warned"] == 1
    warned = Notice.objects.filter(kind="tournament_deadline")
    assert sorted(n.user_id for n in warned) == sorted([games[1].first_id,
                                                        games[1].second_id])
    assert all(n.url == f"/games/{games[1].match_id}/" for n in warned)
    assert run(schedule.sweep, deadline - timedelta(hours=2))["warned"] == 0
    moved = deadline + timedelta(days=1)
    schedule.set_round(cup.pk, staff, 1, None, moved, "one more day")
    assert run(schedule.sweep, moved - timedelta(hours=1))["warned"] == 1  # a new deadline


@pytest.mark.parametrize(("form", "message"), [
    ({"round": "2", "deadline": "2020-01-01T10:00"}, "is in the past"),
    ({"round": "2", "starts_at": "2020-01-01T10:00"}, "is in the past"),
    ({"round": "9"}, "rounds 1 to 3"),
    ({"round": "2", "deadline": "soon"}, "is not a time"),
    ({"round": "2", "deadline": "2099-02-30T10:00"}, "is not a time"),
])
def test_the_page_refuses_bad_times_and_changes_nothing(client, make_tournament, field,
                                                        staff, run, form, message):
    cup = started(run, make_tournament, field[:4], staff)
    client.force_login(staff)
    before = cup.audit.count()
    response = client.post(f"/tournaments/{cup.pk}/admin/",
                           {"action": "schedule", "reason": "plan", **form}, follow=True)
    assert message in response.content.decode()
    assert not ScheduledRound.objects.exists() and cup.audit.count() == before


def test_a_deadline_before_the_rounds_start_is_refused(make_tournament, field, staff, run):
    from games.core.errors import ServiceError

    cup = started(run, make_tournament, field[:4], staff)
    with pytest.raises(ServiceError, match="after the round's start"):
        schedule.set_round(cup.pk, staff, 2, later(days=3), later(days=2), "plan")
    assert not ScheduledRound.objects.exists()


def test_the_page_shows_the_schedule(client, make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:4], staff)
    client.force_login(staff)
    client.post(f"/tournaments/{cup.pk}/admin/", {
        "action": "schedule", "round": "1", "deadline": later(days=2).strftime(
            "%Y-%m-%dT%H:%M"), "reason": "two days"})
    client.post(f"/tournaments/{cup.pk}/admin/", {
        "action": "schedule", "round": "3", "starts_at": later(days=5).strftime(
            "%Y-%m-%dT%H:%M"), "reason": "next week"})
    html = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert "round-deadline" in html and "the player on move with less time left loses" in html
    assert 'id="round-schedule"' in html and 'data-round="3"' in html
    assert cup.audit.filter(action="schedule").count() == 2


def test_a_kasteel_round_has_no_deadline(make_tournament, staff):
    from games.core.errors import ServiceError

    cup = make_tournament(game="kasteel", format="kasteel_rounds", table_size=4,
                          round_count=None, status=Tournament.Status.REGISTRATION)
    with pytest.raises(ServiceError, match="no round deadline"):
        schedule.set_round(cup.pk, staff, 1, None, later(days=1), "plan")


# --- the rule itself, against a reference -------------------------------------------------

clock = st.one_of(st.none(), st.integers(min_value=0, max_value=10 * 86400))


@given(first=clock, second=clock, first_paused=st.booleans(), second_paused=st.booleans(),
       on_move=st.sampled_from([(), ("a",), ("b",), ("a", "b")]))
def test_the_rule_takes_the_player_on_move_with_less_time(first, second, first_paused,
                                                          second_paused, on_move):
    now = timezone.now()

    def seat(name, seconds, paused):
        made = Seat(seat=name)
        if seconds is not None:
            if paused:
                made.paused_remaining = timedelta(seconds=seconds)
            else:
                made.deadline = now + timedelta(seconds=seconds)
        return made

    seats = [seat("a", first, first_paused), seat("b", second, second_paused)]
    left = {"a": first or 0, "b": second or 0}
    moving = [name for name in ("a", "b") if name in on_move]
    expected = None
    if len(moving) == 1:
        expected = moving[0]
    elif len(moving) == 2 and left["a"] != left["b"]:
        expected = min(moving, key=left.get)
    found = adjudication.loser(seats, on_move, now)
    assert (found.seat if found else None) == expected


def test_a_crash_half_way_leaves_nothing_and_the_rerun_decides_each_game_once(
        make_tournament, field, staff, run, monkeypatch):
    cup = started(run, make_tournament, field[:4], staff)
    deadline = later(days=1)
    schedule.set_round(cup.pk, staff, 1, None, deadline, "one day")
    real = adjudication.adjudicate_on_time
    calls = []

    def dies_on_the_second(match_id, reason, now=None):
        calls.append(match_id)
        if len(calls) == 2:
            raise RuntimeError("worker killed")
        return real(match_id, reason, now=now)

    monkeypatch.setattr(adjudication, "adjudicate_on_time", dies_on_the_second)
    with pytest.raises(RuntimeError):
        run(schedule.sweep, deadline + timedelta(minutes=1))
    assert len(running(cup)) == 2  # the first game's end was rolled back with the rest
    assert not cup.audit.filter(action="adjudicate").exists()
    monkeypatch.setattr(adjudication, "adjudicate_on_time", real)
    assert run(schedule.sweep, deadline + timedelta(minutes=2))["adjudicated"] == 1
    assert run(schedule.sweep, deadline + timedelta(minutes=3))["adjudicated"] == 0
    assert all(game.round.number == 2 for game in running(cup))  # round 1 decided
    for game in cup.rounds.get(number=1).games.all():
        assert MoveRecord.objects.filter(match_id=game.match_id, kind="adjudicate").count() == 1


def test_the_games_page_says_why_it_ended(client, make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:4], staff)
    deadline = later(days=1)
    schedule.set_round(cup.pk, staff, 1, None, deadline, "one day")
    game = running(cup)[0]
    run(schedule.sweep, deadline + timedelta(minutes=1))
    client.force_login(game.first)
    html = client.get(f"/games/{game.match_id}/").content.decode()
    assert "The deadline passed:" in html and "on move with less time left, loses" in html
    from tests.tournaments.test_verify import verify

    code, out = verify()  # the replay of each game agrees with its adjudicated end
    assert code == 0, out


def test_it_marks_the_adjudicated_games_on_the_tournaments_page(client, make_tournament,
                                                                 field, staff, run):
    cup = started(run, make_tournament, field[:4], staff)
    deadline = later(days=1)
    schedule.set_round(cup.pk, staff, 1, None, deadline, "one day")
    played, left = running(cup)
    win(run, played, played.first)  # ended in time: no mark
    run(schedule.sweep, deadline + timedelta(minutes=1))
    left.refresh_from_db()
    outcome = (left.first if left.score_first == 1.0 else left.second).username
    html = client.get(f"/tournaments/{cup.pk}/").content.decode()
    games = html.split('id="tournament-rounds"')[1].split("</ul>")[0]
    assert games.count("(adjudicated at the deadline)") == 1
    assert re.search(rf"{left.first.username} – {left.second.username}</a>.*?"
                     r"<strong>(1–0|0–1)</strong> <span class=\"note\">\(adjudicated at the "
                     r"deadline\)</span>", games, re.S)
    log = html.split('id="tournament-events"')[1]
    assert f"games adjudicated at the deadline · #{left.match_id}: {outcome} · round 1" in log, log
