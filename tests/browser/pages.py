"""A player's page in its own browser context: the opening most browser tests share."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from tests.browser.test_player_pages import VIEWPORTS, log_in


@contextmanager
def player_page(browser, site, viewport: str, name: str, url: str) -> Iterator:
    """``name`` logged in, at ``url``, in a fresh context of the ``viewport``'s size
    (English, 15 s timeouts); the context is closed afterwards."""
    context = browser.new_context(viewport=VIEWPORTS[viewport], locale="en-US")
    context.set_default_timeout(15000)
    page = context.new_page()
    try:
        log_in(page, site.url, name)
        page.goto(url)
        yield page
    finally:
        context.close()


def play_the_ai(page, base: str, game: str, level: str, seat: str) -> None:
    """From the lobby, a new game of ``game`` against the AI ``level``, the player in
    ``seat``; returns once the game's page is open."""
    page.goto(f"{base}/lobby/")
    form = page.locator(f"section.ai-game[data-game='{game}'] form")
    form.locator(f"input[name=level][value={level}]").check()
    form.locator("select[name=seat]").select_option(seat)
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
