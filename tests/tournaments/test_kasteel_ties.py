"""A Kasteel tournament always ends with a winner the players would accept.

Ties and shared wins can put nobody out of a round: then the round's leaders play one
final table (ranked by place, castle points, the table's result, seeding), and the
final's winner is ranked the same way, never by seeding before points."""

from __future__ import annotations

from django.db import transaction

from games.models import Match, Seat
from tests.tournaments.conftest import rated
from tests.tournaments.play import started
from tournaments import rounds
from tournaments.models import TournamentGame


def _six(make_tournament, staff, run):
    players = [rated(f"k{n}", 1800 - 10 * n, "kasteel") for n in range(1, 7)]
    cup = started(run, make_tournament, players, staff, game="kasteel",
                  format="kasteel_rounds", round_count=None, table_size=4, advance_top=2,
                  allow_ai=True)
    return cup, players


def _end_round(cup, number: int, points: dict[int, int], run) -> None:
    """End the round's tables: each human's castle points as given, places from them
    (the best at a table share place 1, as a shared win does)."""
    for table in TournamentGame.objects.filter(round__tournament=cup, round__number=number):
        seats = list(Seat.objects.filter(match_id=table.match_id).select_related("user"))
        humans = [s for s in seats if not s.user.is_bot]
        for seat in humans:
            Seat.objects.filter(pk=seat.pk).update(score=points[seat.user_id])
        best = max(points[s.user_id] for s in humans)
        Match.objects.filter(pk=table.match_id).update(status=Match.Status.FINISHED)
        table.places = {str(s.user_id): 1 + sum(points[o.user_id] > points[s.user_id]
                                                for o in humans) for s in humans}
        for seat in humans:
            Seat.objects.filter(pk=seat.pk).update(
                result=Seat.Result.WIN if points[seat.user_id] == best else Seat.Result.LOSS)
        table.ended = True
        table.save(update_fields=["places", "ended"])

    def advance():
        with transaction.atomic():
            rounds.advance(rounds.lock(cup.pk))

    run(advance)


def _humans() -> set[int]:
    return set(Seat.objects.filter(user__is_bot=False).values_list("user_id", flat=True))


def test_a_round_that_puts_nobody_out_is_followed_by_a_final_of_its_leaders(
        make_tournament, staff, run):
    cup, players = _six(make_tournament, staff, run)
    assert TournamentGame.objects.filter(round__number=1).count() == 2
    # A shared win at every table: nobody is put out.
    _end_round(cup, 1, {uid: 0 for uid in _humans()}, run)
    cup.refresh_from_db()
    assert cup.status == "running", "a round that put nobody out is not the final"
    final = TournamentGame.objects.get(round__number=2)
    finalists = sorted(Seat.objects.filter(match=final.match, user__is_bot=False)
                       .values_list("user_id", flat=True))
    assert len(finalists) == 4
    # The final: the lowest seeded finalist scores most and wins.
    last = max(finalists, key=lambda uid: [p.pk for p in players].index(uid))
    _end_round(cup, 2, {uid: 1 for uid in finalists} | {last: 5}, run)
    cup.refresh_from_db()
    assert cup.status == "finished" and cup.winner_id == last


def test_a_shared_win_at_the_final_goes_to_the_castle_points(make_tournament, staff, run):
    cup, players = _six(make_tournament, staff, run)
    _end_round(cup, 1, {uid: 0 for uid in _humans()}, run)
    final = TournamentGame.objects.get(round__number=2)
    finalists = list(Seat.objects.filter(match=final.match, user__is_bot=False)
                     .order_by("user_id").values_list("user_id", flat=True))
    # Everyone shares the win at the final (place 1 each); the last finalist's castle
    # points are the tie-break, before seeding.
    _end_round(cup, 2, {uid: 0 for uid in finalists}, run)
    assert set(TournamentGame.objects.get(pk=final.pk).places.values()) == {1}
    Seat.objects.filter(match=final.match, user_id=finalists[-1]).update(score=4)
    cup.refresh_from_db()
    assert rounds.winner_of(cup) == finalists[-1]


def test_an_annulled_table_puts_nobody_out(make_tournament, staff, run):
    from games import services as game_services

    cup, _players = _six(make_tournament, staff, run)
    _end_round(cup, 1, {uid: n for n, uid in enumerate(sorted(_humans()))}, run)
    table = TournamentGame.objects.filter(round__number=1).first()
    run(game_services.annul_result, table.match_id, staff, "played with the wrong cards")
    table.refresh_from_db()
    assert set(table.places.values()) == {1}
