"""The one write path for moves: turn, version, legality, exactly once."""

import threading

import pytest
from django.db import connection

from games.core import services
from games.models import Match, MoveRecord
from tests.games.helpers import first_legal, mover, new_game, play_first

pytestmark = pytest.mark.usefixtures("no_turn_mails")


@pytest.mark.django_db
def test_it_applies_a_legal_move_and_bumps_the_version(alice, bob):
    match = new_game(alice, bob)
    move = first_legal(match)
    services.play(match.pk, alice, move, 0)
    match.refresh_from_db()
    assert match.version == 1
    record = MoveRecord.objects.get(match=match)
    assert record.move == move and record.seat == "moon" and record.events
    moon, sun = match.seats.get(seat="moon"), match.seats.get(seat="sun")
    assert moon.deadline is None and sun.deadline is not None


@pytest.mark.django_db
def test_it_refuses_a_move_out_of_turn(alice, bob):
    match = new_game(alice, bob)
    with pytest.raises(services.Conflict, match="not your turn"):
        services.play(match.pk, bob, first_legal(match), 0)


@pytest.mark.django_db
def test_it_refuses_a_stale_version_and_changes_nothing(alice, bob):
    match = new_game(alice, bob)
    play_first(match)
    match.refresh_from_db()
    before = (match.version, match.state)
    with pytest.raises(services.StaleVersion) as caught:
        services.play(match.pk, bob, first_legal(match), 0)
    assert caught.value.status == 409 and caught.value.extra["version"] == 1
    match.refresh_from_db()
    assert (match.version, match.state) == before


@pytest.mark.django_db
def test_it_refuses_an_illegal_move_with_the_engines_reason(alice, bob):
    match = new_game(alice, bob)
    with pytest.raises(services.BadMove, match="tree"):
        services.play(match.pk, alice, {"type": "place", "druid": "purple", "tree": 9}, 0)
    assert MoveRecord.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize("move", [None, [], "waltz", {"type": "teleport"}, {}])
def test_it_refuses_malformed_moves(alice, bob, move):
    match = new_game(alice, bob)
    with pytest.raises(services.BadMove):
        services.play(match.pk, alice, move, 0)
    match.refresh_from_db()
    assert match.version == 0


@pytest.mark.django_db
def test_it_refuses_a_move_in_someone_elses_game(alice, bob, carol):
    match = new_game(alice, bob)
    with pytest.raises(services.Forbidden):
        services.play(match.pk, carol, first_legal(match), 0)


@pytest.mark.django_db
def test_it_answers_not_found_for_a_missing_game(alice):
    with pytest.raises(services.NotFound):
        services.play(999, alice, {"type": "pass"}, 0)


@pytest.mark.django_db
def test_it_refuses_moves_after_the_end(alice, bob):
    match = new_game(alice, bob)
    services.resign(match.pk, bob)
    with pytest.raises(services.Conflict, match="over"):
        services.play(match.pk, alice, first_legal(match), 1)


@pytest.mark.django_db(transaction=True)
def test_it_applies_exactly_one_of_two_simultaneous_moves(alice, bob):
    match = new_game(alice, bob)
    move = first_legal(match)
    player = mover(match)
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def submit():
        try:
            barrier.wait()
            services.play(match.pk, player, move, 0)
            outcomes.append("ok")
        except services.ServiceError as error:
            outcomes.append(type(error).__name__)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["StaleVersion", "ok"]
    assert Match.objects.get(pk=match.pk).version == 1
    assert MoveRecord.objects.filter(match=match).count() == 1


@pytest.mark.django_db
def test_it_plays_a_whole_game_to_the_end(alice, bob):
    match = new_game(alice, bob)
    for _ in range(3000):
        match.refresh_from_db()
        if match.is_over:
            break
        play_first(match)
    match.refresh_from_db()
    assert match.is_over and match.end_reason == Match.Reason.RULES
    results = {s.seat: s.result for s in match.seats.all()}
    assert sorted(results.values()) == ["loss", "win"]
    assert results[match.winner_seat] == "win"
    assert all(s.deadline is None for s in match.seats.all())
