"""Reporting a chat line in a real browser: the site's own dialog (never the browser's
prompt) asks for the reason; Cancel changes nothing, an empty reason is refused in
words, a refusal from the server is said in words, a report sent is said so. The
spectators' side of the chat box too: what they read, where they write."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser.test_player_pages import serious_violations

pytestmark = pytest.mark.browser

PASSWORD = "browser-test-password-9"
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

SETUP = f"""
import json
from accounts.models import User
from social import chat
from games.core import services

def user(name):
    found = User.objects.filter(username=name).first()
    return found or User.objects.create_user(name, f"{{name}}@example.org", {PASSWORD!r})

ann, ben, cid = user("ann"), user("ben"), user("cid")
match = services.start_match("druidenwalzer", {{"moon": ann, "sun": ben}}, seed=5)
chat.send(match.pk, ben, "players", "you will lose, loser")
chat.send(match.pk, ann, "players", "we will see")
print(json.dumps({{"game": match.pk}}))
"""


@pytest.fixture(scope="module")
def game(site) -> int:
    done = site.manage("shell", "-c", SETUP)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])["game"]


def open_as(browser, site, name: str, viewport: str):
    context = browser.new_context(viewport=VIEWPORTS[viewport], locale="en-US")
    context.set_default_timeout(15000)
    page = context.new_page()
    page.goto(f"{site.url}/accounts/login/")
    page.fill("#id_login", name)
    page.fill("#id_password", PASSWORD)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(f"{site.url}/")  # a log-in lands at home
    return context, page


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_it_reports_a_line_through_the_sites_own_dialog(site, browser, game, shots, viewport):
    context, page = open_as(browser, site, "ann", viewport)
    prompts: list[str] = []
    page.on("dialog", lambda dialog: (prompts.append(dialog.message), dialog.dismiss()))
    try:
        page.goto(f"{site.url}/games/{game}/")
        line = page.locator("#chat-lines li:has-text('you will lose, loser')")
        flag = line.locator("button.chat-report")
        own = page.locator("#chat-lines li:has-text('we will see')")
        assert own.locator("button.chat-report").count() == 0
        dialog = page.locator("#report-dialog")
        flag.click()
        assert dialog.is_visible()
        assert "you will lose, loser" in page.locator("#report-quote").text_content()
        page.screenshot(path=str(shots / f"report-dialog-{viewport}.png"))
        assert serious_violations(page) == []

        # Cancel: nothing changes (the flag stays as it was, no message, no report).
        page.locator("#report-cancel").click()
        assert not dialog.is_visible()
        assert flag.is_visible() and line.locator(".chat-reported").count() == 0
        page.mouse.move(0, 0)
        assert flag.evaluate("b => getComputedStyle(b).color") != "rgb(170, 51, 51)"
        flag.click()
        page.keyboard.press("Escape")
        assert not dialog.is_visible() and flag.is_visible()

        # An empty reason is refused in words; a refusal of the server too.
        flag.click()
        page.locator("#report-send").click()
        assert "Say what is wrong" in page.locator("#report-error").text_content()
        assert dialog.is_visible()
        page.route("**/report/", lambda route: route.fulfill(
            status=409, content_type="application/json",
            body=json.dumps({"error": "You have 20 open reports already."})))
        page.fill("#report-reason", "Insulting me")
        page.locator("#report-send").click()
        # The refusal replaces the words of the empty reason above: wait for them to change.
        expect(page.locator("#report-error")).to_contain_text(
            "The report was not sent: You have 20 open reports already.")
        assert dialog.is_visible() and flag.is_visible()
        page.screenshot(path=str(shots / f"report-refused-{viewport}.png"))
        page.unroute("**/report/")

        # Sent: the dialog closes and the line says so.
        page.locator("#report-send").click()
        line.locator(".chat-reported").wait_for()
        assert not dialog.is_visible()
        assert "Reported: thank you" in line.locator(".chat-reported").text_content()
        page.screenshot(path=str(shots / f"report-sent-{viewport}.png"))
        assert prompts == []  # never the browser's own prompt
    finally:
        context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_spectator_is_told_what_they_read_and_where_they_write(site, browser, game, shots,
                                                               viewport):
    context, page = open_as(browser, site, "cid", viewport)
    try:
        page.goto(f"{site.url}/games/{game}/")
        box = page.locator("#game-chat")
        assert "the players' chat is for the players only" in box.text_content()
        assert "you will lose" not in box.text_content()
        assert page.locator("#chat-show-spectators").count() == 0
        assert page.locator("#chat-to").text_content().strip() == "To: Spectators"
        # Its own words at each size: the game (and its chat) is the same for both.
        page.fill("#chat-form input[name=text]", f"nice game so far ({viewport})")
        page.locator("#chat-form button[type=submit]").click()
        page.locator(f"#chat-lines li:has-text('nice game so far ({viewport})')").wait_for()
        assert page.locator("#chat-empty").count() == 0
        box.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"spectator-chat-{viewport}.png"))
        assert serious_violations(page) == []
    finally:
        context.close()
