"""An admin's decision on a ladder result: corrected or annulled, completely.

The game's log carries the decision and its reason, the game page and the
head-to-head show it, ratings are replayed from the game on, the positions
follow, both players are told, and verify_games checks the game against its log.
"""

from __future__ import annotations

import pytest
from django.core import mail

from games.core.verify import verify_game
from games.management.commands.verify_games import stored_game
from games.models import Match, MoveRecord
from ladders import glicko, services
from ladders.models import LadderGame, Rating, RatingChange
from notices.models import Notice
from tests.conftest import make_user
from tests.ladders.helpers import fill, standings, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def four(ladder):
    players = [make_user(name) for name in ("alice", "bob", "carol", "dave")]
    fill(ladder, players)
    return players


def _bob_resigns_to_dave(ladder, four, finished) -> LadderGame:
    alice, bob, carol, dave = four
    game = services.challenge(ladder.pk, dave, bob)  # dave (4th) challenges bob (2nd)
    finished(win, game, dave)
    assert standings(ladder) == ["alice", "dave", "bob", "carol"]
    return game


def _decide(staff, game, result, reason, finished):
    return finished(services.correct_result, game.pk, staff, result, reason)


def test_it_corrects_a_result_everywhere(ladder, four, staff, finished, client):
    alice, bob, carol, dave = four
    game = _bob_resigns_to_dave(ladder, four, finished)
    _decide(staff, game, "defender", "the resignation was a misclick", finished)

    match = Match.objects.get(pk=game.match_id)
    assert match.end_reason == Match.Reason.CORRECTED
    record = match.records.latest("version")
    assert record.kind == MoveRecord.Kind.CORRECT
    assert record.events[0]["reason"] == "the resignation was a misclick"
    assert verify_game(stored_game(match)) is None
    # The positions follow, as if bob had won: dave never climbed.
    assert standings(ladder) == ["alice", "bob", "carol", "dave"]
    # The ratings are as if bob had won.
    change = RatingChange.objects.get(match=match, user=bob)
    assert change.score == 1.0 and change.rating_after > change.rating_before
    # The page and the head-to-head say so.
    client.force_login(carol)
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert "the resignation was a misclick" in page
    assert "An admin corrected the result" in page
    h2h = client.get(f"/players/{bob.username}/vs/{dave.username}/").content.decode()
    assert "an admin&#x27;s decision" in h2h or "an admin's decision" in h2h
    # Both players are told, on the site and by mail.
    assert set(Notice.objects.filter(kind="result_decided").values_list("user__username",
                                                                       flat=True)) == {
        "bob", "dave"}
    assert {m.to[0] for m in mail.outbox} >= {"bob@example.org", "dave@example.org"}


def test_it_annuls_a_game_so_it_counts_for_nothing(ladder, four, staff, finished):
    alice, bob, carol, dave = four
    game = _bob_resigns_to_dave(ladder, four, finished)
    _decide(staff, game, "annul", "played against the ladder's rules", finished)
    match = Match.objects.get(pk=game.match_id)
    assert match.end_reason == Match.Reason.ANNULLED
    assert set(match.seats.values_list("result", flat=True)) == {""}
    assert verify_game(stored_game(match)) is None
    assert not RatingChange.objects.filter(match=match).exists()
    for user in (bob, dave):
        rating = Rating.objects.get(user=user, game=ladder.game)
        assert (rating.rating, rating.games) == (glicko.DEFAULT_RATING, 0)
    # As if the game had never been played: carol, whom dave passed, is above him again.
    assert standings(ladder) == ["alice", "bob", "carol", "dave"]
    assert LadderGame.objects.get(pk=game.pk).outcome == LadderGame.Outcome.ANNULLED


def test_it_replays_the_later_rated_games_of_the_changed_players(ladder, four, staff, finished):
    alice, bob, carol, dave = four
    game = _bob_resigns_to_dave(ladder, four, finished)
    later = services.challenge(ladder.pk, carol, dave)  # carol (4th) challenges dave (2nd)
    finished(win, later, carol)
    _decide(staff, game, "defender", "misclick", finished)

    # By hand: bob beat dave, then carol beat dave, from the start ratings.
    start = glicko.Glicko(glicko.DEFAULT_RATING, glicko.DEFAULT_DEVIATION,
                          glicko.DEFAULT_VOLATILITY)
    dave_after_first = glicko.rate(start, [(start, 0.0)])
    carol_after = glicko.rate(start, [(dave_after_first, 1.0)])
    dave_after = glicko.rate(dave_after_first, [(start, 0.0)])
    assert Rating.objects.get(user=carol).rating == pytest.approx(carol_after.rating)
    assert Rating.objects.get(user=dave).rating == pytest.approx(dave_after.rating)
    assert Rating.objects.get(user=dave).games == 2
    assert RatingChange.objects.filter(user=dave).count() == 2


def test_it_refuses_a_decision_that_changes_nothing(ladder, four, staff, finished):
    game = _bob_resigns_to_dave(ladder, four, finished)
    with pytest.raises(services.Conflict):
        services.correct_result(game.pk, staff, "challenger", "same again")
    assert not ladder.audit.filter(action="correct").exists()


def test_it_refuses_a_decision_on_a_running_game(ladder, four, staff):
    alice, bob, carol, dave = four
    game = services.challenge(ladder.pk, dave, bob)
    with pytest.raises(services.Conflict):
        services.correct_result(game.pk, staff, "defender", "too early")
    assert Match.objects.get(pk=game.match_id).version == 0
    assert not ladder.audit.filter(action="correct").exists()


def test_a_ruling_on_a_disputed_ladder_game_goes_through_the_ladder(
        ladder, four, staff, finished):
    from games.core import disputes

    alice, bob, carol, dave = four
    game = _bob_resigns_to_dave(ladder, four, finished)
    dispute = disputes.open_dispute(game.match_id, bob, "I clicked resign by mistake")
    finished(disputes.rule, dispute.pk, staff, "correct", "a misclick, the log shows it",
             Match.objects.get(pk=game.match_id).seats.get(user=bob).seat)
    assert standings(ladder) == ["alice", "bob", "carol", "dave"]
    assert ladder.audit.get(action="correct").detail["result"] == "defender"
    # Told once each, by the ruling.
    assert Notice.objects.filter(kind="dispute_decided").count() == 2
    assert not Notice.objects.filter(kind="result_decided").exists()
