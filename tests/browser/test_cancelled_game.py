"""A game its tournament cancelled (an earlier result decided again) says so on its
page, with a link to the tournament that a player can follow, at 1280x800 and on a
390x844 phone; a screenshot of each is saved for review."""

from __future__ import annotations

import json

import pytest

from tests.browser.test_player_pages import log_in

pytestmark = pytest.mark.browser

PASSWORD = "browser-test-password-9"
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

SETUP = f"""
import json
from accounts.models import User
from games.core import services
from tournaments.models import Tournament

def user(name):
    found = User.objects.filter(username=name).first()
    return found or User.objects.create_user(name, f"{{name}}@example.org", {PASSWORD!r})

ada, ben = user("ada"), user("ben")
cup = Tournament.objects.create(name="Winter castles", game="druidenwalzer",
                                format="swiss", round_count=3, status="registration", seed=3)
match = services.start_match("druidenwalzer", {{"moon": ada, "sun": ben}}, seed=5)
services.cancel_running(match.pk, "cancelled by the tournament: a table of the round "
                        "before was decided again", by={{"tournament": cup.pk,
                        "name": cup.name, "round": 1}})
print(json.dumps({{"match": match.pk, "cup": cup.pk}}))
"""


def test_the_cancelled_game_says_why_and_links_its_tournament(site, browser, shots):
    done = site.manage("shell", "-c", SETUP)
    assert done.returncode == 0, done.stderr
    ids = json.loads(done.stdout.strip().splitlines()[-1])
    for name, viewport in VIEWPORTS.items():
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        log_in(page, site.url, "ada")
        page.goto(f"{site.url}/games/{ids['match']}/")
        title = page.locator("#end-title")
        assert "Cancelled: round 1 was decided again" in title.inner_text()
        assert "annulled by an admin" not in page.content()
        assert page.locator("text=Dispute the result").count() == 0  # nothing to dispute
        page.screenshot(path=str(shots / f"cancelled-game-{name}.png"))
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"{name}: the page scrolls sideways ({width})"
        page.locator("#end-link").click()
        page.wait_for_url(f"{site.url}/tournaments/{ids['cup']}/")
        assert "Winter castles" in page.content()
        context.close()
