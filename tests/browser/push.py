"""Pushes in Chromium: a message delivered to the site's service worker through
DevTools (ServiceWorker.deliverPushMessage), and the notifications it shows."""

from __future__ import annotations

import json
import time


def shown_notifications(page, timeout: float = 15) -> list[dict]:
    """The worker's notifications (title, body, link), once there is at least one.
    Polled here: with a predicate that returns a promise, ``wait_for_function`` once
    handed back the empty answer of a worker that was still showing it."""
    shown: list[dict] = []
    deadline = time.monotonic() + timeout
    while not shown and time.monotonic() < deadline:
        page.wait_for_timeout(200)
        shown = page.evaluate("""navigator.serviceWorker.ready
            .then((r) => r.getNotifications())
            .then((shown) => shown.map((n) =>
                ({title: n.title, body: n.body, url: n.data.url})))""")
    return shown


def deliver_push(site, page, message: dict) -> list[dict]:
    """Deliver ``message`` to the worker of ``page``'s site; what it then shows."""
    session = page.context.new_cdp_session(page)
    registrations: list[dict] = []
    session.on("ServiceWorker.workerRegistrationUpdated",
               lambda event: registrations.extend(event["registrations"]))
    session.send("ServiceWorker.enable")
    deadline = time.monotonic() + 10
    while not registrations and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    registration = next(r for r in registrations if not r.get("isDeleted"))
    session.send("ServiceWorker.deliverPushMessage", {
        "origin": f"{site.url}/", "registrationId": registration["registrationId"],
        "data": json.dumps(message)})
    return shown_notifications(page)
