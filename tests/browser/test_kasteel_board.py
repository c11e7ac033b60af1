"""Strijd om het Kasteel's ring in the browser with 2, 4 and 12 seats, at 1280x800 and on a
390x844 phone: the viewer's seat is drawn at the bottom (a spectator's: the first seat),
the whole board fits the window, nothing scrolls sideways, and the 12-seat ring opens on
the viewer's seat and its neighbours, with zoom and pan by buttons, wheel and drag.
Screenshots of each are saved for review (BROWSER_SCREENSHOTS chooses the folder)."""

from __future__ import annotations

import json

import pytest

from tests.browser.pages import player_page
from tests.browser.test_player_pages import PASSWORD, VIEWPORTS, log_in, serious_violations

pytestmark = pytest.mark.browser

SETUP = f"""
import json, random
from accounts.models import User
from tests.site.kasteel_helpers import play, setup_done, start

def user(name):
    found = User.objects.filter(username=name).first()
    return found or User.objects.create_user(name, f"{{name}}@example.org", {PASSWORD!r})

people = [user(f"knight{{i}}") for i in range(12)]
ids = {{}}
for n in (2, 4, 12):
    # knight1 sits at the second seat: the ring turns so that it is at the bottom.
    match = setup_done(start(people[:n], seed=n))
    ids[n] = play(match, 3 * n, rng=random.Random(n)).pk
done = start(people[:2], limit=1, seed=9)
ids["done"] = play(done, 2000, rng=random.Random(1)).pk
print(json.dumps(ids))
"""


@pytest.fixture(scope="module")
def games(site) -> dict[str, int]:
    done = site.manage("shell", "-c", SETUP)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def view_box(page) -> list[float]:
    return [float(v) for v in page.locator("svg.kasteel-board").get_attribute("viewBox").split()]


def geometry(page, seat: int) -> dict:
    """The board's box on screen, the seat's deepest castle place and one of its pieces."""
    return page.evaluate("""seat => {
        const box = (node) => { const r = node.getBoundingClientRect();
            return {x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width, left: r.left,
                    right: r.right, top: r.top, bottom: r.bottom}; };
        const svg = document.querySelector("svg.kasteel-board");
        return {board: box(svg),
                castle: box(svg.querySelector(
                    `.k-castle-place[data-seat="${seat}"][data-place="7"]`)),
                piece: box(svg.querySelector(`.k-piece[data-seat="${seat}"] circle`)),
                width: innerWidth, height: innerHeight,
                scroll: document.documentElement.scrollWidth};
    }""", seat)


