"""Caesar & Cleopatra in the browser when no card of the hand can be played (a hand of
action cards only, so the only move is a pass): the prompt says so instead of asking
for a card, and the cards look unplayable, not only faded a little; after the setup
neither player reads that they lead at a group. At 1280x800 and 390x844; screenshots
are saved for review."""

from __future__ import annotations

import json

import pytest

from tests.browser.pages import player_page
from tests.browser.test_player_pages import PASSWORD, VIEWPORTS

pytestmark = pytest.mark.browser

SETUP = f"""
import json
from accounts.models import User
from tests.site.caesar_cleopatra import edit_state, set_up, start

def user(name):
    found = User.objects.filter(username=name).first()
    return found or User.objects.create_user(name, f"{{name}}@example.org", {PASSWORD!r})

ACTIONS = ["C-spy", "C-assassination", "C-wrath", "C-castling", "C-scout"]

def actions_only(state):
    player = state["players"]["cleopatra"]
    for name in ACTIONS:
        player["action_pile"].remove(name)
    player["influence_pile"] += player["hand"]
    player["hand"] = list(ACTIONS)

match = edit_state(set_up(start(user("julia"), user("titus"))), actions_only)
print(json.dumps({{"game": match.pk}}))
"""


@pytest.fixture(scope="module")
def game(site) -> int:
    done = site.manage("shell", "-c", SETUP)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])["game"]


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_it_says_that_only_a_pass_is_left_and_dims_the_hand(site, browser, game, shots,
                                                             viewport):
    with player_page(browser, site, viewport, "julia",
                     f"{site.url}/games/{game}/") as page:
        panel = page.locator("#action-panel")
        panel.get_by_text("no card of your hand can be played now").wait_for()
        assert "choose a card of your hand" not in panel.inner_text()
        assert panel.locator("[data-choice=pass]").count() == 1
        cards = page.locator(".cc-hand .hand-card")
        assert cards.count() == 5
        looks = cards.evaluate_all(
            "cs => cs.map(c => [c.disabled, parseFloat(getComputedStyle(c).opacity),"
            " getComputedStyle(c).cursor])")
        assert all(disabled and opacity <= 0.6 and cursor == "not-allowed"
                   for disabled, opacity, cursor in looks), looks
        for line in page.locator(".cc-influence").all_inner_texts():
            assert "leads" not in line and "even" in line, line
        page.locator(".cc-hand").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"caesar-cleopatra-pass-only-{viewport}.png"))
