"""An admin runs a tournament of each format from the site: creates it in the admin,
opens registration and starts it from its page, a player joins from the page, the
games are played to their end (the lower rated player resigns; Kasteel tables are
played out, AI seats filling the short ones), and the page shows the winner, the
standings, the bracket or the tables. Screenshots at 1280x800 and 390x844 are saved
(the folder is printed; BROWSER_SCREENSHOTS chooses it); no page scrolls sideways or
fails axe-core."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.browser.tournament_helpers import (  # noqa: F401 - players, a fixture
    FINISH,
    JOIN,
    admin_action,
    log_in,
    look,
    players,
    shell,
)

pytestmark = pytest.mark.browser


def run_tournament(site, new_page, name: str, fields: dict, joiners: list[str],
                   shots: Path | None = None) -> tuple:
    """The admin creates ``name`` with the admin form's ``fields``, opens registration,
    "anna" joins from the page and ``joiners`` from the shell, the admin starts it, the
    games are played out; returns (admin page, tournament id, the end)."""
    admin = new_page()
    log_in(admin, site.url, "boss", "/admin/tournaments/tournament/add/")
    admin.fill("#id_name", name)
    for field, value in fields.items():
        locator = admin.locator(f"#id_{field}")
        if value is True:
            locator.check()
        elif locator.evaluate("e => e.tagName") == "SELECT":
            locator.select_option(value)
        else:
            locator.fill(value)
    admin.locator("input[name=_save]").click()
    admin.wait_for_url(re.compile(r"/admin/tournaments/tournament/$"))
    link = admin.locator("#result_list").get_by_role("link", name=name)
    tid = int(re.search(r"/(\d+)/change/", link.get_attribute("href")).group(1))

    admin.goto(f"{site.url}/tournaments/{tid}/")
    admin_action(admin, "open", "spring season")
    assert admin.locator("#tournament-status").get_attribute("data-status") == "registration"

    anna = new_page()
    log_in(anna, site.url, "anna", f"/tournaments/{tid}/")
    with anna.expect_navigation():  # the page already loaded: wait for the post's answer
        anna.locator("#join-button").click()
    assert anna.locator("#leave-button").is_visible()
    shell(site, JOIN.format(names=joiners, tid=tid))
    if shots is not None:  # the page in registration, as a player and as an admin
        anna.screenshot(path=str(shots / "tournament-registration-player.png"), full_page=True)

    admin.goto(f"{site.url}/tournaments/{tid}/")
    if shots is not None:
        admin.screenshot(path=str(shots / "tournament-registration-admin.png"), full_page=True)
    admin_action(admin, "start", "on time")
    assert admin.locator("#tournament-status").get_attribute("data-status") == "running"
    end = json.loads(shell(site, FINISH.format(tid=tid)).strip().splitlines()[-1])
    admin.goto(f"{site.url}/tournaments/{tid}/")
    return admin, tid, end


# In make test-long: a Swiss directed from the page is also played whole by
# test_swiss_nine.py.
@pytest.mark.long
@pytest.mark.usefixtures("players")
def test_an_admin_runs_a_swiss(site, new_page, browser, shots):
    admin, tid, end = run_tournament(
        site, new_page, "Swiss open", {"format": "swiss", "round_count": "3"},
        ["bram", "cato", "daan", "eva"], shots)
    assert end == {"status": "finished", "winner": "anna"}
    assert "anna won it" in admin.locator("#tournament-winner").inner_text()
    rows = admin.locator("#standings-table tbody tr")
    assert rows.count() == 5 and rows.first.get_attribute("data-username") == "anna"
    assert admin.locator("#crosstable").is_visible()
    assert admin.locator(".tournament-round").count() == 3
    look(site, browser, tid, shots, "swiss")


@pytest.mark.usefixtures("players")
def test_an_admin_runs_a_round_robin(site, new_page, browser, shots):
    admin, tid, end = run_tournament(
        site, new_page, "Round robin cup",
        {"format": "round_robin", "round_count": "", "cycles": "2", "start": "rounds",
         "game": "caesar-cleopatra"},
        ["bram", "cato"])
    assert end == {"status": "finished", "winner": "anna"}
    rows = admin.locator("#standings-table tbody tr")
    assert [rows.nth(i).get_attribute("data-username") for i in range(3)] == [
        "anna", "bram", "cato"]
    assert admin.locator("#crosstable tbody tr").first.inner_text().count("1") >= 4
    look(site, browser, tid, shots, "round-robin")


@pytest.mark.usefixtures("players")
def test_an_admin_runs_a_knockout(site, new_page, browser, shots):
    admin, tid, end = run_tournament(
        site, new_page, "Knockout cup", {"format": "knockout", "round_count": ""},
        ["bram", "cato", "daan", "eva", "finn"])
    assert end == {"status": "finished", "winner": "anna"}
    bracket = admin.locator("svg.bracket")
    assert bracket.is_visible()
    assert admin.locator("svg.bracket .bracket-box").count() == 4 + 2 + 1
    assert admin.locator("svg.bracket text.won").count() == 4 + 2 + 1 + 1
    assert admin.locator("#bracket-champion").text_content() == "anna"
    look(site, browser, tid, shots, "knockout")


# In make test-long: Kasteel rounds run from the page are also played whole by
# test_kasteel_team_event.py.
@pytest.mark.long
@pytest.mark.usefixtures("players")
def test_an_admin_runs_kasteel_rounds(site, new_page, browser, shots):
    admin, tid, end = run_tournament(
        site, new_page, "Kasteel cup",
        {"game": "kasteel", "format": "kasteel_rounds", "round_count": "",
         "table_size": "3", "allow_ai": True},
        ["bram", "cato", "daan"])
    assert end["status"] == "finished" and end["winner"]
    assert end["winner"] in admin.locator("#tournament-winner").inner_text()
    first = admin.locator(".tournament-round[data-round='1'] .kasteel-table")
    assert first.count() == 2
    assert admin.locator(".kasteel-table .tag", has_text="AI").count() >= 1
    look(site, browser, tid, shots, "kasteel")
    look(site, browser, None, shots, "list")


@pytest.mark.usefixtures("players")
def test_the_page_follows_a_result_live(site, new_page):
    """A two-player knockout: the final's loser resigns on the game page; the admin's
    open tournament page shows the winner without a reload."""
    admin = new_page()
    log_in(admin, site.url, "boss", "/admin/tournaments/tournament/add/")
    admin.fill("#id_name", "Live final")
    admin.locator("#id_format").select_option("knockout")
    admin.fill("#id_round_count", "")
    admin.locator("input[name=_save]").click()
    admin.wait_for_url(re.compile(r"/admin/tournaments/tournament/$"))
    link = admin.locator("#result_list").get_by_role("link", name="Live final")
    tid = int(re.search(r"/(\d+)/change/", link.get_attribute("href")).group(1))
    admin.goto(f"{site.url}/tournaments/{tid}/")
    admin_action(admin, "open")
    shell(site, JOIN.format(names=["gijs", "hana"], tid=tid))
    admin.goto(f"{site.url}/tournaments/{tid}/")
    admin_action(admin, "start")
    game = admin.locator("#tournament-rounds .round-games a").first
    game.wait_for()
    game_url = site.url + game.get_attribute("href")
    assert not admin.locator("#tournament-winner").count()

    hana = new_page()
    log_in(hana, site.url, "hana", "/")
    hana.goto(game_url)
    hana.locator("details.resign summary").click()
    with hana.expect_navigation():  # the post's answer, not the loaded page
        hana.locator("details.resign button[type=submit]").click()

    admin.locator("#tournament-winner").wait_for(timeout=20000)  # no reload
    assert "gijs won it" in admin.locator("#tournament-winner").inner_text()
    assert admin.locator("#bracket-champion").text_content() == "gijs"


CLOSE_SETUP = """
from accounts.models import User
from tournaments import rounds, services
from tournaments.models import Tournament
boss = User.objects.get(username="boss")
cup = Tournament.objects.create(name="Closing cup", game="druidenwalzer", format="swiss",
                                round_count=1, status="registration", seed=3)
