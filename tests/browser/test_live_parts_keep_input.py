"""A live page never wipes what its reader is writing.

A director has unfolded the director's form of a running Swiss and is writing a
reason when the tournament changes (another director pauses it): the page shows the
change (the paused banner comes in by itself), while the form keeps its action, the
half-written reason and its unfolded panel. Once sent, the page is whole again.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_tournament_directors import DIRECTED
from tests.browser.tournament_helpers import (  # noqa: F401 (the players fixture)
    direct,
    log_in,
    players,
    settle,
    shell,
)

pytestmark = pytest.mark.browser



def paused_by_another_director(site, new_page, tid: int) -> None:
    """boss (staff) pauses the tournament from his own browser, through the web process
    whose socket tells the other pages."""
    boss = new_page()
    log_in(boss, site.url, "boss", f"/tournaments/{tid}/")
    direct(boss, "pause", "a storm")


def director_with_the_form_open(site, new_page, name: str):
    """A running Swiss named ``name`` (the names of running tournaments are unique) and
    its player-director hana's page with the director's form unfolded."""
    tid = int(shell(site, DIRECTED.replace("Directed cup", name)).strip().splitlines()[-1])
    page = new_page()
    log_in(page, site.url, "hana", f"/tournaments/{tid}/")
    settle(page)
    panel = page.locator("#tournament-admin")
    if panel.get_attribute("open") is None:
        panel.locator("summary").click()
    return tid, page


@pytest.mark.usefixtures("players")
def test_it_keeps_a_half_written_form_while_the_page_follows_the_tournament(site, new_page):
    tid, page = director_with_the_form_open(site, new_page, "Directed cup 1")
    page.locator("#admin-action").select_option("forbid")
    page.fill("#admin-reason", "Two players of one household")

    paused_by_another_director(site, new_page, tid)
    expect(page.locator("#tournament-paused")).to_be_visible(timeout=15_000)
    assert page.locator("#admin-action").input_value() == "forbid"
    assert page.locator("#admin-reason").input_value() == "Two players of one household"
    assert page.locator("#tournament-admin").get_attribute("open") is not None


@pytest.mark.usefixtures("players")
def test_it_refreshes_an_untouched_part_once_the_focus_leaves_it(site, new_page):
    tid, page = director_with_the_form_open(site, new_page, "Directed cup 2")
    page.locator("#admin-reason").focus()  # focused, nothing written
    paused_by_another_director(site, new_page, tid)
    expect(page.locator("#tournament-paused")).to_be_visible(timeout=15_000)
    # The director's form waited for the focus to leave it; then it follows the pause
    # (a paused tournament's form offers "Resume").
    assert page.locator("#admin-action option[value='resume']").count() == 0
    page.locator("h1").first.click()
    expect(page.locator("#admin-action option[value='resume']")).to_have_count(1, timeout=15_000)
    assert page.locator("#tournament-admin").get_attribute("open") is not None
