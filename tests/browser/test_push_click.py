"""A notification's click in Chromium: a push delivered through DevTools
(ServiceWorker.deliverPushMessage) is shown, and its click takes the player to its game:
the tab already showing the game is chosen (not sent anywhere), else the tab they used
last goes there. Headless Chromium has no notification to click: the test hands the
worker's notificationclick handler the shown notification."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.push import deliver_push

pytestmark = pytest.mark.browser

GAME = "/games/7/"


def controlled_page(site, context, path: str):
    page = context.new_page()
    page.goto(f"{site.url}{path}")
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # a page the worker controls may be sent elsewhere by it
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    return page


def click_notification(context) -> None:
    context.service_workers[0].evaluate("""self.registration.getNotifications().then(([shown]) => {
        try {
          self.dispatchEvent(new NotificationEvent("notificationclick", {notification: shown}));
        } catch (error) { /* waitUntil refuses an event the browser did not send */ }
    })""")


@pytest.fixture
def context(browser, site):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.set_default_timeout(15000)
    context.grant_permissions(["notifications"], origin=site.url)
    yield context
    context.close()


TURN = {"title": "Your turn", "body": "It is your turn in game #7 against bob.", "url": GAME,
        "tag": "your_turn-7"}


def test_a_pushed_turn_takes_the_open_tab_to_its_game(site, context):
    page = controlled_page(site, context, "/rules/")
    deliver_push(site, page, TURN)
    # The worker sends the tab there (clients.navigate): its address is what counts,
    # not a "load" event that Playwright may miss for a navigation it did not start.
    # The click is the test's own synthetic event (headless Chromium shows no
    # notification to click), which the worker now and then takes before the tab
    # counts as its client: a second click, as a player would give, then.
    for attempt in range(3):
        click_notification(context)
        try:
            expect(page).to_have_url(f"{site.url}{GAME}", timeout=10000)
            break
        except AssertionError:
            if attempt == 2:
                raise
    assert len(context.pages) == 1  # no new window beside it


def test_the_tab_already_showing_the_game_is_the_one_chosen(site, context):
    elsewhere = controlled_page(site, context, "/rules/")
    game = controlled_page(site, context, GAME)
    deliver_push(site, game, TURN)
    click_notification(context)
    game.wait_for_timeout(1000)  # what a navigation of the other tab would have needed
    assert elsewhere.url == f"{site.url}/rules/" and game.url == f"{site.url}{GAME}"
    assert len(context.pages) == 2


def test_the_worker_prefers_the_tab_showing_the_page_then_the_one_in_front(site, context):
    controlled_page(site, context, "/rules/")
    chosen = context.service_workers[0].evaluate("""() => {
        const tab = (url, focused, visibilityState) =>
            ({url: self.location.origin + url, focused, visibilityState, navigate() {}});
        const name = (choice) =>
            choice && `${new URL(choice.client.url).pathname} ${choice.navigate}`;
        const behind = tab("/rules/", false, "hidden");
        const front = tab("/ladders/", true, "visible");
        const shown = tab("/notices/", false, "visible");
        return [
            name(chooseWindow([behind, front, tab("/games/7/", false, "hidden")], "/games/7/")),
            name(chooseWindow([behind, shown, front], "/games/7/")),
            name(chooseWindow([behind, shown], "/games/7/")),
            name(chooseWindow([{url: self.location.origin + "/rules/"}], "/games/7/")),
        ];
    }""")
    assert chosen == ["/games/7/ false", "/ladders/ true", "/notices/ true", None]
