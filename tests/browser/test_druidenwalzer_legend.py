"""Druidenwalzer's board legend ("L = clockwise", "R = counterclockwise", each after its
arrow icon) in English and in Dutch, whose words are longer, at 1280x800 and on a
390x844 phone: no icon covers a word, the two entries do not run into each other, and
both stay inside the ring they explain. Screenshots are saved for review."""

from __future__ import annotations

import json

import pytest

from tests.browser.test_player_pages import VIEWPORTS

pytestmark = pytest.mark.browser

SETUP = """
import json
from accounts.models import User
from games.core import services

def user(name):
    return User.objects.filter(username=name).first() or User.objects.create_user(
        name, f"{name}@example.org", "legend-test-password-9")

match = services.start_match("druidenwalzer", {"moon": user("wilma"), "sun": user("wout")},
                             seed=5)
print(json.dumps({"game": match.pk}))
"""

WORDS = {"en-US": ("L = clockwise", "R = counterclockwise"),
         "nl-NL": ("L = met de klok mee", "R = tegen de klok in")}

BOXES = """() => {
    const box = (node) => { const r = node.getBoundingClientRect();
        return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
    const legend = document.querySelector("svg.board .legend");
    return {icons: [...legend.querySelectorAll(".arrow-icon")].map(box),
            texts: [...legend.querySelectorAll(".legend-text")].map(
                (node) => ({...box(node), words: node.textContent})),
            ring: box(document.querySelector("svg.board .ring-loop"))};
}"""


@pytest.fixture(scope="module")
def game(site) -> int:
    done = site.manage("shell", "-c", SETUP)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])["game"]


def overlap(one: dict, other: dict) -> bool:
    return (one["left"] < other["right"] and other["left"] < one["right"]
            and one["top"] < other["bottom"] and other["top"] < one["bottom"])


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("locale", list(WORDS))
def test_no_legend_icon_covers_its_words(site, browser, game, shots, locale, viewport):
    context = browser.new_context(viewport=VIEWPORTS[viewport], locale=locale)
    context.set_default_timeout(15000)
    page = context.new_page()
    try:
        page.goto(f"{site.url}/games/{game}/")
        page.locator("svg.board .legend").wait_for()
        page.locator("svg.board .legend").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"druidenwalzer-legend-{locale}-{viewport}.png"))
        found = page.evaluate(BOXES)
        assert tuple(text["words"] for text in found["texts"]) == WORDS[locale]
        for icon in found["icons"]:
            for text in found["texts"]:
                assert not overlap(icon, text), (text["words"], icon, text)
        first, second = found["texts"]
        assert not overlap(first, second)
        ring = found["ring"]
        for part in found["icons"] + found["texts"]:
            assert ring["left"] < part["left"] and part["right"] < ring["right"], part
    finally:
        context.close()
