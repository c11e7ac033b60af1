"""The home page's small boards in the browser: a game against the AI waits for the
player with its small board; the player moves in another tab, the AI replies, and the
home page (not reloaded) shows the new position in its small board."""

from __future__ import annotations

import re

import pytest

from tests.browser.pages import play_the_ai
from tests.browser.test_play_live import place
from tests.browser.test_player_loop import log_in, players  # noqa: F401 - a fixture

pytestmark = pytest.mark.browser


def druids_on_home(page) -> int:
    return page.locator("#your-turn-list .mini-druidenwalzer circle").count()


def test_the_small_board_at_home_follows_the_game_live(site, browser, players):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    context.set_default_timeout(15000)
    try:
        game = context.new_page()
        log_in(game, site.url, players[0])
        play_the_ai(game, site.url, "druidenwalzer", "random", "moon")
        match = re.search(r"/games/(\d+)/$", game.url).group(1)
        game.locator(".game-live").wait_for()

        home = context.new_page()
        home.goto(f"{site.url}/")
        row = home.locator(f"#your-turn-list .turn-row[data-match='{match}']")
        row.locator("svg.mini-board").wait_for()
        assert druids_on_home(home) == 0 or row.locator("circle").count() == 0
        home.evaluate("window.__stayed = true")

        place(game, "moon", "purple", 1)
        # The AI replies: the game waits for me again, its small board shows both druids.
        row.locator("svg.mini-board circle").nth(1).wait_for(timeout=20000)
        assert row.locator("svg.mini-board circle").count() == 2
        assert home.evaluate("window.__stayed") is True
        home.screenshot(path=str(site.data_dir / "home-minis.png"))
    finally:
        context.close()
