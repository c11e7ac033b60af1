"""Every URL of the site answers each kind of visitor as tests.security.matrix says.

The URL patterns are found by walking the resolver: a new URL without an
entry in the matrix fails here. Each request runs in a savepoint rolled back
afterwards, and reports whether it changed anything, so "only a player
writes" is checked, not just the status. No answer to anyone shows a hidden
card of the game (its names are chosen to appear nowhere visible), and the
seat's hand only to its player. The admin is in test_admin_matrix.
"""

from __future__ import annotations

import pytest

from tests.health import mark_worker_and_beat_alive
from tests.security.conftest import ROLES
from tests.security.matrix import MATRIX, Case
from tests.security.urlmap import HIDDEN, World, outcome, patterns, shows

pytestmark = pytest.mark.django_db


def site_patterns() -> list[str]:
    return [pattern for pattern in patterns() if not pattern.startswith("admin/")]


def test_it_has_a_matrix_entry_for_every_url_and_no_stale_one():
    found = set(site_patterns())
    assert found - set(MATRIX) == set(), "URLs without an entry in tests/security/matrix.py"
    assert set(MATRIX) - found == set(), "entries of URLs that no longer exist"


def _expected(case: Case, method: str, role: str, world: World) -> str:
    expected = case.expect[method]
    if isinstance(expected, tuple):
        expected = expected[ROLES.index(role)]
    return world.fill(expected)


def _matches(got: str, expected: str) -> bool:
    """A redirect's target is compared by its start (ids of new objects vary)."""
    if ">" in expected:
        return got.partition(">")[0] == expected.partition(">")[0] and got.partition(
            ">")[2].startswith(expected.partition(">")[2])
    return got == expected


def _hidden_cards(role: str) -> list[str]:
    seen_by_owner = [] if role == "opponent" else [HIDDEN["hand"]]  # bob (sun) holds it
    return [HIDDEN["down"], HIDDEN["covered"], *seen_by_owner]


@pytest.mark.parametrize("pattern", sorted(MATRIX))
def test_it_answers_each_visitor_as_the_matrix_says(pattern, world, no_turn_mails, settings):
    settings.EMBEDDED_WORKER = False  # /healthz: no in-process worker to look for
    mark_worker_and_beat_alive()  # /healthz with services: a worker and beat ran
    wrong = []
    for case in MATRIX[pattern]:
        path = world.fill(case.path)
        for method in case.expect:
            for role in ROLES:
                got, response = outcome(world, role, method, path, case.body, api=case.api)
                expected = _expected(case, method, role, world)
                if not _matches(got, expected):
                    wrong.append(f"{method} {path} as {role}: {got}, expected {expected}")
                if response.status_code == 200 and method == "GET":
                    body = response.content.decode()
                    shown = [card for card in _hidden_cards(role) if shows(body, card)
                             and not case.finished_games]
                    if shown:
                        wrong.append(f"GET {path} as {role} shows hidden cards {shown}")
                    if shows(body, str(world.game.seed)):
                        wrong.append(f"GET {path} as {role} shows the seed")
        if case.hides_cards:
            _, own = outcome(world, "opponent", "GET", path, api=case.api)
            assert shows(own.content.decode(), HIDDEN["hand"]), "control: bob sees his hand"
    assert not wrong, "\n".join(wrong)
