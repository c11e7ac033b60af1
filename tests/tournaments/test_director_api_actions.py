"""Each director's action through the API, by staff and by a named director: done, its
answer valid against the schema, and the audit row it names written with the reason."""

from __future__ import annotations

import pytest

from tests.api.helpers import check_schema
from tests.tournaments.director_calls import (
    ACTIONS,
    call,
    client_for,
    director_of,
    ready,
    snapshot,
)
from tournaments.models import TournamentAudit

pytestmark = pytest.mark.django_db

#: The tournament's status after each action (the others leave it running).
STATUS_AFTER = {"open": "registration", "start": "running", "pause": "paused",
                "resume": "running", "close": "closed", "reopen": "paused",
                "team": "registration", "unteam": "registration"}


@pytest.mark.parametrize("who", ["staff", "director"])
@pytest.mark.parametrize("action", ACTIONS)
def test_it_does_the_action_and_logs_it_with_the_reason(action, who, openapi, run,
                                                        make_tournament, field, staff):
    cup, body = ready(action, run, make_tournament, field, staff)
    dora = director_of(cup)
    actor = staff if who == "staff" else dora
    before = snapshot()
    answer = run(call, client_for(actor), cup, action, body)
    assert answer.status_code == 200, answer.json()
    done = answer.json()
    check_schema(openapi, "DirectorAnswer", done)
    assert snapshot() != before
    assert done["tournament"]["id"] == cup.pk
    assert done["tournament"]["status"] == STATUS_AFTER.get(action, "running")
    row = TournamentAudit.objects.get(pk=done["entry"]["id"])
    assert (row.tournament_id, row.action, row.actor) == (cup.pk, action, actor)
    assert row.detail["reason"] == body["reason"]
    assert done["entry"]["detail"] == row.detail and done["entry"]["actor"] == actor.username
    assert ("created" in done) == (action == "rerun")
