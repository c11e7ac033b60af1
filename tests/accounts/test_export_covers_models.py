"""The account export holds everything the site keeps about the player, checked
against the models themselves: every model of every app (django.apps) is walked,
and each link to the user, each field of the user's row and each field of an
exported row must be exported or left out on purpose with its reason
(accounts.export: PROFILE, SETTINGS, PARTS, USER_LEFT_OUT, LEFT_OUT).
A new personal model or field makes these tests fail until it is one or the other.
"""

from __future__ import annotations

import pytest
from django.apps import apps
from django.conf import settings

from accounts import export

USER = settings.AUTH_USER_MODEL


def _user_model():
    return apps.get_model(USER)


def _links_to_user() -> set[tuple[str, str]]:
    """(model, field) of every field of every model that points at the user."""
    user = _user_model()
    found = set()
    for model in apps.get_models():
        if model._meta.proxy:
            continue  # the same table as its concrete model (authtoken.TokenProxy)
        for field in [*model._meta.concrete_fields, *model._meta.many_to_many]:
            if field.is_relation and field.related_model is user and model is not user:
                found.add((model._meta.label, field.name))
    return found


def _own_fields(model) -> set[str]:
    return {f.name for f in [*model._meta.concrete_fields, *model._meta.many_to_many]}


def test_it_exports_or_explains_every_link_to_the_player():
    declared = {(part.model, part.owner) for part in export.PARTS}
    missing = sorted(_links_to_user() - declared - set(export.LEFT_OUT))
    assert not missing, f"export these rows (accounts.export.PARTS) or say why not: {missing}"
    stale = sorted((declared | set(export.LEFT_OUT)) - _links_to_user())
    assert not stale, f"declared links that no model has: {stale}"
    assert not declared & set(export.LEFT_OUT)


def test_it_exports_or_explains_every_field_of_the_players_row():
    fields = _own_fields(_user_model())
    covered = set(export.PROFILE) | set(export.SETTINGS) | set(export.USER_LEFT_OUT)
    assert not fields - covered, f"export or explain: {sorted(fields - covered)}"
    assert not covered - fields, f"no such field: {sorted(covered - fields)}"


@pytest.mark.parametrize("part", export.PARTS, ids=lambda part: part.key)
def test_it_exports_or_explains_every_field_of_an_exported_row(part):
    model = apps.get_model(part.model)
    fields = _own_fields(model) - {part.owner, "id"}
    # A link to another user left out as a whole (LEFT_OUT) is explained there.
    explained = {name for label, name in export.LEFT_OUT if label == part.model}
    covered = set(part.fields) | set(part.left_out) | explained
    assert not fields - covered, f"{part.key}: export or explain {sorted(fields - covered)}"
    assert not covered - fields - {"id"} - explained, f"{part.key}: no such field"
    assert all(reason.strip() for reason in part.left_out.values())


def test_it_never_exports_a_game_state_or_a_seed_row_by_row():
    """Hidden cards and seeds live in the models with a state or a seed (the matches,
    the tournaments' pairing seed): those reach the export through games.core.visibility
    only, never as rows."""
    for part in export.PARTS:
        model = apps.get_model(part.model)
        assert not {"state", "seed"} & _own_fields(model), part.key
        assert not {"state", "seed", "events", "move"} & set(part.fields), part.key


def test_every_reason_says_something():
    assert all(len(reason) > 20 for reason in [*export.LEFT_OUT.values(),
                                               *export.USER_LEFT_OUT.values()])
