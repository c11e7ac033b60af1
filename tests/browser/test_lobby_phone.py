"""The lobby on a phone describes only the chosen AI opponent: fifteen descriptions
made it four screens of reading. The others stay in the page for screen readers, and
choosing another opponent shows its description."""

from __future__ import annotations

import pytest

from tests.browser.test_player_loop import log_in, players  # noqa: F401 - a fixture

pytestmark = pytest.mark.browser


def _shown(hints) -> list[int]:
    """The indexes of the descriptions a player can see (taller than a pixel)."""
    boxes = [hints.nth(i).bounding_box() for i in range(hints.count())]
    return [i for i, box in enumerate(boxes) if box and box["height"] > 2]


@pytest.mark.parametrize("width, height, all_shown", [(390, 844, False), (1280, 800, True)])
def test_a_phone_describes_the_chosen_opponent_only(site, browser, players,  # noqa: F811
                                                    width, height, all_shown):
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    context.set_default_timeout(15000)
    try:
        page = context.new_page()
        log_in(page, site.url, players[0])
        page.goto(f"{site.url}/lobby/")
        for game in ("druidenwalzer", "caesar-cleopatra", "kasteel"):
            group = page.locator(f"section.ai-game[data-game='{game}']")
            bots, hints = group.locator("label.bot"), group.locator("label.bot .hint")
            assert hints.count() == bots.count() > 1
            checked = [i for i in range(bots.count())
                       if bots.nth(i).locator("input").is_checked()]
            assert _shown(hints) == (list(range(hints.count())) if all_shown else checked)
            other = (checked[0] + 1) % bots.count()
            bots.nth(other).click()
            assert _shown(hints) == (list(range(hints.count())) if all_shown else [other])
            # The descriptions hidden from sight are still read out with their choice.
            assert all(hints.nth(i).text_content().strip() for i in range(hints.count()))
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(site.data_dir / f"lobby-{width}.png"), full_page=True)
    finally:
        context.close()
