"""Two newcomers and two AI players play a 4-seat team game to its end through the
services and the bot task, from the embedded defaults."""

from __future__ import annotations

import pytest

from games.models import Match
from ladders.models import Rating, RatingChange
from tests.tables.helpers import RULES, full_table, match_of, play_out

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_plays_a_team_game_of_two_people_and_two_ai_players_to_the_end(alice, bob):
    table = full_table(alice, [bob], ai=2, teams=True, limit=1)
    match = match_of(table)
    assert RULES.teams(RULES.from_json(match.state)) == (("0", "2"), ("1", "3"))
    match = play_out(match)
    assert match.status == Match.Status.FINISHED and match.end_reason == Match.Reason.RULES
    seats = {s.seat: s for s in match.seats.all()}
    outcome = RULES.outcome(RULES.from_json(match.state))
    assert {name: s.score for name, s in seats.items()} == outcome.scores
    for team in (("0", "2"), ("1", "3")):
        assert seats[team[0]].result == seats[team[1]].result  # partners share the result
    # Rated with openskill: both people have a rating; the AI account holding two seats not.
    from ladders.receivers import rate_finished_match

    rate_finished_match(None, match_id=match.pk)
    assert set(RatingChange.objects.filter(match=match).values_list("user__username", flat=True)) \
        == {"alice", "bob"}
    assert Rating.objects.filter(game="kasteel", games=1).count() == 2
    table.refresh_from_db()
    assert table.status == "playing"  # the receiver of the end closes it (below)
    from games.lobby.tables import start_next

    start_next(match.pk)
    table.refresh_from_db()
    assert table.status == "finished"
