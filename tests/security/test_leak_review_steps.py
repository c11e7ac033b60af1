"""The check of test_leak_hidden asks for the steps of a review planted on a running game
(tests.security.reviewplant) and would not let them through: with the review's replay
opened to a running game, a player's own decision would show the AI's move applied
with the dice to come (Kasteel's rings and walk), and the check fails, either on a
changed answer or on the replay itself (the changed game's log no longer fits its
new seed)."""

from __future__ import annotations

import copy
import random

import pytest

from games.learning import review_steps
from games.models import Match, Review
from games.rules import RulesError
from tests.security import reviewplant
from tests.security.plants import people, running_game
from tests.security.samebytes import Viewer, hidden_differences

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails", "quiet")]


def test_a_running_games_review_steps_do_not_pass_the_check(monkeypatch):
    found = people()
    match = running_game("kasteel", found)
    seat = match.seats.select_related("user").first()
    viewer = Viewer(f"seat {seat.seat}", seat.user, seat.seat, reads=("pages",))
    planted = reviewplant.plant_review(match)
    assert planted and any(entry["best"]["type"] == "move" and "number" not in entry["best"]
                           for entry in planted.decisions)  # an AI's move rolls the dice
    assert reviewplant.review_steps(match, seat.seat)
    planted.delete()
    # The gate holds: nothing differs.
    assert not hidden_differences(match, [viewer], random.Random(2), sockets=False)
    assert not Review.objects.filter(match=match).exists()  # the planted one is gone
    replay = review_steps.replay

    def anyway(match: Match, number: int):
        over = copy.copy(match)
        over.status = Match.Status.FINISHED
        return replay(over, number)

    monkeypatch.setattr(review_steps, "replay", anyway)
    try:
        problems = hidden_differences(match, [viewer], random.Random(2), sockets=False)
    except RulesError:
        return  # the replay of the changed game failed: the check does not pass
    assert any("review/?step=" in problem for problem in problems), problems[:3]
