"""The ladder's event rows name the game and the decision; the CSV export writes an
event's detail as JSON."""

from __future__ import annotations

import csv
import io
import json

import pytest

from ladders import services
from tests.conftest import make_user
from tests.ladders.helpers import fill, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def decided(ladder, staff, finished):
    alice, bob = make_user("alice"), make_user("bob")
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    finished(win, game, bob)
    finished(services.correct_result, game.pk, staff, "annul", "a mistake")
    finished(services.correct_result, game.pk, staff, "defender", "alice won after all")
    return game


def test_the_events_name_the_game_and_the_decision(decided, ladder, client):
    page = client.get(f"/ladders/{ladder.pk}/").content.decode()
    assert f"An admin annulled game {decided.match_id}." in page
    assert f"An admin decided game {decided.match_id}: alice won." in page
    assert f"The places after the decision on game {decided.match_id}." in page


def test_the_csv_detail_is_json(decided, ladder, client):
    text = client.get(f"/ladders/{ladder.pk}/export.csv?part=events").content.decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    corrections = [json.loads(row["detail"]) for row in rows if row["action"] == "correct"]
    assert [c["result"] for c in corrections] == ["annul", "defender"]


def test_the_export_shows_each_games_decisions_in_order(decided, ladder, client):
    data = client.get(f"/ladders/{ladder.pk}/export.json").json()
    game = next(g for g in data["games"] if g["game"] == decided.match_id)
    assert [(d["decision"], d["reason"]) for d in game["decisions"]] == [
        ("annul", "a mistake"), ("correct", "alice won after all")]
    assert game["outcome"] == "defender"
