"""/api/docs/: every operation says what it does, none shows the base view's docstring."""

import pytest
from drf_spectacular.generators import SchemaGenerator

from games.api.common import ApiView


@pytest.fixture(scope="module")
def operations() -> list[tuple[str, str, dict]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [(method, path, op) for path, ops in schema["paths"].items()
            for method, op in ops.items()]


def test_it_describes_every_operation_in_its_own_words(operations):
    base = " ".join(ApiView.__doc__.split()[:6])
    for method, path, op in operations:
        description = " ".join(op.get("description", "").split())
        assert description, f"{method.upper()} {path} has no description"
        assert base not in description, f"{method.upper()} {path} shows the base docstring"
        assert op.get("summary"), f"{method.upper()} {path} has no summary"


def test_it_covers_the_operations_that_lacked_one(operations):
    described = {(m, p) for m, p, op in operations if op.get("description")}
    for path in ("/api/tables/", "/api/tables/{table_id}/", "/api/tables/{table_id}/join/",
                 "/api/me/", "/api/challenges/", "/api/challenges/{challenge_id}/accept/"):
        assert any(p == path for _, p in described), path