def inside(spot: dict, board: dict) -> bool:
    return (board["left"] <= spot["x"] <= board["right"]
            and board["top"] <= spot["y"] <= board["bottom"])


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_it_draws_the_ring_with_my_seat_at_the_bottom(site, browser, games, shots, viewport):
    context = browser.new_context(viewport=VIEWPORTS[viewport], locale="en-US")
    context.set_default_timeout(15000)
    page = context.new_page()
    problems: list[str] = []
    try:
        log_in(page, site.url, "knight1")
        for n, pk in games.items():
            if n == "done":
                continue
            page.goto(f"{site.url}/games/{pk}/")
            page.locator(".k-zoom").wait_for()
            if viewport == "desktop":  # the status line and the whole board on one screen
                bottom = page.evaluate("() => document.querySelector('svg.kasteel-board')"
                                       ".getBoundingClientRect().bottom")
                assert bottom <= VIEWPORTS[viewport]["height"], (n, bottom)
                # ... and the hand beside it, not below it (a newcomer scrolled for every
                # choice): the decision stands above the hand in the same column.
                hand = page.locator(".hand-area").bounding_box()
                assert hand and hand["x"] > 500 and hand["y"] < 600, (n, hand)
                # A card that cannot be played now looks faded, not just a shade darker.
                faded = page.locator(".k-hand .hand-card[disabled]")
                if faded.count():
                    opacity = faded.first.evaluate("c => getComputedStyle(c).opacity")
                    assert float(opacity) <= .6, (n, opacity)
            page.locator("svg.kasteel-board").scroll_into_view_if_needed()
            page.screenshot(path=str(shots / f"kasteel-{n}-{viewport}.png"))
            page.screenshot(path=str(shots / f"kasteel-{n}-{viewport}-full.png"), full_page=True)
            at = geometry(page, 1)
            board = at["board"]
            # The whole board fits the window, nothing scrolls sideways.
            assert board["right"] <= at["width"] and board["bottom"] - board["top"] <= at["height"]
            assert at["scroll"] <= at["width"], (n, viewport, at["scroll"])
            # My seat: its castle below the middle, in the middle third across, on screen.
            assert inside(at["castle"], board), (n, viewport)
            assert at["castle"]["y"] > board["y"], (n, viewport)
            if n != "12" or viewport == "desktop":  # a phone shows the 12-seat ring's part
                assert abs(at["castle"]["x"] - board["x"]) < board["w"] / 3, (n, viewport)
            box = view_box(page)
            if n == "12":
                # Opens on my seat and its neighbours, its pieces big enough to tell apart.
                assert box[2] < 2000 and at["piece"]["w"] >= 9, (viewport, box, at["piece"])
            problems += [f"{n} seats: {v}" for v in serious_violations(page)]
    finally:
        context.close()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_it_zooms_and_pans_the_twelve_seat_ring(site, browser, games, shots, viewport):
    with player_page(browser, site, viewport, "knight1",
                     f"{site.url}/games/{games['12']}/") as page:
        page.locator(".k-zoom").wait_for()
        page.locator("svg.kasteel-board").scroll_into_view_if_needed()
        mine = view_box(page)
        page.locator(".k-zoom [data-zoom=whole]").click()
        whole = view_box(page)
        assert whole[2] > mine[2] * 1.5 and whole[0] == 0
        page.screenshot(path=str(shots / f"kasteel-12-{viewport}-whole.png"))
        # My seat stays at the bottom of the whole ring.
        at = geometry(page, 1)
        assert at["castle"]["y"] > at["board"]["y"] + at["board"]["w"] / 3
        page.locator(".k-zoom [data-zoom=in]").click()
        page.locator(".k-zoom [data-zoom=in]").click()
        zoomed = view_box(page)
        assert zoomed[2] < whole[2] / 2
        # A drag pans the view; the wheel (with Ctrl, as a trackpad's pinch) zooms.
        board = geometry(page, 1)["board"]
        page.mouse.move(board["x"], board["y"])
        page.mouse.down()
        page.mouse.move(board["x"] + 80, board["y"] + 40, steps=5)
        page.mouse.up()
        panned = view_box(page)
        assert panned[0] < zoomed[0] and panned[1] < zoomed[1] and panned[2] == zoomed[2]
        page.keyboard.down("Control")
        page.mouse.wheel(0, 200)
        page.keyboard.up("Control")
        assert view_box(page)[2] > panned[2]
        page.locator(".k-zoom [data-zoom=mine]").click()
        assert view_box(page) == mine
        page.screenshot(path=str(shots / f"kasteel-12-{viewport}-mine.png"))
        # The keys zoom the focused board; the view survives the next swap of the
        # live board (as after a move; here the page is asked to fetch it again).
        page.evaluate("document.getElementById('k-wrap').focus()")
        page.keyboard.press("-")
        kept = view_box(page)
        assert kept[2] > mine[2]
        page.evaluate("""id => {
            document.getElementById('k-wrap').dataset.old = '1';
            document.dispatchEvent(new CustomEvent('druid:notice',
                {detail: {rematch_of: id, kind: 'rematch_offered'}}));
        }""", games["12"])
        page.wait_for_function("() => !document.querySelector('#k-wrap[data-old]')")
        assert view_box(page) == kept
        # The list view stays.
        assert page.locator("details.k-list").count() == 1


def test_a_spectator_sees_the_first_seat_at_the_bottom(site, browser, games, shots):
    context = browser.new_context(viewport=VIEWPORTS["desktop"], locale="en-US")
    page = context.new_page()
    try:
        page.goto(f"{site.url}/games/{games['4']}/")
        page.locator(".k-zoom").wait_for()
        at = geometry(page, 0)
        assert at["castle"]["y"] > at["board"]["y"]
        assert abs(at["castle"]["x"] - at["board"]["x"]) < at["board"]["w"] / 3
        assert page.locator(".k-zoom [data-zoom=mine]").inner_text() == "Centre on the bottom seat"
        page.screenshot(path=str(shots / "kasteel-4-spectator.png"))
    finally:
        context.close()


def test_the_replay_ring_zooms_too_and_keeps_its_view_from_step_to_step(site, browser, games):
    context = browser.new_context(viewport=VIEWPORTS["phone"], locale="en-US")
    page = context.new_page()
    try:
        page.goto(f"{site.url}/games/{games['done']}/replay/?step=3")
        page.locator(".k-zoom").wait_for()
        page.locator(".k-zoom [data-zoom=in]").click()
        zoomed = view_box(page)
        page.locator(".replay-nav a[rel=next]").click()
        page.locator(".replay-step[data-step='4']").wait_for()
        page.locator(".k-zoom").wait_for()
        assert page.locator(".k-zoom").count() == 1
        assert view_box(page) == zoomed
        widths = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        assert widths[0] <= widths[1]
    finally:
        context.close()
