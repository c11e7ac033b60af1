"""Caesar & Cleopatra's setup in the browser, at 1280x800 and on a 390x844 phone: the
five chosen cards stay shown at their groups, and once the fifth is placed the panel
asks one question naming them all; one Confirm sends the setup, and the cards are still
shown at their groups while it is sent. Screenshots are saved for review."""

from __future__ import annotations

import json

import pytest

from tests.browser.pages import player_page
from tests.browser.test_player_pages import PASSWORD, VIEWPORTS

pytestmark = pytest.mark.browser

GROUPS = ["senators", "praetors", "quaestors", "aediles", "censors"]

SETUP = f"""
import json
from accounts.models import User
from games.core import services

def user(name):
    found = User.objects.filter(username=name).first()
    return found or User.objects.create_user(name, f"{{name}}@example.org", {PASSWORD!r})

ids = [services.start_match("caesar-cleopatra", {{"cleopatra": user("octavia"),
                                                  "caesar": user("brutus")}}, seed=seed).pk
       for seed in (7, 8)]
print(json.dumps(ids))
"""

CHOSEN = """() => [...document.querySelectorAll(".cc-group")].map((group) => {
    const card = group.querySelector(".cc-group-choices .is-chosen");
    if (!card) return null;
    const r = card.getBoundingClientRect();
    const row = group.querySelector(".cc-side-bottom").getBoundingClientRect();
    const count = group.querySelector(".cc-group-count").getBoundingClientRect();
    return {group: group.dataset.group, value: card.textContent.trim().slice(-1),
            visible: r.width > 0 && r.height > 0 && getComputedStyle(card).visibility !== "hidden",
            // right under the player's own row, above the group's card count
            placed: row.bottom <= r.top + 1 && r.bottom <= count.top + 1};
})"""


@pytest.fixture(scope="module")
def games(site) -> list[int]:
    done = site.manage("shell", "-c", SETUP)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def chosen(page) -> list:
    return page.evaluate(CHOSEN)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_setup_is_one_confirm_with_the_cards_in_view(site, browser, games, shots,
                                                        viewport):
    with player_page(browser, site, viewport, "octavia",
                     f"{site.url}/games/{games[list(VIEWPORTS).index(viewport)]}/") as page:
        page.locator(".cc-board").wait_for()
        version = int(page.locator(".game-live").get_attribute("data-version"))
        for value, group in zip("12345", GROUPS, strict=True):
            page.locator(f'.hand-card[data-card="C{value}"]:not([disabled])').first.click()
            page.locator(f'.cc-group.choosable[data-group="{group}"]').click()
            shown = [entry for entry in chosen(page) if entry]
            assert [(e["group"], e["value"]) for e in shown] == list(
                zip(GROUPS, "12345"))[:len(shown)] and len(shown) == int(value)
        panel = page.locator("#action-panel")
        page.locator(".cc-groups").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"caesar-cleopatra-setup-{viewport}.png"),
                        full_page=True)
        # The fifth card placed: the one question, naming all five, and the cards shown.
        text = panel.inner_text()
        assert "Senators 1" in text and "Censors 5" in text, text
        assert panel.locator("[data-choice=confirm]").count() == 1
        assert all(entry and entry["visible"] and entry["placed"] for entry in chosen(page)), (
            chosen(page))
        # One click sends it: no second question; the cards stay until the board swaps.
        page.evaluate("""() => { window.__emptied = false;
            new MutationObserver(() => {
                const live = document.querySelectorAll(".cc-group-choices .is-chosen").length;
                const placed = document.querySelectorAll(
                    '.cc-side-cleopatra [data-name="C1"]').length;
                if (live < 5 && !placed) window.__emptied = true;
            }).observe(document.body, {subtree: true, childList: true, attributes: true});
        }""")
        panel.locator("[data-choice=confirm]").click()
        page.wait_for_function(
            "v => Number(document.querySelector('.game-live').dataset.version) > v", arg=version)
        assert page.evaluate("window.__emptied") is False
        senators = page.locator('.cc-group[data-group="senators"]')
        assert senators.locator('.cc-side-cleopatra [data-name="C1"]').count() == 1
        assert "Cleopatra placed five cards face down" in page.locator(".move-log").inner_text()
