"""Every answer to a signed-in visitor is private: ``Cache-Control: private, no-store``.

The URL patterns are walked through the URL matrix (tests.security.matrix, which
test_url_matrix keeps complete: a new URL needs an entry there, and is then
covered here without one), every method of each case, as a player and as staff,
and the admin's pages as staff. Only answers that are the same for everyone opt
out (``druidsite.private_answers.same_for_everyone``), and static files.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils.cache import cc_delim_re

from tests.security.matrix import MATRIX
from tests.security.test_url_matrix import site_patterns
from tests.security.urlmap import admin_paths, client_for, outcome

pytestmark = pytest.mark.django_db

#: Patterns whose answer is the same for everyone (no name, no game, no token).
SAME_FOR_EVERYONE = {"favicon.ico", "api/schema/", "api/docs/", "manifest.webmanifest", "sw.js",
                     "offline/"}
SIGNED_IN = ("player", "staff")


def problems_of(response, what: str, api: bool) -> list[str]:
    control = {part.strip().lower() for part in response.get("Cache-Control", "").split(",")}
    vary = {part.lower() for part in cc_delim_re.split(response.get("Vary", "")) if part}
    needed = {"authorization"} if api else {"cookie"}
    problems = []
    if not {"private", "no-store"} <= control:
        problems.append(f"{what}: Cache-Control {response.get('Cache-Control')!r}")
    if not needed <= vary:
        problems.append(f"{what}: Vary {response.get('Vary')!r}")
    return problems


def test_it_walks_every_url_of_the_site():
    assert set(site_patterns()) == set(MATRIX)
    assert SAME_FOR_EVERYONE <= set(MATRIX)


@pytest.mark.parametrize("pattern", sorted(set(MATRIX) - SAME_FOR_EVERYONE))
def test_it_marks_every_answer_to_a_signed_in_visitor_private(pattern, world, no_turn_mails,
                                                               settings):
    settings.EMBEDDED_WORKER = False
    problems = []
    for case in MATRIX[pattern]:
        path = world.fill(case.path)
        for method in case.expect:
            for role in SIGNED_IN:
                _, response = outcome(world, role, method, path, case.body, api=case.api)
                problems += problems_of(response, f"{method} {path} as {role} "
                                        f"({response.status_code})", case.api)
    assert not problems, "\n".join(problems)


def test_it_marks_every_admin_page_private(world):
    problems = []
    for path in sorted(set(admin_paths(world).values())):
        _, response = outcome(world, "staff", "GET", path)
        problems += problems_of(response, f"GET {path} ({response.status_code})", False)
    assert not problems, "\n".join(problems)


def test_it_leaves_what_is_the_same_for_everyone_to_caches(world):
    client = client_for("player", world)
    icon = client.get("/favicon.ico")
    assert icon.status_code == 301 and "no-store" not in icon.get("Cache-Control", "")
    style = client.get("/static/css/site.css")
    assert style.status_code == 200 and "no-store" not in style.get("Cache-Control", "")


def test_it_leaves_anonymous_visitors_pages_alone(world):
    rules = Client().get("/rules/")
    assert rules.status_code == 200 and "no-store" not in rules.get("Cache-Control", "")


def test_it_marks_the_pages_that_carry_a_players_own_cards(world):
    """The pages named in the third security pass, one by one (the walk covers them too)."""
    for role, path in (("player", "/"), ("player", "/your-turn/"), ("player", "/lobby/"),
                       ("player", "/notices/"), ("player", "/friends/"),
                       ("player", "/settings/"), ("player", "/settings/account/"),
                       ("player", world.fill("/tables/{table}/")), ("player", "/players/alice/"),
                       ("player", "/learn/druidenwalzer/tutorial/"), ("staff", "/moderation/")):
        response = client_for(role, world).get(path)
        assert response.status_code == 200, path
        assert not problems_of(response, path, False), path
