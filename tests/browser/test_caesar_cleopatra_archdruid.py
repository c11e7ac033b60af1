"""A newcomer's first Caesar & Cleopatra game against the Archdruid, on a phone: chosen
in the lobby, the setup placed by clicking, and the Archdruid's own setup arrives live
(its search, with its opponent blind to the player's face-down cards, answers on the
site's in-process worker); the player's next decision is offered without a reload."""

from __future__ import annotations

import pytest

from tests.browser.pages import play_the_ai
from tests.browser.test_caesar_cleopatra import place_setup
from tests.browser.test_play_live import wait_for_version
from tests.browser.test_player_loop import log_in, players  # noqa: F401 - a fixture

pytestmark = pytest.mark.browser


def test_the_archdruid_answers_a_caesar_cleopatra_setup(site, browser, players):  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    context.set_default_timeout(15000)
    try:
        page = context.new_page()
        log_in(page, site.url, players[0])
        play_the_ai(page, site.url, "caesar-cleopatra", "strong", "cleopatra")
        page.locator(".cc-board").wait_for()
        page.evaluate("window.__stayed = true")

        place_setup(page, "C")
        # Caesar's setup, then Cleopatra's first turn: live, without a reload.
        wait_for_version(page, 2)
        page.locator("#game-status", has_text="Your move").wait_for(timeout=30000)
        assert page.evaluate("window.__stayed") is True
        assert "placed five cards face down" in page.locator(".move-log").inner_text()
        senators = page.locator('.cc-group[data-group="senators"]')
        assert senators.locator(".cc-side-caesar .is-back").count() == 1
        assert page.locator("#game-status").inner_text().startswith("Your move")
        page.screenshot(path=str(site.data_dir / "archdruid-setup-phone.png"))
    finally:
        context.close()
