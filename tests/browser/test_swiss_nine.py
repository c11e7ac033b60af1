"""A nine-player Swiss on a schedule, run from its page by a player named its director
(hana, not staff). anna joins from the page; hana starts it. During round 1 she
accepts a late entry (jet, half a point for the round he missed), gives cato a
requested bye for round 2, forbids anna and bram (the two top seeds) to meet, sets
round 3's deadline and writes an announcement, which jet finds among his notices in
his own browser. During round 2 the engine refuses to pair cato again with his round-1
opponent (the page says why) and accepts cato against jet for round 3. At round 3's
deadline its one unfinished game is adjudicated by the documented rule (the player on
move loses); round 4 ends the tournament. The standings of the CSV, JSON and TRF
downloaded from the page's links are the standings the page shows. Screenshots of the
final page at 1280x800 and 390x844, the director's and a visitor's: no sideways
scrolling, no serious axe-core violation.

The players' games are ended in the site's own process through games.core.services;
the director acts only through the page. The deadline passes as in
test_tournament_schedule.py: the schedule's sweep is run for a time after it."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.tournament_helpers import (
    PASSWORD,
    SETUP,
    csv_standings_as_page,
    direct,
    log_in,
    look,
    look_at,
    shell,
    standings_on_page,
)

pytestmark = pytest.mark.browser

# Seven players entered (anna joins from the page), jet to come late, hana directing.
# Ratings: anna 1900, bram 1860 ... gijs 1660 (SETUP), jet 1640, ivo 1600.
NINE = SETUP + f"""
from tournaments import services
from tournaments.models import Tournament, TournamentDirector
for name, rating in (("ivo", 1600), ("jet", 1640)):
    user = User.objects.filter(username=name).first() or User.objects.create_user(
        name, name + "@example.org", {PASSWORD!r})
    Rating.objects.get_or_create(user=user, game="druidenwalzer", defaults={{"rating": rating}})
cup = Tournament.objects.create(
    name="Swiss nine", game="druidenwalzer", format="swiss", round_count=4, seed=9,
    status="registration", requested_bye_points=0.5, late_entry_points=0.5)
for name in ("bram", "cato", "daan", "eva", "finn", "gijs", "ivo"):
    services.join(cup.pk, User.objects.get(username=name))
TournamentDirector.objects.create(tournament=cup, user=User.objects.get(username="hana"))
print(cup.pk)
"""

# Ends the games of rounds in the site's own process, board by board: "lower" (the
# lower seed resigns), "higher" (the higher seed resigns), "draw" (agreed), "open" (the
# first seat moves; the game is left running). The follow-ups run here at once
# (eager), as the site's worker would run them: each result settled, the next round
# paired. For round ``deadline``, the schedule's sweep then runs a minute after its
# deadline, as the beat task would once the time has come.
PLAY = """
import json, time
from datetime import timedelta
from druidsite.celery import app
app.conf.task_always_eager = True
from games.core import services
from games.models import Match, Seat
from games.rules import get_rules
from tournaments import schedule
from tournaments.models import (ScheduledRound, Tournament, TournamentGame,
                                TournamentPlayer, TournamentRound)
tid, told = {tid}, {{}}
for number, outcomes in {plan!r}:
    until = time.monotonic() + 30
    while not TournamentRound.objects.filter(tournament_id=tid, number=number).exists():
        assert time.monotonic() < until, f"round {{number}} was not paired"
        time.sleep(0.2)  # round 1: the site's worker pairs it after the start
    seeds = dict(TournamentPlayer.objects.filter(tournament_id=tid)
                 .values_list("user_id", "rating"))
    games = list(TournamentGame.objects.filter(round__tournament_id=tid, round__number=number)
                 .select_related("first", "second").order_by("board"))
    assert len(games) == len(outcomes), (number, [(g.first, g.second) for g in games])
    for game, outcome in zip(games, outcomes):
        lower, higher = sorted((game.first, game.second), key=lambda u: seeds[u.pk])
        if outcome in ("lower", "higher"):
            services.resign(game.match_id, lower if outcome == "lower" else higher)
        elif outcome == "draw":
            services.offer_draw(game.match_id, game.first)
            services.offer_draw(game.match_id, game.second)  # agrees to the offer
        else:
            match = Match.objects.get(pk=game.match_id)
            rules = get_rules(match.game)
            services.play(match.pk, game.first,
                          rules.legal_moves(rules.from_json(match.state))[0], match.version)
            match.refresh_from_db()
            told["on_move"] = [Seat.objects.get(match=match, seat=seat).user.username
                               for seat in rules.owed_by(rules.from_json(match.state))]
            told["open"] = [game.first.username, game.second.username]
    if number == {deadline}:
        row = ScheduledRound.objects.get(tournament_id=tid, number=number)
        told["sweep"] = schedule.sweep(row.deadline + timedelta(minutes=1))
