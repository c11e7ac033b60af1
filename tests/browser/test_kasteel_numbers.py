"""Strijd om het Kasteel's ring at 1280x800 and on a 390x844 phone: every square and
castle number shown is at least 10 px on screen (too small to read at a view, they
wait until it is zoomed in), and zoomed in they are shown; the mouse wheel over the
board zooms from any view, the whole ring too, and never scrolls the page meanwhile.
Screenshots are saved for review."""

from __future__ import annotations

import json

import pytest

from tests.browser.test_player_pages import PASSWORD, VIEWPORTS, log_in

pytestmark = pytest.mark.browser

SETUP = f"""
import json, random
from accounts.models import User
from tests.site.kasteel_helpers import play, setup_done, start

def user(name):
    found = User.objects.filter(username=name).first()
    return found or User.objects.create_user(name, f"{{name}}@example.org", {PASSWORD!r})

people = [user(f"warden{{i}}") for i in range(12)]
ids = {{n: play(setup_done(start(people[:n], seed=n)), 2 * n, rng=random.Random(n)).pk
        for n in (2, 12)}}
print(json.dumps(ids))
"""

# Each number on the board: whether it is shown, and its rendered font size in px.
NUMBERS = """() => {
    const svg = document.querySelector("svg.kasteel-board");
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const screen = svg.getBoundingClientRect();
    return [...svg.querySelectorAll(".k-num, .k-castle-num")].map((node) => {
        const r = node.getBoundingClientRect();
        const style = getComputedStyle(node);
        return {text: node.textContent,
                shown: style.display !== "none" && style.visibility !== "hidden"
                       && r.width > 0,
                onScreen: r.right > screen.left && r.left < screen.right
                          && r.bottom > screen.top && r.top < screen.bottom,
                px: parseFloat(style.fontSize) * scale};
    });
}"""


@pytest.fixture(scope="module")
def games(site) -> dict[str, int]:
    done = site.manage("shell", "-c", SETUP)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def view_width(page) -> float:
    return float(page.locator("svg.kasteel-board").get_attribute("viewBox").split()[2])


def too_small(page) -> list[str]:
    return [f"{n['text']} at {n['px']:.1f} px" for n in page.evaluate(NUMBERS)
            if n["shown"] and n["px"] < 10]


def show_whole(page) -> None:
    whole = page.locator(".k-zoom [data-zoom=whole]")
    if whole.is_enabled():  # the 12-seat ring opens on the viewer's seat
        whole.click()


def open_board(browser, site, viewport: str, pk: int):
    context = browser.new_context(viewport=VIEWPORTS[viewport], locale="en-US")
    context.set_default_timeout(15000)
    page = context.new_page()
    log_in(page, site.url, "warden1")
    page.goto(f"{site.url}/games/{pk}/")
    page.locator(".k-zoom").wait_for()
    page.locator("svg.kasteel-board").scroll_into_view_if_needed()
    return context, page


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("seats", ["2", "12"])
def test_the_numbers_shown_are_legible(site, browser, games, shots, viewport, seats):
    context, page = open_board(browser, site, viewport, games[seats])
    try:
        page.screenshot(path=str(shots / f"kasteel-numbers-{seats}-{viewport}.png"))
        assert not too_small(page), too_small(page)
        show_whole(page)
        assert not too_small(page), too_small(page)
        zoom_in = page.locator(".k-zoom [data-zoom=in]")
        while zoom_in.is_enabled():
            zoom_in.click()
            assert not too_small(page), too_small(page)
        # Zoomed in the most on my seat's start square, by the wheel over it.
        show_whole(page)
        start = page.locator(".k-square.k-start[data-square='18'] circle")
        for _ in range(12):
            spot = start.bounding_box()
            page.mouse.move(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2)
            page.mouse.wheel(0, -200)
            page.wait_for_timeout(60)
            assert not too_small(page), too_small(page)
        page.screenshot(path=str(shots / f"kasteel-numbers-{seats}-{viewport}-in.png"))
        shown = [n for n in page.evaluate(NUMBERS) if n["shown"] and n["onScreen"]]
        assert shown, "zoomed in the most, no number is shown"
    finally:
        context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_wheel_zooms_from_the_whole_ring_and_never_scrolls_the_page(
        site, browser, games, viewport):
    context, page = open_board(browser, site, viewport, games["2"])
    try:
        show_whole(page)
        whole = view_width(page)
        box = page.locator("svg.kasteel-board").bounding_box()
        # Somewhere the page could scroll either way.
        page.evaluate("() => window.scrollBy(0, 40)")
        page.wait_for_timeout(200)
        box = page.locator("svg.kasteel-board").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        scrolled = page.evaluate("() => window.scrollY")
        assert scrolled > 0 and page.evaluate(
            "() => document.documentElement.scrollHeight > innerHeight + scrollY")

        page.mouse.wheel(0, 300)  # down, at the whole ring: nothing to zoom out
        page.wait_for_timeout(300)
        assert view_width(page) == whole
        assert page.evaluate("() => window.scrollY") == scrolled

        page.mouse.wheel(0, -300)  # up: zooms in, no "+" pressed first
        page.wait_for_timeout(300)
        assert view_width(page) < whole
        assert page.evaluate("() => window.scrollY") == scrolled

        for _ in range(6):  # back out to the whole ring
            page.mouse.wheel(0, 300)
            page.wait_for_timeout(100)
        page.wait_for_timeout(200)
        assert view_width(page) == whole
        assert page.evaluate("() => window.scrollY") == scrolled
    finally:
        context.close()
