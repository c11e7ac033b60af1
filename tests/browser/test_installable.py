"""The installable site in Chromium: the service worker registers on a page, the
manifest has no errors and the site is installable, and a push delivered to the worker
(DevTools' ServiceWorker.deliverPushMessage) shows a notification with the game's link."""

from __future__ import annotations

import json

import pytest

from tests.browser.push import deliver_push

pytestmark = pytest.mark.browser


def ready_registration(page) -> str:
    return page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")


def test_the_worker_registers_and_the_site_is_installable(site, new_page):
    page = new_page()
    page.goto(f"{site.url}/rules/")
    assert ready_registration(page) == f"{site.url}/"
    session = page.context.new_cdp_session(page)
    manifest = session.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    assert json.loads(manifest["data"])["start_url"] == "/"
    page.reload()  # installability is judged once a worker controls the page
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    errors = [error["errorId"] for error in
              session.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    # Playwright's contexts are incognito, where Chromium installs nothing; no other error.
    assert set(errors) <= {"in-incognito"}, errors


def test_the_worker_keeps_no_page(site, new_page):
    page = new_page()
    page.goto(f"{site.url}/rules/")
    ready_registration(page)
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    kept = page.evaluate("""caches.keys().then((names) => Promise.all(names.map((name) =>
        caches.open(name).then((cache) => cache.keys())))).then((lists) =>
        lists.flat().map((request) => new URL(request.url).pathname))""")
    assert "/offline/" in kept
    assert all(path == "/offline/" or path.startswith("/static/") for path in kept), kept


def test_a_push_shows_a_notification_for_the_game(site, new_page):
    page = new_page()
    page.context.grant_permissions(["notifications"], origin=site.url)
    page.goto(f"{site.url}/rules/")
    ready_registration(page)
    message = {"title": "Your turn", "body": "It is your turn in game #7 against bob.",
               "url": "/games/7/", "tag": "your_turn-7"}
    shown = deliver_push(site, page, message)
    assert shown == [{"title": "Your turn", "body": message["body"], "url": "/games/7/"}]


def test_a_click_on_the_notification_opens_its_game(site, new_page):
    """Headless Chromium has no notification to click: the test hands the worker's
    notificationclick handler the shown notification, and an open tab of the site goes
    to the game (focusing needs a real click, so only the navigation is checked)."""
    page = new_page()
    page.context.grant_permissions(["notifications"], origin=site.url)
    page.goto(f"{site.url}/rules/")
    ready_registration(page)
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.evaluate("""navigator.serviceWorker.ready.then((r) => r.showNotification("Your turn",
        {tag: "your_turn-7", data: {url: "/games/7/"}}))""")
    worker = page.context.service_workers[0]
    worker.evaluate("""self.registration.getNotifications().then(([shown]) => {
        try {
          self.dispatchEvent(new NotificationEvent("notificationclick", {notification: shown}));
        } catch (error) { /* waitUntil refuses an event the browser did not send */ }
    })""")
    page.wait_for_url(f"{site.url}/games/7/")
