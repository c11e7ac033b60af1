"""The directors' actions in the OpenAPI schema: one operation per action of the page's
director form, each described, each asking for a reason."""

from __future__ import annotations

from tests.tournaments.director_calls import ACTIONS
from tournaments import views


def test_it_has_an_endpoint_for_every_action_of_the_page():
    assert set(ACTIONS) == set(views.ACTIONS)


def test_it_describes_each_action_and_requires_a_reason(openapi):
    schemas = openapi["components"]["schemas"]
    for action in ACTIONS:
        operation = openapi["paths"][f"/api/tournaments/{{tournament_id}}/director/{action}/"]
        post = operation["post"]
        assert set(operation) == {"post"}, action
        assert post["operationId"] == f"tournaments_director_{action}"
        assert post["summary"] and len(post["description"]) > 80, action
        assert "audit log" in post["description"]
        assert set(post["responses"]) == {"200", "400", "401", "403", "404", "409"}
        assert all(answer["description"] for answer in post["responses"].values())
        ok = post["responses"]["200"]["content"]["application/json"]["schema"]
        assert ok == {"$ref": "#/components/schemas/DirectorAnswer"}
        body = post["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        request = schemas[body.rsplit("/", 1)[1]]
        assert "reason" in request["required"], action
        assert request["properties"]["reason"]["minLength"] == 1
        assert all(field.get("description") for field in request["properties"].values())