told["status"] = Tournament.objects.get(pk=tid).status
print(json.dumps(told))
"""


def play(site, tid: int, plan: list[tuple[int, list[str]]], deadline: int = 0) -> dict:
    out = shell(site, PLAY.format(tid=tid, plan=plan, deadline=deadline))
    return json.loads(out.strip().splitlines()[-1])


def games_of(page, number: int) -> list[str]:
    """Round ``number``'s lines on the page: "first – second #game result", "name: bye"."""
    return [" ".join(line.split()) for line in page.locator(
        f".tournament-round[data-round='{number}'] .round-games li").all_inner_texts()]


def pairs_of(lines: list[str]) -> list[set[str]]:
    return [set(re.match(r"(\S+) – (\S+) ", line).groups()) for line in lines
            if " – " in line]


def table_cells(page, table: str) -> list[list[str]]:
    return [[cell.strip() for cell in row.locator("td").all_inner_texts()]
            for row in page.locator(f"{table} tbody tr").all()]


def download(page, label: str) -> str:
    with page.expect_download() as done:
        page.locator("#tournament-downloads a", has_text=label).click()
    return Path(done.value.path()).read_text(encoding="utf-8")


def written(value: float | None) -> str:
    """A number as the page writes it (2, 2.5), "–" for none."""
    return "–" if value is None else f"{value:.2f}".rstrip("0").rstrip(".")


