"""A director's decisions about who plays a Swiss round: a bye before its round (a
requested one with the configured points, or a zero-point one), a late entry (paired
from the next round, the configured points for the rounds missed), a forbidden pairing
(the Swiss never pairs the two), a withdrawal. Each refusal names the problem and
changes nothing."""

from __future__ import annotations

import pytest

from games.core.errors import Conflict, Forbidden, ServiceError
from tests.conftest import make_user
from tests.tournaments.conftest import rated
from tests.tournaments.play import higher_wins, running, started
from tournaments import arbiter, reading, services
from tournaments.models import PlannedBye, TournamentBye, TournamentDirector, TournamentGame

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(db):
    return make_user("dora")


def swiss(run, make_tournament, players, staff, director, **terms):
    cup = started(run, make_tournament, players, staff, format="swiss", **terms)
    TournamentDirector.objects.create(tournament=cup, user=director)
    return cup


def met(cup) -> set[frozenset]:
    return {frozenset((g.first_id, g.second_id))
            for g in TournamentGame.objects.filter(round__tournament=cup)}


def points(cup) -> dict[int, float]:
    return {row.player: row.points for row in reading.standing_rows(cup)}


def test_it_gives_a_requested_and_a_zero_bye_before_their_round(
        make_tournament, field, staff, director, run):
    cup = swiss(run, make_tournament, field[:4], staff, director, round_count=3,
                requested_bye_points=0.5)
    run(arbiter.give_bye, cup.pk, director, field[0], 2, "requested", "a wedding")
    run(arbiter.give_bye, cup.pk, director, field[1], 3, "zero", "asked too late")
    with pytest.raises(Conflict, match="Round 1 has started"):
        arbiter.give_bye(cup.pk, director, field[2], 1, "requested", "late ask")
    with pytest.raises(Conflict, match="already"):
        arbiter.give_bye(cup.pk, director, field[0], 2, "zero", "twice")
    with pytest.raises(ServiceError, match="rounds 1 to 3"):
        arbiter.give_bye(cup.pk, director, field[0], 4, "zero", "no such round")
    assert PlannedBye.objects.filter(tournament=cup).count() == 2
    higher_wins(run, cup)  # round 1 ends, round 2 is paired without field[0]
    second = TournamentBye.objects.get(round__tournament=cup, round__number=2,
                                       user=field[0])
    assert second.points == 0.5
    assert all(field[0].pk not in (g.first_id, g.second_id) for g in running(cup))
    higher_wins(run, cup)
    third = TournamentBye.objects.get(round__tournament=cup, round__number=3, user=field[1])
    assert third.points == 0.0
    assert cup.audit.filter(action="bye", actor=director).count() == 2
    # The crosstable gives each bye's points, as a game's, "+" in the opponent's place.
    rows = reading.standing_rows(cup)
    cross = reading.crosstable(cup, rows)
    cells = {row.player: dict(zip(cross["columns"], line, strict=True))
             for row, line in zip(rows, cross["rows"], strict=True)}
    assert cells[field[0].pk][2] == "½ (+)" and cells[field[1].pk][3] == "0 (+)"
    paired_out = TournamentBye.objects.exclude(user=field[0]).get(
        round__tournament=cup, round__number=2)  # three left: the pairing's bye, a win
    assert cells[paired_out.user_id][2] == "1 (+)"


def test_it_accepts_a_late_entry_into_the_next_round(make_tournament, field, staff,
                                                     director, run):
    cup = swiss(run, make_tournament, field[:4], staff, director, round_count=3,
                late_entry_points=0.5)
    late = rated("latecomer", 1700)
    run(arbiter.accept_late_entry, cup.pk, director, late, "train was late")
    with pytest.raises(Conflict, match="already"):
        arbiter.accept_late_entry(cup.pk, director, late, "again")
    assert points(cup)[late.pk] == 0.5  # round 1, missed
    higher_wins(run, cup)
    assert any(late.pk in (g.first_id, g.second_id) for g in running(cup))
    assert cup.audit.get(action="late").detail["first_round"] == 2


