"""Druidenwalzer's board legend ("L = clockwise", "R = counterclockwise", each after its
arrow icon) in English and in Dutch, whose words are longer, at 1280x800 and on a
390x844 phone: no icon covers a word, the two entries do not run into each other, and
both stay inside the ring they explain. And the player to move sees the decision owed
and the hand on the first screen, with the board's own row still in reach.
Screenshots are saved for review."""

from __future__ import annotations

import json

import pytest

from tests.browser.pages import player_page
from tests.browser.test_player_pages import PASSWORD, VIEWPORTS

pytestmark = pytest.mark.browser

SETUP = f"""
import json
from accounts.models import User
from games.core import services
from games.rules import get_rules

def user(name):
    return User.objects.filter(username=name).first() or User.objects.create_user(
        name, f"{{name}}@example.org", {PASSWORD!r})

seats = {{"moon": user("wilma"), "sun": user("wout")}}
match = services.start_match("druidenwalzer", seats, seed=5)
rules = get_rules("druidenwalzer")
mover = rules.to_move(rules.from_json(match.state))
print(json.dumps({{"game": match.pk, "mover": seats[mover].username, "seat": mover}}))
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
def started(site) -> dict:
    done = site.manage("shell", "-c", SETUP)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def game(started) -> int:
    return started["game"]


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


def on_screen(box: dict | None, height: int) -> bool:
    return box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_player_to_move_sees_the_decision_and_the_hand_first(site, browser, started,
                                                                   shots, viewport):
    # A newcomer at 1280x800 read "Your move: place a druid" above a board that filled
    # the screen, with the colour buttons and the hand below it. While a decision is
    # owed they stay at the bottom of the screen (.move-dock).
    height = VIEWPORTS[viewport]["height"]
    with player_page(browser, site, viewport, started["mover"],
                     f"{site.url}/games/{started['game']}/") as page:
        page.locator("#action-panel:not([hidden])").wait_for()
        page.screenshot(path=str(shots / f"druidenwalzer-{viewport}-move-dock.png"))
        assert on_screen(page.locator("#action-panel").bounding_box(), height)
        assert on_screen(page.locator(".hand .hand-card").first.bounding_box(), height)
        # With the board scrolled to the top of the screen, the mover's own row (the
        # board's bottom) is not under the dock: a tap there reaches the card.
        page.evaluate("document.querySelector('svg.board').scrollIntoView({block: 'start'})")
        own = page.locator(f"svg.board .slot.seat-{started['seat']}").first.bounding_box()
        assert on_screen(own, height), own
        hit = page.evaluate(
            "([x, y]) => !!document.elementFromPoint(x, y)?.closest('svg.board .slot')",
            [own["x"] + own["width"] / 2, own["y"] + own["height"] / 2])
        assert hit
        page.screenshot(path=str(shots / f"druidenwalzer-{viewport}-move-dock-board.png"))
        # The bar of a move being shown floats over the page: the board does not jump.
        before = page.locator(".board-wrap").bounding_box()
        page.evaluate("document.getElementById('anim-bar').hidden = false")
        assert page.locator("#anim-bar").is_visible()
        assert page.locator(".board-wrap").bounding_box() == before
        widths = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        assert widths[0] <= widths[1]