def test_it_runs_a_nine_player_swiss_directed_by_a_player(site, new_page, browser, shots):
    tid = int(shell(site, NINE).strip().splitlines()[-1])
    address = f"/tournaments/{tid}/"
    anna = new_page()
    log_in(anna, site.url, "anna", address)
    with anna.expect_navigation():
        anna.locator("#join-button").click()
    assert anna.locator("#leave-button").is_visible()

    hana = new_page()
    log_in(hana, site.url, "hana", address)
    assert "Done: started" in direct(hana, "start", "eight entries, on time")
    # The site's worker pairs round 1 after the start; the page follows its socket.
    expect(hana.locator(".tournament-round[data-round='1'] .round-games li")).to_have_count(
        4, timeout=15000)

    # Round 1 runs: the director decides for the rounds to come.
    assert "Done: late entry accepted" in direct(hana, "late", "missed the start",
                                                player="jet")
    assert "Done: bye given" in direct(hana, "bye", "a wedding", player="cato", round="2",
                                       bye_kind="requested")
    assert "Done: pairing forbidden" in direct(hana, "forbid", "one household",
                                               player="anna", other="bram")
    deadline = timezone.localtime(timezone.now() + timedelta(days=7))
    assert "Done: round scheduled" in direct(hana, "schedule", "a week for round 3",
                                             round="3",
                                             deadline=deadline.strftime("%Y-%m-%dT%H:%M"))
    assert "deadline" in hana.locator("#round-schedule li[data-round='3']").inner_text()
    hana.locator("#tournament-admin summary").click()
    hana.fill("#announce-text", "Round 3 has a deadline: unfinished games are adjudicated.")
    with hana.expect_navigation():
        hana.locator("#announce-submit").click()
    assert "Round 3 has a deadline" in hana.locator("#tournament-announcements").inner_text()

    jet = new_page()  # the late entrant is an entrant, told as the others are
    log_in(jet, site.url, "jet", "/notices/")
    notices = jet.locator("main").inner_text()
    assert "Round 3 has a deadline: unfinished games are adjudicated." in notices
    assert "missed the start" in notices  # his late entry, with the reason

    play(site, tid, [(1, ["lower"] * 4)])
    hana.reload()
    second = games_of(hana, 2)
    assert "cato: bye" in second and not any(line.endswith(": bye") and "cato" not in line
                                             for line in second)  # eight left: no other
    assert {"anna", "bram"} not in pairs_of(second)  # the two leaders, kept apart
    assert any("jet" in pair for pair in pairs_of(second))

    # Round 2 runs: the director pairs cato for round 3; the engine checks each edit.
    (met,) = [pair for pair in pairs_of(games_of(hana, 1)) if "cato" in pair]
    (opponent,) = met - {"cato"}
    refused = direct(hana, "pairing", "a rematch asked for", player="cato", other=opponent,
                     round="3")
    assert ("The engine refuses this pairing: the two players have met already (allow the "
            "repeat to pair them again)." in refused)
    assert "Done: pairing edited" in direct(hana, "pairing", "both missed a round",
                                            player="cato", other="jet", round="3")

    ended = play(site, tid, [(2, ["lower", "draw", "higher", "lower"]),
                             (3, ["lower", "draw", "higher", "open"]),
                             (4, ["lower", "draw", "lower", "higher"])], deadline=3)
    assert ended["sweep"]["adjudicated"] == 1 and ended["status"] == "finished", ended
    first, second_seat = ended["open"]
    assert ended["on_move"] == [second_seat]  # the first seat moved

    hana.reload()
    standings = standings_on_page(hana)
    assert len(standings) == 9
    assert f"{standings[0][1]} won it" in hana.locator("#tournament-winner").inner_text()
    third = games_of(hana, 3)
    assert pairs_of(third)[0] == {"cato", "jet"}  # the edit, on the first board
    (adjudicated,) = [line for line in third if line.startswith(f"{first} – {second_seat} ")]
    assert adjudicated.endswith(" 1–0 (adjudicated at the deadline)"), adjudicated
    game = re.search(r"#\d+", adjudicated).group()
    (paired_out,) = [line.removesuffix(": bye") for line in third if line.endswith(": bye")]
    every_pair = [pair for n in (1, 2, 3, 4) for pair in pairs_of(games_of(hana, n))]
    assert {"anna", "bram"} not in every_pair
    assert len({frozenset(pair) for pair in every_pair}) == len(every_pair)  # none twice
    events = hana.locator("#tournament-events").inner_text()
    for said in ("late entry accepted (hana) · jet · missed the start",
                 "bye given (hana) · cato · round 2 · a wedding",
                 "pairing forbidden (hana) · anna – bram · one household",
                 "pairing edited (hana) · jet – cato · round 3 · both missed a round",
                 f"games adjudicated at the deadline · {game}: {first} · round 3"):
        assert said in events, events
    assert "a rematch asked for" not in events  # the refused edit left nothing
    crosstable = {cells[1]: cells[2:] for cells in table_cells(hana, "#crosstable")}
    assert crosstable["jet"][0] == "½ (+)" and crosstable["cato"][1] == "½ (+)"
    assert crosstable[paired_out][2] == "1 (+)"  # nine players: the pairing's bye, a win

    # The downloads: the page's ranking, points and tie-breaks.
    rows = list(csv.reader(io.StringIO(download(hana, "standings (CSV)"))))
    assert rows[0][-2:] == ["buchholz", "sonneborn_berger"]
    assert csv_standings_as_page(rows[1:]) == standings
    data = json.loads(download(hana, "everything (JSON)"))
    assert [[str(row["rank"]), row["player"], written(row["points"]),
             *map(written, row["tiebreaks"].values())] for row in data["standings"]] == [
        [row[0], row[1], row[2], *row[5:]] for row in standings]
    trf = {line[14:47].strip(): line for line in download(hana, "TRF").splitlines()
           if line.startswith("001")}
    assert sorted(trf) == sorted(row[1] for row in standings)
    for rank, name, points, *_rest in standings:  # columns 81-84 the points, 86-89 the rank
        assert float(trf[name][80:84]) == float(points), trf[name]
        assert int(trf[name][85:89]) == int(rank), trf[name]
    rounds = {name: [line[91 + 10 * n:99 + 10 * n] for n in range(4)]
              for name, line in trf.items()}
    assert rounds["jet"][0] == "0000 - H"  # the late entry's missed round, at ½
    assert rounds["cato"][1] == "0000 - H"  # the requested bye, at ½
    assert rounds[paired_out][2] == "0000 - U"  # the pairing's bye

    hana.locator("#tournament-admin summary").click()  # the director's form, open
    look_at(hana, shots, "swiss-nine-director")
    look(site, browser, tid, shots, "swiss-nine")
