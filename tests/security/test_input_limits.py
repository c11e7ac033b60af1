"""Input sizes: oversized bodies are refused with 413; huge or malformed paths and query
strings never cause a server error.

A body over DATA_UPLOAD_MAX_MEMORY_SIZE is refused before anything reads it,
on every form and API write (declared by Content-Length); sent in chunks
without a declared length: test_input_limits_chunked.py.
"""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from rest_framework.test import APIClient

from tests.health import mark_worker_and_beat_alive
from tests.security.matrix import MATRIX
from tests.security.urlmap import admin_paths, patterns

pytestmark = pytest.mark.django_db

LIMIT = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
MESSAGE = f"The request body is larger than {LIMIT} bytes."
HUGE_NUMBER = "9" * 40
VALUES = (HUGE_NUMBER, "-1", "x" * 5000, "%00", "a%00b", "%FF%FE", "..%2F..", "<b>")
QUERIES = (
    "?" + "&".join(f"{name}={HUGE_NUMBER}" for name in (
        "since", "limit", "offset", "page", "step", "game", "next", "opponent", "turn",
        "status", "format", "probe", "q", "o", "p", "partial")),
    "?since=-1&limit=0&offset=-5&page=%00&step=x&game=%FF&turn=%00&status=nope&format=%00",
    "?" + "a=b&" * 2000 + "%00=%00&%FF",
)


def test_it_refuses_an_oversized_form_with_413_before_any_check(world):
    posts = {world.fill(case.path) for cases in MATRIX.values() for case in cases
             if not case.api and "POST" in case.expect}
    posts |= {"/admin/login/", "/accounts/login/", "/i18n/setlang/"}
    body = {"field": "x" * (LIMIT + 1)}
    for path in sorted(posts):
        for client in (Client(enforce_csrf_checks=True), Client()):
            response = client.post(path, body)
            assert response.status_code == 413, (path, response.status_code)
            assert response.content.decode() == MESSAGE


def test_it_refuses_an_oversized_api_body_with_413_and_the_error_shape(world):
    token = APIClient()
    token.force_authenticate(world.users["player"])
    writes = {world.fill(case.path) for cases in MATRIX.values() for case in cases
              if case.api and "POST" in case.expect}
    body = {"move": {"type": "pass", "pad": "x" * LIMIT}, "version": 0}
    for path in sorted(writes):
        for client in (token, APIClient()):
            response = client.post(path, body, format="json")
            assert response.status_code == 413, (path, response.status_code)
            assert response.json() == {"error": MESSAGE, "code": "too_large"}


def _fuzzed(world) -> list[tuple[str, str]]:
    """(method, path): path parameters replaced by odd values (GET and POST), and odd
    query strings on every page (GET); the admin's pages too, for staff."""
    requests = []
    for pattern in patterns():
        route = "/" + re.sub(r"\^|\$|\(\?P<\w+>[^)]*\)|<[^>]+>", "{value}", pattern)
        if pattern.startswith("admin/"):
            continue
        for value in VALUES if "{value}" in route else ():
            requests += [("GET", route.replace("{value}", value)),
                         ("POST", route.replace("{value}", value))]
        requests += [("GET", route.replace("{value}", "1") + query) for query in QUERIES]
    return requests


@pytest.mark.parametrize("role", ["anonymous", "player"])
def test_it_never_fails_on_huge_or_malformed_paths_and_queries(world, role, settings):
    settings.EMBEDDED_WORKER = False  # /healthz: no in-process worker to look for
    mark_worker_and_beat_alive()  # /healthz with services: a worker and beat ran
    client = Client(raise_request_exception=False)
    api = APIClient(raise_request_exception=False)
    if world.users[role] is not None:
        client.force_login(world.users[role])
        api.force_authenticate(world.users[role])
    failed = []
    for method, path in _fuzzed(world):
        user = api if path.startswith("/api/") else client
        response = user.get(path) if method == "GET" else user.post(path, {})
        if response.status_code >= 500:
            failed.append(f"{method} {path[:120]}: {response.status_code}")
    assert not failed, "\n".join(failed)


def test_it_never_fails_on_odd_queries_to_the_admin(world):
    client = Client(raise_request_exception=False)
    client.force_login(world.users["staff"])
    failed = [path for path in admin_paths(world).values() for query in QUERIES[:2]
              if client.get(path + query).status_code >= 500]
    assert not failed, failed


def test_it_refuses_null_characters_with_a_clear_400(world):
    player = Client()
    player.force_login(world.users["player"])
    for path in ("/players/a%00b/", "/players/alice/vs/%00/", "/lobby/?next=%00",
                 "/challenges/new/?opponent=bob%00"):
        response = player.get(path)
        assert (response.status_code, response.content) == (
            400, b"Null characters are not allowed."), path
    form = player.post(world.fill("/ladders/{ladder}/challenge/"), {"defender": "bob\x00"})
    assert form.status_code == 400
    api = APIClient().get("/api/games/?status=active%00")
    assert api.json() == {"error": "Null characters are not allowed.", "code": "invalid"}


def test_it_answers_unknown_api_paths_in_the_api_error_shape(world):
    for path in ("/api/games/not-a-number/", "/api/no-such-endpoint/", "/api/games/1/x/"):
        response = APIClient().get(path)
        assert response.status_code == 404 and response["Content-Type"] == "application/json"
        assert response.json() == {"error": "Not found.", "code": "not_found"}
    assert "text/html" in Client().get("/no-such-page/")["Content-Type"]
