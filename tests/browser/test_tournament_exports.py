"""An admin chooses a Swiss's tie-break order in the admin (a wrong name is refused
with its message), the page states the order and shows its columns, and the standings
CSV downloaded from the page's link says what the page's table says. Screenshots at
1280x800 and 390x844; no sideways scrolling, no serious axe-core violation."""

from __future__ import annotations

import csv
import io
import re

import pytest

from tests.browser.tournament_helpers import FINISH as PLAY_OUT
from tests.browser.tournament_helpers import (
    JOIN,
    admin_action,
    csv_standings_as_page,
    log_in,
    look,
    players,  # noqa: F401 - a fixture
    shell,
    standings_on_page,
)

pytestmark = pytest.mark.browser


def test_the_chosen_tie_breaks_are_shown_and_exported(site, players, new_page,  # noqa: F811
                                                       browser, shots):
    admin = new_page()
    log_in(admin, site.url, "boss", "/admin/tournaments/tournament/add/")
    admin.fill("#id_name", "Tie-break open")
    admin.locator("#id_format").select_option("swiss")
    admin.fill("#id_round_count", "3")
    admin.fill("#id_tiebreaks", "wins, koya")
    admin.locator("input[name=_save]").click()
    assert "Unknown tie-break koya: choose from buchholz" in admin.locator(
        ".errorlist").first.inner_text()
    admin.fill("#id_tiebreaks", "wins, median_buchholz, direct_encounter")
    admin.locator("input[name=_save]").click()
    admin.wait_for_url(re.compile(r"/admin/tournaments/tournament/$"))
    link = admin.locator("#result_list").get_by_role("link", name="Tie-break open")
    tid = int(re.search(r"/(\d+)/change/", link.get_attribute("href")).group(1))

    admin.goto(f"{site.url}/tournaments/{tid}/")
    admin_action(admin, "open", "autumn")
    shell(site, JOIN.format(names=["anna", "bram", "cato", "daan", "eva"], tid=tid))
    admin.goto(f"{site.url}/tournaments/{tid}/")
    admin_action(admin, "start", "on time")
    shell(site, PLAY_OUT.format(tid=tid))
    admin.goto(f"{site.url}/tournaments/{tid}/")

    order = admin.locator("#tiebreak-order").inner_text()
    assert "number of wins, median Buchholz, direct encounter" in order
    headings = admin.locator("#standings-table thead th").all_inner_texts()
    assert headings[-3:] == ["Wins", "Med. BH", "DE"]
    page_rows = standings_on_page(admin)

    with admin.expect_download() as download:
        admin.locator("#tournament-downloads a", has_text="standings (CSV)").click()
    rows = list(csv.reader(io.StringIO(open(download.value.path(), encoding="utf-8").read())))
    assert rows[0][-3:] == ["wins", "median_buchholz", "direct_encounter"]
    assert csv_standings_as_page(rows[1:]) == page_rows
    look(site, browser, tid, shots, "tiebreaks")
