"""What the services refuse, refused through the API with their message and nothing
changed: an unknown player (400, named in ``fields``), a decision that can never be made
so (400), one that cannot be made now (409), as the page refuses them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.api.helpers import check_schema
from tests.tournaments.director_calls import (
    call,
    client_for,
    later,
    running_swiss,
    snapshot,
    unmet_pair,
)
from tests.tournaments.play import higher_wins, running, started

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(run, make_tournament, field, staff):
    """A 3-round Swiss of p1 .. p4, round 1 running."""
    return running_swiss(run, make_tournament, field, staff)


def refused(openapi, staff, cup, action, body, status, message):
    """The call is refused with ``status`` and ``message`` (a part of it), and nothing
    changed; returns the answer's body."""
    before = snapshot()
    answer = call(client_for(staff), cup, action, body)
    assert answer.status_code == status, answer.json()
    check_schema(openapi, "Error", answer.json())
    assert message in answer.json()["error"], answer.json()
    assert snapshot() == before
    return answer.json()


@pytest.mark.parametrize("action, body, field_name", [
    ("bye", {"player": "nobody", "round": 2, "kind": "zero"}, "player"),
    ("withdraw", {"player": "nobody"}, "player"),
    ("late", {"player": "Nobody "}, "player"),
    ("forbid", {"player": "p1", "other": "nobody"}, "other"),
    ("pairing", {"player": "nobody", "other": "p2", "round": 2}, "player"),
])
def test_it_refuses_an_unknown_player_naming_the_field(action, body, field_name, openapi,
                                                       cup, staff):
    answer = refused(openapi, staff, cup, action, {**body, "reason": "a test"}, 400,
                     "There is no player")
    assert answer["code"] == "bad_request"
    assert answer["fields"] == {field_name: [answer["error"]]}


def test_it_refuses_a_result_of_a_running_game(openapi, cup, staff):
    game = running(cup)[0]
    refused(openapi, staff, cup, "result", {"game": game.match_id, "outcome": "draw",
                                            "reason": "too soon"}, 409,
            f"Game {game.match_id} is still running: its result can be decided only once "
            "it has ended.")


def test_it_refuses_a_result_naming_someone_else_or_a_game_of_another_tournament(
        openapi, cup, staff, run, make_tournament, field):
    game = running(cup)[0]
    higher_wins(run, cup)
    refused(openapi, staff, cup, "result", {"game": game.match_id, "outcome": "p8",
                                            "reason": "who?"}, 400, "Name the winner")
    other = started(run, make_tournament, field[4:8], staff, format="swiss")
    refused(openapi, staff, cup, "result", {"game": running(other)[0].match_id,
                                            "outcome": "draw", "reason": "wrong cup"},
            400, "is not a game of this tournament")


def test_it_refuses_a_bye_once_its_round_has_started(openapi, cup, staff, field):
    refused(openapi, staff, cup, "bye", {"player": field[0].username, "round": 1,
                                         "kind": "requested", "reason": "late ask"}, 409,
            "Round 1 has started: a bye can be given only before it starts.")
    refused(openapi, staff, cup, "bye", {"player": field[0].username, "round": 4,
                                         "kind": "requested", "reason": "no round"}, 400,
            "The tournament has rounds 1 to 3.")


def test_it_refuses_a_late_entry_after_the_last_round_started(openapi, run, make_tournament,
                                                              field, staff):
    short = running_swiss(run, make_tournament, field, staff, round_count=1)
    refused(openapi, staff, short, "late", {"player": field[5].username, "reason": "late"},
            409, "The last round has started: no late entry now.")


def test_it_refuses_a_deadline_or_a_start_in_the_past(openapi, cup, staff):
    past = (timezone.now() - timedelta(hours=1)).isoformat()
    refused(openapi, staff, cup, "schedule", {"round": 2, "deadline": past,
                                              "reason": "oops"}, 400,
            "is in the past: give a time to come.")
    refused(openapi, staff, cup, "schedule", {"round": 2, "starts_at": past,
                                              "reason": "oops"}, 400,
            "is in the past: give a time to come.")
    refused(openapi, staff, cup, "schedule", {"round": 1, "starts_at": later(2),
                                              "reason": "moved"}, 409,
            "Round 1 has started: its start time cannot change.")


def test_it_refuses_a_pairing_the_engine_refuses(openapi, cup, staff, field):
    game = running(cup)[0]
    body = {"player": game.first.username, "other": game.second.username, "round": 2,
            "reason": "again"}
    refused(openapi, staff, cup, "pairing", body, 400,
            "The engine refuses this pairing: the two players have met already")
    first, second = unmet_pair(cup, field[:4])
    refused(openapi, staff, cup, "pairing", {"player": first.username,
                                             "other": second.username, "round": 1,
                                             "reason": "too late"}, 409,
            "Round 1 has started: its pairings can be edited only before it starts.")


def test_it_refuses_what_the_tournaments_status_or_format_does_not_allow(
        openapi, cup, staff, field, run, make_tournament):
    refused(openapi, staff, cup, "resume", {"reason": "not paused"}, 409,
            "The tournament is running: that cannot be done now.")
    refused(openapi, staff, cup, "reopen", {"reason": "not over"}, 409,
            "only a finished or closed tournament is reopened")
    knockout = started(run, make_tournament, field[4:8], staff, format="knockout")
    refused(openapi, staff, knockout, "bye", {"player": field[4].username, "round": 2,
                                              "kind": "zero", "reason": "ko"}, 400,
            "Byes are given: only in a Swiss.")


def test_it_refuses_a_new_edition_closing_in_the_past(openapi, cup, staff):
    past = (timezone.now() - timedelta(days=1)).isoformat()
    refused(openapi, staff, cup, "rerun", {"name": "Again", "closes_at": past,
                                           "reason": "yearly"}, 400,
            "Registration cannot close in the past")
