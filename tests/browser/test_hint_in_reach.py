"""The hint of an unrated game against the AI in the browser, at 1280x800 and on a
390x844 phone: its button stands under the status line, on the first screen (a
newcomer found it below the whole move log, two screens down on a phone), and asking
lists the AI's moves. Screenshots are saved for review."""

from __future__ import annotations

import json

import pytest

from tests.browser.pages import player_page
from tests.browser.test_player_pages import PASSWORD, VIEWPORTS

pytestmark = pytest.mark.browser

GAMES = {"druidenwalzer": ("moon", "sun"), "caesar-cleopatra": ("cleopatra", "caesar")}

NEW_GAMES = f"""
import json
from accounts.models import User
from games.ai_players.bots import bot_for_level
from games.core.services import start_match

user = User.objects.filter(username="hilde").first() or User.objects.create_user(
    "hilde", "hilde@example.org", {PASSWORD!r})
ids = {{}}
for game, seats in {GAMES!r}.items():
    players = dict(zip(seats, (user, bot_for_level("random"))))
    ids[game] = start_match(game, players, rated=False, seed=11).pk
print(json.dumps(ids))
"""


@pytest.fixture(scope="module")
def games(site) -> dict[str, int]:
    done = site.manage("shell", "-c", NEW_GAMES)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("game", list(GAMES))
def test_the_hint_stands_under_the_status_on_the_first_screen(site, browser, games, shots,
                                                              game, viewport):
    with player_page(browser, site, viewport, "hilde",
                     f"{site.url}/games/{games[game]}/") as page:
        button = page.locator("#hint-button")
        button.wait_for()
        box = button.bounding_box()
        status = page.locator("#game-status").bounding_box()
        assert box and status and status["y"] < box["y"]
        assert box["y"] + box["height"] <= VIEWPORTS[viewport]["height"], box
        button.click()
        page.locator("#hint-list li").first.wait_for(timeout=30000)
        assert page.locator("#hint-list li").count() >= 1
        page.screenshot(path=str(shots / f"hint-{game}-{viewport}.png"))