for name in ("eva", "finn"):
    services.join(cup.pk, User.objects.get(username=name))
services.start(cup.pk, boss)
rounds.start_round(cup.pk, 1)  # what the worker does once the start is committed
print(cup.pk)
"""


@pytest.mark.usefixtures("players")
def test_closing_asks_first_and_says_what_will_happen(site, new_page, browser,
                                                      shots):
    tid = int(shell(site, CLOSE_SETUP).strip().splitlines()[-1])
    admin = new_page()
    log_in(admin, site.url, "boss", f"/tournaments/{tid}/")
    admin.locator("#tournament-admin summary").click()  # folded while running
    admin_action(admin, "close", "the venue closed")
    assert admin.locator("h1").inner_text() == "Close this tournament?"
    consequences = admin.locator("#close-consequences").inner_text()
    assert "1 game still running" in consequences and "the venue closed" in consequences
    for width, height in ((1280, 800), (390, 844)):
        admin.set_viewport_size({"width": width, "height": height})
        admin.screenshot(path=str(shots / f"close-confirm-{width}.png"), full_page=True)
    with admin.expect_navigation():
        admin.locator("#close-confirm").click()
    assert admin.locator("#tournament-status").get_attribute("data-status") == "closed"


@pytest.mark.usefixtures("players")
def test_an_admin_deletes_a_draft_made_by_mistake(site, new_page, shots):
    tid = int(shell(site, CLOSE_SETUP.replace("Closing cup", "Started cup")).strip()
              .splitlines()[-1])
    admin = new_page()
    log_in(admin, site.url, "boss", "/admin/tournaments/tournament/add/")
    admin.fill("#id_name", "Oops cup")
    admin.fill("#id_round_count", "3")
    admin.locator("input[name=_save]").click()
    admin.wait_for_url(re.compile(r"/admin/tournaments/tournament/$"))
    admin.locator("#result_list").get_by_role("link", name="Oops cup").click()
    admin.locator("a.deletelink").click()
    with admin.expect_navigation():
        admin.locator("input[type=submit]").click()
    assert "Oops cup" not in admin.locator("#result_list").inner_text()
    assert "deleted successfully" in admin.locator(".messagelist").inner_text()

    admin.goto(f"{site.url}/admin/tournaments/tournament/{tid}/delete/")
    assert "cannot be deleted. Close it instead." in admin.locator("#refusal").inner_text()
    for width, height in ((1280, 800), (390, 844)):
        admin.set_viewport_size({"width": width, "height": height})
        admin.screenshot(path=str(shots / f"delete-refusal-{width}.png"), full_page=True)
    admin.goto(f"{site.url}/admin/tournaments/tournamentaudit/")
    assert "Oops cup delete by boss" in admin.locator("#result_list").inner_text()
