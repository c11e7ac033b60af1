"""Seasons closed before the close stored their standings get them from the data
migration (ladders/migrations/0006_store_closed_season_standings.py), computed with
the close's own pure fold from the rows read as plain values: exactly what the close
would have stored, whatever was decided after it, and verify_games is clean."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from ladders import services
from ladders.models import LadderAudit
from ladders.season_close import close_row, final_standings, frozen_standings
from tests.ladders.test_closed_season_verify import closed  # noqa: F401 - the fixture
from tests.ladders.test_verify_derived import verify

pytestmark = pytest.mark.django_db

migration = importlib.import_module("ladders.migrations.0006_store_closed_season_standings")


def forget_standings(ladder) -> list[dict]:
    """The season as if closed before standings were stored; returns what it had."""
    row = close_row(ladder)
    had = row.detail.pop("standings")
    LadderAudit.objects.filter(pk=row.pk).update(detail=row.detail)
    assert frozen_standings(ladder) is None
    return had


def test_it_stores_what_the_close_stored(closed):  # noqa: F811
    ladder, _first, _second = closed
    had = forget_standings(ladder)
    migration.store_standings(apps, None)
    stored = frozen_standings(ladder)
    assert [(r["position"], r["player_id"], r["games"]) for r in stored] == \
        [(r["position"], r["player_id"], r["games"]) for r in had]
    for got, want in zip(stored, had, strict=True):
        for name in ("rating", "deviation", "volatility"):
            assert got[name] == pytest.approx(want[name], abs=1e-9)
    assert stored == final_standings(ladder, close_row(ladder).at)
    code, out = verify()
    assert code == 0, out


def test_decisions_after_the_close_do_not_reach_the_stored_season(closed, staff,  # noqa: F811
                                                                  finished):
    ladder, first, _second = closed
    had = forget_standings(ladder)
    finished(services.correct_result, first.pk, staff, "annul", "found later")
    finished(services.correct_result, first.pk, staff, "defender", "found even later")
    migration.store_standings(apps, None)
    stored = frozen_standings(ladder)
    assert [r["player_id"] for r in stored] == [r["player_id"] for r in had]
    for got, want in zip(stored, had, strict=True):
        assert got["rating"] == pytest.approx(want["rating"], abs=1e-9)
        assert got["games"] == want["games"]
    code, out = verify()
    assert code == 0, out


def test_running_it_again_changes_nothing(closed):  # noqa: F811
    ladder, _first, _second = closed
    forget_standings(ladder)
    migration.store_standings(apps, None)
    once = close_row(ladder).detail
    migration.store_standings(apps, None)
    assert close_row(ladder).detail == once
