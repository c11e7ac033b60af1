"""A director decides a finished game's result from the tournament's page, through the
game's one commit path; a running game, a game of another tournament or a bad winner
is refused with a message and nothing changes."""

from __future__ import annotations

import pytest

from games.core.errors import Conflict, Forbidden, ServiceError
from games.models import Match
from tests.conftest import make_user
from tests.tournaments.play import running, started, win
from tournaments import arbiter, reading
from tournaments.models import TournamentDirector

pytestmark = pytest.mark.django_db


def points(cup) -> dict[int, float]:
    return {row.player: row.points for row in reading.standing_rows(cup)}


@pytest.fixture
def cup_with_director(make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:2], staff, format="swiss", round_count=1)
    director = make_user("dora")
    TournamentDirector.objects.create(tournament=cup, user=director)
    return cup, director


def test_it_lets_a_director_override_a_finished_result(cup_with_director, field, run):
    cup, director = cup_with_director
    game = running(cup)[0]
    win(run, game, game.first)
    run(arbiter.decide_result, cup.pk, director, game.match_id, game.second.username,
        "the wrong player resigned")
    assert points(cup)[game.second_id] == 1.0 and points(cup)[game.first_id] == 0.0
    match = Match.objects.get(pk=game.match_id)
    assert match.end_reason == Match.Reason.CORRECTED
    row = cup.audit.get(action="result")
    assert (row.actor, row.detail["reason"], row.detail["outcome"]) == (
        director, "the wrong player resigned", game.second.username)
    run(arbiter.decide_result, cup.pk, director, game.match_id, "draw", "agreed draw")
    assert points(cup)[game.second_id] == 0.5
    run(arbiter.decide_result, cup.pk, director, game.match_id, "annul", "played by a friend")
    assert points(cup) == {field[0].pk: 0.0, field[1].pk: 0.0}


def test_it_refuses_a_result_on_a_running_game(cup_with_director, run):
    cup, director = cup_with_director
    game = running(cup)[0]
    with pytest.raises(Conflict, match="still running"):
        arbiter.decide_result(cup.pk, director, game.match_id, "draw", "too slow")
    assert Match.objects.get(pk=game.match_id).status == Match.Status.ACTIVE
    assert not cup.audit.filter(action="result").exists()


def test_it_refuses_a_bad_winner_a_foreign_game_and_a_missing_reason(
        cup_with_director, run, make_tournament, field, staff):
    cup, director = cup_with_director
    game = running(cup)[0]
    win(run, game, game.first)
    with pytest.raises(ServiceError, match="Name the winner"):
        arbiter.decide_result(cup.pk, director, game.match_id, "nobody", "why")
    with pytest.raises(ServiceError, match="not a game of this tournament"):
        arbiter.decide_result(cup.pk, director, 999999, "draw", "why")
    with pytest.raises(ServiceError, match="reason"):
        arbiter.decide_result(cup.pk, director, game.match_id, "draw", " ")
    with pytest.raises(Conflict):  # the same result again changes nothing
        arbiter.decide_result(cup.pk, director, game.match_id, game.first.username, "again")
    assert not cup.audit.filter(action="result").exists()
    assert points(cup)[game.first_id] == 1.0


def test_only_directors_decide_results(cup_with_director, run, field, client):
    cup, director = cup_with_director
    game = running(cup)[0]
    win(run, game, game.first)
    with pytest.raises(Forbidden):  # a player of the tournament, not its director
        arbiter.decide_result(cup.pk, field[1], game.match_id, field[1].username, "mine")
    url = f"/tournaments/{cup.pk}/admin/"
    form = {"action": "result", "game": game.match_id, "outcome": "draw", "reason": "x"}
    assert client.post(url, form).status_code == 302  # a visitor: to the login page
    client.force_login(field[1])
    assert client.post(url, form).status_code == 403
    assert points(cup)[game.first_id] == 1.0


def test_it_decides_from_the_page_for_staff_and_directors(cup_with_director, run, staff,
                                                          client):
    cup, director = cup_with_director
    game = running(cup)[0]
    win(run, game, game.first)
    url = f"/tournaments/{cup.pk}/admin/"
    client.force_login(director)
    response = client.post(url, {"action": "result", "game": game.match_id,
                                 "outcome": "draw", "reason": "arbiter's call"}, follow=True)
    assert "arbiter&#x27;s call" in response.content.decode()
    assert cup.audit.filter(action="result", actor=director).exists()
    client.force_login(staff)
    client.post(url, {"action": "result", "game": game.match_id, "outcome": "annul",
                      "reason": "void"})
    assert cup.audit.filter(action="result", actor=staff).exists()


def test_the_page_shows_directors_the_game_numbers(cup_with_director, client, field):
    cup, director = cup_with_director
    game = running(cup)[0]
    client.force_login(field[0])
    assert f"#{game.match_id}</span>" not in client.get(f"/tournaments/{cup.pk}/").content.decode()
    client.force_login(director)
    assert f"#{game.match_id}</span>" in client.get(f"/tournaments/{cup.pk}/").content.decode()
