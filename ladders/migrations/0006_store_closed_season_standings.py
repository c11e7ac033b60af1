"""The final standings of the seasons closed before the close stored them.

A season's close stores its final standings in its "close" audit row
(ladders.season_close.freeze): the places of its entries and each player's rating
state from the fold of the game kind's rated results as they stood at the close.
Seasons closed before that have none, and their page read the rating history
instead. This migration computes and stores them with the same pure fold
(ladders.season_fold), from the rows as they are at this migration: the historical
models, read into plain values. A season whose game rates more than two seats
(openskill) is left as it was: ladders are games of two players.

Running it again changes nothing (a row with standings is skipped); going back
keeps them (they are what the close would have stored).
"""

from django.db import migrations

from ladders.season_fold import (
    Decision,
    SeatResult,
    seats_at,
    standings_rows,
    two_player_result,
)

DECISIONS = ("correct", "annul")


def results_at(apps, game, at):
    """The rated results of ``game`` that had ended by ``at``, each as it was then, in
    the fold's order (when they ended, then id)."""
    Match = apps.get_model("games", "Match")
    Seat = apps.get_model("games", "Seat")
    MoveRecord = apps.get_model("games", "MoveRecord")
    matches = list(Match.objects.filter(game=game, rated=True, status="finished",
                                        finished_at__lte=at).order_by("finished_at", "id")
                   .values_list("pk", "finished_at"))
    ids = [pk for pk, _at in matches]
    seats, decided = {}, {}
    for match_id, seat, user_id, result in (Seat.objects.filter(match_id__in=ids)
                                            .order_by("pk")
                                            .values_list("match_id", "seat", "user_id",
                                                         "result")):
        seats.setdefault(match_id, []).append(SeatResult(seat, user_id, result))
    for match_id, created_at, kind, events in (
            MoveRecord.objects.filter(match_id__in=ids, kind__in=DECISIONS)
            .order_by("version").values_list("match_id", "created_at", "kind", "events")):
        decided.setdefault(match_id, []).append(Decision(created_at, kind, events))
    if any(len(found) > 2 for found in seats.values()):
        return None  # openskill: not a ladder's game
    found = []
    for match_id, finished_at in matches:
        then = seats_at(seats.get(match_id, []), decided.get(match_id, []), at)
        result = two_player_result(match_id, finished_at, then)
        if result is not None:
            found.append(result)
    return found


def store_standings(apps, schema_editor):
    Ladder = apps.get_model("ladders", "Ladder")
    LadderAudit = apps.get_model("ladders", "LadderAudit")
    LadderEntry = apps.get_model("ladders", "LadderEntry")
    for ladder in Ladder.objects.filter(status="closed").order_by("pk"):
        row = (LadderAudit.objects.filter(ladder=ladder, action="close")
               .order_by("id").first())
        if row is None or "standings" in (row.detail or {}):
            continue
        results = results_at(apps, ladder.game, row.at)
        if results is None:
            continue
        order = list(LadderEntry.objects.filter(ladder=ladder).order_by("position")
                     .values_list("user_id", flat=True))
        row.detail = {**(row.detail or {}), "standings": standings_rows(order, results)}
        row.save(update_fields=["detail"])


class Migration(migrations.Migration):

    dependencies = [
        ("ladders", "0005_audit_outlives_the_ladder"),
        ("games", "0011_match_clocks_paused"),
    ]

    operations = [
        migrations.RunPython(store_standings, migrations.RunPython.noop),
    ]
