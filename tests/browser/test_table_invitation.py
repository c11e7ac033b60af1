"""A table invitation in real browsers: the invitee is told on the page they have open
(and in their notices), the table page follows the table live (an invitation taken up,
the start), and every seated player watching the table is taken to its game when it
fills; an onlooker sees it start without being taken anywhere."""

from __future__ import annotations

import json
import re

import pytest

pytestmark = pytest.mark.browser

PASSWORD = "browser-test-password-9"
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

SETUP = f"""
import json
from accounts.models import User
from games.lobby import tables

def user(name):
    found = User.objects.filter(username=name).first()
    return found or User.objects.create_user(name, f"{{name}}@example.org", {PASSWORD!r})

host, guest, looker = user("{{prefix}}host"), user("{{prefix}}guest"), user("{{prefix}}looker")
table = tables.open_table(host, game="kasteel", size=3)
print(json.dumps({{"table": table.pk}}))
"""


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
def test_an_invitation_is_told_and_the_table_takes_its_players_to_the_game(
        site, browser, shots, viewport):
    prefix = viewport[:2]
    done = site.manage("shell", "-c", SETUP.replace("{prefix}", prefix))
    assert done.returncode == 0, done.stderr
    table = json.loads(done.stdout.strip().splitlines()[-1])["table"]
    host_context, host = open_as(browser, site, f"{prefix}host", viewport)
    guest_context, guest = open_as(browser, site, f"{prefix}guest", viewport)
    looker_context, looker = open_as(browser, site, f"{prefix}looker", viewport)
    try:
        guest.wait_for_timeout(500)  # the guest's own socket is open on the lobby
        looker.goto(f"{site.url}/tables/{table}/")
        host.goto(f"{site.url}/tables/{table}/")
        host.fill("input[name=username]", f"{prefix}guest")
        host.locator("form[action$='/invite/'] button[type=submit]").click()
        host.wait_for_url(f"{site.url}/tables/{table}/")

        # The invitee is told on the page they have open, with a link to the table.
        notice = guest.locator("#notices .notice[data-kind='table_invited'] a")
        notice.wait_for()
        assert f"{prefix}host invites you to table #{table}" in notice.text_content()
        guest.screenshot(path=str(shots / f"table-invited-{viewport}.png"))
        notice.click()
        guest.wait_for_url(f"{site.url}/tables/{table}/")
        # The onlooker's page shows the invitation without a reload.
        looker.locator("#table-places li:has-text('(invited)')").wait_for()

        with guest.expect_navigation():
            guest.locator("form[action$='/join/'] button[type=submit]").click()
        # The host's page follows: the guest sits, no longer invited.
        host.locator(f"#table-places li:has-text('{prefix}guest')").wait_for()
        host.wait_for_function(
            "() => !document.querySelector('#table-places').textContent.includes('(invited)')")
        host.screenshot(path=str(shots / f"table-joined-{viewport}.png"), full_page=True)

        # The host fills the last seat with an AI player: the game starts, and every
        # seated player is taken to it; the onlooker sees the table playing.
        # Two ways lead the host to the game at once (the post's answer, and the page's
        # socket telling it the game started): wait for where it lands, not for one.
        host.locator("form[action$='/ai/'] button[type=submit]").click()
        host.wait_for_url(re.compile(r"/games/\d+/$"))
        guest.wait_for_url(re.compile(r"/games/\d+/$"))
        assert guest.url == host.url
        looker.locator("#table-live[data-status='playing']").wait_for()
        assert looker.url == f"{site.url}/tables/{table}/"
        assert looker.locator(".table-status").text_content().strip() == "playing"
        looker.screenshot(path=str(shots / f"table-started-onlooker-{viewport}.png"),
                          full_page=True)
        guest.locator(".game-live").wait_for()
        guest.screenshot(path=str(shots / f"table-started-guest-{viewport}.png"))
    finally:
        for context in (host_context, guest_context, looker_context):
            context.close()