def test_it_refuses_a_late_entry_after_the_last_round_started(make_tournament, field, staff,
                                                              director, run):
    cup = swiss(run, make_tournament, field[:4], staff, director, round_count=1)
    late = rated("latecomer", 1700)
    with pytest.raises(Conflict, match="last round"):
        arbiter.accept_late_entry(cup.pk, director, late, "too late")
    assert not cup.players.filter(user=late).exists()
    assert not cup.audit.filter(action="late").exists()


def test_a_forbidden_pair_never_meets(make_tournament, field, staff, director, run):
    cup = make_tournament(format="swiss", round_count=3)
    TournamentDirector.objects.create(tournament=cup, user=director)
    for player in field[:6]:
        services.join(cup.pk, player)
    run(arbiter.forbid_pairing, cup.pk, director, field[0], field[3], "one household")
    with pytest.raises(Conflict, match="apart already"):
        arbiter.forbid_pairing(cup.pk, director, field[3], field[0], "again")
    with pytest.raises(ServiceError, match="two different"):
        arbiter.forbid_pairing(cup.pk, director, field[0], field[0], "me")
    run(services.start, cup.pk, staff)
    for _round in range(3):
        higher_wins(run, cup)
    cup.refresh_from_db()
    assert cup.status == "finished"
    assert frozenset((field[0].pk, field[3].pk)) not in met(cup)


def test_a_director_withdraws_a_player(make_tournament, field, staff, director, run):
    cup = swiss(run, make_tournament, field[:4], staff, director, round_count=3)
    forfeited = run(services.withdraw, cup.pk, director, field[0], "ill")
    assert len(forfeited) == 1
    assert cup.audit.get(action="withdraw").actor == director


def test_others_cannot_decide_and_nothing_changes(make_tournament, field, staff, director,
                                                  run, client):
    cup = swiss(run, make_tournament, field[:4], staff, director, round_count=3)
    other_director = make_user("otto")
    other = make_tournament(name="Other cup")
    TournamentDirector.objects.create(tournament=other, user=other_director)
    late = rated("latecomer", 1700)
    for who in (field[1], other_director):  # a player; a director of another tournament
        with pytest.raises(Forbidden):
            arbiter.give_bye(cup.pk, who, field[0], 2, "requested", "mine")
        with pytest.raises(Forbidden):
            arbiter.accept_late_entry(cup.pk, who, late, "mine")
        with pytest.raises(Forbidden):
            arbiter.forbid_pairing(cup.pk, who, field[0], field[1], "mine")
        with pytest.raises(Forbidden):
            services.withdraw(cup.pk, who, field[0], "mine")
    url = f"/tournaments/{cup.pk}/admin/"
    form = {"action": "late", "player": "latecomer", "reason": "x"}
    assert client.post(url, form).status_code == 302  # a visitor: to the login page
    client.force_login(field[1])
    assert client.post(url, form).status_code == 403
    assert not PlannedBye.objects.exists() and not cup.players.filter(user=late).exists()
    assert not cup.forbidden_pairings.exists()
    client.force_login(staff)
    client.post(url, form)
    assert cup.players.filter(user=late).exists()


def test_the_page_offers_a_director_the_decisions_of_a_running_swiss(
        make_tournament, field, staff, director, run, client):
    cup = swiss(run, make_tournament, field[:4], staff, director, round_count=3)
    client.force_login(director)
    html = client.get(f"/tournaments/{cup.pk}/").content.decode()
    for action in ("result", "bye", "late", "forbid", "withdraw", "pause"):
        assert f'<option value="{action}">' in html


def test_the_players_a_decision_concerns_get_a_notice(make_tournament, field, staff,
                                                      director, run):
    from notices.kinds import words
    from notices.models import Notice

    cup = swiss(run, make_tournament, field[:4], staff, director, round_count=3)
    run(arbiter.give_bye, cup.pk, director, field[0], 2, "requested", "a wedding")
    run(arbiter.forbid_pairing, cup.pk, director, field[1], field[2], "siblings")
    bye = Notice.objects.get(kind="tournament_decision", user=field[0])
    subject, text = words(bye.kind, bye.params)
    assert "round 2" in text and "a wedding" in text and "director" in subject
    assert Notice.objects.filter(kind="tournament_decision",
                                 user__in=[field[1], field[2]]).count() == 2
    assert not Notice.objects.filter(kind="tournament_decision", user=field[3]).exists()
