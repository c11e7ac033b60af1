"""The exports (CSV, JSON, TRF) say what the page says: a Swiss with a bye, draws,
losses and a chosen tie-break order, compared with the page's standings and crosstable
and with the pure standings folded from the games' own results."""

from __future__ import annotations

import csv
import io
import json
import random
import re

import pytest

from games.models import Match
from tests.tournaments.play import draw, running, started, win
from tests.tournaments.test_pages import standings_cells
from tournaments import reading
from tournaments.models import Tournament
from tournaments.pairing import GameResult, standings

pytestmark = pytest.mark.django_db
ORDER = "median_buchholz, direct_encounter, wins, sonneborn_berger"


def play_rounds(run, cup, seed: int = 3) -> None:
    rng = random.Random(seed)
    while running(cup):
        for game in running(cup):
            choice = rng.choice(["first", "second", "draw"])
            if choice == "draw":
                draw(run, game)
            else:
                win(run, game, game.first if choice == "first" else game.second)
        cup.refresh_from_db()


def rows_of(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def page_crosstable(html: str) -> list[list[str]]:
    table = html.split('id="crosstable"')[1].split("</table>")[0].split("<tbody>")[1]
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td>(.*?)</td>", r, re.S)]
            for r in re.findall(r"<tr>(.*?)</tr>", table, re.S)]


def folded(cup: Tournament) -> list:
    """The pure standings from the games' own results (the matches' winners), not the
    tournament's stored cache."""
    games = []
    for tg in reading.games(cup):
        match = Match.objects.get(pk=tg.match_id)
        if match.status != Match.Status.FINISHED:
            continue
        first_seat = next(s for s in match.seats.all() if s.user_id == tg.first_id)
        score = 0.5 if not match.winner_seat else (1.0 if first_seat.result == "win" else 0.0)
        games.append(GameResult(tg.round.number, tg.first_id, tg.second_id, score))
    _results, byes = reading.history(cup)
    return standings([e.id for e in reading.entrants(cup)], games, byes,
                     tiebreaks=cup.tiebreak_order)


def test_it_exports_what_the_page_shows(client, make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:5], staff, round_count=3, tiebreaks=ORDER)
    play_rounds(run, cup)
    assert cup.status == "finished"
    html = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert 'id="tiebreak-order"' in html and "median Buchholz</strong>, <strong" in html

    standing = rows_of(client.get(f"/tournaments/{cup.pk}/export.csv?part=standings")
                       .content.decode())
    assert standing[0] == ["rank", "number", "player", "points", "played", "wins", "draws",
                           "losses", "byes", "median_buchholz", "direct_encounter", "wins",
                           "sonneborn_berger"]
    as_page = [[r[0], r[2], r[3], r[4], f"{r[5]}-{r[6]}-{r[7]}" + (f" +{r[8]}" if r[8] != "0"
                                                                  else ""),
                *(v if v != "" else "–" for v in r[9:])] for r in standing[1:]]
    assert as_page == standings_cells(html)

    names = {p.pk: p.username for p in field}
    pure = folded(cup)
    assert [[str(r.rank), names[r.player], f"{r.points:g}"] for r in pure] == [
        row[:3] for row in as_page]

    data = json.loads(client.get(f"/tournaments/{cup.pk}/export.json").content)
    assert [[str(r["rank"]), r["player"]] for r in data["standings"]] == [
        row[:2] for row in as_page]
    assert data["tournament"]["tiebreaks"] == ORDER.split(", ")

    cross = rows_of(client.get(f"/tournaments/{cup.pk}/export.csv?part=crosstable")
                    .content.decode())
    assert cross[0] == ["number", "player", "R1", "R2", "R3"]
    assert cross[1:] == page_crosstable(html)

    games = rows_of(client.get(f"/tournaments/{cup.pk}/export.csv?part=games").content.decode())
    assert len(games) - 1 == len(reading.games(cup)) == 6  # 2 boards, 3 rounds
    assert {row[6] for row in games[1:]} <= {"1-0", "½-½", "0-1"}

    text = client.get(f"/tournaments/{cup.pk}/export.trf").content.decode()
    trf = text.splitlines()
    assert trf[0] == f"012 {cup.name}" and "092 Swiss" in trf and "XXR 3" in trf
    players = [line for line in trf if line.startswith("001")]
    by_name = {line[14:47].strip(): line for line in players}
    points = {"1": 1, "=": 0.5, "0": 0, "+": 1, "-": 0, "U": 1, "F": 1, "H": 0.5, "Z": 0}
    for r in pure:
        line = by_name[names[r.player]]
        assert float(line[80:84]) == r.points and int(line[85:89]) == r.rank
        blocks = [line[91 + 10 * n: 99 + 10 * n] for n in range(3)]
        assert sum(points[b[-1]] for b in blocks) == r.points
    assert sum(line[91:].count("0000 - U") for line in players) == 3  # one bye a round


def test_it_refuses_what_it_cannot_export(client, make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:4], staff, format="knockout", round_count=None)
    response = client.get(f"/tournaments/{cup.pk}/export.trf")
    assert response.status_code == 400 and b"Only a Swiss or a round robin" in response.content
    response = client.get(f"/tournaments/{cup.pk}/export.csv?part=moves")
    assert response.status_code == 400 and b"part must be one of" in response.content
    assert client.get(f"/tournaments/{cup.pk}/export.xml").status_code == 404
    draft = make_tournament(status=Tournament.Status.DRAFT)
    assert client.get(f"/tournaments/{draft.pk}/export.json").status_code == 403
    client.force_login(staff)
    assert client.get(f"/tournaments/{draft.pk}/export.json").status_code == 200


def test_a_round_robin_exports_its_matrix_and_trf(client, make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:3], staff, format="round_robin",
                  round_count=None)
    play_rounds(run, cup, seed=5)
    html = client.get(f"/tournaments/{cup.pk}/").content.decode()
    cross = rows_of(client.get(f"/tournaments/{cup.pk}/export.csv?part=crosstable")
                    .content.decode())
    assert cross[0] == ["number", "player", "1", "2", "3"] and cross[1:] == page_crosstable(html)
    trf = client.get(f"/tournaments/{cup.pk}/export.trf").content.decode()
    assert "092 Round robin" in trf and trf.count("0000 - Z") == 3  # each rests once
