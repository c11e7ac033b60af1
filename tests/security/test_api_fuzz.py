"""The API fuzzed from its own OpenAPI schema (schemathesis): no server error, no answer
outside the schema, for visitors and for token callers.

The schema is the one /api/schema/ serves; requests go in-process to the WSGI
application, inside the test's transaction. Path ids are now and then those
of a real game and challenge of the caller, so that more than "not found" is
exercised. The examples are derandomized and bounded (FUZZ_EXAMPLES per
operation and kind of caller, 12 by default). Each operation is a test of its
own, with its own id: schemathesis's own parametrizing gives all of them the
test function's id, and a parallel run (pytest-xdist) then runs only one.
"""

from __future__ import annotations

import itertools
import json
import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from hypothesis import HealthCheck, given, settings
from rest_framework.authtoken.models import Token
from rest_framework.throttling import SimpleRateThrottle
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from games.core import services

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

RAW = json.loads(OpenApiJsonRenderer().render(
    SchemaGenerator().get_schema(request=None, public=True)))
SCHEMA = schemathesis.openapi.from_dict(RAW)
SCHEMA.app = get_wsgi_application()
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]
REAL_IDS = itertools.cycle([True, False, False])


@pytest.fixture
def api_world(alice, bob, carol, monkeypatch, no_turn_mails):
    """A game of alice (moon) and bob, bob's challenge to alice, a tournament bob entered,
    tokens; no rate limits."""
    monkeypatch.setattr(SimpleRateThrottle, "allow_request", lambda self, request, view: True)
    # As Django's test client does: the WSGI handler must not close the test's connection.
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    try:
        yield _world(alice, bob, carol)
    finally:
        for signal in (request_started, request_finished):
            signal.connect(close_old_connections)


def _world(alice, bob, carol) -> dict:
    game = services.start_match("druidenwalzer", {"moon": alice, "sun": bob})
    challenge = services.create_challenge(bob, opponent=alice)
    services.create_challenge(carol)
    from tournaments.models import Tournament, TournamentPlayer

    cup = Tournament.objects.create(name="Fuzz cup", status="registration", round_count=3)
    TournamentPlayer.objects.create(tournament=cup, user=bob)
    return {"match_id": game.pk, "challenge_id": challenge.pk, "tournament_id": cup.pk,
            "token": Token.objects.create(user=alice).key}


def _call(case, api_world, headers: dict) -> None:
    if case.path_parameters and next(REAL_IDS):
        for name in case.path_parameters:
            case.path_parameters[name] = api_world.get(name, case.path_parameters[name])
    response = case.call(headers=headers)
    case.validate_response(response, checks=CHECKS)


EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "12"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))


#: One test per operation, named by it ("GET /api/challenges/"): unique test ids, so a
#: parallel run (pytest-xdist) runs every operation, as a serial one does.
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]


def _fuzz(operation, api_world, headers: dict) -> None:
    @FUZZ
    @given(case=operation.as_strategy())
    def check(case):
        _call(case, api_world, headers)

    check()


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda operation: operation.label)
def test_it_answers_visitors_within_the_schema(operation, api_world):
    _fuzz(operation, api_world, {})


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda operation: operation.label)
def test_it_answers_token_callers_within_the_schema(operation, api_world):
    _fuzz(operation, api_world, {"Authorization": f"Token {api_world['token']}"})
