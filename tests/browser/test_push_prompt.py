"""The offer of push in Chromium, on a site with push set up: not on opening a game, shown
after the player's move, dismissed with "Not now" and not offered again in that browser.
Screenshots at 1280x800 and 390x844."""

from __future__ import annotations

import os

import pytest

from notices.management.commands.webpush_keys import new_pair
from tests.browser.test_play_live import place
from tests.browser.test_player_pages import log_in

pytestmark = pytest.mark.browser

PASSWORD = "browser-test-password-9"

SETUP = f"""
from accounts.models import User
from tests.games.helpers import new_game
mover = User.objects.create_user("prompted", "prompted@example.org", {PASSWORD!r},
                                 animation_speed="fast")
other = User.objects.create_user("waiting", "waiting@example.org", {PASSWORD!r})
print(" ".join(str(new_game(mover, other).pk) for _ in range(3)))
"""


@pytest.fixture(scope="module")
def vapid_env():
    """Push set up on the site the module starts (its environment is read then)."""
    public, private = new_pair()
    keys = {"WEBPUSH_VAPID_PUBLIC_KEY": public, "WEBPUSH_VAPID_PRIVATE_KEY": private,
            "WEBPUSH_CONTACT": "mailto:admin@example.org"}
    saved = {key: os.environ.get(key) for key in keys}
    os.environ.update(keys)
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(scope="module")
def site(vapid_env, site):
    return site


@pytest.fixture(scope="module")
def games(site) -> list[int]:
    done = site.manage("shell", "-v", "0", "-c", SETUP)
    assert done.returncode == 0, done.stderr
    return [int(pk) for pk in done.stdout.split()]


def player_page(browser, site, width: int, height: int):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(15000)
    page = context.new_page()
    log_in(page, site.url, "prompted")
    return page


def test_the_offer_follows_a_move_and_not_now_is_remembered(browser, site, games, shots):
    page = player_page(browser, site, 1280, 800)
    assert page.evaluate("Notification.permission") == "default"
    page.goto(f"{site.url}/games/{games[0]}/")
    prompt = page.locator("#push-prompt")
    page.locator("svg.board").wait_for()
    assert prompt.is_hidden()  # opening a game offers nothing
    place(page, "moon", "purple", 1)
    prompt.wait_for(state="visible")
    assert prompt.locator("a").get_attribute("href") == "/settings/#push"
    box = prompt.bounding_box()  # in view wherever the page was scrolled to
    assert box is not None and box["y"] + box["height"] <= 800
    page.screenshot(path=str(shots / "push-prompt-1280x800.png"))
    prompt.get_by_role("button", name="Not now").click()
    assert prompt.is_hidden()
    # Another game, another move: the browser remembers the answer.
    page.goto(f"{site.url}/games/{games[1]}/")
    place(page, "moon", "purple", 1)
    page.locator(".game-live[data-version='1']").wait_for(state="attached")
    page.wait_for_timeout(500)
    assert page.locator("#push-prompt").is_hidden()
    page.context.close()


def test_the_offer_fits_a_phone(browser, site, games, shots):
    page = player_page(browser, site, 390, 844)
    page.goto(f"{site.url}/games/{games[2]}/")
    page.locator("svg.board").wait_for()
    place(page, "moon", "purple", 1)
    prompt = page.locator("#push-prompt")
    prompt.wait_for(state="visible")
    box = prompt.bounding_box()  # in view without scrolling, within the screen's width
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844
    page.screenshot(path=str(shots / "push-prompt-390x844.png"))
    page.context.close()


def test_the_settings_offer_each_kind_on_a_phone(browser, site, games, shots):
    page = player_page(browser, site, 390, 844)
    page.goto(f"{site.url}/settings/#push")
    kinds = page.locator("#push-kinds")
    kinds.wait_for()
    labels = [label.strip() for label in kinds.locator("label").all_inner_texts()]
    for expected in ("Your turn", "A tournament round and your pairing in it",
                     "A round's deadline near, your game still running", "A ladder challenge",
                     "A result decided by an admin"):
        assert expected in labels, labels
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing sideways
    kinds.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "push-kinds-390x844.png"))
    page.context.close()


def test_the_settings_offer_no_push_button_to_a_browser_without_push(browser, site, games):
    # The button waits hidden until the script finds push in the browser; styled as the
    # site's buttons, it must stay hidden where there is none.
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script("delete window.PushManager")
    context.set_default_timeout(15000)
    page = context.new_page()
    try:
        log_in(page, site.url, "waiting")
        page.goto(f"{site.url}/settings/#push")
        page.locator("#push-kinds").wait_for()
        assert page.locator("#push-subscribe").get_attribute("hidden") is not None
        assert not page.locator("#push-subscribe").is_visible()
    finally:
        context.close()
