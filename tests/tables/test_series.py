"""A table played as a series: the next game starts by itself with the seats rotated;
the standings sum each player's points."""

from __future__ import annotations

import pytest

from games.lobby import tables
from games.models import Table
from tests.tables.helpers import full_table, match_of, play_out

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_plays_a_series_and_sums_the_points(client, alice, bob, carol):
    table = full_table(alice, [bob, carol], limit=1, games=2)
    first = play_out(match_of(table))
    tables.start_next(first.pk)
    tables.start_next(first.pk)  # once only
    assert table.series.count() == 2
    second = match_of(table, 2)
    seats_1 = {s.user_id: int(s.seat) for s in first.seats.all()}
    seats_2 = {s.user_id: int(s.seat) for s in second.seats.all()}
    assert all(seats_2[user] == (seat + 1) % 3 for user, seat in seats_1.items())
    assert second.options["new_game"] == first.options["new_game"]
    play_out(second)
    tables.start_next(second.pk)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    rows = tables.standings(table)
    for row in rows:
        scores = [g["score"] for g in row["games"]]
        assert len(scores) == 2 and row["total"] == sum(scores)
        expected = [second.seats.get(user=row["user"]).score]
        assert scores[1:] == expected
    assert [row["total"] for row in rows] == sorted((row["total"] for row in rows), reverse=True)
    html = client.get(f"/tables/{table.pk}/standings/").content.decode()
    assert 'id="standings"' in html and "carol" in html
